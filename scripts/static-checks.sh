#!/usr/bin/env bash
# Lint and the type checks read the same files and share nothing else, so on
# two cores they run side by side; either failing fails the test command.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint &
lint=$!
npm run --silent typecheck &
types=$!
status=0
wait "$lint" || status=1
wait "$types" || status=1
exit "$status"
