#!/usr/bin/env bash
# The unit and regression tests again, on a second build (build-asan/, by clang:
# scripts/configure-asan.sh) with
# AddressSanitizer, UndefinedBehaviorSanitizer and assertions on (CMake option
# HANOI_SANITIZE: -O1 -g1, _GLIBCXX_ASSERTIONS, no NDEBUG), so the engine's `assert`s
# run in the tests.  Unlike step 5 of scripts/test.sh this runs the tests labelled
# `slow` too (about 2 more minutes on 2 cores).  Only the test programs are built
# (and `hanoi`, which the CLI tests run): the benchmarks are not tested.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/configure-asan.sh >/dev/null
ninja -C build-asan -j"$(nproc)" test_programs
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -L "unit|regression"
