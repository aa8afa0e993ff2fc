#!/usr/bin/env python3
"""The half-depth ("meet in the middle") optimum over a range of n, and its table.

    python3 experiments/half_depth.py NAME --from N1 --to N2 [--check-to N3] \
        [--published FILE] -- VARIANT [--pegs M] [hanoi options...]

runs `hanoi optimum VARIANT -n N --meet-in-middle --json --levels` for N = N1..N2
and, for N <= N3, the full search (`--stop-at-goal`) as well, as a check of the
half-depth test (each must give the same optimum).  `--published FILE` names a
file of `n value` lines (a published sequence, cited in its first comment line) to
set beside the search.  Writes results/NAME.md with the command, commit, date,
machine, wall time, and per n: the optimum, the depth where the search stopped,
the states it reached, the time and the peak RSS.  The optimum is the search's;
a published value that differs is reported as a mismatch, never replaced.
"""
import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import ROOT, commit, gib, machine, read_published  # noqa: E402


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
    lines = [
        f"# {first['variant']} pegs={first['pegs']} problem={first['problem']}: "
        f"the half-depth optimum, n = {lo}..{hi}\n",
        f"- command: `{shown}`",
        f"- commit: {commit()}",
        f"- date (UTC): {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        f"- machine: {machine()}",
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
    out = os.path.join(ROOT, "results", name + ".md")
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, out)
    print(f"half_depth.py: wrote {out} ({bad} row(s) not ok)", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
