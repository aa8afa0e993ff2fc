#!/usr/bin/env python3
"""Results that cannot go stale (issue 61): reruns every row of the committed tables
under results/ that takes well under a second, and compares every number the table
holds for that row with the fresh run.

Usage: rerun_results.py REPO_ROOT HANOI   (ctest passes both)

REPO_ROOT must hold results/ (the tables compared), experiments/ (the batches and
scripts that made them) and scripts/; nothing is written there: every fresh table
goes to a temporary directory.  Exit 0 when every number agrees, 1 with one line per
disagreeing number (`MISMATCH table | row | column | table's value | fresh value`)
and one `ERROR` line for each rerun that could not run at all.  The last line is
`[rerun] T tables, R rows rerun, N numbers compared, S skipped (reasons...)`.

How a row is rerun
------------------
* `hanoi verify` tables (the meta's command is `hanoi verify experiments/X.toml`):
  the batch is read (tomllib), each of its rows is narrowed to the n whose cells are
  cheap (below), written to a temporary X.toml and run with `hanoi verify --fresh -q
  --no-plots --out TMP`; the fresh X.csv is compared row by row (keyed by KEYS[kind])
  with the committed one, and so are X.levels.csv (each level of every (variant,
  pegs, problem, n) the fresh run wrote, where the table holds the same n: a row's
  levels are those of its largest n; each other profile of the table of at most
  ROW_STATES states, within LEVEL_STATES a table, by `hanoi optimum VARIANT -n N
  --pegs P --problem CODE --levels --json`, at the table's levels), X.graphs.csv
  (atlas: a graph's n-independent columns always; max_optimum and max_eccentricity
  where the fresh n is the table's) and the atlas b-files X.b/* (each `n a(n)` line
  of the fresh file).  A fresh row the table lacks, or a cheap table row the fresh
  run did not give, is a disagreement too.  Kinds: optimum (the default kind), frame,
  structure, compare, atlas.
* adjacent4_half: experiments/half_depth.py itself, with --from 1 --to K.
* level_shape: `hanoi optimum ARGS --levels --json` for each cheap case, the derived
  columns by experiments/level_shape.py's own functions.
* approximations: the exact counts by `hanoi run` (n <= 31, where the encoder
  reaches), n > 31 and the ratios by experiments/approximations.py's own functions
  (the script itself writes into results/, so it is not run).
* beyond_ram: experiments/beyond_ram.py --out TMP (plans only: nothing is searched).

Which rows are cheap
--------------------
A row is rerun when the table's own seconds column says it took under ROW_SECONDS;
a table without one (the optimum batches) is judged by its states: at most
ROW_STATES.  A batch row's n range is cut at the first n that is not cheap (the
cost grows with n).  To keep the whole test within a minute on 2 cores, each table
then takes its cheap cells by increasing n, all its batch rows together, while the
table's own seconds (or states) of the cells taken stay within TABLE_SECONDS (or
TABLE_STATES); the rest are counted as skipped, "beyond the table's budget".  The
choice depends on the committed table only, so it is the same on every run.

Columns not compared (EXCLUDED, per table or for every table; each says why).

Covered: the verify tables antwerp, checkers, checkers_codes, default, lundon,
multistack, reversi, reversi_codes, er, frame, frame_every_disc,
structure, structure_sym, atlas3, atlas_connected, atlas_strong4 (its 5-peg row,
which writes graphs.csv rows only, on the first ATLAS_SAMPLE_GRAPHS graphs), and
adjacent4_half, level_shape, approximations, beyond_ram.
Not covered, and why:
* verify tables none of whose rows is cheap (every cell > 10^6 states): antwerp6,
  checkers21, checkers_big, checkers_n24, checkers_n25, domino_big, domino_huge,
  domino_n20, domino_n21 (read, nothing to rerun; their rows count as skipped);
* the disk and frontier records (one search of minutes to hours each, the table its
  per-level counts): adjacent4_n19_frontier, adjacent4_n20_frontier,
  checkers_n25_meet, checkers_n26, checkers_n26_meet, checkers_n27_meet, reves4_n18,
  reves4_n19, reves4_n20, reves4_n20_meet, reves5_n16, reves5_n17_meet, reves6_n14,
  reves6_n15_meet;
* disk_model, disk_model_checkers: each row a disk-mode search of 2 s and more, its
  numbers (peak bytes, shares, I/O) depending on when checkpoints fall;
* the benchmarks, whose numbers are this machine's timings and rates: bench,
  bench_antwerp, bench_block, bench_compare, bench_disk, bench_er, bench_lattice,
  bench_mpi, bench_symmetry, build_time;
* claims: a ledger over the other tables (its `table` checks read results/, which
  this test reruns) and over the test suite itself (its `test` checks run ctest);
  the whole ledger takes a minute.
A table under results/ that is in neither list fails the test, so a new table is
placed in one of them.

Measured (2026-12-07, the 2-core machine, shared with a build, load average 5 to
10): 20 tables, 11435 rows, about 2.0e5 numbers (21 level profiles), 17 to 40 s wall,
16 CPU seconds; every number agreed.  The scratch is on /dev/shm where there is one
(a batch's journal syncs every cell: on disk the same run took twice as long).
"""

