#!/usr/bin/env bash
# The distributed search under a real mpirun (hanoi optimum --distributed):
#   1. per-level counts, optimum, states and eccentricity of `mpirun -np 2` (in
#      memory, with --symmetry, with a work directory) and `mpirun --oversubscribe
#      -np 4` (in memory, with a work directory) equal the single-process search's,
#      for six variants (all five runs on two of them, two on the others), and so
#      do the witnesses (--moves) of 2 ranks;
#   2. one rank killed with SIGKILL mid-run (--kills times): once both ranks hold
#      checkpoint K or later (K drawn at random from the first half of the search,
#      and a random few milliseconds more), the job fails, mpirun says which rank
#      died, and `--resume` completes it with the uninterrupted run's numbers
#      (resumed from the checkpoint when every rank held one, started afresh when
#      not). The kill waits on the checkpoints, not on a clock, so that a loaded
#      machine (CI runs two tests at once) cannot make every kill come too late;
#   3. bad input is refused once, with exit status 2, by every rank alike.
# Exit 77 (skipped) when this hanoi was built without MPI or mpirun is missing; with
# HANOI_REQUIRE_TOOLS=1 (scripts/test.sh, which installs Open MPI) exit 1 instead.
#
# usage: tests/mpi_test.sh [--hanoi PATH] [--kills N]
# The test suite runs it (tests/CMakeLists.txt, Mpi.Script).  As root (CI), Open
# MPI needs OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1: set here.
set -euo pipefail
hanoi=./build/hanoi
kills=3
while [ $# -gt 0 ]; do
  case $1 in
    --hanoi) hanoi=$2; shift 2 ;;
    --kills) kills=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "mpi_test.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$hanoi" ] || { echo "mpi_test.sh: no program at $hanoi (build first)" >&2; exit 2; }
# skip REASON: exit 77 (ctest: skipped), or 1 where the tools must be there.
skip() {
  if [ -n "${HANOI_REQUIRE_TOOLS:-}" ] && [ "$HANOI_REQUIRE_TOOLS" != 0 ]; then
    echo "mpi_test.sh: FAILED: $1 (HANOI_REQUIRE_TOOLS=$HANOI_REQUIRE_TOOLS: a missing tool is a failure, not a skip)"
    exit 1
  fi
  echo "mpi_test.sh: $1 (skipped)"
  exit 77
}
command -v mpirun >/dev/null || skip "no mpirun (openmpi-bin; scripts/install-deps.sh installs it)"
# (Captured first: `grep -q` in a pipe may stop hanoi with SIGPIPE, which pipefail
# would count as a failed pipeline and so miss the message.)
probe=$("$hanoi" optimum classic -n 3 --distributed -q 2>&1 || true)
if grep -q "built without MPI" <<<"$probe"; then
  skip "this hanoi was built without MPI (libopenmpi-dev; CMake option HANOI_MPI)"
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export HANOI_NO_FSYNC=1
# One node, no network: shared memory between the ranks, no binding (the 4-rank
# runs oversubscribe 2 cores).
mpi=(mpirun --bind-to none --mca btl self,vader)
work=$(mktemp -d "${TMPDIR:-/tmp}/hanoi-mpi-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

numbers() {
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print(j["optimal"], j["states"], j["eccentricity"], " ".join(map(str, j["levels"])))' "$1"
}

# compare LABEL RUNS ARGS...: single process against each of RUNS ("NP FORM" pairs
# separated by commas; FORM: memory, symmetry or disk; all: every one of the five).
compare() {
  local label=$1 runs=$2
  shift 2
  [ "$runs" = all ] && runs="2 memory,2 symmetry,2 disk,4 memory,4 disk"
  "$hanoi" optimum "$@" --levels --json -q >"$work/one.json"
  local want
  want=$(numbers "$work/one.json")
  local list
  IFS=, read -ra list <<<"$runs"
  for run in "${list[@]}"; do
    local np=${run% *} form=${run#* }
    local extra=()
    [ "$np" -gt 2 ] && extra=(--oversubscribe)
    local flags=()
    case $form in
      symmetry) flags=(--symmetry) ;;
      disk) rm -rf "$work/wd"; flags=(--work-dir "$work/wd" --max-memory 40M --checkpoint-every 0) ;;
    esac
    if ! "${mpi[@]}" "${extra[@]}" -np "$np" "$hanoi" optimum "$@" --levels --json -q \
      --distributed "${flags[@]}" >"$work/many.json" 2>"$work/err.txt"; then
      echo "FAIL $label, $np ranks, $form: the job failed"; sed 's/^/  /' "$work/err.txt"
      failures=$((failures + 1))
      continue
    fi
    if [ "$(numbers "$work/many.json")" != "$want" ]; then
      echo "FAIL $label, $np ranks, $form: numbers differ from the single process"
      failures=$((failures + 1))
    else
      echo "ok   $label, $np ranks, $form: $(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print("optimum", j["optimal"], "states", j["states"], "ranks", j["ranks"], "exchanged", j["exchanged_bytes"], "bytes")' "$work/many.json")"
    fi
  done
}

# witness LABEL ARGS...: the moves of 2 ranks against one process's.
witness() {
  local label=$1
  shift
  "$hanoi" optimum "$@" --moves --json -q >"$work/one.json"
  if ! "${mpi[@]}" -np 2 "$hanoi" optimum "$@" --moves --json -q --distributed \
    >"$work/many.json" 2>"$work/err.txt"; then
    echo "FAIL $label witness: the job failed"; sed 's/^/  /' "$work/err.txt"
    failures=$((failures + 1))
  elif ! python3 -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:])
