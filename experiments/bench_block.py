#!/usr/bin/env python3
"""The block kernel against the per-state expansion, measured in one run.

    python3 experiments/bench_block.py [--quick] [--rounds K] [--old HANOI] [--out OUT]

runs each case K times (default 3) each way, alternating: `hanoi optimum ARGS
--levels --json` (the generic engine with the variant's block kernel,
engine/block_kernel.hpp) and the same with `--per-state` (every level state by
state, as before the kernel); with --old, also the kernel of another build's
`hanoi` (an older commit's, to show what a change gained in the same run).  It
checks that every way gives the same levels, optimum, eccentricity and states,
and writes OUT/bench_block.md: the median seconds, states per second (states
reached over wall time), CPU seconds and peak RSS of each way, and their speed
ratio; with OUT/bench_block.csv (the same rows) and
OUT/bench_block.meta.json (scripts/table_meta.py).  OUT defaults to out/ under the
current directory (the committed table: --out results).  --quick runs smaller
cases once and prints the table without writing it.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, check_targets, gib, prepare_out,  # noqa: E402
                         provenance, table_files, write_table)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CASES = [(f"Checkers DDDD n = {n}", ["checkers", "-n", str(n)]) for n in (16, 17, 18, 19)]
QUICK = [(f"Checkers DDDD n = {n}", ["checkers", "-n", str(n)]) for n in (12, 13)]
WAYS = (("block kernel", []), ("per state", ["--per-state"]))


def run(hanoi, args, extra):
    """One search: its JSON and the CPU seconds (user + system) of the process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([hanoi, "optimum", *args, *extra, "--levels", "--json", "-q"],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(out), cpu


def main(argv):
    parser = argparse.ArgumentParser(
        description="The block kernel against the per-state expansion, in one run.")
    parser.add_argument("--quick", action="store_true",
                        help="smaller cases, once; print the table, write nothing")
    parser.add_argument("--rounds", type=int, default=3, help="runs each way (default 3)")
    parser.add_argument("--old", metavar="HANOI",
                        help="another build's hanoi whose kernel runs as a third way")
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="where the table goes (default out/; the committed one: results)")
    opts = parser.parse_args(argv)
    if opts.rounds < 1:
        parser.error("--rounds must be at least 1")
    quick, out, rounds = opts.quick, opts.out, opts.rounds
    if quick:
        rounds = 1
    else:
        prepare_out("bench_block.py", out)
        check_targets("bench_block.py", out, table_files("bench_block"))
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    ways = [(name, hanoi, extra) for name, extra in WAYS]
    if opts.old:
        if not os.access(opts.old, os.X_OK):
            parser.error(f"--old: {opts.old} is not an executable")
        old_commit = json.loads(subprocess.run(
            [opts.old, "optimum", "checkers", "-n", "5", "--json", "-q"],
            stdout=subprocess.PIPE, text=True, check=True).stdout).get("commit", "?")
        ways.append((f"block kernel, build {old_commit}", opts.old, []))
    t0 = time.time()
    rows = []
    for label, case_args in QUICK if quick else CASES:
        runs = {name: [] for name, _, _ in ways}
        for k in range(rounds):
            # Alternate the order, so that no way always runs on a warm machine.
            for name, binary, extra in (ways if k % 2 == 0 else ways[::-1]):
                print(f"[bench_block] {label}, {name}, round {k + 1} of {rounds}",
                      file=sys.stderr)
                runs[name].append(run(binary, case_args, extra))
        first = runs[WAYS[0][0]][0][0]
        if not first.get("block_kernel"):
            print(f"bench_block.py: {label}: the block kernel did not run", file=sys.stderr)
            return 1
        for name, _, _ in ways:
            for r, _cpu in runs[name]:
                for key in ("levels", "optimal", "eccentricity", "states"):
                    if r.get(key) != first.get(key):
                        print(f"bench_block.py: {label}: '{key}' differs ({name})",
                              file=sys.stderr)
                        return 1
        summary = {}
        for name, _, _ in ways:
            summary[name] = {
                "seconds": statistics.median(r["seconds"] for r, _ in runs[name]),
                "cpu": statistics.median(cpu for _, cpu in runs[name]),
                "rss": max(r["peak_rss_bytes"] for r, _ in runs[name]),
            }
        rows.append((label, first["states"], summary))
    wall = time.time() - t0
    title = "The block kernel against the per-state expansion (generic engine, in memory)"
    command, the_commit, date, the_machine, lines = provenance(
        "bench_block.py", argv, title, wall)
    lines += [
        f"Each case runs `hanoi optimum ARGS --levels --json` {rounds} times each way, "
        "alternating: with the block kernel (engine/block_kernel.hpp, "
        "variants/checkers/block.hpp; the default) and with `--per-state` (every level "
        "state by state, the expansion the kernel replaces). Both give the same levels, "
        "optimum, eccentricity and states (checked). Seconds: the median of the engine's "
        "own wall time; states/s: states reached over it; CPU: the median user + system "
        "seconds of the process; speed ratio: per-state seconds over the row's seconds."
        + (f" The third way of each case is the kernel of another build ({opts.old}), "
           "the same cases in the same minutes." if opts.old else ""),
        "",
        "| case | expansion | seconds | states/s | CPU seconds | peak RSS | speed ratio |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    csv_rows = []
    for label, states, s in rows:
        base = s["per state"]["seconds"]
        for name, _, _ in ways:
            r = s[name]
            ratio = base / r["seconds"]
            lines.append(f"| {label} | {name} | {r['seconds']:.2f} | "
                         f"{states / r['seconds']:.3g} | {r['cpu']:.2f} | {gib(r['rss'])} | "
                         f"{ratio:.2f} |")
            csv_rows.append({"case": label, "expansion": name, "seconds": r["seconds"],
                             "states": states,
                             "states_per_second": f"{states / r['seconds']:.6g}",
                             "cpu_seconds": round(r["cpu"], 3), "peak_rss_bytes": r["rss"],
                             "speed_ratio": f"{ratio:.4f}"})
    lines.append("")
    text = "\n".join(lines)
    print(text)
    if not quick:
        ratios = [s["per state"]["seconds"] / s["block kernel"]["seconds"] for _, _, s in rows]
        write_table("bench_block.py", out, "bench_block", markdown=text,
                    fields=list(csv_rows[0]), rows=csv_rows, command=command,
                    commit=the_commit, date=date, machine=the_machine, title=title,
                    wall_seconds=round(wall, 1),
                    summary=f"{len(rows)} cases, the same levels both ways; the block "
                            f"kernel {min(ratios):.2f} to {max(ratios):.2f} times as fast")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
