#!/usr/bin/env python3
"""Old binary against new, in the same run: the rates of bench_lattice and bench_disk.

A speed target of a change to the engine ("not slower") is shown here, never by a
timed test: both builds' benchmarks run alternately, ROUNDS times each, on the same
machine in the same minutes; each row's best rate of either build is kept (the
least disturbed run), and the table gives new / old per row.

    python3 experiments/bench_compare.py --old OLD_BUILD --new build \
        [--rounds 3] [--out OUT]

OLD_BUILD and the new build each hold bench_lattice and bench_disk (`bash
scripts/build.sh benchmarks`; for the old commit, a worktree built the same way).
Sizes are those of --lattice-args and --disk-args (defaults: a few seconds a row).
Writes OUT/bench_compare.md, OUT/bench_compare.csv (its rows) and
OUT/bench_compare.meta.json (scripts/table_meta.py); OUT defaults to out/ under the
current directory (the committed table: --out results).
"""
import argparse
import datetime
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, check_targets, prepare_out, table_files,  # noqa: E402
                         write_table)

STEM = "bench_compare"


def rows_of(markdown, key_columns, rate_column):
    """The table rows of a bench's markdown: {key: rate}, key from key_columns."""
    out = {}
    header = None
    for line in markdown.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(line) <= set("|-: "):
            continue
        if rate_column not in header or not all(k in header for k in key_columns):
            continue
        row = dict(zip(header, cells))
        try:
            rate = float(row[rate_column])
        except ValueError:
            continue
        key = " / ".join(row[k] for k in key_columns)
        out[key] = max(rate, out.get(key, 0.0))
    return out


def run_bench(binary, args, workdir):
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        md = os.path.join(tmp, "out.md")
        cmd = [binary] + args + ["--markdown", md]
        if os.path.basename(binary) == "bench_disk":
            cmd += ["--work-dir", os.path.join(tmp, "work")]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(md) as f:
            return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="the old build directory")
    ap.add_argument("--new", required=True, help="the new build directory")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--lattice-args", default="--n4 14 --n4-big 0 --n5 11 --adjacent-n 16",
                    help='bench_lattice\'s sizes ("skip": not run)')
    ap.add_argument("--disk-args", default="--n 15 --checkers 17",
                    help='bench_disk\'s sizes ("skip": not run)')
    ap.add_argument("--out", default=DEFAULT_OUT, metavar="OUT",
                    help=f"the directory of {STEM}.md, .csv, .meta.json (default: out)")
    ap.add_argument("--work", default=tempfile.gettempdir(), help="scratch space for bench_disk")
    a = ap.parse_args()
    # Found now, not after the rounds.
    prepare_out("bench_compare.py", a.out)
    check_targets("bench_compare.py", a.out, table_files(STEM))

    benches = [
        ("bench_lattice", shlex.split(a.lattice_args), ["instance", "method", "threads"], "states/s"),
        ("bench_disk", shlex.split(a.disk_args), ["search", "n", "method"], "states/s"),
    ]
    # "skip" leaves a benchmark out.
    benches = [b for b in benches if b[1] != ["skip"]]
    best = {}  # (bench, build) -> {key: rate}
    t0 = time.time()
    for r in range(a.rounds):
        for bench, args, keys, rate in benches:
            # Each build goes first in every other round: whatever favours the first
            # (or the second) run of a pair falls on both builds alike.
            for build in ("old", "new") if r % 2 == 0 else ("new", "old"):
                binary = os.path.join(a.old if build == "old" else a.new, bench)
                t = time.time()
                rows = rows_of(run_bench(binary, args, a.work), keys, rate)
                print(f"[compare] round {r + 1}/{a.rounds} {bench} {build}: {len(rows)} rows, "
                      f"{time.time() - t:.1f} s", file=sys.stderr)
                acc = best.setdefault((bench, build), {})
                for k, v in rows.items():
                    acc[k] = max(v, acc.get(k, 0.0))
    wall = time.time() - t0

    lines = ["| bench | row | old states/s | new states/s | new / old |", "|---|---|---:|---:|---:|"]
    worst = None
    csv_rows = []
    for bench, _, _, _ in benches:
        old, new = best[(bench, "old")], best[(bench, "new")]
        for k in old:
            if k not in new or old[k] <= 0:
                continue
            ratio = new[k] / old[k]
            worst = ratio if worst is None else min(worst, ratio)
            lines.append(f"| {bench} | {k} | {old[k]:.3g} | {new[k]:.3g} | {ratio:.3f} |")
            csv_rows.append({"bench": bench, "row": k, "old_states_per_second": f"{old[k]:.6g}",
                             "new_states_per_second": f"{new[k]:.6g}",
                             "new_over_old": f"{ratio:.4f}"})
    table = "\n".join(lines)
    print(table)
    print(f"lowest ratio {worst:.3f}; {a.rounds} rounds, {wall:.0f} s")

    def commit_of(where):
        return subprocess.run(["git", "-C", where, "describe", "--always", "--dirty"],
                              capture_output=True, text=True).stdout.strip() or "unknown"
    commit = commit_of(".")
    old_commit = commit_of(os.path.join(a.old, ".."))
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    title = "Old binary against new: the benchmarks' rates in one run"
    command = f"python3 {' '.join(shlex.quote(x) for x in sys.argv)}"
    date = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
    machine = f"{platform.node()}, {cpu}, {os.cpu_count()} cores"
    head = [
        f"# {title}",
        "",
        f"- command: `{command}`",
        f"- commit: {commit} (the old build's source: {old_commit})",
        f"- date (UTC): {date}",
        f"- machine: {machine}",
        f"- wall time: {wall:.0f} s",
        "",
        f"bench_lattice `{a.lattice_args}`; bench_disk `{a.disk_args}`. Each build's benchmarks ran "
        f"{a.rounds} times, alternately (the old build first in odd rounds, the new one in even "
        f"rounds); each row keeps its best rate. Lowest new / old: {worst:.3f}. The bitmap "
        f"floor rows run the same source in both builds (experiments/bench_lattice.cpp, no "
        f"engine code): their ratio is the noise of this comparison.",
        "",
        "",
    ]
    write_table("bench_compare.py", a.out, STEM, markdown="\n".join(head) + table + "\n",
                fields=["bench", "row", "old_states_per_second", "new_states_per_second",
                        "new_over_old"],
                rows=csv_rows, command=command, commit=commit, date=date, machine=machine,
                title=title, wall_seconds=float(f"{wall:.0f}"),
                summary=f"{len(csv_rows)} rows, lowest new / old {worst:.3f}; {a.rounds} "
                        f"rounds, alternately (the old build's source: {old_commit})")


if __name__ == "__main__":
    main()
