#!/usr/bin/env python3
"""How much of its disk bound a disk run's files take: measured at small n,
extrapolated to the n that the bound refuses.

    python3 experiments/disk_model.py [--out OUT] [--stem STEM] [--work-dir DIR]
        [--n 14,15,16,17,18] [--predict 20] [--budget 20G] [--variant reves --pegs 4]
        [--no-symmetry]

The disk bound of the disk modes (engine/disk_plan.hpp) counts every stored
segment's file written whole.  The files elide all-zero and all-one words
(engine/work_dir.hpp), so they hold a fraction of it: 4 pegs n = 20 with the
start's symmetry is refused for a bound of 96 GiB that the files never approach.
This script runs the same search (same variant, pegs, symmetry) at each --n in the
disk mode, with a memory budget chosen so that the share of stored segments kept
resident is the one the --predict run would have under --budget (the files on disk
are those of the segments not resident), and records the bound, the peak bytes on
disk (`disk_bytes`), their ratio (the *share*), the bytes read and written and the
time.

The model: the share at n is predicted from the two n before it by a straight line
(share(n) = 2 share(n-1) - share(n-2)); its error at each measured n says how far to
trust it.  The --predict row gives the predicted share, the bound and the expected
bytes, and the share to pass as `--disk-share` (the prediction raised by the largest
relative error seen, so the plan errs on the safe side); the run itself still stops
at a checkpoint should the disk fill.

Writes OUT/STEM.md, .csv and .meta.json (STEM defaults to disk_model, OUT to out/;
the committed tables: --out results, disk_model for 4 pegs with symmetry and
disk_model_checkers for Checkers).  DIR (default: a temporary directory) holds the runs' work
directories, deleted after each run.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from disk_record import (DEFAULT_OUT, ROOT, check_targets, commit, machine,  # noqa: E402
                         prepare_out, table_files, write_table)

STEM = "disk_model"
HANOI = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))


def size_arg(text):
    units = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    text = text.strip().upper()
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def hanoi_json(args):
    p = subprocess.run([HANOI, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"disk_model.py: hanoi {' '.join(args)} failed: {p.stderr.strip()[-300:]}")
    return json.loads(p.stdout)


def plan(search, n, budget, work, required=True):
    """The plan's JSON; None (when not `required`) where the budget is refused."""
    args = ["optimum", *search, "-n", str(n), "--storage", "disk", "--work-dir", work,
            "--max-memory", str(budget), "--plan", "--json"]
    if required:
        return hanoi_json(args)
    p = subprocess.run([HANOI, *args], capture_output=True, text=True)
    return json.loads(p.stdout) if p.returncode == 0 else None


