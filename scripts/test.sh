#!/usr/bin/env bash
# The test suite (CI runs it through .ci/run), in steps:
#   1. install the Debian packages and build the Release tree (scripts/build.sh)
#   2. formatting: scripts/check-format.sh (clang-format, .clang-format)
#   3. the unit and regression tests of the Release build (with the fuzz corpus replay)
#   4. lint: scripts/lint.sh (clang-tidy, .clang-tidy)
#   5. the same tests built by clang with AddressSanitizer, UndefinedBehaviorSanitizer
#      and assertions (build-asan/, HANOI_SANITIZE=ON), less those labelled `slow`
#      (tests/CMakeLists.txt), which the Release run covers, and those labelled
#      `script` (the plotting script, the browser test, mpirun: whole programs).
#      That tree is built without MPI (HANOI_MPI=OFF), so the build without it is
#      checked too; the distributed search is still tested there, its ranks threads.
# About an hour on 2 cores from nothing (78 min measured with a shared CPU; CI's
# limit is 90).  HANOI_QUICK=1 stops
# after step 3, for a quick check while working (CI never sets it).
# A failed build stops at once; otherwise every step runs, each prints a line or
# two (its full log is named when it fails), and the end lists the failed steps.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
failed=()
t_all=$SECONDS

# step NAME COMMAND...: runs one step, prints its time, records a failure.
step() {
  local name=$1 t0=$SECONDS
  shift
  echo "[test] == $name"
  if "$@"; then
    echo "[test] $name: ok ($((SECONDS - t0)) s)"
  else
    echo "[test] $name: FAILED ($((SECONDS - t0)) s)"
    failed+=("$name")
  fi
}

# run_ctest DIR LOG ARGS...: the tests of one tree, quiet unless some fail.
run_ctest() {
  local dir=$1 log=$2
  shift 2
  if ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@" >"$log" 2>&1; then
    grep -E '^[0-9]+% tests passed|^Total Test time' "$log" | sed 's/^/  /'
    return 0
  fi
  # The output of each failing test, then ctest's summary.
  awk '/\*\*\*(Failed|Exception|Timeout)/ {show = 1}
       /^ *Start +[0-9]+:/ || /^ *[0-9]+\/[0-9]+ Test +#[0-9]+:.* Passed/ {show = 0}
       show' "$log" | head -n 200 | sed 's/^/  /'
  sed -n '/tests passed/,$p' "$log" | sed 's/^/  /'
  echo "  full log: $log"
  return 1
}

# The build logs go inside the (ignored) build trees.
build_release() {
  mkdir -p build
  bash scripts/build.sh >build/build.log 2>&1 ||
    { tail -n 40 build/build.log | sed 's/^/  /'; echo "  full log: build/build.log"; return 1; }
}
build_asan() {
  # Only the test programs (and `hanoi`, which the CLI tests run): the benchmarks
  # are not tested, so they are not built twice.
  mkdir -p build-asan
  { bash scripts/configure-asan.sh &&
    ninja -C build-asan -j"$jobs" test_programs; } \
    >build-asan/build.log 2>&1 ||
    { tail -n 40 build-asan/build.log | sed 's/^/  /'; echo "  full log: build-asan/build.log"; return 1; }
}

step "install and build (Release)" build_release
[ ${#failed[@]} -eq 0 ] || { echo "[test] FAILED: the Release build"; exit 1; }
step "format (scripts/check-format.sh)" bash scripts/check-format.sh
step "tests (Release)" run_ctest build build/ctest.log -L "unit|regression"
full=1
[ "${HANOI_QUICK:-0}" = 1 ] && full=0
if [ $full = 1 ]; then
  step "lint (scripts/lint.sh)" bash scripts/lint.sh
  step "build (ASan+UBSan)" build_asan
fi
if [ $full = 1 ] && [[ " ${failed[*]} " != *" build (ASan+UBSan) "* ]]; then
  # A sanitizer report fails its test; print the stack of a UBSan report too.
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
  step "tests (ASan+UBSan, not slow)" run_ctest build-asan build-asan/ctest.log -L "unit|regression" -LE "slow|script"
fi

echo "[test] total $((SECONDS - t_all)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "[test] FAILED steps:"
  printf '  %s\n' "${failed[@]}"
  exit 1
fi
echo "[test] all steps passed"
