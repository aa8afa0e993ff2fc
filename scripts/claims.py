#!/usr/bin/env python3
"""The claims ledger: every checkable statement of the seeds, with a verdict.

    python3 scripts/claims.py experiments/claims [--results results] [--build build]
                              [--out results] [--only FILE ...] [--seeds DIR]

reads every `experiments/claims/*.toml` (docs/claims.md has the format), decides each
claim from its evidence -- rows of the committed tables in results/, tests of the
build (run here through ctest), custom checks in scripts/claims_checks/ -- and
writes OUT/claims.md and OUT/claims.csv with the command, commit, date, machine and
wall time in the header.  `bash experiments/claims.sh` first regenerates the tables
the ledger reads, then runs this.

Exit status: 0 when the ledger was written, 1 when a claim is malformed or its
evidence is missing (no table, no matching row, no such test, a check that raised),
2 for bad arguments.  A claim never silently becomes "open": only `check = "open"`
(with `needs`) or a custom check's own computation says so.
"""

import argparse
import csv
import importlib
import math
import os
import platform
import re
import subprocess
import sys
import time
import tomllib
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from claims_checks import KINDS, Verdict  # noqa: E402
from table_meta import write_meta  # noqa: E402

REPO = HERE.parent
SEED_NAMES = {
    "000": "Anderson, 3-colour tower",
    "001": "Er, The Colour Towers of Hanoi",
    "002": "Lunnon, The Tower of Hanoi and Variations",
    "003": "Ted's Computer World, Revisited Yet Again",
    "004": "Hanoi graphs and per-move formulas",
}
CHECK_KEYS = {
    "table": {"table", "where", "expect", "n", "fails_at"},
    "join": {"a", "b", "expect", "n", "fails_at"},
    "test": {"tests", "scope"},
    "custom": None,  # any keys: the function's parameters
    "open": {"needs"},
}
COMMON_KEYS = {"id", "seed", "line", "claim", "reading", "check"}


class ClaimError(Exception):
    """A malformed claim or missing evidence: the ledger is not written."""


# --- Evidence -------------------------------------------------------------------


