#!/usr/bin/env bash
# The main job: install, build, run the default verification batch.
# Prints the table and writes results/default.md and results/default.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
./build/hanoi verify experiments/default.toml --out results "$@"
