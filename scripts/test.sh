#!/usr/bin/env bash
# The test suite: install, build, run every unit and regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)" -L "unit|regression"
