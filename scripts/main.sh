#!/usr/bin/env bash
# The main job: install, build the program (only `hanoi`: no test or benchmark),
# run the default verification batch.  Prints the table and writes
# results/default.md and results/default.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh hanoi
./build/hanoi verify experiments/default.toml --out results "$@"
