#!/usr/bin/env python3
"""Tests the tables the experiment scripts write (issue "one table format"): on tiny
cases, experiments/disk_record.py, half_depth.py, beyond_ram.py and level_shape.py write
STEM.md, STEM.csv (a header row, then rows; no comment line) and STEM.meta.json
(the keys of scripts/table_meta.py, the Markdown header's command, commit, date and
machine) into --out, by default out/ under the current directory, never results/;
an --out that is a file, and a symbolic link where a table goes, are refused (exit 2,
one line) and left as they are.

Usage: test_tables.py REPO_ROOT HANOI   (ctest passes both)
"""

import csv
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

root, hanoi = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
sys.path.insert(0, str(root / "scripts"))
from table_meta import write_meta  # noqa: E402

failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(script, args, cwd):
    return subprocess.run([sys.executable, str(root / "experiments" / script), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "HANOI": str(hanoi)})


with tempfile.TemporaryDirectory() as d:
    write_meta(d, "x", command="", commit="", date="", machine="", title="", wall_seconds=0)
    META_KEYS = set(json.loads((Path(d) / "x.meta.json").read_text()))


def check_table(out, stem, fields, what):
    """The three files of OUT/STEM; returns the CSV's rows (or [])."""
    md, table, meta = (out / f"{stem}{ext}" for ext in (".md", ".csv", ".meta.json"))
    for f in (md, table, meta):
        expect(f.is_file(), f"{what}: {f.name} written")
    if not all(f.is_file() for f in (md, table, meta)):
        return []
    text = table.read_text()
    expect(not text.startswith("#") and "\n#" not in text, f"{what}: no comment line in the CSV")
    with open(table, newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        header = reader.fieldnames or []
    expect(not any("#" in h for h in header), f"{what}: CSV header {header} has no '#'")
    expect(header == fields, f"{what}: CSV columns {header}, want {fields}")
    m = json.loads(meta.read_text())
    expect(set(m) == META_KEYS, f"{what}: meta keys {sorted(m)}, want {sorted(META_KEYS)}")
    expect(m.get("table") == f"{stem}.csv", f"{what}: meta table {m.get('table')}")
    expect(m.get("partial") is False, f"{what}: meta partial {m.get('partial')}")
    header_md = md.read_text()
    for key, label in (("command", "command"), ("commit", "commit"), ("date", "date (UTC)"),
                       ("machine", "machine")):
        shown = re.search(rf"^- {re.escape(label)}: `?(.*?)`?(?: \(each row.*)?$", header_md, re.M)
        expect(shown is not None and shown.group(1) == m.get(key),
               f"{what}: meta {key} {m.get(key)!r} against the Markdown's "
               f"{shown.group(1) if shown else None!r}")
    wall = re.search(r"^- wall time: ([0-9.]+) s", header_md, re.M)
    expect(wall is not None and float(wall.group(1)) == m.get("wall_seconds"),
           f"{what}: meta wall time {m.get('wall_seconds')} against the Markdown's")
    expect(header_md.startswith(f"# {m.get('title')}\n"), f"{what}: meta title is the heading")
    return rows


with tempfile.TemporaryDirectory(prefix="hanoi-tables-test-") as tmp:
    tmp = Path(tmp)
    name = f"tables-test-{os.getpid()}"

    # disk_record.py with --out: the per-level counts, the headline in the summary.
    p = run("disk_record.py", [name, "--work-dir", str(tmp / "work"), "--out", str(tmp / "o"),
                               "--", "reves", "--pegs", "4", "-n", "5"], tmp)
    expect(p.returncode == 0, f"disk_record.py: exit {p.returncode}: {p.stderr[-300:]}")
    io_fields = ["distance", "states", "read_bytes", "written_bytes"]
    rows = check_table(tmp / "o", name, io_fields, "disk_record.py")
    expect([int(r["distance"]) for r in rows] == list(range(14)), "disk_record.py: distances 0..13")
    expect(sum(int(r["states"]) for r in rows) == 4**5, "disk_record.py: the levels sum to 4^5")
    # One invocation produced every level: each has its I/O, a whole number of bytes.
    expect(all(r["read_bytes"].isdigit() and r["written_bytes"].isdigit() for r in rows),
           "disk_record.py: every level's I/O given")
    meta = json.loads((tmp / "o" / f"{name}.meta.json").read_text())
    expect("--out " + str(tmp / "o") in meta["command"], "disk_record.py: --out in the command")
    expect("optimum 13" in meta["summary"] and "eccentricity 13" in meta["summary"]
           and "closed form 13" in meta["summary"], f"disk_record.py: summary {meta['summary']}")

    # Without --out: out/ under the current directory, nothing in the repository's results/.
    (tmp / "cwd").mkdir()
    p = run("disk_record.py", [name, "--work-dir", str(tmp / "work2"), "--", "reves", "--pegs",
                               "4", "-n", "5"], tmp / "cwd")
    expect(p.returncode == 0, f"disk_record.py (default out): exit {p.returncode}")
    check_table(tmp / "cwd" / "out", name, io_fields, "disk_record.py (default out)")
    expect(not any((root / "results").glob(f"{name}*")), "disk_record.py: nothing in results/")

    # disk_record.py on a run that stops unfinished (here refused for memory): a partial
    # table saying where it stands, the exit status passed on.
    p = run("disk_record.py", [name + "-partial", "--work-dir", str(tmp / "work3"), "--out",
                               str(tmp / "o"), "--", "reves", "--pegs", "4", "-n", "12",
                               "--max-memory", "1M"], tmp)
    expect(p.returncode != 0, "disk_record.py: a refused run exits non-zero")
    pmeta = tmp / "o" / f"{name}-partial.meta.json"
    expect(pmeta.is_file() and json.loads(pmeta.read_text()).get("partial") is True,
           "disk_record.py: an unfinished run leaves a partial table")
    pcsv = (tmp / "o" / f"{name}-partial.csv")
    prows = list(csv.DictReader(open(pcsv, newline=""))) if pcsv.is_file() else []
    expect(prows[:1] and prows[0]["quantity"] == "status"
           and prows[0]["value"].startswith("stopped, hanoi exited"),
           f"disk_record.py: the partial table's status {prows[:1]}")
    # A finished table is never replaced by a partial one.
    p = run("disk_record.py", [name, "--work-dir", str(tmp / "work4"), "--out", str(tmp / "o"),
                               "--", "reves", "--pegs", "4", "-n", "12", "--max-memory", "1M"],
            tmp)
    expect(p.returncode != 0 and json.loads((tmp / "o" / f"{name}.meta.json").read_text())
           .get("partial") is False, "disk_record.py: the finished table kept")

    # disk_record.py --expect-states: the time left from a progress line's states reached
    # and rate (the frontier engine prints no estimate of its own).
    sys.path.insert(0, str(root / "experiments"))
    import disk_record  # noqa: E402
    left = disk_record.expected_left({"what": "5 new, 1000 reached", "rate": "0.1"}, 1720)
    expect(left is not None and left.startswith("2.0 h"), f"disk_record.py: time left {left}")
    expect(disk_record.expected_left(None, 1720) is None
           and disk_record.expected_left({"what": "5 new", "rate": "0.1"}, 1720) is None,
           "disk_record.py: no time left without states reached")
    # A segment's line within a level carries the level's count from the line before.
    seg = {"what": "segment 3 of 9, 5 new", "rate": "0.1"}
    seg["reached"] = disk_record.reached_of(seg, 1000)
    left = disk_record.expected_left(seg, 1720)
    expect(left is not None and left.startswith("2.0 h"), f"disk_record.py: carried {left}")

    # level_shape.py (--small): a row per case, its levels counted from the search's.
    p = run("level_shape.py", ["--small", "--out", str(tmp / "shape")], tmp)
    expect(p.returncode == 0, f"level_shape.py: exit {p.returncode}: {p.stderr[-300:]}")
    rows = check_table(tmp / "shape", "level_shape",
                       ["case", "rank_space", "states", "levels", "mean_level", "largest_level",
                        "levels_inline", "levels_bitmap", "levels_bitmap_with_kernel",
                        "block_kernel", "seconds", "states_per_second", "levels_per_second"],
                       "level_shape.py")
    expect([r["case"] for r in rows] == ["Checkers DDDD n = 9", "Domino n = 6",
                                         "Rainbow DDD n = 8"], f"level_shape.py: rows {rows}")
    for r in rows:
        expect(int(r["largest_level"]) <= int(r["states"]) <= int(r["rank_space"])
               and int(r["levels_inline"]) <= int(r["levels"]), f"level_shape.py: row {r}")
    expect(rows and rows[0]["block_kernel"] == "yes" and rows[1]["block_kernel"] == "no",
           "level_shape.py: Checkers with the block kernel, Domino without")

    # disk_model.py: one row per n and the extrapolated one.
    p = run("disk_model.py", ["--n", "8,9,10", "--predict", "12", "--budget", "40M",
                              "--work-dir", str(tmp / "model"), "--out", str(tmp / "o")], tmp)
    expect(p.returncode == 0, f"disk_model.py: exit {p.returncode}: {p.stderr[-300:]}")
    rows = check_table(tmp / "o", "disk_model",
                       ["n", "segments", "stored", "resident", "budget_bytes", "bound_bytes",
                        "peak_bytes", "share", "predicted_share", "error", "read_bytes",
                        "written_bytes", "seconds", "eccentricity", "advised_share"],
                       "disk_model.py")
    expect([r["n"] for r in rows] == ["8", "9", "10", "12"], f"disk_model.py: rows {rows}")
    expect(rows and rows[-1]["predicted_share"] != "" and rows[2]["error"] != "",
           "disk_model.py: the model's prediction and error")
    expect(all(0 < float(r["share"]) <= 1 for r in rows[:3]), "disk_model.py: shares in (0, 1]")

    # half_depth.py: one row per n, with the Markdown table's columns.
    p = run("half_depth.py", [name, "--from", "1", "--to", "4", "--check-to", "3", "--out",
                              str(tmp / "o"), "--", "reves", "--pegs", "4"], tmp)
    expect(p.returncode == 0, f"half_depth.py: exit {p.returncode}: {p.stderr[-300:]}")
    rows = check_table(tmp / "o", name, ["n", "optimum", "stopped_at_depth", "states_reached",
                                         "rank_space", "full_search", "seconds",
                                         "peak_rss_bytes", "verdict"], "half_depth.py")
    expect([(r["n"], r["optimum"], r["full_search"], r["verdict"]) for r in rows] ==
           [("1", "1", "1", "ok"), ("2", "3", "3", "ok"), ("3", "5", "5", "ok"),
            ("4", "9", "", "ok")], f"half_depth.py: rows {rows}")
    (tmp / "cwd2").mkdir()
    p = run("half_depth.py", [name, "--from", "1", "--to", "2", "--", "reves", "--pegs", "4"],
            tmp / "cwd2")
    expect(p.returncode == 0 and (tmp / "cwd2" / "out" / f"{name}.csv").is_file(),
           "half_depth.py: default out is out/")
    expect(not any((root / "results").glob(f"{name}*")), "half_depth.py: nothing in results/")

    # beyond_ram.py: plans only (nothing is searched), one row per search.
    p = run("beyond_ram.py", ["--work-root", str(tmp / "records"), "--out", str(tmp / "o")], tmp)
    expect(p.returncode == 0, f"beyond_ram.py: exit {p.returncode}: {p.stderr[-300:]}")
    rows = check_table(tmp / "o", "beyond_ram",
                       ["name", "search", "arguments", "engine", "storage", "ranks",
                        "memory_planned_bytes", "budget_bytes", "segments", "stored_segments",
                        "resident_segments", "disk_bound_bytes", "free_disk_bytes", "verdict"],
                       "beyond_ram.py")
    expect(len(rows) > 0 and all(r["verdict"] for r in rows), "beyond_ram.py: rows with verdicts")

    # Refused, one line, exit 2: an --out that is a file; a link where a table goes.
    (tmp / "file").write_text("x")
    for script, args in (("disk_record.py", [name, "--work-dir", str(tmp / "work"), "--out",
                                             str(tmp / "file"), "--", "reves", "--pegs", "4",
                                             "-n", "5"]),
                         ("half_depth.py", [name, "--from", "1", "--to", "2", "--out",
                                            str(tmp / "file"), "--", "reves", "--pegs", "4"]),
                         ("beyond_ram.py", ["--out", str(tmp / "file")])):
        p = run(script, args, tmp)
        expect(p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
               and "not a directory" in p.stderr,
               f"{script}: --out a file: exit {p.returncode}, {p.stderr.strip()[-200:]!r}")
    expect((tmp / "file").read_text() == "x", "the file named by --out is left as it was")
    link = tmp / "o" / f"{name}.csv"
    link.unlink()
    link.symlink_to(tmp / "target")
    p = run("disk_record.py", [name, "--work-dir", str(tmp / "work"), "--out", str(tmp / "o"),
                               "--", "reves", "--pegs", "4", "-n", "5"], tmp)
    expect(p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
           and "not a regular file" in p.stderr,
           f"disk_record.py: a link at the CSV: exit {p.returncode}, {p.stderr.strip()[-200:]!r}")
    expect(link.is_symlink() and not (tmp / "target").exists(), "the link is left as it was")
    os.mkfifo(tmp / "o" / "beyond_ram.md.fifo")
    (tmp / "o" / "beyond_ram.md").unlink()
    os.rename(tmp / "o" / "beyond_ram.md.fifo", tmp / "o" / "beyond_ram.md")
    p = run("beyond_ram.py", ["--work-root", str(tmp / "records"), "--out", str(tmp / "o")], tmp)
    expect(p.returncode == 2 and "not a regular file" in p.stderr,
           f"beyond_ram.py: a FIFO at the Markdown: exit {p.returncode}")
    expect(not list((tmp / "o").glob("*.tmp")), "no temporary file left behind")

print("table tests:", "FAILED " + str(len(failures)) if failures else "ok")
sys.exit(1 if failures else 0)