import csv
import json
import math
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

sys.dont_write_bytecode = True  # the scripts imported below leave no __pycache__ behind

ROW_SECONDS = 1.0        # a row is cheap when the table's own seconds say < 1 s
ROW_STATES = 10**6       # ... or, where there is no seconds column, its states
TABLE_SECONDS = 2.0      # the table's own seconds of the rows rerun, per table
TABLE_STATES = 4 * 10**6  # the states of the rows rerun, per table without seconds
LEVEL_STATES = 4 * 10**6  # the states of the level profiles rerun alone, per table
ATLAS_SAMPLE_GRAPHS = 15  # an atlas row without detail (graphs.csv only): its first graphs

# Columns never compared, in every table that has them.
EXCLUDED = {
    "seconds": "a row's wall time: this machine's load",
}
# Columns not compared in one table.
EXCLUDED_IN = {
    "adjacent4_half": {"seconds": "wall time", "peak_rss_bytes": "the process's memory "
                       "(allocator, page sizes)"},
    "level_shape": {"seconds": "wall time", "states_per_second": "a rate",
                    "levels_per_second": "a rate"},
    "beyond_ram": {"free_disk_bytes": "the free space where the work directory would be",
                   # Only where the row has a disk bound: it is compared with the free space.
                   "verdict@disk": "a disk plan's verdict weighs its bound against the free space"},
}

# The columns that name a row (its key), by batch kind; every other column is compared.
KEYS = {
    "optimum": ["variant", "pegs", "problem", "n", "algorithm"],
    "frame": ["variant", "pegs", "problem", "n"],
    "structure": ["variant", "pegs", "problem", "n", "measure"],
    "compare": ["variant", "problem", "target", "algorithm", "n"],
    "atlas": ["class", "pegs", "graph", "from", "to", "n"],
}
LEVEL_KEY = ["variant", "pegs", "problem", "n"]
GRAPH_KEY = ["class", "pegs", "graph"]
GRAPH_N_COLUMNS = {"n", "max_optimum", "max_eccentricity"}  # the rest do not depend on n

# Tables this test does not rerun (the docstring says why).
NOT_RERUN = {
    "adjacent4_n19_frontier": "disk/frontier record",
    "adjacent4_n20_frontier": "disk/frontier record",
    "checkers_n25_meet": "disk/frontier record", "checkers_n26": "disk/frontier record",
    "checkers_n26_meet": "disk/frontier record", "checkers_n27_meet": "disk/frontier record",
    "reves4_n18": "disk/frontier record", "reves4_n19": "disk/frontier record",
    "reves4_n20": "disk/frontier record", "reves4_n20_meet": "disk/frontier record",
    "reves5_n16": "disk/frontier record", "reves5_n17_meet": "disk/frontier record",
    "reves6_n14": "disk/frontier record", "reves6_n15_meet": "disk/frontier record",
    "disk_model": "disk-mode rows over 1 s", "disk_model_checkers": "disk-mode rows over 1 s",
    "bench": "benchmark", "bench_antwerp": "benchmark", "bench_block": "benchmark",
    "bench_compare": "benchmark", "bench_disk": "benchmark", "bench_er": "benchmark",
    "bench_lattice": "benchmark", "bench_mpi": "benchmark", "bench_symmetry": "benchmark",
    "build_time": "benchmark",
    "claims": "ledger over the other tables and the test suite",
}

