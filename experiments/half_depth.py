#!/usr/bin/env python3
"""The half-depth ("meet in the middle") optimum over a range of n, and its table.

    python3 experiments/half_depth.py NAME --from N1 --to N2 [--check-to N3] \
        [--published FILE] [--out OUT] -- VARIANT [--pegs M] [hanoi options...]

runs `hanoi optimum VARIANT -n N --meet-in-middle --json --levels` for N = N1..N2
and, for N <= N3, the full search (`--stop-at-goal`) as well, as a check of the
half-depth test (each must give the same optimum).  `--published FILE` names a
file of `n value` lines (a published sequence, cited in its first comment line) to
set beside the search.  Writes OUT/NAME.md with the command, commit, date,
machine, wall time, and per n: the optimum, the depth where the search stopped,
the states it reached, the time and the peak RSS; OUT/NAME.csv, the same rows; and
OUT/NAME.meta.json (scripts/table_meta.py).  OUT defaults to out/ under the current
directory (the committed tables: --out results).  The optimum is the search's;
a published value that differs is reported as a mismatch, never replaced.
"""
import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, ROOT, check_targets, commit, gib, machine,  # noqa: E402
                         prepare_out, read_published, refuse, table_files, write_table)


def run(hanoi, search, n, extra):
    cmd = [hanoi, "optimum", *search, "-n", str(n), "--json", "--levels", "-q", *extra]
    t0 = time.time()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"half_depth.py: `{' '.join(cmd)}` exited {proc.returncode}")
    j = json.loads(proc.stdout)
    j["wall"] = time.time() - t0
    return j


def main(argv):
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    cut = argv.index("--")
    head, search = argv[:cut], argv[cut + 1:]
    if not head:
        print(__doc__, file=sys.stderr)
        return 2
    name = head[0]

    def opt(flag, default=None):
        return head[head.index(flag) + 1] if flag in head else default

    lo, hi = int(opt("--from")), int(opt("--to"))
    check_to = int(opt("--check-to", "0"))
    published, cite = read_published(opt("--published")) if opt("--published") else ({}, "")
    if "--out" in head and head.index("--out") + 1 == len(head):
        refuse("half_depth.py", "--out needs a directory")
    out_dir = opt("--out", DEFAULT_OUT)
    prepare_out("half_depth.py", out_dir)
    check_targets("half_depth.py", out_dir, table_files(name))
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    t_start = time.time()
    rows = []
    for n in range(lo, hi + 1):
        j = run(hanoi, search, n, ["--meet-in-middle"])
        full = run(hanoi, search, n, ["--stop-at-goal"]) if n <= check_to else None
        rows.append((n, j, full))
        print(f"half_depth.py: n={n} optimum {j['optimal']} in {j['wall']:.1f} s", file=sys.stderr)
    total = time.time() - t_start
    first = rows[0][1]
    shown = "python3 experiments/half_depth.py " + " ".join(argv)
    title = (f"{first['variant']} pegs={first['pegs']} problem={first['problem']}: "
             f"the half-depth optimum, n = {lo}..{hi}")
    the_commit = commit()
    date = datetime.now(timezone.utc).isoformat(timespec='seconds')
    the_machine = machine()
    lines = [
        f"# {title}\n",
        f"- command: `{shown}`",
        f"- commit: {the_commit}",
        f"- date (UTC): {date}",
        f"- machine: {the_machine}",
        f"- wall time: {total:.1f} s",
        "",
        "The search stops at the first depth k where some state s and its mirror image "
        "σs (σ: the peg permutation that swaps start and goal and keeps the rule) are both "
        "reached; the optimum is then 2k − 1 or 2k (README, \"Half-depth optimum\"). "
        "`full` is the ordinary search to the goal, run where noted as a check. "
        + (f"`published`: {cite}." if cite else ""),
        "",
        "| n | optimum | stopped at depth | states reached | rank space | full search | "
        + ("published | " if published else "") + "s | peak RSS | verdict |",
        "|---:|---:|---:|---:|---:|---:|" + ("---:|" if published else "") + "---:|---:|---|",
    ]
    bad = 0
    fields = ["n", "optimum", "stopped_at_depth", "states_reached", "rank_space", "full_search",
              *(["published"] if published else []), "seconds", "peak_rss_bytes", "verdict"]
    csv_rows = []
    for n, j, full in rows:
        verdict = "ok"
        if full is not None and full["optimal"] != j["optimal"]:
            verdict = f"MISMATCH with the full search ({full['optimal']})"
        elif n in published and published[n] != j["optimal"]:
            verdict = f"differs from the published {published[n]}"
        bad += verdict != "ok"
        pub = (f" {published.get(n, '—')} |" if published else "")
        lines.append(
            f"| {n} | {j['optimal']} | {len(j['levels']) - 1} | {j['states']} | {j['rank_space']} | "
            f"{full['optimal'] if full else '—'} |{pub} {j['seconds']:.2f} | "
            f"{gib(j['peak_rss_bytes'])} | {verdict} |")
        row = {"n": n, "optimum": j["optimal"], "stopped_at_depth": len(j["levels"]) - 1,
               "states_reached": j["states"], "rank_space": j["rank_space"],
               "full_search": full["optimal"] if full else None,
               "seconds": j["seconds"], "peak_rss_bytes": j["peak_rss_bytes"],
               "verdict": verdict}
        if published:
            row["published"] = published.get(n)
        csv_rows.append(row)
    checked = sum(full is not None for _, _, full in rows)
    summary = (f"{len(rows)} n values ({lo}..{hi}): {len(rows) - bad} ok, {bad} not ok; "
               f"{checked} checked by the full search"
               + (f"; {sum(n in published for n, _, _ in rows)} beside a published value"
                  if published else ""))
    write_table("half_depth.py", out_dir, name, markdown="\n".join(lines) + "\n",
                fields=fields, rows=csv_rows, command=shown, commit=the_commit, date=date,
                machine=the_machine, title=title, wall_seconds=round(total, 1),
                summary=summary)
    print(f"half_depth.py: wrote {os.path.join(out_dir, name)}.md, .csv, .meta.json "
          f"({bad} row(s) not ok)", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
