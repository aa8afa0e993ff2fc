#!/usr/bin/env bash
# The test command (README): every test of the Release tree, in steps:
#   1. install the Debian packages and build the Release tree (scripts/build.sh:
#      `hanoi` and the test programs; the benchmarks are not built)
#   2. formatting: scripts/check-format.sh (clang-format, .clang-format)
#   3. the unit and regression tests (ctest -L "unit|regression": GoogleTest suites,
#      the fuzz corpus replay, the script tests), then every skipped test with its
#      reason (scripts/steps.sh, run_ctest)
# Step 1 installs Open MPI, matplotlib and chromium and configures with
# HANOI_REQUIRE_MPI=ON, so here a test that finds one of them missing fails instead
# of skipping (HANOI_REQUIRE_TOOLS=1, read by tests/mpi_test.sh,
# tests/plots/test_plots.sh and tests/browser/show_test.py; HANOI_REQUIRE_TOOLS=0 in
# the environment lets them skip again).
# .ci/run runs this and then lint and the sanitizer tree (see there).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

# The build log goes inside the (ignored) build tree.
build_release() {
  mkdir -p build
  bash scripts/build.sh >build/build.log 2>&1 ||
    { tail -n 40 build/build.log | sed 's/^/  /'; echo "  full log: build/build.log"; return 1; }
}

step "install and build (Release)" build_release
[ ${#failed[@]} -eq 0 ] || { echo "[test] FAILED: the Release build"; exit 1; }
step "format (scripts/check-format.sh)" bash scripts/check-format.sh
export HANOI_REQUIRE_TOOLS=${HANOI_REQUIRE_TOOLS:-1}
step "tests (Release)" run_ctest build build/ctest.log -L "unit|regression"
finish
