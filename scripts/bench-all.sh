#!/usr/bin/env bash
# Every bench, each run to its end even after one before it failed: a missed
# target in the first bench must not hide what the others measure. Fails if
# any of them did.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for bench in server events client soak ui; do
  npm run "bench:$bench" || failed+=("$bench")
done
if ((${#failed[@]} > 0)); then
  echo "[bench] failed: ${failed[*]}" >&2
  exit 1
fi
echo '[bench] every bench met every target'
