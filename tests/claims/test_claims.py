#!/usr/bin/env python3
"""Tests scripts/claims.py (the claims ledger) on small fixtures written here: a
table claim that holds, one that fails (refuted, with the counter-example), one with
fails_at, a join, an open claim, a custom check; and the errors that must stop the
generator with exit 1 (no matching row, an unknown column, a duplicate id, a line
past the seed's end, a fails_at that does hold).

Usage: test_claims.py REPO_ROOT BUILD_DIR   (ctest passes both)
"""

import csv
import subprocess
import sys
import tempfile
from pathlib import Path

root, build = Path(sys.argv[1]), Path(sys.argv[2])
script = root / "scripts" / "claims.py"
failures = []

TABLE = """\
variant,pegs,problem,n,optimum,formula,algorithm,moves
toy,3,X,1,1,1,rec,1
toy,3,X,2,3,3,rec,3
toy,3,X,3,7,7,rec,9
toy,3,X,4,15,16,rec,15
other,3,Y,1,1,,rec,1
other,3,Y,2,3,,rec,3
other,3,Y,3,5,,rec,5
other,3,Y,4,15,,rec,15
"""

GOOD = """\
[[claim]]
id = "002.toy.formula-small"
seed = "002"
line = 3
claim = "formula equals the optimum for n <= 3"
check = "table"
table = "toy"
where = { variant = "toy" }
expect = "optimum == formula"
n = [1, 3]

[[claim]]
id = "002.toy.rec-optimal"
seed = "002"
line = 4
claim = "rec is optimal"
check = "table"
table = "toy"
where = { variant = "toy", algorithm = "rec" }
expect = "moves == optimum"

[[claim]]
id = "002.toy.formula-except"
seed = "002"
line = 5
claim = "formula equals the optimum except at n = 4"
check = "table"
table = "toy"
where = { variant = "toy" }
expect = "optimum == formula"
fails_at = [4]

[[claim]]
id = "002.toy.join"
seed = "002"
line = 6
claim = "other is never slower than toy"
check = "join"
a = { table = "toy", where = { variant = "toy" } }
b = { table = "toy", where = { variant = "other" } }
expect = "b.optimum <= a.optimum"

[[claim]]
id = "002.toy.open"
seed = "002"
line = 7
claim = "something for n = 100"
check = "open"
needs = "a search of 4^100 states"

[[claim]]
id = "002.toy.custom"
seed = "002"
line = 8
claim = "hanoi lists classic"
check = "custom"
function = "selftest.lists_variant"
variant = "classic"
"""


def run(claims_text, *, tables=TABLE, seeds_lines=20, extra=()):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "claims").mkdir()
        (tmp / "claims" / "c.toml").write_text(claims_text)
        (tmp / "results").mkdir()
        (tmp / "results" / "toy.csv").write_text(tables)
        (tmp / "seeds").mkdir()
        (tmp / "seeds" / "002_x.txt").write_text("line\n" * seeds_lines)
        out = subprocess.run(
            [sys.executable, str(script), str(tmp / "claims"), "--results", str(tmp / "results"),
             "--build", str(build), "--out", str(tmp / "out"), "--seeds", str(tmp / "seeds"),
             *extra], capture_output=True, text=True)
        rows = {}
        md = ""
        if (tmp / "out" / "claims.csv").exists():
            with open(tmp / "out" / "claims.csv", newline="") as f:
                rows = {r["id"]: r for r in csv.DictReader(f)}
            md = (tmp / "out" / "claims.md").read_text()
        return out, rows, md


def expect(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


out, rows, md = run(GOOD)
expect(out.returncode == 0, f"good claims: exit {out.returncode}: {out.stderr[-500:]}")
if out.returncode == 0:
    v = {k: r["verdict"] for k, r in rows.items()}
    expect(v.get("002.toy.formula-small") == "confirmed", f"formula-small: {rows.get('002.toy.formula-small')}")
    expect(rows["002.toy.formula-small"]["scope"] == "n = 1..3", "scope of formula-small")
    expect(v.get("002.toy.rec-optimal") == "refuted", "rec-optimal should be refuted at n = 3")
    expect("n = 3" in rows["002.toy.rec-optimal"]["evidence"]
           and "moves = 9" in rows["002.toy.rec-optimal"]["evidence"],
           f"counter-example shown: {rows['002.toy.rec-optimal']['evidence']}")
    expect(v.get("002.toy.formula-except") == "confirmed", "fails_at [4] holds")
    expect(v.get("002.toy.join") == "confirmed", "join")
    expect(v.get("002.toy.open") == "open", "open")
    expect("4^100" in rows["002.toy.open"]["evidence"], "open says what it needs")
    expect(v.get("002.toy.custom") == "confirmed", f"custom: {rows.get('002.toy.custom')}")
    expect("| **all** | 6 | 4 | 1 | 1 |" in md, "summary line of the Markdown")
    expect("- commit: " in md and "- machine: " in md and "- wall time: " in md, "provenance")

# Each of these must stop the generator (exit 1) with one line naming the problem.
bad_cases = {
    "no matching row": (GOOD.replace('variant = "toy", algorithm = "rec"',
                                     'variant = "toy", algorithm = "nope"'), "no row matches"),
    "unknown column": (GOOD.replace('expect = "moves == optimum"', 'expect = "mvs == optimum"'),
                       "failed on"),
    "duplicate id": (GOOD.replace('id = "002.toy.join"', 'id = "002.toy.open"'), "id also in"),
    "line past the end": (GOOD.replace("line = 8", "line = 99"), "past the seed's end"),
    "fails_at that holds": (GOOD.replace("fails_at = [4]", "fails_at = [3, 4]"), None),
    "missing table": (GOOD.replace('table = "toy"\nwhere = { variant = "toy" }\nexpect = "optimum == formula"\nn',
                                   'table = "nosuch"\nwhere = { variant = "toy" }\nexpect = "optimum == formula"\nn'),
                      "does not exist"),
    "unknown key": (GOOD.replace('needs = "a search', 'neds = "a search'), "unknown key"),
}
for name, (text, message) in bad_cases.items():
    out, rows, _ = run(text)
    if message is None:
        # Not an error: the claim is refuted (the expression holds where fails_at says it fails).
        expect(out.returncode == 0 and rows.get("002.toy.formula-except", {}).get("verdict") == "refuted",
               f"{name}: should be refuted, got exit {out.returncode} {rows.get('002.toy.formula-except')}")
        continue
    expect(out.returncode == 1, f"{name}: exit {out.returncode}, want 1")
    expect(message in out.stderr, f"{name}: stderr should mention '{message}': {out.stderr.strip()[-300:]}")
    expect(len(out.stderr.strip().splitlines()) <= 2, f"{name}: a short error, got {out.stderr[-300:]}")

print("claims tests:", "FAILED " + str(len(failures)) if failures else "ok")
sys.exit(1 if failures else 0)
