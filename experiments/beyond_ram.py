#!/usr/bin/env python3
"""What the searches beyond this machine's reach would need: OUT/beyond_ram.md.

    python3 experiments/beyond_ram.py [--work-root DIR] [--out OUT]

For each search of the issue "Beyond RAM" that has not run here to completion, asks
`hanoi optimum ... --plan --json` (nothing is searched) what it would run and need
at this machine's budget: the engine and storage, the memory planned against the
budget, the segments, and the disk bound against the free space where its work
directory would be (under --work-root, default /var/tmp/hanoi-records, the
default of experiments/disk_records.sh).  The table says which fit, which are
refused and why.  Writes OUT/beyond_ram.md, OUT/beyond_ram.csv (one row per search)
and OUT/beyond_ram.meta.json (scripts/table_meta.py); OUT defaults to out/ under the
current directory (the committed table: --out results).
"""
import argparse
import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone

# The same machine line as the record tables, and the same way of writing a table.
from disk_record import DEFAULT_OUT, check_targets, machine, prepare_out, table_files, write_table

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (name, what it decides, hanoi optimum arguments; "{work}" is the work directory)
SEARCHES = [
    # For comparison, two that ran (docs/engines.md cites their plans).
    ("reves4_n18_memory", "4 pegs n = 18 in memory, for comparison (ran on disk: results/reves4_n18.md)",
     "reves --pegs 4 -n 18 --max-memory 20G"),
    ("reves4_n18_sym", "4 pegs n = 18 by the start's symmetry, in memory, for comparison "
     "(results/structure_sym.md)", "reves --pegs 4 -n 18 --symmetry --max-memory 20G"),
    ("reves4_n20_full", "4 pegs n = 20, complete: Korf's anomaly (eccentricity 294 against 289)",
     "reves --pegs 4 -n 20 --max-memory 20G"),
    ("reves4_n20_sym", "the same by the start's symmetry (6), on disk",
     "reves --pegs 4 -n 20 --symmetry --work-dir {work} --max-memory 20G"),
    ("adjacent4_n19", "linear 4 pegs n = 19, complete (OEIS A160002)",
     "adjacent --pegs 4 -n 19 --max-memory 20G"),
    ("adjacent4_n19_disk", "the same on disk",
     "adjacent --pegs 4 -n 19 --work-dir {work} --max-memory 20G"),
    ("adjacent4_n19_meet", "linear 4 pegs n = 19 by the half-depth test, on disk",
     "adjacent --pegs 4 -n 19 --meet-in-middle --work-dir {work} --max-memory 20G"),
    ("adjacent4_n19_frontier",
     "the same on the frontier engine, which keeps the last two levels only "
     "(ran: results/adjacent4_n19_frontier.md)",
     "adjacent --pegs 4 -n 19 --meet-in-middle --engine frontier --max-memory 20G"),
    ("checkers_n25", "Checkers n = 25, complete: in memory with the block kernel, as it ran "
     "(results/checkers_n25.md)", "checkers -n 25 --work-dir {work} --max-memory 20G"),
    ("checkers_n25_disk", "the same on disk", "checkers -n 25 --work-dir {work} --max-memory 20G "
     "--storage disk"),
    ("checkers_n26", "Checkers n = 26, complete, on disk",
     "checkers -n 26 --work-dir {work} --max-memory 20G"),
    ("checkers_n27", "Checkers n = 27, complete, on disk",
     "checkers -n 27 --work-dir {work} --max-memory 20G"),
    ("checkers_n27_meet", "Checkers n = 27 by the half-depth test (ran: results/checkers_n27_meet.md)",
     "checkers -n 27 --meet-in-middle --work-dir {work} --max-memory 20G"),
    ("domino_n21", "Domino DDE n = 21, complete: in memory, `visited` alone planned (its levels "
     "are tiny: ThinSpace, engine/bfs.hpp)", "domino -n 21 --max-memory 20G"),
    ("reves5_n18_meet", "5 pegs n = 18 by the half-depth test",
     "reves --pegs 5 -n 18 --meet-in-middle --work-dir {work} --max-memory 20G"),
    ("reves6_n16_meet", "6 pegs n = 16 by the half-depth test",
     "reves --pegs 6 -n 16 --meet-in-middle --work-dir {work} --max-memory 20G"),
]


def gib(x):
    return f"{x / 2**30:.1f} GiB"


def advised_share():
    """The --disk-share that results/disk_model.csv advises for its extrapolated n (the
    prediction raised by the model's largest error), or None without that table."""
    import csv
    path = os.path.join(ROOT, "results", "disk_model.csv")
    if not os.path.exists(path):
        return None
    rows = list(csv.DictReader(open(path, newline="")))
    if not rows or not rows[-1]["advised_share"]:
        return None
    measured = [int(r["n"]) for r in rows if r["share"]]
    return float(rows[-1]["advised_share"]), f"n = {min(measured)}..{max(measured)}"