sys.exit(a["moves"] != b["moves"])' "$work/one.json" "$work/many.json"; then
    echo "FAIL $label witness: the moves differ from the single process"
    failures=$((failures + 1))
  else
    echo "ok   $label witness: the same $(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["moves"]))' "$work/one.json") moves"
  fi
}

# Every form for two variants, two of them for the others (each an mpirun start-up
# of about two seconds): each form still runs on three variants or more.
compare "reves 4 pegs n=11" all reves --pegs 4 -n 11
compare "reves 5 pegs n=8" "2 memory,4 disk" reves --pegs 5 -n 8
compare "classic n=9" "2 symmetry,4 memory" classic -n 9
compare "adjacent 4 pegs n=9" "2 disk,4 memory" adjacent --pegs 4 -n 9
compare "four-star n=9" "2 symmetry,4 disk" four-star -n 9
compare "cyclic n=7" all cyclic -n 7
witness "reves 4 pegs n=11" reves --pegs 4 -n 11
witness "adjacent 4 pegs n=9" adjacent --pegs 4 -n 9

# holds_checkpoint DIR [K]: DIR holds a rank's manifest-N (not a half-written .tmp),
# with N >= K (default 0).
holds_checkpoint() {
  local f name
  for f in "$1"/manifest-*; do
    name=$(basename "$f")
    [[ $name =~ ^manifest-([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge "${2:-0}" ] && return 0
  done
  return 1
}

# 2. Kill one rank mid-run, then resume.  A checkpoint at every level
# (--checkpoint-every 0): manifest-K is the K-th, so K in the first half of the levels
# leaves half the search to be interrupted.
base=(optimum reves --pegs 4 -n 12 --levels --json -q --distributed --checkpoint-every 0)
search=("${base[@]}" --work-dir "$work/kill" --resume)
"$hanoi" optimum reves --pegs 4 -n 12 --levels --json -q >"$work/one.json"
want=$(numbers "$work/one.json")
half=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["levels"]) // 2)' "$work/one.json")
done_kills=0 attempts=0
while [ "$done_kills" -lt "$kills" ]; do
  attempts=$((attempts + 1))
  if [ "$attempts" -gt $((kills * 5)) ]; then
    echo "FAIL kill: could not kill a rank mid-run in $attempts attempts"
    failures=$((failures + 1))
    break
  fi
  rm -rf "$work/kill"
  at=$((2 + RANDOM % (half - 1)))
  "${mpi[@]}" -np 2 "$hanoi" "${search[@]}" >"$work/out.json" 2>"$work/err.txt" &
  job=$!
  while kill -0 "$job" 2>/dev/null &&
    ! { holds_checkpoint "$work/kill/rank-0" "$at" && holds_checkpoint "$work/kill/rank-1" "$at"; }; do
    sleep 0.01
  done
  sleep "0.0$((RANDOM % 10))"
  victim=$(pgrep -P "$job" -x hanoi | tail -n 1 || true)
  if [ -z "$victim" ] || ! kill -9 "$victim" 2>/dev/null; then
    echo "     (the job ended before checkpoint $at was seen: tried again)"
    wait "$job" || true
    continue
  fi
  status=0
  wait "$job" || status=$?
  if [ "$status" -eq 0 ]; then
    echo "     (the rank had finished its part already: tried again)"
    continue
  fi
  done_kills=$((done_kills + 1))
  if ! grep -qi "signal 9\|killed" "$work/err.txt"; then
    echo "FAIL kill $done_kills: mpirun did not say that a rank was killed:"
    sed 's/^/  /' "$work/err.txt" | head -n 20
    failures=$((failures + 1))
  fi
  # A kill before every rank held a checkpoint (during start-up, or inside the
  # first checkpoint) leaves nothing to resume: the job must start afresh.
  # Otherwise it must resume.  Either way it must end with the same numbers.
  held=False
  if holds_checkpoint "$work/kill/rank-0" && holds_checkpoint "$work/kill/rank-1"; then
    held=True
  fi
  if ! "${mpi[@]}" -np 2 "$hanoi" "${search[@]}" >"$work/out.json" 2>"$work/err.txt"; then
    echo "FAIL kill $done_kills: the resumed job failed"; sed 's/^/  /' "$work/err.txt"
    failures=$((failures + 1))
    continue
  fi
  resumed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["resumed"])' "$work/out.json")
  if [ "$(numbers "$work/out.json")" != "$want" ]; then
    echo "FAIL kill $done_kills: the resumed job's numbers differ from the uninterrupted run's"
    failures=$((failures + 1))
  elif [ "$resumed" != "$held" ]; then
    echo "FAIL kill $done_kills: every rank held a checkpoint: $held, the job resumed: $resumed"
    failures=$((failures + 1))
  elif [ "$held" = False ]; then
    echo "ok   (rank $victim killed before every rank held a checkpoint: --resume started afresh, same numbers; not counted)"
    done_kills=$((done_kills - 1))
  else
    echo "ok   kill $done_kills: rank $victim killed, mpirun reported it, --resume completed with the same numbers"
  fi
done

# 3. Bad input: exit 2 and one line from rank 0 alone.
status=0
"${mpi[@]}" -np 2 "$hanoi" optimum reves --pegs 4 -n 99 --distributed -q >/dev/null 2>"$work/err.txt" || status=$?
lines=$(grep -c "^hanoi: error:" "$work/err.txt" || true)
if [ "$status" -ne 2 ] || [ "$lines" -ne 1 ]; then
  echo "FAIL bad input: exit $status with $lines error lines (want 2 and 1)"; cat "$work/err.txt"
  failures=$((failures + 1))
else
  echo "ok   bad input: exit 2, one line: $(grep '^hanoi: error:' "$work/err.txt")"
fi

if [ "$failures" -gt 0 ]; then
  echo "mpi_test.sh: $failures failures"
  exit 1
fi
echo "mpi_test.sh: all passed"