root, hanoi = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
results = root / "results"
mismatches: list[str] = []
errors: list[str] = []
skipped: Counter = Counter()  # table rows not rerun, by reason
noted: Counter = Counter()  # the rest not compared: tables, level profiles, cells
ROWS_SLOW = f"rows of {ROW_SECONDS:g} s or more (or after one in n)"
ROWS_BIG = f"rows over {ROW_STATES:.0e} states (or after one in n)"
ROWS_BUDGET = "rows beyond the table's budget"
stats = {"tables": 0, "rows": 0, "numbers": 0, "profiles": 0}


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def same(a, b):
    """Equal as written, or as numbers (a float to 12 digits: the scripts' ratios)."""
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except (TypeError, ValueError):
        return False
    return math.isclose(x, y, rel_tol=1e-12, abs_tol=0.0)


def excluded(table, column, row=None):
    if column in EXCLUDED:
        return True
    per = EXCLUDED_IN.get(table, {})
    if column in per:
        return True
    return (column + "@disk") in per and row is not None and row.get("disk_bound_bytes")


def compare_row(table, what, old, new, columns=None):
    """Every column of NEW (or COLUMNS) against OLD; one line per difference."""
    for col in (columns if columns is not None else new.keys()):
        if excluded(table, col, old):
            continue
        stats["numbers"] += 1
        o, f = old.get(col), new.get(col)
        if o is None or not same(o, f):
            mismatches.append(f"MISMATCH {table} | {what} | {col} | table: {o!r} | fresh: {f!r}")


def label(row, key):
    return " ".join(f"{k}={row.get(k, '')}" for k in key)


