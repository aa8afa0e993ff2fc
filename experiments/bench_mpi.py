#!/usr/bin/env python3
"""Scaling of the distributed search (hanoi optimum --distributed) on this machine.

    python3 experiments/bench_mpi.py [--hanoi build/hanoi] [--out OUT]

For each workload (Reve's puzzle, 4 pegs n = 15 and 16, 5 pegs n = 13, all discs on
peg 0 to peg 3), one complete search per method, each timed here (wall time, mpirun's
start included) and by the search itself:
  * memory, 1 thread      the in-memory lattice search: the baseline of the ratios;
  * memory, 2 threads     the same with both cores;
  * segments, 1 process   the disk mode's algorithm with every segment resident and
                          the distributed runs' segment count (the cost of cutting
                          the rank space in segments, without MPI);
  * mpirun -np 2          two ranks of one thread each, segments dealt round-robin;
  * mpirun -np 4          four ranks of one thread each on 2 cores: OVERSUBSCRIBED
                          (shows the cost of more ranks, not a speed-up).
Every run's per-level counts must equal the baseline's (else it stops with exit 1).
Writes OUT/bench_mpi.md (the table, with the command, commit, date, machine and wall
time), OUT/bench_mpi.csv (its rows), OUT/bench_mpi.meta.json (scripts/table_meta.py)
and OUT/bench_mpi.levels.csv (bytes exchanged between ranks per level, for
predicting a cluster run: they grow with the states that move a segment disc, not
with ranks).  OUT defaults to out/ under the current directory (the committed
table: --out results).
"""
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, check_targets, commit, machine, prepare_out,  # noqa: E402
                         table_files, write_table)

STEM = "bench_mpi"

WORKLOADS = [(4, 15), (4, 16), (5, 13)]
MPI = ["mpirun", "--bind-to", "none", "--mca", "btl", "self,vader"]


def fmt_bytes(x):
    for unit, size in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if x >= size:
            return f"{x / size:.2f} {unit}"
    return f"{x} B"


def run(cmd):
    t0 = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if out.returncode != 0:
        sys.exit(f"bench_mpi.py: {' '.join(cmd)} failed ({out.returncode}):\n{out.stderr}")
    return json.loads(out.stdout), wall


