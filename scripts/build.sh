#!/usr/bin/env bash
# Configures and builds the Release tree in build/ (after installing what is missing).
#   scripts/build.sh            hanoi and every test program (not the benchmarks)
#   scripts/build.sh TARGET...  only those ninja targets (scripts/main.sh: hanoi;
#                               `benchmarks` or bench_<name>: the benchmarks)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# MPI is installed above, so a configure that does not find it is an error
# (HANOI_REQUIRE_MPI), not a build without the distributed search and its test.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DHANOI_REQUIRE_MPI=ON >/dev/null
ninja -C build -j"$(nproc)" "$@"