def cpu_seconds():
    """The CPU time of this process and its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(cmd, timeout=120, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                          timeout=timeout, **kw)


# --- hanoi verify tables --------------------------------------------------------------

def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise ValueError(f"cannot write {v!r} as TOML")


def write_batch(path, batch, rows):
    lines = [f"{k} = {toml_value(v)}" for k, v in batch.items() if k != "row"]
    for r in rows:
        lines += ["", "[[row]]"] + [f"{k} = {toml_value(v)}" for k, v in r.items()]
    path.write_text("\n".join(lines) + "\n")


def n_range(row):
    n = row["n"]
    return (n, n) if isinstance(n, int) else (n[0], n[1])


def belongs(kind, brow, r):
    """Whether table row R is a cell of batch row BROW."""
    lo, hi = n_range(brow)
    if not lo <= int(r["n"]) <= hi:
        return False
    if kind == "atlas":
        cls = {"graph": "connected", "digraph": "strongly-connected"}[brow["variant"]]
        return r["class"] == cls and r["pegs"] == str(brow["pegs"])
    if r["variant"] != brow["variant"]:
        return False
    if "pegs" in brow and r.get("pegs") != str(brow["pegs"]):
        return False
    if brow.get("problem", "*") != "*" and r["problem"] != brow["problem"]:
        return False
    if kind == "structure" and r["measure"] != brow.get("measure", "eccentricity"):
        return False
    if kind == "compare" and (r["algorithm"] != brow.get("algorithm", r["algorithm"])
                              or r["target"] != str(brow.get("target", r["target"]))):
        return False
    return True


def cost_of(r, by_seconds):
    return float(r["seconds"]) if by_seconds else int(r["states"])


def cheap(r, by_seconds):
    if by_seconds:
        return float(r["seconds"]) < ROW_SECONDS
    return r["states"].isdigit() and int(r["states"]) <= ROW_STATES


def narrow(table, kind, batch_rows, old_rows):
    """The batch rows cut to the cheap n within the table's budget, and the table rows
    they cover (the rest are counted in `skipped`)."""
    by_seconds = bool(old_rows) and "seconds" in old_rows[0]
    budget = TABLE_SECONDS if by_seconds else TABLE_STATES
    cells = []  # per batch row: {n: [table rows]}
    for brow in batch_rows:
        per_n = defaultdict(list)
        for r in old_rows:
            if belongs(kind, brow, r):
                per_n[int(r["n"])].append(r)
        cells.append(per_n)
    # Each row's cheap prefix of n.
    limit = []
    for brow, per_n in zip(batch_rows, cells):
        lo, hi = n_range(brow)
        top = lo - 1
        for n in range(lo, hi + 1):
            if not per_n.get(n):
                continue  # a cell the table lacks: rerun if a larger n is cheap
            if not all(cheap(r, by_seconds) for r in per_n[n]):
                break
            top = n
        limit.append(top)
    # Then by increasing n across the rows, within the budget.
    taken = [n_range(b)[0] - 1 for b in batch_rows]
    spent, full = 0.0, False
    for n in range(min(taken) + 1, max(limit) + 1):
        for i, per_n in enumerate(cells):
            if full or n > limit[i] or n != taken[i] + 1:
                continue
            c = sum(cost_of(r, by_seconds) for r in per_n.get(n, []))
            if spent + c > budget:
                full = True
                continue
            spent += c
            taken[i] = n
    made = {id(r) for per_n in cells for rs in per_n.values() for r in rs}
    skipped["rows no row of the batch makes (the batch changed?)"] += sum(
        1 for r in old_rows if id(r) not in made)
    out_rows, covered = [], []
    for brow, per_n, top, lim in zip(batch_rows, cells, taken, limit):
        lo, hi = n_range(brow)
        for n, rs in per_n.items():
            if n <= top:
                covered += rs
            else:
                skipped[ROWS_BUDGET if n <= lim else ROWS_SLOW if by_seconds else
                        ROWS_BIG] += len(rs)
        if top >= lo:
            r = dict(brow)
            r["n"] = top if top == lo and isinstance(brow["n"], int) else [lo, top]
            out_rows.append(r)
    return out_rows, covered


def verify_table(stem, batch_path, tmp):
    batch = tomllib.loads(batch_path.read_text())
    kind = batch.get("kind", "optimum")
    if kind not in KEYS:
        errors.append(f"ERROR {stem}: batch kind {kind!r} has no key columns in KEYS")
        return
    key = KEYS[kind]
    old_rows = read_csv(results / f"{stem}.csv")
    batch_rows = [dict(r) for r in batch.get("row", [])]
    for r in batch_rows:  # a published file relative to the repository
        if "published" in r and not os.path.isabs(r["published"]):
            r["published"] = str(root / r["published"])
    old_graphs = (read_csv(results / f"{stem}.graphs.csv")
                  if (results / f"{stem}.graphs.csv").is_file() else [])
    detail_free = []  # atlas rows without detail: graphs.csv rows only, sampled
    plain = []
    for brow in batch_rows:
        if kind == "atlas" and brow.get("detail", True) is False:
            detail_free.append(brow)
        else:
            plain.append(brow)
    new_batch_rows, covered = narrow(stem, kind, plain, old_rows)
    for brow in detail_free:
        r = dict(brow)
        r["graphs"] = [1, ATLAS_SAMPLE_GRAPHS]
        new_batch_rows.append(r)
        cls = {"graph": "connected", "digraph": "strongly-connected"}[brow["variant"]]
        n_graphs = sum(1 for g in old_graphs
                       if g["class"] == cls and g["pegs"] == str(brow["pegs"]))
        skipped[f"graphs.csv rows beyond the first {ATLAS_SAMPLE_GRAPHS} graphs of an atlas "
                "row without detail"] += max(0, n_graphs - ATLAS_SAMPLE_GRAPHS)
    if not new_batch_rows:
        noted["verify tables with no cheap row"] += 1
        print(f"[rerun] {stem}: no row under the bound", file=sys.stderr)
        levels_of(stem, tmp / "no-run", batch_rows, old_rows)  # a cheap profile alone
        return
    work = tmp / stem
    work.mkdir()
    write_batch(work / f"{stem}.toml", batch, new_batch_rows)
    p = run([hanoi, "verify", work / f"{stem}.toml", "--out", work / "out", "--fresh", "-q",
             "--no-plots"], timeout=300, cwd=work)
    if p.returncode not in (0, 1) or not (work / "out" / f"{stem}.csv").is_file():
        errors.append(f"ERROR {stem}: hanoi verify exited {p.returncode}: "
                      f"{p.stderr.strip()[-400:]}")
        return
    stats["tables"] += 1
    fresh = read_csv(work / "out" / f"{stem}.csv")
    old_by = defaultdict(list)
    for r in old_rows:
        old_by[tuple(r[k] for k in key)].append(r)
    seen = Counter()
    for r in fresh:
        k = tuple(r[c] for c in key)
        olds = old_by.get(k)
        if not olds:
            mismatches.append(f"MISMATCH {stem} | {label(r, key)} | (row) | table: none | "
                              "fresh: a row")
            continue
        old = olds[min(seen[k], len(olds) - 1)]  # a repeated key: the i-th of them
        seen[k] += 1
        compare_row(stem, label(r, key), old, r)
        stats["rows"] += 1
    fresh_keys = {tuple(r[c] for c in key) for r in fresh}
    for r in covered:
        if tuple(r[c] for c in key) not in fresh_keys:
            mismatches.append(f"MISMATCH {stem} | {label(r, key)} | (row) | table: a row | "
                              "fresh: none")
    levels_of(stem, work / "out", batch_rows, old_rows)
    graphs_of(stem, work / "out", old_graphs)
    bfiles_of(stem, work / "out")
    shutil.rmtree(work)  # a small tmpfs holds one table's run at a time


def compare_levels(stem, what, old, fresh):
    """One level profile: {level: states} of the table against the fresh run's."""
    stats["profiles"] += 1
    if set(fresh) != set(old):
        mismatches.append(f"MISMATCH {stem}.levels | {what} | (levels) | table: {len(old)} "
                          f"levels up to {max(map(int, old))} | fresh: {len(fresh)} levels up "
                          f"to {max(map(int, fresh))}")
    for lv, s in fresh.items():
        if lv not in old:
            continue
        stats["numbers"] += 1
        if old[lv] != s:
            mismatches.append(f"MISMATCH {stem}.levels | {what} level={lv} | states | "
                              f"table: {old[lv]!r} | fresh: {s!r}")