def main(argv):
    hanoi, out = "build/hanoi", DEFAULT_OUT
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("--hanoi", "--out") and not args:
            print(__doc__, file=sys.stderr)
            return 2
        if a == "--hanoi":
            hanoi = args.pop(0)
        elif a == "--out":
            out = args.pop(0)
        else:
            print(__doc__, file=sys.stderr)
            return 2
    prepare_out("bench_mpi.py", out)
    check_targets("bench_mpi.py", out, table_files(STEM, [f"{STEM}.levels.csv"]))
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    t_all = time.monotonic()
    rows, levels_csv = [], ["pegs,n,ranks,level,states,exchanged_bytes"]
    with tempfile.TemporaryDirectory(prefix="hanoi-bench-mpi-") as tmp:
        for pegs, n in WORKLOADS:
            base = [hanoi, "optimum", "reves", "--pegs", str(pegs), "-n", str(n), "--levels",
                    "--json", "-q"]
            methods = [
                ("memory, 1 thread", base + ["--threads", "1"]),
                ("memory, 2 threads", base + ["--threads", "2"]),
                ("segments, 1 process, 1 thread",
                 base + ["--threads", "1", "--storage", "disk", "--work-dir",
                         f"{tmp}/seg-{pegs}-{n}", "--segment-discs", "2",
                         "--checkpoint-every", "1000000"]),
                ("mpirun -np 2, 1 thread each",
                 MPI + ["-np", "2"] + base + ["--threads", "1", "--distributed"]),
                ("mpirun -np 4, 1 thread each (OVERSUBSCRIBED: 4 ranks on 2 cores)",
                 MPI + ["--oversubscribe", "-np", "4"] + base + ["--threads", "1",
                                                                 "--distributed"]),
            ]
            ref = None
            for name, cmd in methods:
                print(f"[bench_mpi] {pegs} pegs n={n}: {name}", file=sys.stderr)
                j, wall = run(cmd)
                if ref is None:
                    ref = j
                elif j["levels"] != ref["levels"] or j["optimal"] != ref["optimal"]:
                    sys.exit(f"bench_mpi.py: {name} gave other levels than the baseline")
                ranks = j.get("ranks", 1)
                exchanged = j.get("exchanged_bytes", 0)
                per_level = j.get("level_exchanged_bytes", [])
                rows.append({
                    "pegs": pegs, "n": n, "method": name, "ranks": ranks,
                    "states": j["states"], "seconds": j["seconds"], "wall": wall,
                    "ratio": ref["seconds"] / j["seconds"], "exchanged": exchanged,
                    "max_level": max(per_level) if per_level else 0,
                    "per_state": exchanged / j["states"], "rss": j["peak_rss_bytes"],
                    "segments": j.get("segments", 1), "optimal": j["optimal"],
                })
                if ranks > 1:
                    for d, (size, x) in enumerate(zip(j["levels"], per_level)):
                        levels_csv.append(f"{pegs},{n},{ranks},{d},{size},{x}")
    total = time.monotonic() - t_all
    cmd_text = "python3 experiments/bench_mpi.py" + (" " + " ".join(argv) if argv else "")
    title = "The distributed search: scaling from 1 to 2 processes (and 4, oversubscribed)"
    the_commit = commit()
    date = datetime.now(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
    the_machine = machine()
    lines = [
        f"# {title}",
        "",
        f"- command: `{cmd_text}`",
        f"- commit: {the_commit}",
        f"- date (UTC): {date}",
        f"- machine: {the_machine}",
        f"- total wall time: {total:.2f} s",
        "",
        "Reve's puzzle (all discs from peg 0 to peg 3), one complete search per row; every "
        "row reported the baseline's per-level counts.  `seconds`: the search's own time "
        "(per rank, from MPI start to the result); `wall`: the whole command, mpirun's "
        "start included.  `vs 1 thread`: the baseline's seconds over the row's.  "
        "`exchanged`: bytes of records sent between ranks, all ranks and levels together "
        "(16 bytes a record: a 64-state word and its bits); `per state`: that over the "
        "states searched; `largest level`: the most one level sent.  Peak RSS: the "
        "largest rank's.  The 4-rank rows run 4 processes on 2 cores (oversubscribed): "
        "they show what more ranks cost, not a speed-up.  Per-level figures: "
        f"`{STEM}.levels.csv`.",
        "",
        "| pegs | n | method | ranks | segments | seconds | wall | states/s | vs 1 thread "
        "| exchanged | per state | largest level | peak RSS |",
        "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['pegs']} | {r['n']} | {r['method']} | {r['ranks']} | {r['segments']} | "
            f"{r['seconds']:.2f} | {r['wall']:.2f} | {r['states'] / r['seconds']:.3g} | "
            f"{r['ratio']:.2f} | {fmt_bytes(r['exchanged'])} | {r['per_state']:.4f} B | "
            f"{fmt_bytes(r['max_level'])} | {fmt_bytes(r['rss'])} |")
    fields = ["pegs", "n", "method", "ranks", "segments", "seconds", "wall_seconds",
              "states_per_second", "vs_1_thread", "exchanged_bytes", "per_state_bytes",
              "largest_level_bytes", "peak_rss_bytes"]
    csv_rows = [{"pegs": r["pegs"], "n": r["n"], "method": r["method"], "ranks": r["ranks"],
                 "segments": r["segments"], "seconds": r["seconds"],
                 "wall_seconds": f"{r['wall']:.4f}",
                 "states_per_second": f"{r['states'] / r['seconds']:.6g}",
                 "vs_1_thread": f"{r['ratio']:.4f}", "exchanged_bytes": r["exchanged"],
                 "per_state_bytes": f"{r['per_state']:.6g}",
                 "largest_level_bytes": r["max_level"], "peak_rss_bytes": r["rss"]}
                for r in rows]
    best = max((r for r in rows if r["ranks"] > 1), key=lambda r: r["ratio"], default=None)
    summary = (f"{len(rows)} runs on {len(WORKLOADS)} workloads, every one with the "
               "baseline's per-level counts"
               + (f"; best distributed vs 1 thread: {best['ratio']:.2f} ({best['pegs']} pegs "
                  f"n = {best['n']}, {best['ranks']} ranks)" if best else ""))
    write_table("bench_mpi.py", out, STEM, markdown="\n".join(lines) + "\n", fields=fields,
                rows=csv_rows, command=cmd_text, commit=the_commit, date=date,
                machine=the_machine, title=title, wall_seconds=round(total, 2),
                summary=summary, extra={f"{STEM}.levels.csv": "\n".join(levels_csv) + "\n"})
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
