#!/usr/bin/env bash
# Checks that every tracked C++ file (git ls-files '*.cpp' '*.hpp') is formatted as
# the checked-in .clang-format says.  Changes nothing: to fix the tree, run
#   git ls-files '*.cpp' '*.hpp' | xargs clang-format -i
# Prints the files that differ (and their first diagnostics); fails if any does.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "[format] clang-format not found (scripts/install-deps.sh)" >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp')
bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue  # deleted in the work tree, not yet in the index
  if ! clang-format --style=file --dry-run --Werror "$f" >>"$log" 2>&1; then bad+=("$f"); fi
done
if [ ${#bad[@]} -eq 0 ]; then
  echo "[format] ${#files[@]} files formatted as .clang-format says"
  exit 0
fi
echo "[format] FAILED: ${#bad[@]} of ${#files[@]} files are not formatted as .clang-format says:" >&2
printf '  %s\n' "${bad[@]}" >&2
echo "[format] first differences (clang-format --dry-run):" >&2
grep -E ': (error|warning):' "$log" | head -n 10 | sed 's/^/  /' >&2
echo "[format] to fix: git ls-files '*.cpp' '*.hpp' | xargs clang-format -i" >&2
exit 1