# The batch keys that a level profile's key (variant, pegs, problem, n) says all of: a
# table whose rows carry any other (edges, start, goal, ...) has its profiles rerun
# only by its batch.
PROFILE_ROW_KEYS = {"variant", "pegs", "problem", "n", "algorithms", "bounds", "note",
                    "known_mismatch"}


def levels_of(stem, out, batch_rows, old_main):
    """X.levels.csv: the profiles the batch rerun wrote, where the table holds the same n;
    then each other profile of the table of at most ROW_STATES states (its rows' largest
    n, beyond the table's budget) by `hanoi optimum --levels`, within LEVEL_STATES."""
    old_path, new_path = results / f"{stem}.levels.csv", out / f"{stem}.levels.csv"
    if not old_path.is_file():
        return
    old = defaultdict(dict)
    for r in read_csv(old_path):
        old[tuple(r[k] for k in LEVEL_KEY)][r["level"]] = r["states"]
    new = defaultdict(dict)
    for r in read_csv(new_path) if new_path.is_file() else []:
        new[tuple(r[k] for k in LEVEL_KEY)][r["level"]] = r["states"]
    for k, levels in new.items():
        if k in old:
            compare_levels(stem, " ".join(f"{a}={b}" for a, b in zip(LEVEL_KEY, k)), old[k],
                           levels)
    states = {tuple(r[c] for c in LEVEL_KEY): r["states"] for r in old_main}
    plain = all(set(r) <= PROFILE_ROW_KEYS for r in batch_rows)

    def size_of(k):
        return int(states[k]) if states.get(k, "").isdigit() else 0

    spent = 0
    for k in sorted(set(old) - set(new), key=lambda k: (size_of(k), k)):  # smallest first
        size = states.get(k, "")
        if not plain or not size.isdigit() or int(size) > ROW_STATES \
                or spent + int(size) > LEVEL_STATES:
            noted["level profiles not compared (of a row's largest n, not rerun)"] += 1
            continue
        spent += int(size)
        variant, pegs, problem, n = k
        p = run([hanoi, "optimum", variant, "-n", n, "--pegs", pegs, "--problem", problem,
                 "--levels", "--json", "-q"])
        if p.returncode != 0:
            errors.append(f"ERROR {stem}.levels: hanoi optimum {' '.join(k)}: exit "
                          f"{p.returncode}: {p.stderr.strip()[-300:]}")
            continue
        counts = json.loads(p.stdout)["levels"]
        # The table holds every level, or 2000 evenly spaced ones and the last: the
        # fresh profile at the table's levels, and the table's last level the last.
        fresh = {lv: str(counts[int(lv)]) if int(lv) < len(counts) else "(none)"
                 for lv in old[k]}
        last = str(len(counts) - 1)
        fresh.setdefault(last, str(counts[-1]))
        if len(counts) <= 2000:
            fresh.update({str(i): str(c) for i, c in enumerate(counts)})
        compare_levels(stem, " ".join(f"{a}={b}" for a, b in zip(LEVEL_KEY, k)) + " (optimum)",
                       old[k], fresh)


