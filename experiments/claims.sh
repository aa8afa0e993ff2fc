#!/usr/bin/env bash
# The claims ledger (results/claims.md, results/claims.csv; docs/claims.md):
#
#   bash experiments/claims.sh            # the ledger from the committed tables
#   bash experiments/claims.sh --tables   # first regenerate the tables only the
#                                         # ledger reads (every Reversi and Checkers
#                                         # code: about 20 min on 2 cores)
#
# The other tables it reads come from their own batches (experiments/*.toml, each
# named in its table's header).  Run from a committed tree: the headers name the commit.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--tables" ]; then
  ./build/hanoi verify experiments/checkers_codes.toml --out results
  # 171 codes: their level profiles would be 11 pages of pictures; the table only.
  ./build/hanoi verify experiments/reversi_codes.toml --out results --no-plots
elif [ $# -gt 0 ]; then
  echo "usage: bash experiments/claims.sh [--tables]" >&2
  exit 2
fi
python3 scripts/claims.py experiments/claims
