#!/usr/bin/env python3
"""The generic engine's --symmetry against the plain search, measured in one run.

    python3 experiments/bench_symmetry.py [--quick] [--out OUT]

runs each case twice with `hanoi optimum ... --levels --json` (plain, then with
--symmetry), checks that both give the same levels, optimum and eccentricity, and
writes OUT/bench_symmetry.md: seconds, states per second (states of the full
space over wall time), the states kept, peak RSS and, on disk, the bytes written
and the segments that held a state, with the speed ratio of each pair; with
OUT/bench_symmetry.csv (the same rows) and OUT/bench_symmetry.meta.json
(scripts/table_meta.py).  OUT defaults to out/ under the current directory (the
committed table: --out results).  --quick runs smaller cases and prints the table
without writing it.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, check_targets, gib, prepare_out,  # noqa: E402
                         provenance, table_files, write_table)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (label, hanoi arguments, on disk)
CASES = [
    ("Checkers DDDD n = 19, in memory", ["checkers", "-n", "19"], False),
    ("Checkers DDDD n = 19, disk mode (segments of 2^22 ranks)",
     ["checkers", "-n", "19", "--segment-bits", "22"], True),
    ("Antwerp cycle n = 5, in memory", ["antwerp", "-n", "5"], False),
]
QUICK = [
    ("Checkers DDDD n = 14, in memory", ["checkers", "-n", "14"], False),
    ("Checkers DDDD n = 14, disk mode (segments of 2^14 ranks)",
     ["checkers", "-n", "14", "--segment-bits", "14"], True),
    ("Antwerp cycle n = 3, in memory", ["antwerp", "-n", "3"], False),
]


def run(hanoi, args, disk, symmetry):
    cmd = [hanoi, "optimum", *args, "--levels", "--json", "-q"]
    if symmetry:
        cmd.append("--symmetry")
    with tempfile.TemporaryDirectory(prefix="hanoi-bench-sym-") as work:
        if disk:
            cmd += ["--work-dir", work, "--storage", "disk"]
        out = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=True).stdout
    return json.loads(out)


def main(argv):
    quick, out = False, DEFAULT_OUT
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--quick":
            quick = True
        elif a == "--out" and args:
            out = args.pop(0)
        else:
            print(__doc__, file=sys.stderr)
            return 2
    if not quick:
        prepare_out("bench_symmetry.py", out)
        check_targets("bench_symmetry.py", out, table_files("bench_symmetry"))
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    t0 = time.time()
    rows = []
    for label, args, disk in QUICK if quick else CASES:
        print(f"[bench_symmetry] {label}", file=sys.stderr)
        plain = run(hanoi, args, disk, False)
        sym = run(hanoi, args, disk, True)
        for key in ("levels", "optimal", "eccentricity", "states"):
            if plain.get(key) != sym.get(key):
                print(f"bench_symmetry.py: {label}: '{key}' differs with --symmetry",
                      file=sys.stderr)
                return 1
        rows.append((label, args, disk, plain, sym))
    wall = time.time() - t0
    title = "The generic engine's --symmetry against the plain search"
    command, the_commit, date, the_machine, lines = provenance(
        "bench_symmetry.py", argv, title, wall)
    lines += [
        "Each case runs `hanoi optimum ARGS --levels --json` twice, plain and with "
        "`--symmetry` (one state kept per orbit of the start symmetries: Checkers DDDD "
        "6, Antwerp 6; engine/symmetry.hpp); both give the same levels, optimum, "
        "eccentricity and states (checked). States/s: the states of the full space over "
        "the wall time. Disk cases: `--work-dir` (a temporary directory) `--storage "
        "disk`; segments: those that held a state, of all.",
        "",
        "| case | search | seconds | states/s | states kept | peak RSS | disk written "
        "| segments | speed ratio |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    csv_rows = []
    for label, args, disk, plain, sym in rows:
        for name, r in (("plain", plain), ("--symmetry", sym)):
            # (The disk mode does not count the orbits it keeps.)
            kept_count = r.get("orbits", r["states"] if name == "plain" else None)
            kept = f"{kept_count:,}" if kept_count is not None else "-"
            seg = (f"{r.get('stored_segments', '')} of {r.get('segments', '')}"
                   if disk else "")
            ratio = f"{plain['seconds'] / r['seconds']:.2f}" if name != "plain" else "1"
            lines.append(
                f"| {label} | {name} | {r['seconds']:.1f} | "
                f"{r['states'] / r['seconds']:.3g} | {kept} | {gib(r['peak_rss_bytes'])} | "
                f"{gib(r['disk_bytes']) if disk else ''} | {seg} | {ratio} |")
            csv_rows.append({
                "case": label, "search": name, "seconds": r["seconds"],
                "states_per_second": f"{r['states'] / r['seconds']:.6g}",
                "states_kept": kept_count, "peak_rss_bytes": r["peak_rss_bytes"],
                "disk_written_bytes": r["disk_bytes"] if disk else None,
                "stored_segments": r.get("stored_segments") if disk else None,
                "segments": r.get("segments") if disk else None,
                "speed_ratio": (f"{plain['seconds'] / r['seconds']:.4f}" if name != "plain"
                                else 1)})
    lines.append("")
    text = "\n".join(lines)
    print(text)
    if not quick:
        ratios = [plain["seconds"] / sym["seconds"] for _, _, _, plain, sym in rows]
        write_table("bench_symmetry.py", out, "bench_symmetry", markdown=text,
                    fields=list(csv_rows[0]), rows=csv_rows, command=command,
                    commit=the_commit, date=date,
                    machine=the_machine, title=title, wall_seconds=round(wall, 1),
                    summary=f"{len(rows)} cases, each the same with --symmetry; speed ratio "
                            f"{min(ratios):.2f} to {max(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
