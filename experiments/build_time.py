#!/usr/bin/env python3
"""How long the README's test command takes from a fresh clone, and where the build's
time goes: results/build_time.

    python3 experiments/build_time.py [--out OUT] [--clone-dir DIR]

clones this repository's HEAD into DIR (default: a new directory under /var/tmp,
removed afterwards), runs `bash scripts/test.sh` there (the packages must be
installed already: the figure is the build and the tests, not apt), then the main job
`bash scripts/main.sh` in a second fresh clone (it builds `hanoi` only and runs the
default batch; its table stays in that clone); in the first clone, after the tests,
it touches each family's header in turn and times the default build again (what a
change to one family costs); and writes
OUT/build_time.md, .csv and .meta.json (OUT defaults to out/; the committed table:
--out results).  The CSV has one row per step of the test command (its own
`[test] NAME: ok (N s)` lines) and one per group of compiled files (the
families' generated instance units, engine, variants, analyses, cli, tests, other), with the seconds Ninja's log gives each
compile summed: CPU-bound work on two cores, so the group sums add up to about twice
the build's wall time.  Nothing else should run on the machine meanwhile.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, check_targets, commit, machine,  # noqa: E402
                         prepare_out, refuse, table_files, write_table)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEP = re.compile(r"^\[test\] (.+): (ok|FAILED) \((\d+) s\)$")
GROUPS = [("engine", "hanoi_engine.dir/"), ("variants", "hanoi_variants.dir/"),
          ("analyses", "hanoi_analyses.dir/"), ("cli", "hanoi_app.dir/"), ("cli", "hanoi.dir/"),
          ("tests", "tests/")]


def group_of(target):
    if "generated/instances/" in target:
        return "family instances"  # each family's search modes and analyses, compiled once
    for name, key in GROUPS:
        if key in target:
            return name
    return "other"


def ninja_compiles(log_path):
    """{object: seconds} of the last build in build/.ninja_log (v5: start, end, mtime,
    target, hash; times in ms)."""
    out = {}
    with open(log_path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 4 and parts[3].endswith(".o"):
                out[parts[3]] = (int(parts[1]) - int(parts[0])) / 1000.0
    return out


def touch_each_family(repo):
    """[(family folder, seconds)]: in the built tree, each family's header touched in
    turn and the default build (the program and the three test programs) run again."""
    out = []
    variants = os.path.join(repo, "variants")
    for name in sorted(os.listdir(variants)):
        header = os.path.join(variants, name, name + ".hpp")
        if not os.path.isfile(header):
            continue
        time.sleep(1)  # a modification time newer than the last build's
        os.utime(header)
        t0 = time.time()
        run = subprocess.run(["ninja", "-C", "build"], cwd=repo, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        out.append((name, time.time() - t0 if run.returncode == 0 else None))
        print(f"build_time.py: touch variants/{name}/{name}.hpp: "
              f"{out[-1][1] or 0:.0f} s", file=sys.stderr)
    return out


def main(argv):
    args = list(argv)
    out_dir, clone_dir = DEFAULT_OUT, None
    while args:
        a = args.pop(0)
        if a in ("--out", "--clone-dir") and not args:
            refuse("build_time.py", f"{a} needs a directory")
        if a == "--out":
            out_dir = args.pop(0)
        elif a == "--clone-dir":
            clone_dir = args.pop(0)
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            refuse("build_time.py", f"unknown argument {a!r} (see --help)")
    prepare_out("build_time.py", out_dir)
    check_targets("build_time.py", out_dir, table_files("build_time"))
    the_commit = commit()
    if the_commit.endswith("-dirty"):
        print("build_time.py: note: the clone has HEAD only, not the uncommitted changes",
              file=sys.stderr)
    made = clone_dir is None
    work = clone_dir or tempfile.mkdtemp(prefix="hanoi-build-time-", dir="/var/tmp")
    if not made and os.path.exists(work):
        refuse("build_time.py", f"--clone-dir {work} exists (name a new directory)")
    try:
        subprocess.run(["git", "clone", "-q", ROOT, os.path.join(work, "repo")], check=True)
        repo = os.path.join(work, "repo")
        head = subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        print(f"build_time.py: bash scripts/test.sh in a fresh clone of {head}", file=sys.stderr)
        t0 = time.time()
        proc = subprocess.run(["bash", "scripts/test.sh"], cwd=repo, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        wall = time.time() - t0
        text = proc.stdout
        steps = [(m.group(1), m.group(2), int(m.group(3)))
                 for m in map(STEP.match, text.splitlines()) if m]
        passed = re.findall(r"(\d+)% tests passed, (\d+) tests failed out of (\d+)", text)
        compiles = ninja_compiles(os.path.join(repo, "build", ".ninja_log"))
        touches = touch_each_family(repo) if proc.returncode == 0 else []
        # The main job from its own fresh clone: the build of `hanoi` alone, then the batch.
        main_repo = os.path.join(work, "main")
        subprocess.run(["git", "clone", "-q", ROOT, main_repo], check=True)
        print(f"build_time.py: bash scripts/main.sh in a fresh clone of {head}", file=sys.stderr)
        t0 = time.time()
        main_proc = subprocess.run(["bash", "scripts/main.sh"], cwd=main_repo,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        main_wall = time.time() - t0
        batch = None
        default_md = os.path.join(main_repo, "results", "default.md")
        if main_proc.returncode == 0 and os.path.exists(default_md):
            m = re.search(r"^Wall time: ([0-9.]+) s", open(default_md).read(), re.M)
            batch = float(m.group(1)) if m else None
    finally:
        if made:
            shutil.rmtree(work, ignore_errors=True)
    groups = {}
    for target, secs in compiles.items():
        g = groups.setdefault(group_of(target), [0, 0.0])
        g[0] += 1
        g[1] += secs
    slowest = sorted(compiles.items(), key=lambda kv: -kv[1])[:10]
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    the_machine = machine()
    shown = "python3 experiments/build_time.py " + " ".join(argv)
    title = "The test command and the main job from a fresh clone: the build and the tests"
    tests_line = (f"{passed[-1][2]} tests, {passed[-1][1]} failed" if passed else
                  "no ctest summary (see the steps)")
    lines = [
        f"# {title}\n",
        f"- command: `{shown}` (`bash scripts/test.sh` in a fresh clone of {head}; packages "
        "installed)",
        f"- commit: {the_commit}",
        f"- date (UTC): {date}",
        f"- machine: {the_machine}",
        f"- wall time: {wall:.1f} s (exit status {proc.returncode}; {tests_line})",
        "",
        "## Steps of the test command",
        "",
        "| step | result | seconds |",
        "|---|---|---:|",
    ]
    lines += [f"| {name} | {res} | {secs} |" for name, res, secs in steps]
    batch_text = f"{batch:.0f}" if batch is not None else "-"
    lines += ["", "## The main job (`bash scripts/main.sh`, its own fresh clone)", "",
              "| step | result | seconds |", "|---|---|---:|",
              f"| the whole job | {'ok' if main_proc.returncode == 0 else 'FAILED'} | "
              f"{main_wall:.0f} |",
              f"| of which the default batch (its table's wall time) | | {batch_text} |"]
    lines += ["", "## Touching one family's header, then `ninja -C build` (the program and "
              "the three test programs)", "", "| family folder | seconds |", "|---|---:|"]
    lines += [f"| {n} | {'FAILED' if t is None else f'{t:.0f}'} |" for n, t in touches]
    lines += ["", "## Compile time by group (Ninja's log: seconds per file, summed; two jobs "
              "at a time)", "", "| group | files | seconds |", "|---|---:|---:|"]
    lines += [f"| {g} | {c} | {s:.0f} |" for g, (c, s) in sorted(groups.items())]
    lines += ["", "## The ten slowest files", "", "| file | seconds |", "|---|---:|"]
    lines += [f"| `{t}` | {s:.1f} |" for t, s in slowest]
    rows = [{"kind": "step", "name": n, "result": r, "count": "", "seconds": s}
            for n, r, s in steps]
    rows += [{"kind": "main job", "name": "bash scripts/main.sh",
              "result": "ok" if main_proc.returncode == 0 else "FAILED", "count": "",
              "seconds": round(main_wall)},
             {"kind": "main job", "name": "the default batch", "result": "", "count": "",
              "seconds": "" if batch is None else round(batch)}]
    rows += [{"kind": "touch header", "name": n, "result": "ok" if t is not None else "FAILED",
              "count": "", "seconds": "" if t is None else round(t, 1)} for n, t in touches]
    rows += [{"kind": "compile group", "name": g, "result": "", "count": c,
              "seconds": round(s, 1)} for g, (c, s) in sorted(groups.items())]
    summary = (f"test command {wall:.0f} s from a fresh clone of {head}: " +
               ", ".join(f"{n} {s} s" for n, _, s in steps) + f"; {tests_line}; "
               f"main job {main_wall:.0f} s, of which the batch {batch_text} s" +
               (f"; a family's header touched: {min(t for _, t in touches if t):.0f}-"
                f"{max(t for _, t in touches if t):.0f} s" if any(t for _, t in touches) else ""))
    write_table("build_time.py", out_dir, "build_time", markdown="\n".join(lines) + "\n",
                fields=["kind", "name", "result", "count", "seconds"], rows=rows, command=shown,
                commit=the_commit, date=date, machine=the_machine, title=title,
                wall_seconds=round(wall, 1), summary=summary)
    print(f"build_time.py: wrote {out_dir}/build_time.md ({summary})", file=sys.stderr)
    return 0 if proc.returncode == 0 and main_proc.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
