#!/usr/bin/env bash
# Kill-and-resume check of the disk mode (engine/disk_lattice.hpp, or with
# --segment-bits the generic engine's, engine/disk_bfs.hpp): runs a search
# with --work-dir and a checkpoint after every segment, kills it with SIGKILL at
# random moments (at least --kills times), resumes it each time with --resume, and
# compares the finished run's per-level counts, optimum, states and eccentricity
# with an uninterrupted in-memory run.  Prints how many kills left files that no
# manifest named (the kill fell inside a write, or between a write and its
# manifest) and fails on any difference or any run that failed on its own.
#
# usage: tests/kill_resume.sh [--hanoi PATH] [--kills N] [--variant NAME] [--pegs M]
#                             [-n N] [--max-memory SIZE] [--segment-discs S] [--symmetry]
#                             [--segment-bits K]   (the generic engine's disk mode)
# --max-memory is the search's own share: the program's own bytes (the plan's
# baseline_bytes, about 10 MiB) are added to it, since the budget bounds the whole
# process, so that how the run is cut does not depend on the machine's libraries;
# and 2 MiB more, since each run measures its own bytes again and they differ
# between processes by over a MiB under load (a run measured 11.84 MiB against a
# plan's 10.4, and was refused).
# The test suite runs a short version (tests/CMakeLists.txt, DiskResume.KillScript);
# experiments/kill_resume.sh runs a longer one and records it.
set -euo pipefail
hanoi=./build/hanoi
kills=20
variant=reves
pegs=4
n=11
max_memory=6M
segment_discs=2
segment_bits=
symmetry=()
while [ $# -gt 0 ]; do
  case $1 in
    --hanoi) hanoi=$2; shift 2 ;;
    --kills) kills=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --pegs) pegs=$2; shift 2 ;;
    -n) n=$2; shift 2 ;;
    --max-memory) max_memory=$2; shift 2 ;;
    --segment-discs) segment_discs=$2; shift 2 ;;
    --segment-bits) segment_bits=$2; shift 2 ;;
    --symmetry) symmetry=(--symmetry); shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "kill_resume.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$hanoi" ] || { echo "kill_resume.sh: no program at $hanoi (build first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/hanoi-kill-resume.XXXXXX")
trap 'rm -rf "$work"' EXIT
dir=$work/run
search=(optimum "$variant" --pegs "$pegs" -n "$n" --levels --json -q)
# How the disk run is cut: by segment discs (lattice) or 2^K ranks (generic engine).
if [ -n "$segment_bits" ]; then
  cut=(--engine generic --segment-bits "$segment_bits")
else
  cut=(--segment-discs "$segment_discs")
fi

# The numbers a run reports, in one line.
numbers() {
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print(j["optimal"], j["states"], j["eccentricity"], " ".join(map(str, j["levels"])))' "$1"
}

"$hanoi" "${search[@]}" --storage memory >"$work/ref.json"
max_memory=$("$hanoi" "${search[@]}" --plan | python3 -c '
import json, sys
size = sys.argv[1].upper().rstrip("B")
scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(size[-1:], 1)
share = int(float(size.rstrip("KMG")) * scale)
print(share + json.load(sys.stdin)["baseline_bytes"] + (2 << 20))' "$max_memory")
t0=$(date +%s.%N)
"$hanoi" "${search[@]}" --storage disk --work-dir "$work/timing" --max-memory "$max_memory" \
  "${cut[@]}" --checkpoint-every 0 "${symmetry[@]}" >/dev/null
span=$(python3 -c "import sys; print(max(0.05, float(sys.argv[2]) - float(sys.argv[1])))" "$t0" "$(date +%s.%N)")
rm -rf "$work/timing"

want=$(numbers "$work/ref.json")
done_kills=0 in_write=0 runs=0 completions=0
disk=("$hanoi" "${search[@]}" --storage disk --work-dir "$dir" --resume --max-memory "$max_memory"
      "${cut[@]}" --checkpoint-every 0 "${symmetry[@]}")
# Kill moments uniform over a share of one run's time, so that a run takes about
# `kills` attempts; a run that completes before the kills are all done is checked
# and started again from nothing, until at least `kills` kills were made.
share=$(python3 -c "import sys; print(2.5 * float(sys.argv[1]) / int(sys.argv[2]))" "$span" "$kills")
while :; do
  runs=$((runs + 1))
  if [ "$runs" -gt $((kills * 50 + 100)) ]; then
    echo "kill_resume.sh: no completion after $runs runs" >&2
    exit 1
  fi
  "${disk[@]}" >"$work/out.json" 2>"$work/err.txt" &
  pid=$!
  if [ "$done_kills" -lt "$kills" ]; then
    sleep "$(python3 -c "import random,sys; print(random.uniform(0, float(sys.argv[1])))" "$share")"
    if kill -9 "$pid" 2>/dev/null; then
      wait "$pid" 2>/dev/null || true
      done_kills=$((done_kills + 1))
      # Files no manifest names: the kill fell inside a write or before its manifest.
      if [ -f "$dir/manifest" ] && python3 - "$dir" <<'EOF'
import os, sys
d = sys.argv[1]
named = set()
for line in open(os.path.join(d, "manifest")):
    parts = line.split()
    if len(parts) > 1:
        named.add(parts[1])
ours = [f for f in os.listdir(d) if f.split("-")[0] in ("seg", "records", "levels", "spill") or f == "manifest.tmp"]
sys.exit(0 if any(f not in named for f in ours) else 1)
EOF
      then
        in_write=$((in_write + 1))
      fi
      continue
    fi
  fi
  if ! wait "$pid"; then
    echo "kill_resume.sh: a resumed run failed:" >&2
    cat "$work/err.txt" >&2
    exit 1
  fi
  completions=$((completions + 1))
  got=$(numbers "$work/out.json")
  if [ "$want" != "$got" ]; then
    echo "kill_resume.sh: FAILED: a resumed run differs from the uninterrupted one" >&2
    echo "  want: $want" >&2
    echo "  got:  $got" >&2
    exit 1
  fi
  [ "$done_kills" -ge "$kills" ] && break
  rm -rf "$dir"
done

echo "kill_resume.sh: $variant pegs=$pegs n=$n ${cut[*]} ${symmetry[*]}: $done_kills kills ($in_write inside a write or" \
  "before its manifest), $runs runs, $completions completed (one uninterrupted disk run: ${span} s)"
echo "kill_resume.sh: ok: every completed run's optimum, states, eccentricity and level counts agree"
