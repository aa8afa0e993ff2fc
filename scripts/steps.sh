# Shared by scripts/test.sh and .ci/run (sourced, not run): each step prints a
# line or two, its full log is named when it fails, and the end lists the failures.
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

# finish: the total time and the failed steps; exit status 1 if any failed.
finish() {
  echo "[test] total $((SECONDS - t_all)) s"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "[test] FAILED steps:"
    printf '  %s\n' "${failed[@]}"
    exit 1
  fi
  echo "[test] all steps passed"
}
