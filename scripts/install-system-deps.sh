#!/usr/bin/env bash
# Debian packages Hearth needs to build and test:
#   libsecret-1-dev            keytar compiles against it (the OS keychain)
#   gnome-keyring, dbus-x11    a real Secret Service for the keychain tests
#   libsecret-tools            secret-tool, to inspect the keychain by hand
#   chromium-headless-shell    the browser the end-to-end tests drive: Debian's Chromium
#                              without its desktop parts, a third cheaper to run
#   chromium                   the full browser, for the test of Web Notifications, which
#                              the headless shell denies
#   libglib2.0-bin,            gsettings and GNOME's schemas: the app honours GNOME's
#   gsettings-desktop-schemas  do-not-disturb, and a test changes it for real
#   python3, make, g++         node-gyp builds better-sqlite3 and keytar
#   fonts-noto-color-emoji     colour glyphs for every emoji the window offers (Debian
#                              desktops have it; a bare machine draws empty boxes)
#   fonts-droid-fallback       Japanese and Chinese glyphs, for the window's screenshots
#                              in those languages (Arabic is in the default fonts)
#   pebble, bind9              Let's Encrypt's ACME test server and a DNS server taking
#                              signed updates, both on loopback: the certificate tests
#   bind9-dnsutils             nsupdate, with which the tests' stand-in for Cloudflare's
#                              API changes that DNS server's records
#   faketime                   libfaketime, which moves a host process's wall clock by hours
#                              while it runs: the clock-jump fault test
set -euo pipefail

packages=(libsecret-1-dev gnome-keyring dbus-x11 libsecret-tools chromium-headless-shell chromium
  libglib2.0-bin gsettings-desktop-schemas python3 make g++ fonts-noto-color-emoji
  fonts-droid-fallback pebble bind9 bind9-dnsutils faketime)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
"${sudo[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
