#!/usr/bin/env bash
# The unit and regression tests again, on a second build (build-asan/, by clang:
# scripts/configure-asan.sh) with AddressSanitizer, UndefinedBehaviorSanitizer and
# assertions on (CMake option HANOI_SANITIZE: -O1 -g1, _GLIBCXX_ASSERTIONS, no
# NDEBUG), so the engine's `assert`s run in the tests.  Only the test programs are
# built (and `hanoi`, which the CLI tests run).
#   scripts/test-sanitizers.sh             every test but those labelled `script`
#   scripts/test-sanitizers.sh --not-slow  also leaves out those labelled `slow`
#                                          (what .ci/run does)
# Quiet: the build and test logs are build-asan/build.log and build-asan/ctest.log,
# named with the failing output when a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
exclude="script"
case "${1:-}" in
  "") ;;
  --not-slow) exclude="slow|script" ;;
  *) echo "usage: scripts/test-sanitizers.sh [--not-slow]" >&2; exit 2 ;;
esac

build_asan() {
  mkdir -p build-asan
  { bash scripts/install-deps.sh && bash scripts/configure-asan.sh &&
    ninja -C build-asan -j"$jobs" test_programs; } \
    >build-asan/build.log 2>&1 ||
    { tail -n 40 build-asan/build.log | sed 's/^/  /'; echo "  full log: build-asan/build.log"; return 1; }
}

step "build (ASan+UBSan)" build_asan
[ ${#failed[@]} -eq 0 ] || finish
# This tree is built without MPI on purpose and leaves out the `script` tests that
# need the tools, so HANOI_REQUIRE_TOOLS (scripts/test.sh) does not apply to it.
unset HANOI_REQUIRE_TOOLS
# A sanitizer report fails its test; print the stack of a UBSan report too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
step "tests (ASan+UBSan)" run_ctest build-asan build-asan/ctest.log -L "unit|regression" -LE "$exclude"
finish
