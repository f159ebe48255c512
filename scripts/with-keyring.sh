#!/usr/bin/env bash
# Runs a command against a real, unlocked Secret Service of its own: a private
# D-Bus session with gnome-keyring in a throw-away home, so keychain tests never
# touch (or depend on) the keyring of whoever runs them.
#   usage: bash scripts/with-keyring.sh <command> [args...]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -m 700 "$scratch/home" "$scratch/runtime"

export PATH="$root/node_modules/.bin:$PATH"
export HOME="$scratch/home"
export XDG_RUNTIME_DIR="$scratch/runtime"
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME GNOME_KEYRING_CONTROL

dbus-run-session -- sh -c \
  'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
  with-keyring "$@"
