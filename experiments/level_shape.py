#!/usr/bin/env python3
"""The shape of the colour variants' breadth-first levels: which of them a word- or
block-parallel kernel could serve.

    python3 experiments/level_shape.py [--small] [--out OUT]

runs `hanoi optimum ARGS --levels --json` once per case and writes
OUT/level_shape.md (with .csv and .meta.json): the states, the number of levels, the
mean and the largest level, and how many levels reach the size at which the generic
engine keeps a level as a bitmap (engine/bfs.hpp: dense_threshold, max(ranks/512,
4096); block_dense_threshold, max(ranks/8192, 4096), where a block kernel runs) and
the size below which it expands a level inline on one thread (kSerialLevel, 2048).
A kernel that expands bitmap levels (engine/block_kernel.hpp, the lattice kernel)
can only speed up the levels that are bitmaps; a variant whose levels never reach
the threshold gains nothing from one.  The seconds are the engine's own wall time.
OUT defaults to out/ under the current directory (the committed table: --out
results).  --small runs three small cases instead (tests/tables/test_tables.py).
"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, check_targets, prepare_out,  # noqa: E402
                         provenance, table_files, write_table)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# engine/bfs.hpp's thresholds, restated here (dense_threshold, block_dense_threshold,
# kSerialLevel): change them together.
SERIAL_LEVEL = 2048


def dense_threshold(ranks):
    return max(ranks // 512, 4096)


def block_dense_threshold(ranks):
    return max(ranks // 8192, 4096)


CASES = [
    ("Checkers DDDD n = 16", ["checkers", "-n", "16"]),
    ("Reversi n = 12", ["reversi", "-n", "12"]),
    # Every Domino problem starts from the same tower: the same levels.
    ("Domino n = 14", ["domino", "-n", "14"]),
    ("Lundon n = 12", ["lundon", "-n", "12"]),
    ("Rainbow DDD n = 16", ["rainbow", "-n", "16"]),
]
# --small: the same families at sizes that take a moment (the tests' cases).
SMALL = [
    ("Checkers DDDD n = 9", ["checkers", "-n", "9"]),
    ("Domino n = 6", ["domino", "-n", "6"]),
    ("Rainbow DDD n = 8", ["rainbow", "-n", "8"]),
]


TITLE = "The shape of the colour variants' levels: what a kernel over bitmap levels can serve"
INTRO = (
    "Each case: one `hanoi optimum ARGS --levels --json` (the generic engine, default "
    "threads). levels: the start's eccentricity + 1; inline: levels under 2048 states, "
    "which the engine expands on one thread; bitmap: levels of at least max(ranks/512, "
    "4096) states, which it keeps as bitmaps; with a kernel: at least max(ranks/8192, "
    "4096) (engine/bfs.hpp). A kernel over bitmap levels (the lattice kernel, the "
    "block kernel) serves only the bitmap levels.")


def main(argv):
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    parser = argparse.ArgumentParser(description=TITLE)
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="where the table goes (default out/; the committed one: results)")
    parser.add_argument("--small", action="store_true",
                        help="small cases (a second), for the tests")
    opts = parser.parse_args(argv)
    out = opts.out
    prepare_out("level_shape.py", out)
    check_targets("level_shape.py", out, table_files("level_shape"))
    rows, t0 = [], time.time()
    for label, args in SMALL if opts.small else CASES:
        print(f"[level_shape] {label}", file=sys.stderr)
        reply = subprocess.run([hanoi, "optimum", *args, "--levels", "--json", "-q"],
                               stdout=subprocess.PIPE, text=True, check=True).stdout
        r = json.loads(reply)
        levels = r["levels"]
        ranks = r["rank_space"]
        rows.append({
            "case": label, "rank_space": ranks, "states": r["states"],
            "levels": len(levels), "mean_level": round(r["states"] / len(levels), 1),
            "largest_level": max(levels),
            "levels_inline": sum(1 for x in levels if x < SERIAL_LEVEL),
            "levels_bitmap": sum(1 for x in levels if x >= dense_threshold(ranks)),
            "levels_bitmap_with_kernel": sum(
                1 for x in levels if x >= block_dense_threshold(ranks)),
            "block_kernel": "yes" if r.get("block_kernel") else "no",
            "seconds": round(r["seconds"], 3),
            "states_per_second": f"{r['states'] / r['seconds']:.3g}",
            "levels_per_second": f"{len(levels) / r['seconds']:.3g}",
        })
    wall = time.time() - t0
    command, the_commit, date, the_machine, lines = provenance("level_shape.py", argv, TITLE, wall)
    lines += [
        INTRO,
        "",
        "| case | ranks | states | levels | mean level | largest level | inline | bitmap "
        "| bitmap with a kernel | block kernel | seconds | states/s | levels/s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    for x in rows:
        lines.append(
            f"| {x['case']} | {x['rank_space']:,} | {x['states']:,} | {x['levels']:,} | "
            f"{x['mean_level']:,} | {x['largest_level']:,} | {x['levels_inline']:,} | "
            f"{x['levels_bitmap']:,} | {x['levels_bitmap_with_kernel']:,} | "
            f"{x['block_kernel']} | {x['seconds']} | {x['states_per_second']} | "
            f"{x['levels_per_second']} |")
    lines.append("")
    text = "\n".join(lines)
    print(text)
    thin = [x["case"] for x in rows if x["levels_bitmap_with_kernel"] == 0]
    write_table("level_shape.py", out, "level_shape", markdown=text,
                fields=list(rows[0]), rows=rows, command=command, commit=the_commit,
                date=date, machine=the_machine, title=TITLE, wall_seconds=round(wall, 1),
                summary=f"{len(rows)} cases; no level large enough for a bitmap in: "
                        + (", ".join(thin) if thin else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