def graphs_of(stem, out, old_rows):
    path = out / f"{stem}.graphs.csv"
    if not old_rows or not path.is_file():
        return
    old = {tuple(r[k] for k in GRAPH_KEY): r for r in old_rows}
    for r in read_csv(path):
        k = tuple(r[c] for c in GRAPH_KEY)
        what = label(r, GRAPH_KEY)
        if k not in old:
            mismatches.append(f"MISMATCH {stem}.graphs | {what} | (row) | table: none | "
                              "fresh: a row")
            continue
        cols = [c for c in r if c not in GRAPH_N_COLUMNS or r["n"] == old[k]["n"]]
        compare_row(f"{stem}.graphs", what, old[k], r, cols)
        stats["rows"] += 1


def bfiles_of(stem, out):
    new_dir, old_dir = out / f"{stem}.b", results / f"{stem}.b"
    if not new_dir.is_dir():
        return
    for f in sorted(new_dir.iterdir()):
        old_f = old_dir / f.name
        if not old_f.is_file():
            mismatches.append(f"MISMATCH {stem}.b | {f.name} | (file) | table: none | "
                              "fresh: a b-file")
            continue
        old = dict(line.split() for line in old_f.read_text().splitlines() if line.strip())
        for line in f.read_text().splitlines():
            if not line.strip():
                continue
            n, a = line.split()
            stats["numbers"] += 1
            if old.get(n) != a:
                mismatches.append(f"MISMATCH {stem}.b | {f.name} n={n} | a(n) | "
                                  f"table: {old.get(n)!r} | fresh: {a!r}")


# --- script tables ----------------------------------------------------------------------

def script_env():
    return {**os.environ, "HANOI": str(hanoi), "PYTHONDONTWRITEBYTECODE": "1"}


def half_depth_table(stem, meta, tmp):
    """adjacent4_half: experiments/half_depth.py over the cheap n (n = 1..K)."""
    old_rows = read_csv(results / f"{stem}.csv")
    m = re.fullmatch(r"python3 experiments/half_depth.py (\S+) (.*) -- (.*)", meta["command"])
    if not m:
        errors.append(f"ERROR {stem}: cannot read the command {meta['command']!r}")
        return
    opts, search = m.group(2).split(), m.group(3).split()
    get = {opts[i]: opts[i + 1] for i in range(len(opts) - 1) if opts[i].startswith("--")}
    top, spent, over = 0, 0.0, False
    for r in sorted(old_rows, key=lambda r: int(r["n"])):
        s = float(r["seconds"])
        over = over or int(r["n"]) != top + 1 or s >= ROW_SECONDS
        if over or spent + s > TABLE_SECONDS:
            skipped[ROWS_SLOW if over else ROWS_BUDGET] += 1
            continue
        top, spent = top + 1, spent + s
    if top == 0:
        return
    # The full searches of --check-to: only those of at most ROW_STATES ranks (the
    # seconds column times the half-depth test alone); above, full_search is not compared.
    checked_then = min(top, int(get.get("--check-to", top)))
    check_to = checked_then
    while check_to > 0 and int(next(r["rank_space"] for r in old_rows
                                    if int(r["n"]) == check_to)) > ROW_STATES:
        check_to -= 1
    unchecked = {str(n) for n in range(check_to + 1, checked_then + 1)}
    noted[f"full_search cells not compared (over {ROW_STATES:.0e} states)"] += len(unchecked)
    args = [stem, "--out", tmp / stem, "--from", get.get("--from", "1"), "--to", str(top),
            "--check-to", str(check_to)]
    if "--published" in get:
        args += ["--published", root / get["--published"]]
    search = [a for i, a in enumerate(search)  # the memory budget is the machine's
              if a != "--max-memory" and (i == 0 or search[i - 1] != "--max-memory")]
    p = run([sys.executable, root / "experiments" / "half_depth.py", *args, "--", *search],
            timeout=120, cwd=tmp, env=script_env())
    if p.returncode != 0 or not (tmp / stem / f"{stem}.csv").is_file():
        errors.append(f"ERROR {stem}: half_depth.py exited {p.returncode}: "
                      f"{p.stderr.strip()[-400:]}")
        return
    stats["tables"] += 1
    old = {r["n"]: r for r in old_rows}
    fresh = read_csv(tmp / stem / f"{stem}.csv")
    for n in sorted(set(map(str, range(1, top + 1))) - {r["n"] for r in fresh}, key=int):
        mismatches.append(f"MISMATCH {stem} | n={n} | (row) | table: a row | fresh: none")
    for r in fresh:
        if r["n"] not in old:
            mismatches.append(f"MISMATCH {stem} | n={r['n']} | (row) | table: none | fresh: a row")
            continue
        compare_row(stem, f"n={r['n']}", old[r["n"]], r,
                    [c for c in r if not (c == "full_search" and r["n"] in unchecked)])
        stats["rows"] += 1