def budget_for_share(search, n, share, work):
    """The largest budget whose plan keeps at most `share` of the stored segments
    resident (more resident would leave fewer files on disk than the larger run
    has, and the measured share would flatter it), found by bisection over the
    plans; where every plan that fits keeps more, the smallest that fits."""
    def ok(p):
        return p is not None and p.get("fits", False) and p.get("memory_bytes") is not None

    lo, hi = 2**20, 2**40  # below `lo`: not fitting or at most `share`; from `hi`: more
    while hi - lo > 2**20:
        mid = (lo + hi) // 2
        p = plan(search, n, mid, work, required=False)
        if ok(p) and p["resident_segments"] > share * p["stored_segments"]:
            hi = mid
        else:
            lo = mid
    p = plan(search, n, lo, work, required=False)
    if ok(p):
        return lo, p
    p = plan(search, n, hi, work, required=False)
    if ok(p):
        return hi, p
    raise SystemExit(f"disk_model.py: no budget fits n = {n}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, metavar="OUT")
    ap.add_argument("--work-dir", default=None, metavar="DIR")
    ap.add_argument("--n", default="14,15,16,17,18")
    ap.add_argument("--predict", type=int, default=20)
    ap.add_argument("--budget", default="20G", help="the --predict run's memory budget")
    ap.add_argument("--stem", default=STEM, help="the tables' file name (default disk_model)")
    ap.add_argument("--variant", default="reves")
    ap.add_argument("--pegs", type=int, default=4)
    ap.add_argument("--no-symmetry", action="store_true")
    a = ap.parse_args()
    prepare_out("disk_model.py", a.out)
    check_targets("disk_model.py", a.out, table_files(a.stem))
    ns = sorted(int(x) for x in a.n.split(","))
    search = [a.variant, "--pegs", str(a.pegs)] + ([] if a.no_symmetry else ["--symmetry"])
    work_root = a.work_dir or tempfile.mkdtemp(prefix="hanoi-disk-model-")
    os.makedirs(work_root, exist_ok=True)
    t_start = time.time()

    target = plan(search, a.predict, size_arg(a.budget), os.path.join(work_root, "plan"))
    share_resident = target["resident_segments"] / target["stored_segments"]
    print(f"disk_model.py: n = {a.predict} under {a.budget}: {target['resident_segments']} of "
          f"{target['stored_segments']} stored segments resident ({share_resident:.3f})",
          file=sys.stderr)

    rows = []
    for n in ns:
        work = os.path.join(work_root, f"n{n}")
        shutil.rmtree(work, ignore_errors=True)
        budget, p = budget_for_share(search, n, share_resident, work)
        print(f"disk_model.py: n = {n}, budget {budget / 2**20:.0f} MiB, "
              f"{p['resident_segments']} of {p['stored_segments']} resident", file=sys.stderr)
        j = hanoi_json(["optimum", *search, "-n", str(n), "--storage", "disk", "--work-dir", work,
                        "--max-memory", str(budget), "--json", "-q"])
        shutil.rmtree(work, ignore_errors=True)
        rows.append({"n": n, "segments": p["segments"], "stored": p["stored_segments"],
                     "resident": p["resident_segments"], "budget_bytes": budget,
                     "bound_bytes": p["disk_bytes"], "peak_bytes": j["disk_bytes"],
                     "share": j["disk_bytes"] / p["disk_bytes"], "read_bytes": j["read_bytes"],
                     "written_bytes": j["written_bytes"], "seconds": round(j["seconds"], 2),
                     "eccentricity": j["eccentricity"]})
    # The model: a straight line through the two shares before.
    errors = []
    for i, r in enumerate(rows):
        r["predicted_share"] = r["error"] = None
        if i >= 2 and rows[i - 1]["n"] == r["n"] - 1 and rows[i - 2]["n"] == r["n"] - 2:
            pred = 2 * rows[i - 1]["share"] - rows[i - 2]["share"]
            r["predicted_share"] = pred
            r["error"] = pred / r["share"] - 1
            errors.append(abs(r["error"]))
    # Extrapolated step by step to --predict.
    shares = {r["n"]: r["share"] for r in rows}
    last = ns[-1]
    for n in range(last + 1, a.predict + 1):
        shares[n] = max(0.0, min(1.0, 2 * shares[n - 1] - shares[n - 2]))
    pred = shares[a.predict]
    margin = max(errors) if errors else 0.5
    advised = min(1.0, pred * (1 + margin))
    bound = target["disk_bytes"]
    rows.append({"n": a.predict, "segments": target["segments"],
                 "stored": target["stored_segments"], "resident": target["resident_segments"],
                 "budget_bytes": size_arg(a.budget), "bound_bytes": bound, "peak_bytes": None,
                 "share": None, "read_bytes": None, "written_bytes": None, "seconds": None,
                 "eccentricity": None, "predicted_share": pred, "error": None,
                 "advised_share": round(advised, 4)})
    for r in rows:
        r.setdefault("advised_share", None)
    wall = time.time() - t_start
    if not a.work_dir:
        shutil.rmtree(work_root, ignore_errors=True)

    fields = ["n", "segments", "stored", "resident", "budget_bytes", "bound_bytes", "peak_bytes",
              "share", "predicted_share", "error", "read_bytes", "written_bytes", "seconds",
              "eccentricity", "advised_share"]
    shown = "python3 experiments/disk_model.py " + " ".join(sys.argv[1:])
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    the_commit, the_machine = commit(), machine()
    title = (f"Disk model: the share of the disk bound the files take, {a.variant} "
             f"{a.pegs} pegs{'' if a.no_symmetry else ' with symmetry'}, n = {ns[0]}..{last}, "
             f"extrapolated to n = {a.predict}")

    def gib(x):
        return "" if x is None else f"{x / 2**30:.2f}"

    def num(x, f="{:.4f}"):
        return "" if x is None else f.format(x)

    md = [f"# {title}\n", f"- command: `{shown}`", f"- commit: {the_commit}",
          f"- date (UTC): {date}", f"- machine: {the_machine}", f"- wall time: {wall:.1f} s", "",
          f"Each run keeps the share of stored segments resident that n = {a.predict} has "
          f"under --max-memory {a.budget} ({target['resident_segments']} of "
          f"{target['stored_segments']}, {share_resident:.3f}); the files on disk are the "
          "others' and the checkpoints'.  `share` = the peak bytes on disk / the bound.  "
          "`predicted` = 2 share(n-1) - share(n-2), `error` = predicted / measured - 1.", "",
          "| n | segments (stored, resident) | budget GiB | bound GiB | peak on disk GiB | share "
          "| predicted | error | read GiB | written GiB | seconds |",
          "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        md.append(f"| {r['n']} | {r['segments']} ({r['stored']}, {r['resident']}) | "
                  f"{gib(r['budget_bytes'])} | {gib(r['bound_bytes'])} | {gib(r['peak_bytes'])} | "
                  f"{num(r['share'])} | {num(r['predicted_share'])} | "
                  f"{num(r['error'], '{:+.1%}')} | {gib(r['read_bytes'])} | "
                  f"{gib(r['written_bytes'])} | {num(r['seconds'], '{:.1f}')} |")
    verdict = (f"At n = {a.predict}: predicted share {pred:.4f} of the bound {gib(bound)} GiB, "
               f"about {gib(pred * bound)} GiB on disk; with the largest error seen "
               f"({margin:.1%}) as a margin, `--disk-share {advised:.4f}` "
               f"({gib(advised * bound)} GiB).")
    md += ["", verdict]
    write_table("disk_model.py", a.out, a.stem, markdown="\n".join(md) + "\n", fields=fields,
                rows=rows, command=shown, commit=the_commit, date=date, machine=the_machine,
                title=title, wall_seconds=round(wall, 1), summary=verdict)
    print(f"disk_model.py: wrote {os.path.join(a.out, a.stem)}.md, .csv, .meta.json",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
