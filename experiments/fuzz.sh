#!/usr/bin/env bash
# Fuzzes every parser of user input for a bounded time and grows the corpus that
# the test suite replays (tests/fuzz/corpus/<target>/, see tests/fuzz/).
#
#   bash experiments/fuzz.sh [SECONDS_PER_TARGET]     (default 120)
#
# Builds build-fuzz/ with clang, libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer (apt-get install clang if it is missing), then runs
# each tests/fuzz/fuzz_<name>.cpp for the given time on 2 jobs.  New inputs that
# reach new code are kept in the corpus directory (commit them); a crash or a
# sanitizer report stops the run and leaves the input as build-fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-120}
command -v clang++ >/dev/null || { echo "fuzz: needs clang++ (apt-get install clang)"; exit 2; }
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DHANOI_SANITIZE=ON -DHANOI_FUZZ=ON >/dev/null
targets=()
for src in tests/fuzz/fuzz_*.cpp; do
  name=$(basename "$src" .cpp)
  targets+=("${name#fuzz_}")
done
ninja -C build-fuzz "${targets[@]/#/fuzz_}"
# Seeds: the committed batches for the batch parser, a few parameter lines for the other.
mkdir -p tests/fuzz/corpus/batch tests/fuzz/corpus/params
for f in experiments/*.toml; do cp -n "$f" "tests/fuzz/corpus/batch/seed-$(basename "$f")"; done
printf 'classic\n5\n\n\n\n\n\n' >tests/fuzz/corpus/params/seed-classic
printf 'er\n4\n3\ncolour-towers\nWBWB\n0120\n2\n' >tests/fuzz/corpus/params/seed-er
printf 'domino\n6\n\nDDE\n\n\n\n' >tests/fuzz/corpus/params/seed-domino
printf 'reves\n7\n5\n\n\n\n\n' >tests/fuzz/corpus/params/seed-reves
for t in "${targets[@]}"; do
  echo "[fuzz] $t: ${secs} s"
  # The whole log goes to build-fuzz/fuzz_<target>.log; its last lines are shown.
  status=0
  (cd build-fuzz && ASAN_OPTIONS=detect_leaks=0 "tests/fuzz_$t" -max_total_time="$secs" \
    -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    "../tests/fuzz/corpus/$t" >"fuzz_$t.log" 2>&1) || status=$?
  grep -E '^stat::(number_of_executed_units|new_units_added)|^Done|ERROR|SUMMARY' \
    "build-fuzz/fuzz_$t.log" || true
  if [ "$status" -ne 0 ] || ls build-fuzz/crash-* >/dev/null 2>&1; then
    echo "[fuzz] $t: a defect was found (build-fuzz/fuzz_$t.log, build-fuzz/crash-*)"
    exit 1
  fi
done
echo "[fuzz] corpus: $(find tests/fuzz/corpus -type f | wc -l) files"