def level_shape_table(stem, tmp):
    """level_shape: the cheap cases by `hanoi optimum --levels --json`, the columns by the
    script's own thresholds."""
    sys.path.insert(0, str(root / "experiments"))
    import level_shape as ls  # noqa: E402
    old = {r["case"]: r for r in read_csv(results / f"{stem}.csv")}
    args_of = dict(ls.CASES)
    done, spent = 0, 0.0
    for case, r in old.items():
        s = float(r["seconds"])
        if case not in args_of:
            mismatches.append(f"MISMATCH {stem} | case={case} | (row) | table: a row | "
                              "fresh: not a case of experiments/level_shape.py")
            continue
        if s >= ROW_SECONDS or spent + s > TABLE_SECONDS:
            skipped[ROWS_SLOW if s >= ROW_SECONDS else ROWS_BUDGET] += 1
            continue
        spent += s
        p = run([hanoi, "optimum", *args_of[case], "--levels", "--json", "-q"])
        if p.returncode != 0:
            errors.append(f"ERROR {stem}: {case}: hanoi exited {p.returncode}: {p.stderr[-300:]}")
            continue
        j = json.loads(p.stdout)
        levels, ranks = j["levels"], j["rank_space"]
        fresh = {
            "case": case, "rank_space": ranks, "states": j["states"], "levels": len(levels),
            "mean_level": round(j["states"] / len(levels), 1), "largest_level": max(levels),
            "levels_inline": sum(1 for x in levels if x < ls.SERIAL_LEVEL),
            "levels_bitmap": sum(1 for x in levels if x >= ls.dense_threshold(ranks)),
            "levels_bitmap_with_kernel": sum(
                1 for x in levels if x >= ls.block_dense_threshold(ranks)),
            "block_kernel": "yes" if j.get("block_kernel") else "no",
        }
        compare_row(stem, f"case={case}", r, {k: str(v) for k, v in fresh.items()},
                    [c for c in r if c in fresh or not excluded(stem, c)])
        stats["rows"] += 1
        done += 1
    if done:
        stats["tables"] += 1


def approximations_table(stem):
    """approximations: exact counts by `hanoi run` where the encoder reaches (n <= 31), the
    rest by the script's own sequences; the ratios by its formulas on the fresh counts."""
    sys.path.insert(0, str(root / "scripts"))
    sys.path.insert(0, str(root / "experiments"))
    import approximations as ap  # noqa: E402
    old_rows = read_csv(results / f"{stem}.csv")
    top = max(int(r["n"]) for r in old_rows)
    fs4, star = ap.frame_stewart4(top), ap.four_star_exact(top)
    for r in old_rows:
        n = int(r["n"])
        if n <= 31:
            runs = []
            for args in (["reves", "frame-stewart", "--pegs", 4, "-n", n],
                         ["four-star", "four-star", "--problem", "outer", "-n", n]):
                p = run([hanoi, "run", *args, "--json"])
                if p.returncode != 0:
                    errors.append(f"ERROR {stem}: hanoi run {args}: exit {p.returncode}")
                    return
                runs.append(json.loads(p.stdout)["moves_count"])
            reves, four = runs
        else:
            reves, four = fs4[n], star[n]
        x = 2 * n * math.log(2)
        approx_star_log = 0.5 * math.log(x / math.log(3)) + math.sqrt(x * math.log(3))
        fresh = {
            "n": n, "four_star_exact": four,
            "four_star_ratio": math.exp(approx_star_log - math.log(four)),
            "reves4_exact": reves,
            "reves4_log_ratio": math.log(reves) / (math.sqrt(n) * math.log(2.6651)),
            "reves4_plain_ratio": math.exp(math.log(reves) - math.sqrt(n) * math.log(2.6651)),
        }
        compare_row(stem, f"n={n}", r, {k: str(v) for k, v in fresh.items()}, list(r))
        stats["rows"] += 1
    stats["tables"] += 1


