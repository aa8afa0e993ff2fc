#!/usr/bin/env bash
# The records of the disk mode (issue "Beyond RAM"), one resumable run each through
# experiments/disk_record.py: run this again after an interruption and every run
# continues from its checkpoint (finished ones report again from theirs).  Work
# directories under $RECORDS_WORK (default /var/tmp/hanoi-records); each needs the
# free disk its run checks for before it starts.  The tables go to $RECORDS_OUT
# (default out/, git-ignored; the committed ones: RECORDS_OUT=results).
#   bash experiments/disk_records.sh [NAME...]   (default: the reves records, in this
#                                                order; the checkers ones by name)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${RECORDS_WORK:-/var/tmp/hanoi-records}
out=${RECORDS_OUT:-out}
declare -A args=(
  [reves6_n14]="reves --pegs 6 -n 14 --symmetry"
  [reves5_n16]="reves --pegs 5 -n 16 --symmetry"
  [reves4_n19]="reves --pegs 4 -n 19 --symmetry"
  [reves4_n18]="reves --pegs 4 -n 18"
  # The generic engine's disk mode: hours, so not in the default order; it needs
  # about 43 GiB of free disk and 20 GiB of memory.
  [checkers_n25]="checkers -n 25 --max-memory 20G"
  # n = 26 complete (1.3e11 states; the block kernel expands the segments): 243
  # segments, 105 resident, a disk bound of 95 GiB against less free; the files'
  # share of it as a first run of results/disk_model_checkers.md's command advised
  # (n = 20..23 with its margin; the committed run advises 0.0691).
  [checkers_n26]="checkers -n 26 --max-memory 20G --disk-share 0.0942"
  # The same with the start symmetries (pegs 1, 2, 3 relabelled: 6): one state per
  # orbit, and the segments that hold no representative never written.
  [checkers_n24_sym]="checkers -n 24 --symmetry --max-memory 20G"
  [checkers_n25_sym]="checkers -n 25 --symmetry --max-memory 20G"
  # The half-depth test (a start-goal mirror: the pegs' reflection) on disk: it
  # reaches a few per cent of the states and segments.  n = 27 decides the seed's
  # open case (best Frame-type 737 against Reve's 705).
  [checkers_n25_meet]="checkers -n 25 --meet-in-middle --max-memory 20G"
  [checkers_n26_meet]="checkers -n 26 --meet-in-middle --max-memory 20G"
  [checkers_n27_meet]="checkers -n 27 --meet-in-middle --max-memory 20G"
  # Reve's puzzle beyond the complete searches, by the same test over the pegs'
  # reflection (the generic engine's disk mode: the lattice engine's test runs in
  # memory only): is Frame-Stewart still optimal at 5 and 6 pegs?
  [reves5_n17_meet]="reves --pegs 5 -n 17 --meet-in-middle --max-memory 20G"
  [reves5_n18_meet]="reves --pegs 5 -n 18 --meet-in-middle --max-memory 20G"
  [reves6_n15_meet]="reves --pegs 6 -n 15 --meet-in-middle --max-memory 20G"
  [reves6_n16_meet]="reves --pegs 6 -n 16 --meet-in-middle --max-memory 20G"
  # 4 pegs n = 20 (Korf's second anomaly) by the same test on the generic engine's
  # disk mode: the optimum alone, a cross-check of the complete search.
  [reves4_n20_meet]="reves --pegs 4 -n 20 --meet-in-middle --max-memory 20G"
  # Linear 4 pegs (OEIS A160002) by the half-depth test on the frontier engine,
  # which keeps only the last two levels (a bitmap of n = 19 is 34 GiB).
  [adjacent4_n19_frontier]="adjacent --pegs 4 -n 19 --meet-in-middle --engine frontier --max-memory 20G"
  # n = 20 (A160002: 3562, proved in 2018): about 1.7e11 states, two to three hours
  # on 2 cores, so it runs over more than one sitting.  (The table's first
  # invocations ran with --max-memory 6G beside another search; the engine takes the
  # candidates a range of windows at a time under a tight budget.)
  [adjacent4_n20_frontier]="adjacent --pegs 4 -n 20 --meet-in-middle --engine frontier --max-memory 20G"
)
# More disk_record.py options per record: the states a frontier run expects to
# reach (the states reached at n = 19 times the growth from n = 18 to 19, 4.01;
# the same model put n = 19 9% low), so that its partial table gives the time left.
declare -A record_opts=(
  [adjacent4_n20_frontier]="--expect-states 1.712e11 --partial-every 600"
  # Checkers n = 26: its ranks times n = 25's reachable share (51842199508 of
  # 51961684324).
  [checkers_n26]="--expect-states 1.298e11 --partial-every 600"
)
# Published values to set beside a record's optimum (disk_record.py --published).
declare -A published=(
  [adjacent4_n19_frontier]=experiments/A160002.txt
  [adjacent4_n20_frontier]=experiments/A160002.txt
)
order=(reves4_n18 reves4_n19 reves5_n16 reves6_n14)
[ $# -gt 0 ] && order=("$@")
for name in "${order[@]}"; do
  [ -n "${args[$name]:-}" ] || { echo "disk_records.sh: unknown record $name" >&2; exit 2; }
  echo "[records] $name: hanoi optimum ${args[$name]}" >&2
  # shellcheck disable=SC2086
  pub=()
  [ -n "${published[$name]:-}" ] && pub=(--published "${published[$name]}")
  # shellcheck disable=SC2086
  python3 experiments/disk_record.py "$name" --out "$out" --work-dir "$work/$name" "${pub[@]}" \
    ${record_opts[$name]:-} -- ${args[$name]}
done
