#!/usr/bin/env python3
"""A search too large for memory, run in the disk mode and resumable, and its table.

    python3 experiments/disk_record.py NAME --work-dir DIR [--published FILE] -- VARIANT -n N ...

runs `hanoi optimum VARIANT ... --levels --json --work-dir DIR --resume` (so a run
that was killed, or whose machine restarted, continues from its last checkpoint
when the same command is given again), then writes results/NAME.md: the command,
commit, date, machine, the wall time summed over every invocation that worked on
the run (kept in DIR/invocations.log), the peak RSS and the disk used, and the
per-level counts with the states at the maximal distance.  Extra `hanoi` options
(--max-memory, --checkpoint-every, --stop-at-goal, --meet-in-middle) go after the
variant; a half-depth run's table says at which depth the test decided.  With
`--engine frontier` the levels stay in memory (the last two) and DIR holds the
checkpoints.  `--published FILE` sets a published value beside the optimum.  Only the
last, finishing invocation's figures (peak RSS, seconds) are its own; the table
says so.
"""
import json
import os
import platform
import subprocess
import sys
import time
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{platform.node()}, {cpu}, {os.cpu_count()} cores, {mem:.2f} GiB RAM"


def commit():
    try:
        h = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", ".",
                                ":!results"], capture_output=True, text=True).stdout.strip()
        return h + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def gib(x):
    return f"{x / 2**30:.2f} GiB"


def read_published(path):
    """A published sequence: `n value` lines, cited in the first comment line.
    Returns ({n: value}, citation)."""
    published, cite = {}, ""
    for line in open(path):
        line = line.strip()
        if line.startswith("#"):
            cite = cite or line.lstrip("# ")
        elif line:
            k, v = line.split()
            published[int(k)] = int(v)
    return published, cite


def main(argv):
    if "--" not in argv or len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    cut = argv.index("--")
    head, search = argv[:cut], argv[cut + 1:]
    name = head[0]
    if "--work-dir" not in head:
        print("disk_record.py: --work-dir DIR is required", file=sys.stderr)
        return 2
    work = head[head.index("--work-dir") + 1]
    # --published FILE: `n value` lines of a published sequence (cited in its first
    # comment line), set beside the search's optimum; never replacing it.
    published, cite = (read_published(head[head.index("--published") + 1])
                       if "--published" in head else ({}, ""))
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    os.makedirs(work, exist_ok=True)
    # The frontier engine keeps its levels in memory; the directory holds its checkpoints.
    frontier = "--engine" in search and search[search.index("--engine") + 1] == "frontier"
    cmd = [hanoi, "optimum", *search, "--levels", "--json", "--work-dir", work, "--resume"]
    if not frontier:
        cmd += ["--storage", "disk"]
    log = os.path.join(work, "invocations.log")
    t0 = time.time()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    spent = time.time() - t0
    with open(log, "a") as f:
        f.write(f"{datetime.now(timezone.utc).isoformat(timespec='seconds')} {spent:.1f} "
                f"rc={proc.returncode}\n")
    if proc.returncode != 0:
        print(f"disk_record.py: hanoi exited {proc.returncode}; run the same command again "
              f"to resume from {work}", file=sys.stderr)
        return proc.returncode
    j = json.loads(proc.stdout)
    runs = [line.split() for line in open(log) if line.strip()]
    total = sum(float(r[1]) for r in runs)
    levels = j["levels"]
    last = len(levels) - 1
    out = os.path.join(ROOT, "results", name + ".md")
    shown = "python3 experiments/disk_record.py " + " ".join(argv)
    meet = bool(j.get("meet_in_middle"))
    where = "keeping the last two levels" if frontier else "in the disk mode"
    what = (f"the half-depth test (--meet-in-middle) {where}" if meet
            else f"a complete search {where}")
    if frontier:
        memory = (f"- memory: {gib(j['search_bytes'])} at most by the engine's count, "
                  f"{gib(j['peak_rss_bytes'])} peak RSS (the finishing invocation); the widest "
                  f"level held {j['widest_level']} states")
        disk = f"- disk: {gib(j['disk_bytes'])} of checkpoints at most"
    else:
        memory = (f"- memory: {gib(j['search_bytes'])} planned, {gib(j['peak_rss_bytes'])} peak "
                  "RSS (the finishing invocation)")
        disk = f"- disk: {gib(j['disk_bytes'])} at most, {j['segments']} segments"
    lines = [
        f"# {j['variant']} pegs={j['pegs']} n={j['n']} problem={j['problem']}: "
        f"{what} ({j['engine']} engine)\n",
        f"- command: `{shown}`",
        f"- commit: {j.get('commit') or commit()}",
        f"- date (UTC): {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        f"- machine: {machine()}",
        f"- wall time: {total:.1f} s over {len(runs)} invocation(s) "
        f"(the finishing one: {j['seconds']:.1f} s)",
        memory,
        disk,
        "",
        "| quantity | value |",
        "|---|---:|",
    ]
    if meet:
        lines += [
            f"| optimum (start to goal) | {j['optimal']}, decided by the half-depth test at "
            f"depth {last}: the least d(s) + d(σs) over the states s reached, σ the start-goal "
            f"mirror |",
            f"| states reached (depth 0 to {last}) | {j['states']} of {j['rank_space']} ranks |",
        ]
    else:
        lines += [
            f"| optimum (start to goal) | {j['optimal']} |",
            f"| states reached | {j['states']} of {j['rank_space']} ranks |",
            f"| eccentricity of the start | {j['eccentricity']} |",
            f"| states at the maximal distance | {levels[last] if levels else 0} |",
        ]
    if published:
        value = published.get(j["n"])
        verdict = ("—" if value is None else
                   "agrees" if value == j["optimal"] else
                   f"**differs** from the search's {j['optimal']}")
        lines.append(f"| published: {cite} | {value if value is not None else '—'} ({verdict}) |")
    lines += [
        f"| closed form | {j['formula']} |",
        "",
        "## States per distance from the start",
        "",
        "| distance | states |",
        "|---:|---:|",
    ]
    lines += [f"| {d} | {c} |" for d, c in enumerate(levels)]
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, out)
    print(f"disk_record.py: wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
