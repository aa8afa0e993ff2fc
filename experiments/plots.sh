#!/usr/bin/env bash
# Redraws the pictures of every table in results/ from its CSV (scripts/plots.py,
# the script `hanoi verify` runs after each batch).  Needs python3-matplotlib
# (scripts/install-deps.sh).
#   bash experiments/plots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
tables=()
for f in results/*.csv; do
  case $f in *.levels.csv) continue ;; esac  # drawn with its verify table
  tables+=("$f")
done
/usr/bin/python3 scripts/plots.py "${tables[@]}"