def verdict(j, args):
    if j["memory_bytes"] is None:  # the frontier engine: its levels decide
        return "starts: each level is checked against the budget as it comes"
    if j["memory_bytes"] > j["budget_bytes"]:
        return "does not fit the memory budget"
    if "disk_bytes" in j and j["disk_bytes"] > j["free_disk_bytes"]:
        # The engine's rule (room_for, engine/checkpoint.hpp) decides, through the plan.
        if not j["fits"]:
            return "refused: the disk bound exceeds the free space" + (
                " (and so does the expected share)" if "expected_disk_bytes" in j else "")
        if "expected_disk_bytes" in j:
            return (f"starts: its files are expected to take {gib(j['expected_disk_bytes'])} "
                    "(--disk-share, results/disk_model.md); stops at a checkpoint should the "
                    "disk fill")
        if "--meet-in-middle" in args:
            return "starts: the half-depth test reaches only part of the disk bound"
        return "starts: it reaches only part of the disk bound"
    return "fits"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work-root", default="/var/tmp/hanoi-records")
    ap.add_argument("--out", default=DEFAULT_OUT, metavar="OUT",
                    help="the directory of beyond_ram.md, .csv, .meta.json (default: out)")
    a = ap.parse_args(argv)
    prepare_out("beyond_ram.py", a.out)
    check_targets("beyond_ram.py", a.out, table_files("beyond_ram"))
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    t0 = time.time()
    rows, commit = [], "unknown"
    searches = list(SEARCHES)
    advised = advised_share()
    if advised is not None:
        share, measured = advised
        at = [n for n, _, _ in searches].index("reves4_n20_sym") + 1
        searches.insert(at, (
            "reves4_n20_sym_share",
            f"the same, expecting {share} of the bound: the share measured at {measured} and "
            "extrapolated (results/disk_model.md)",
            f"reves --pegs 4 -n 20 --symmetry --work-dir {{work}} --max-memory 20G "
            f"--disk-share {share}"))
    for name, what, args in searches:
        line = args.format(work=os.path.join(a.work_root, name))
        out = subprocess.run([hanoi, "optimum", *line.split(), "--plan", "--json"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(f"beyond_ram.py: {name}: {out.stderr.strip()}", file=sys.stderr)
            return out.returncode
        j = json.loads(out.stdout)
        commit = j.get("commit", commit)
        rows.append((name, what, line, j))
    shown = ("python3 experiments/beyond_ram.py " + " ".join(argv)).strip()
    title = "Beyond RAM: what the searches that did not run to completion here would need"
    date = datetime.now(timezone.utc).isoformat(timespec='seconds')
    the_machine = machine()
    wall = round(time.time() - t0, 1)
    lines = [
        f"# {title}\n",
        f"- command: `{shown}` (each row: `hanoi optimum ARGS --plan --json`; nothing "
        "is searched)",
        f"- commit: {commit}",
        f"- date (UTC): {date}",
        f"- machine: {the_machine}",
        f"- wall time: {wall:.1f} s",
        "",
        "The memory is the plan's peak against the budget (the frontier engine has no "
        "plan: it checks each level as it comes); the disk is the disk mode's "
        "bound (two files per stored segment) against the free space where the work "
        "directory would be.  The half-depth test starts whatever the bound and stops "
        "cleanly should the disk fill (at Checkers n = 27 it wrote at most 1.07 GiB over "
        "582 segments: results/checkers_n27_meet.md).",
        "",
        "| search | arguments | engine | storage | ranks | memory planned / budget | "
        "segments (stored, resident) | disk bound / free | verdict |",
        "|---|---|---|---|---:|---|---|---|---|",
    ]
    csv_rows, verdicts = [], []
    for name, what, line, j in rows:
        segs = (f"{j['segments']} ({j['stored_segments']}, {j['resident_segments']})"
                if "segments" in j else "")
        disk = (f"{gib(j['disk_bytes'])} / {gib(j['free_disk_bytes'])}"
                if "disk_bytes" in j else "")
        shown_args = line.replace(os.path.join(a.work_root, name), "DIR")
        lines.append(f"| {what} | `{shown_args}` | {j['engine']} | {j['storage']} | "
                     f"{j['rank_space']:.2e} | "
                     f"{'level by level' if j['memory_bytes'] is None else gib(j['memory_bytes'])} / "
                     f"{gib(j['budget_bytes'])} | {segs} | {disk} | {verdict(j, line)} |")
        verdicts.append(verdict(j, line).split(":")[0])
        csv_rows.append({
            "name": name, "search": what, "arguments": shown_args, "engine": j["engine"],
            "storage": j["storage"], "ranks": j["rank_space"],
            "memory_planned_bytes": j["memory_bytes"], "budget_bytes": j["budget_bytes"],
            "segments": j.get("segments"), "stored_segments": j.get("stored_segments"),
            "resident_segments": j.get("resident_segments"),
            "disk_bound_bytes": j.get("disk_bytes"), "free_disk_bytes": j.get("free_disk_bytes"),
            "verdict": verdict(j, line)})
    summary = f"{len(rows)} planned searches: " + ", ".join(
        f"{v}: {verdicts.count(v)}" for v in dict.fromkeys(verdicts))
    write_table("beyond_ram.py", a.out, "beyond_ram", markdown="\n".join(lines) + "\n",
                fields=list(csv_rows[0]), rows=csv_rows, command=shown, commit=commit,
                date=date, machine=the_machine, title=title, wall_seconds=wall,
                summary=summary)
    print(f"beyond_ram.py: wrote {os.path.join(a.out, 'beyond_ram')}.md, .csv, .meta.json",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