def beyond_ram_table(stem, tmp):
    """beyond_ram: the script itself (plans only), into a temporary directory."""
    out = tmp / stem
    # The work directories on the disk a record would use, not in memory (a plan weighs
    # the free space there; the test's scratch may be a tmpfs).
    with tempfile.TemporaryDirectory(prefix="hanoi-rerun-work-") as work_root:
        p = run([sys.executable, root / "experiments" / "beyond_ram.py", "--work-root",
                 work_root, "--out", out], timeout=60, cwd=tmp, env=script_env())
    if p.returncode != 0 or not (out / f"{stem}.csv").is_file():
        errors.append(f"ERROR {stem}: beyond_ram.py exited {p.returncode}: "
                      f"{p.stderr.strip()[-400:]}")
        return
    stats["tables"] += 1
    old = {r["name"]: r for r in read_csv(results / f"{stem}.csv")}
    fresh = read_csv(out / f"{stem}.csv")
    for r in fresh:
        if r["name"] not in old:
            mismatches.append(f"MISMATCH {stem} | name={r['name']} | (row) | table: none | "
                              "fresh: a row")
            continue
        compare_row(stem, f"name={r['name']}", old[r["name"]], r)
        stats["rows"] += 1
    for name in sorted(set(old) - {r["name"] for r in fresh}):
        mismatches.append(f"MISMATCH {stem} | name={name} | (row) | table: a row | fresh: none")


# --- main -------------------------------------------------------------------------------

def main():
    t0 = time.monotonic()
    stems = sorted(p.name[:-len(".meta.json")] for p in results.glob("*.meta.json"))
    # Scratch in memory where there is a tmpfs: a batch's journal is synced cell by cell.
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="hanoi-rerun-", dir=shm) as tmp:
        tmp = Path(tmp)
        for stem in stems:
            meta = json.loads((results / f"{stem}.meta.json").read_text())
            command = meta.get("command", "")
            m = re.match(r"(?:\S*/)?hanoi verify (\S+\.toml)", command)
            t1, c1 = time.monotonic(), cpu_seconds()
            before = dict(stats)
            try:
                if stem in NOT_RERUN:
                    noted[f"tables out of scope: {NOT_RERUN[stem]}"] += 1
                elif m:
                    batch = root / m.group(1)
                    if not batch.is_file():
                        errors.append(f"ERROR {stem}: its batch {m.group(1)} is not in the "
                                      "repository")
                    else:
                        verify_table(stem, batch, tmp)
                elif stem == "adjacent4_half":
                    half_depth_table(stem, meta, tmp)
                elif stem == "level_shape":
                    level_shape_table(stem, tmp)
                elif stem == "approximations":
                    approximations_table(stem)
                elif stem == "beyond_ram":
                    beyond_ram_table(stem, tmp)
                else:
                    errors.append(f"ERROR {stem}: a table neither rerun nor listed as out of "
                                  f"scope (tests/tables/rerun_results.py): {command!r}")
            except subprocess.TimeoutExpired as e:
                errors.append(f"ERROR {stem}: timed out: {e.cmd}")
            if stats["rows"] != before["rows"]:
                print(f"[rerun] {stem}: {stats['rows'] - before['rows']} rows, "
                      f"{stats['numbers'] - before['numbers']} numbers, "
                      f"{stats['profiles'] - before['profiles']} level profiles, "
                      f"{time.monotonic() - t1:.1f} s ({cpu_seconds() - c1:.1f} CPU s)",
                      file=sys.stderr)
    for line in errors + mismatches:
        print(line)
    reasons = ", ".join(f"{v} {k}" for k, v in sorted(skipped.items()) if v)
    also = ", ".join(f"{v} {k}" for k, v in sorted(noted.items()) if v)
    print(f"[rerun] {stats['tables']} tables, {stats['rows']} rows rerun, "
          f"{stats['numbers']} numbers compared ({stats['profiles']} level profiles among them), "
          f"{sum(skipped.values())} skipped ({reasons}; "
          f"not counted there: {also}); {len(mismatches)} disagreements, {len(errors)} errors, "
          f"{time.monotonic() - t0:.1f} s")
    return 1 if errors or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
