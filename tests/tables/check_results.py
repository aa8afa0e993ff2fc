#!/usr/bin/env python3
"""Every table under results/ is in the one table format (issue "one table format"):
STEM.md, a plain STEM.csv (a header row, then rows: no `#` line) and STEM.meta.json
with the keys scripts/table_meta.py writes; the meta names the CSV, its commit is the
one in the Markdown's header, and no table was computed by a binary built from
uncommitted code (`-dirty`).

Tables not yet regenerated in this format are listed in AWAITING below, each by
name; the list only shrinks: a listed table that now passes fails the test until
it is removed from the list, so the list is always exactly the work left.

Usage: check_results.py REPO_ROOT
"""

import csv
import json
import re
import sys
from pathlib import Path

# The tables still to be regenerated in the one format (results/README.md says
# which command and how long); remove a name when its table is regenerated.
AWAITING: set[str] = set()
KEYS = {"command", "commit", "date", "machine", "partial", "summary", "table", "title",
        "wall_seconds"}
HEADER_COMMIT = re.compile(r"^(?:- commit: |Commit )([0-9a-f]{7,40}(?:-dirty)?)", re.M)


def problems_of(results, stem):
    """What keeps results/STEM from the one format (empty: nothing)."""
    md, csv_path, meta_path = (results / f"{stem}{ext}" for ext in (".md", ".csv", ".meta.json"))
    found = []
    if not csv_path.is_file():
        found.append("no .csv")
    else:
        with csv_path.open(newline="") as f:
            rows = list(csv.reader(f))
        if not rows or not rows[0] or rows[0][0].startswith("#"):
            found.append("the .csv does not start with a header row")
        elif len(rows) < 2:
            found.append("the .csv has no rows")
    if not meta_path.is_file():
        found.append("no .meta.json")
        return found
    try:
        meta = json.loads(meta_path.read_text())
    except json.JSONDecodeError as e:
        return found + [f"the .meta.json does not parse ({e})"]
    if set(meta) != KEYS:
        found.append(f"the .meta.json's keys differ: {sorted(set(meta) ^ KEYS)}")
    if meta.get("table") != f"{stem}.csv":
        found.append(f"the .meta.json names table {meta.get('table')!r}")
    commit = str(meta.get("commit", ""))
    if commit.endswith("-dirty") or not re.fullmatch(r"[0-9a-f]{7,40}", commit):
        found.append(f"commit {commit!r} is not a clean commit")
    header = HEADER_COMMIT.search(md.read_text())
    if not header or header.group(1) != commit:
        found.append(f"the Markdown's commit {header.group(1) if header else None!r} is not the "
                     f"meta's {commit!r}")
    return found


def main():
    results = Path(sys.argv[1]) / "results"
    stems = sorted(p.stem for p in results.glob("*.md") if p.name != "README.md")
    failures = []
    for stem in stems:
        found = problems_of(results, stem)
        if found and stem not in AWAITING:
            failures.append(f"results/{stem}: " + "; ".join(found))
        if not found and stem in AWAITING:
            failures.append(f"results/{stem} is in the one format now: remove it from AWAITING")
    for stem in sorted(AWAITING - set(stems)):
        failures.append(f"AWAITING names {stem}, which is not a table under results/")
    for line in failures:
        print("FAIL:", line)
    print(f"{len(stems)} tables, {len(AWAITING)} awaiting regeneration, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