def number(text):
    """A CSV field as int or float where it is one, else the text."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d*(e[-+]?\d+)?", text):
        return float(text)
    return text


class Context:
    """What the checks read: tables, the binary, tests."""

    def __init__(self, results, build):
        self.results = Path(results)
        self.build = Path(build)
        self.hanoi = str(self.build / "hanoi")
        self._tables = {}
        self.test_results = {}  # name -> "Passed" / "Failed" ...

    def table(self, name):
        if name not in self._tables:
            path = self.results / f"{name}.csv"
            if not path.is_file():
                raise ClaimError(f"table {path} does not exist")
            with open(path, newline="") as f:
                lines = [line for line in f if not line.startswith("#")]
            rows = list(csv.DictReader(lines))
            self._tables[name] = [{k: number(v) for k, v in r.items()} for r in rows]
        return self._tables[name]

    def run(self, args, timeout=600):
        out = subprocess.run([self.hanoi, *map(str, args)], capture_output=True, text=True,
                             timeout=timeout)
        if out.returncode not in (0, 1):
            raise ClaimError(f"hanoi {' '.join(map(str, args))}: exit {out.returncode}: "
                             f"{out.stderr.strip()[:300]}")
        return out.stdout


def select(rows, where, n_range, what):
    def matches(row):
        for key, want in where.items():
            if key not in row:
                raise ClaimError(f"{what}: no column '{key}'")
            if str(row[key]) != str(want):
                return False
        return True

    out = [r for r in rows if matches(r)]
    if n_range:
        out = [r for r in out if isinstance(r.get("n"), int) and n_range[0] <= r["n"] <= n_range[1]]
    if not out:
        raise ClaimError(f"{what}: no row matches {where}" + (f" for n in {n_range}" if n_range else ""))
    return out


SAFE = {"abs": abs, "min": min, "max": max, "math": math, "int": int, "float": float,
        "isinstance": isinstance, "str": str}


def evaluate(expr, names, what):
    try:
        return bool(eval(expr, {"__builtins__": {}, **SAFE}, names))  # noqa: S307 (our own files)
    except Exception as e:  # a typo in a claim file, or a column that is text
        raise ClaimError(f"{what}: expect '{expr}' failed on {names}: {e}") from e


def decide_rows(claim, pairs, describe):
    """pairs: [(n, names)] in n order.  Applies expect and fails_at."""
    expect = claim["expect"]
    fails_at = set(claim.get("fails_at", []))
    ns = [n for n, _ in pairs]
    results = [(n, evaluate(expect, names, claim["id"]), names) for n, names in pairs]
    missing = fails_at - set(ns)
    if missing:
        raise ClaimError(f"{claim['id']}: fails_at {sorted(missing)} has no row")
    scope = f"n = {span(ns)}"
    for n, ok, names in results:
        if ok == (n in fails_at):
            why = "holds" if ok else "fails"
            return Verdict("refuted", scope, f"{expect} {why} at n = {n}: {describe(names)}")
    text = f"{expect} on every n"
    if fails_at:
        text += f" except exactly n = {', '.join(map(str, sorted(fails_at)))}"
    return Verdict("confirmed", scope, text)


def span(ns):
    ns = sorted(set(ns))
    if not ns:
        return "none"
    if ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}..{ns[-1]}" if len(ns) > 1 else str(ns[0])
    return ", ".join(map(str, ns))


def words_of(row, keys):
    return ", ".join(f"{k} = {row[k]}" for k in keys if k in row)


def identifiers(expr):
    words = re.findall(r"[A-Za-z_][A-Za-z_0-9]*", expr)
    return list(dict.fromkeys(w for w in words if w not in SAFE and w not in ("and", "or", "not")))


def check_table(claim, ctx):
    rows = select(ctx.table(claim["table"]), claim.get("where", {}), claim.get("n"),
                  f"{claim['id']}: table {claim['table']}")
    by_n = {}
    for r in rows:
        by_n.setdefault(r["n"], []).append(r)
    pairs = [(r["n"], r) for r in sorted(rows, key=lambda r: r["n"])]
    keys = identifiers(claim["expect"])
    v = decide_rows(claim, pairs, lambda r: words_of(r, keys))
    v.evidence = f"results/{claim['table']}.csv ({len(rows)} rows): {v.evidence}"
    return v


def check_join(claim, ctx):
    sides = {}
    for side in ("a", "b"):
        spec = claim[side]
        rows = select(ctx.table(spec["table"]), spec.get("where", {}), claim.get("n"),
                      f"{claim['id']}: {side} = table {spec['table']}")
        by_n = {}
        for r in rows:
            if r["n"] in by_n:
                raise ClaimError(f"{claim['id']}: {side} has two rows for n = {r['n']} "
                                 f"(narrow its where)")
            by_n[r["n"]] = r
        sides[side] = by_n
    common = sorted(set(sides["a"]) & set(sides["b"]))
    if not common:
        raise ClaimError(f"{claim['id']}: the two sides share no n")
    pairs = [(n, {"a": SimpleNamespace(**sides["a"][n]), "b": SimpleNamespace(**sides["b"][n]),
                  "n": n}) for n in common]
    keys = re.findall(r"\b[ab]\.[A-Za-z_][A-Za-z_0-9]*", claim["expect"])

    def describe(names):
        return ", ".join(f"{k} = {getattr(names[k[0]], k[2:], '?')}" for k in dict.fromkeys(keys))

    v = decide_rows(claim, pairs, describe)
    v.evidence = (f"results/{claim['a']['table']}.csv against results/{claim['b']['table']}.csv: "
                  f"{v.evidence}")
    return v


def check_test(claim, ctx):
    names = claim["tests"]
    bad = [t for t in names if ctx.test_results.get(t) != "Passed"]
    if bad:
        return Verdict("refuted", claim.get("scope", ""),
                       "test(s) did not pass: " + ", ".join(f"{t} ({ctx.test_results.get(t)})"
                                                            for t in bad))
    return Verdict("confirmed", claim.get("scope", ""), "test(s) passed: " + ", ".join(names))


def check_custom(claim, ctx):
    module, _, func = claim["function"].rpartition(".")
    if not module:
        raise ClaimError(f"{claim['id']}: function must be module.name")
    try:
        f = getattr(importlib.import_module(f"claims_checks.{module}"), func)
    except (ImportError, AttributeError) as e:
        raise ClaimError(f"{claim['id']}: no check {claim['function']} ({e})") from e
    try:
        v = f(claim, ctx)
    except ClaimError:
        raise
    except Exception as e:
        raise ClaimError(f"{claim['id']}: {claim['function']} raised {type(e).__name__}: {e}") from e
    if not isinstance(v, Verdict):
        raise ClaimError(f"{claim['id']}: {claim['function']} did not return a Verdict")
    return v


def check_open(claim, ctx):
    return Verdict("open", "", "needs " + claim["needs"])


CHECKS = {"table": check_table, "join": check_join, "test": check_test,
          "custom": check_custom, "open": check_open}

# --- Claims ---------------------------------------------------------------------


def read_claims(directory, only, seeds_dir):
    files = sorted(Path(directory).glob("*.toml"))
    if only:
        files = [f for f in files if f.name in only]
        if not files:
            raise ClaimError(f"--only {only}: no such file in {directory}")
    if not files:
        raise ClaimError(f"no claim files in {directory}")
    seed_lines = {}
    if seeds_dir and Path(seeds_dir).is_dir():
        for p in Path(seeds_dir).glob("*.txt"):
            with open(p, encoding="utf-8", errors="replace") as f:
                seed_lines[p.name[:3]] = sum(1 for _ in f)
    claims, seen = [], {}
    for path in files:
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise ClaimError(f"{path}: {e}") from e
        unknown = set(data) - {"claim"}
        if unknown:
            raise ClaimError(f"{path}: unknown top-level key(s) {sorted(unknown)}")
        for i, c in enumerate(data.get("claim", []), 1):
            where = f"{path.name} claim {i}"
            for key in ("id", "seed", "line", "claim", "check"):
                if key not in c:
                    raise ClaimError(f"{where}: '{key}' is required")
            where = f"{path.name} {c['id']}"
            if c["id"] in seen:
                raise ClaimError(f"{where}: id also in {seen[c['id']]}")
            seen[c["id"]] = path.name
            if c["seed"] not in SEED_NAMES:
                raise ClaimError(f"{where}: seed must be one of {sorted(SEED_NAMES)}")
            if not isinstance(c["line"], int) or c["line"] < 1:
                raise ClaimError(f"{where}: line must be a positive integer")
            if c["seed"] in seed_lines and c["line"] > seed_lines[c["seed"]]:
                raise ClaimError(f"{where}: line {c['line']} is past the seed's end "
                                 f"({seed_lines[c['seed']]} lines)")
            if c["check"] not in CHECKS:
                raise ClaimError(f"{where}: check must be one of {sorted(CHECKS)}")
            allowed = CHECK_KEYS[c["check"]]
            if allowed is not None:
                extra = set(c) - COMMON_KEYS - allowed
                if extra:
                    raise ClaimError(f"{where}: unknown key(s) {sorted(extra)} for check "
                                     f"'{c['check']}'")
            required = {"table": ["table", "expect"], "join": ["a", "b", "expect"],
                        "test": ["tests"], "custom": ["function"], "open": ["needs"]}
            for key in required[c["check"]]:
                if key not in c:
                    raise ClaimError(f"{where}: check '{c['check']}' needs '{key}'")
            c["_file"] = path.name
            claims.append(c)
    return claims


def run_tests(claims, ctx):
    names = sorted({t for c in claims if c["check"] == "test" for t in c["tests"]})
    if not names:
        return
    listed = subprocess.run(["ctest", "--test-dir", str(ctx.build), "-N"], capture_output=True,
                            text=True)
    known = set(re.findall(r"Test +#\d+: (\S+)", listed.stdout))
    missing = [t for t in names if t not in known]
    if missing:
        raise ClaimError(f"no such test(s) in {ctx.build}: {', '.join(missing)}")
    regex = "^(" + "|".join(re.escape(t) for t in names) + ")$"
    print(f"[claims] running {len(names)} tests", file=sys.stderr)
    out = subprocess.run(["ctest", "--test-dir", str(ctx.build), "-R", regex, "-j",
                          str(os.cpu_count() or 1)], capture_output=True, text=True)
    for name, status in re.findall(r"Test +#\d+: (\S+) \.+[ *]*(\w+)", out.stdout):
        ctx.test_results[name] = status


# --- Output ---------------------------------------------------------------------


def git_commit():
    def git(*args):
        r = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)
        return r.stdout.strip() if r.returncode == 0 else ""

    h = git("rev-parse", "--short", "HEAD")
    if not h:
        return "unknown"
    if git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!results"):
        h += "-dirty"
    return h


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            kib = int(f.readline().split()[1])
        ram = f"{kib / 1024 / 1024:.2f} GiB"
    except OSError:
        ram = "unknown"
    return f"{platform.node()}, {model}, {os.cpu_count()} cores, {ram} RAM"


def md_cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def write_outputs(out_dir, claims, verdicts, command, wall):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    fields = ["id", "seed", "line", "claim", "reading", "check", "verdict", "scope", "evidence"]
    rows = []
    for c, v in zip(claims, verdicts):
        rows.append({"id": c["id"], "seed": c["seed"], "line": c["line"], "claim": c["claim"],
                     "reading": c.get("reading", ""), "check": c["check"], "verdict": v.kind,
                     "scope": v.scope, "evidence": v.evidence})
    tmp = out / "claims.csv.tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, out / "claims.csv")

    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    commit = git_commit()
    lines = ["# Claims ledger: every checkable statement of the seeds, decided", "",
             f"- command: `{command}`", f"- commit: {commit}", f"- date (UTC): {now}",
             f"- machine: {machine()}", f"- wall time: {wall:.1f} s", "",
             "Generated by scripts/claims.py from experiments/claims/*.toml (format: "
             "docs/claims.md); never edited by hand.  **confirmed**: the evidence agrees on "
             "the whole scope (a statement about all n is confirmed only as far as it was "
             "checked); **refuted**: the evidence contradicts it (first counter-example "
             "shown); **open**: not decided here, and what deciding it needs.", "",
             "| seed | claims | confirmed | refuted | open |", "|---|---:|---:|---:|---:|"]
    for seed in SEED_NAMES:
        ks = [v.kind for c, v in zip(claims, verdicts) if c["seed"] == seed]
        lines.append(f"| {seed} {SEED_NAMES[seed]} | {len(ks)} | " +
                     " | ".join(str(ks.count(k)) for k in KINDS) + " |")
    ks = [v.kind for v in verdicts]
    lines.append(f"| **all** | {len(ks)} | " + " | ".join(str(ks.count(k)) for k in KINDS) + " |")
    for kind in ("refuted", "open"):
        sel = [(c, v) for c, v in zip(claims, verdicts) if v.kind == kind]
        if sel:
            lines += ["", f"**{kind.capitalize()}:** " +
                      ", ".join(f"[{c['id']}](#{anchor(c['id'])})" for c, _ in sel) + "."]
    for seed in SEED_NAMES:
        sel = [(c, v) for c, v in zip(claims, verdicts) if c["seed"] == seed]
        if not sel:
            continue
        lines += ["", f"## Seed {seed}: {SEED_NAMES[seed]}", "",
                  "| id | line | claim | reading | verdict | scope | evidence |",
                  "|---|---:|---|---|---|---|---|"]
        for c, v in sel:
            lines.append(f"| <a id=\"{anchor(c['id'])}\"></a>{md_cell(c['id'])} | {c['line']} | "
                         f"{md_cell(c['claim'])} | {md_cell(c.get('reading', ''))} | "
                         f"**{v.kind}** | {md_cell(v.scope)} | {md_cell(v.evidence)} |")
    tmp = out / "claims.md.tmp"
    tmp.write_text("\n".join(lines) + "\n")
    os.replace(tmp, out / "claims.md")
    ks = [v.kind for v in verdicts]
    write_meta(out, "claims", command=command, commit=commit, date=now, machine=machine(),
               title="Claims ledger: every checkable statement of the seeds, decided",
               wall_seconds=wall,
               summary=f"{len(ks)} claims: " + ", ".join(f"{ks.count(k)} {k}" for k in KINDS))


def anchor(cid):
    return re.sub(r"[^a-z0-9-]", "-", cid.lower())


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("claims", help="directory of claim files (experiments/claims)")
    ap.add_argument("--results", default=str(REPO / "results"), help="tables read as evidence")
    ap.add_argument("--build", default=str(REPO / "build"), help="build tree (hanoi, tests)")
    ap.add_argument("--out", default=str(REPO / "results"), help="where claims.md/.csv go")
    ap.add_argument("--seeds", default=str(REPO.parent / "shared" / "seeds"),
                    help="the seed files, to check line numbers (skipped when absent)")
    ap.add_argument("--only", nargs="+", help="only these claim files (names in the directory)")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    ctx = Context(args.results, args.build)
    try:
        if not Path(ctx.hanoi).is_file():
            raise ClaimError(f"{ctx.hanoi} is not built (scripts/build.sh)")
        claims = read_claims(args.claims, args.only, args.seeds)
        run_tests(claims, ctx)
        verdicts = []
        for i, c in enumerate(claims, 1):
            t = time.monotonic()
            v = CHECKS[c["check"]](c, ctx)
            verdicts.append(v)
            dt = time.monotonic() - t
            print(f"[claims] {i}/{len(claims)} {c['id']}: {v.kind}" +
                  (f" ({dt:.1f} s)" if dt >= 1 else ""), file=sys.stderr)
    except ClaimError as e:
        print(f"claims: {e}", file=sys.stderr)
        return 1
    rel = os.path.relpath
    command = "python3 scripts/claims.py " + " ".join(
        [rel(args.claims, REPO)] + (["--only", *args.only] if args.only else []))
    write_outputs(args.out, claims, verdicts, command, time.monotonic() - t0)
    counts = {k: sum(v.kind == k for v in verdicts) for k in KINDS}
    print(f"[claims] {len(claims)} claims: " + ", ".join(f"{v} {k}" for k, v in counts.items()) +
          f"; wrote {Path(args.out) / 'claims.md'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
