#!/usr/bin/env python3
"""The seeds' approximations against the exact counts, as a table and a plot
(results/approximations.md, .csv, .svg; issue "claims ledger"):

  * Four_Star (seed 002): (2n log2/log3)^(1/2) exp((2n log2 log3)^(1/2)) against the
    exact 2(a_1 + ... + a_n), a_i the 3-smooth numbers;
  * Reve's, 4 pegs (seed 002): 2.6651^sqrt(n) against Frame-Stewart, as the ratio of
    logarithms and as the plain ratio;
  * Reversi (seed 002): the uncoloured optimum DDDF(n) against the coloured BABB(n),
    read from results/reversi_codes.csv (the search).

The exact counts are checked here against `build/hanoi` (its closed forms and replays)
wherever the engine reaches (n <= 31), so the long ranges extend the engine's numbers
rather than replace them.

    /usr/bin/python3 experiments/approximations.py     # needs python3-matplotlib
"""

import csv
import json
import math
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from claims import git_commit, machine  # noqa: E402
from table_meta import write_meta  # noqa: E402
from claims_checks.seed002c import smooth  # noqa: E402

HANOI = str(REPO / "build" / "hanoi")
NS = [n for n in (1, 2, 3, 5, 8, 10, 15, 20, 30, 50, 100, 200, 500, 1000, 2000, 5000, 10000)]


def four_star_exact(top):
    """2(a_1 + ... + a_n) for n = 1..top."""
    a, total, out = smooth(top), 0, [0]
    for x in a:
        total += x
        out.append(2 * total)
    return out


def frame_stewart4(top):
    """Frame-Stewart for 4 pegs: the differences are 1, 2, 2, 4, 4, 4, 8, ... (2^t
    repeated t + 1 times)."""
    out, t, left = [0], 0, 1
    for _ in range(top):
        out.append(out[-1] + 2 ** t)
        left -= 1
        if left == 0:
            t += 1
            left = t + 1
    return out


def engine(args):
    return json.loads(subprocess.run([HANOI, *map(str, args), "--json"], capture_output=True,
                                     text=True, check=True).stdout)


def main():
    t0 = time.monotonic()
    top = max(NS)
    fs4, star = frame_stewart4(top), four_star_exact(top)
    for n in range(1, 32):  # the engine's replays, as far as its encoder goes
        r = engine(["run", "reves", "frame-stewart", "--pegs", 4, "-n", n])
        s = engine(["run", "four-star", "four-star", "--problem", "outer", "-n", n])
        if r["moves_count"] != fs4[n] or s["moves_count"] != star[n]:
            sys.exit(f"approximations: n = {n}: engine {r['moves_count']}, {s['moves_count']} "
                     f"against {fs4[n]}, {star[n]}")
    rows = []
    for n in NS:
        x = 2 * n * math.log(2)
        approx_star_log = 0.5 * math.log(x / math.log(3)) + math.sqrt(x * math.log(3))
        rows.append({
            "n": n,
            "four_star_exact": star[n],
            "four_star_ratio": math.exp(approx_star_log - math.log(star[n])),
            "reves4_exact": fs4[n],
            "reves4_log_ratio": math.log(fs4[n]) / (math.sqrt(n) * math.log(2.6651)),
            "reves4_plain_ratio": math.exp(math.log(fs4[n]) - math.sqrt(n) * math.log(2.6651)),
        })
    rev = {}
    with open(REPO / "results" / "reversi_codes.csv", newline="") as f:
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            if r["problem"] in ("DDDF", "BABB") and r["optimum"].isdigit():
                rev.setdefault(int(r["n"]), {})[r["problem"]] = int(r["optimum"])
    reversi = [(n, v["DDDF"], v["BABB"], v["DDDF"] / v["BABB"]) for n, v in sorted(rev.items())
               if len(v) == 2]

    out = REPO / "results"
    with open(out / "approximations.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    wall = time.monotonic() - t0
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    md = ["# The seeds' approximations against the exact counts", "",
          "- command: `/usr/bin/python3 experiments/approximations.py`", f"- commit: {git_commit()}",
          f"- date (UTC): {now}", f"- machine: {machine()}", f"- wall time: {wall:.1f} s", "",
          "Exact counts: Four_Star 2(a_1 + ... + a_n) and Reve's 4-peg Frame-Stewart, both "
          "equal to the engine's replayed algorithms for n <= 31 (checked in this run), "
          "extended here by their difference sequences.  Ratios are approximation / exact.",
          "", "![approximations.svg](approximations.svg)", "",
          "| n | Four_Star exact | Four_Star ratio | Reve's 4 pegs exact | log FS / log 2.6651^sqrt n "
          "| FS / 2.6651^sqrt n |", "|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        md.append(f"| {r['n']} | {r['four_star_exact']:.6g} | {r['four_star_ratio']:.4f} | "
                  f"{r['reves4_exact']:.6g} | {r['reves4_log_ratio']:.4f} | "
                  f"{r['reves4_plain_ratio']:.4g} |")
    md += ["", "Reversi: the uncoloured optimum DDDF(n) against the coloured BABB(n) (search, "
           "results/reversi_codes.csv).", "", "| n | DDDF | BABB | DDDF / BABB |",
           "|---:|---:|---:|---:|"]
    md += [f"| {n} | {a} | {b} | {q:.4f} |" for n, a, b, q in reversi]
    (out / "approximations.md").write_text("\n".join(md) + "\n")
    write_meta(out, "approximations", command="/usr/bin/python3 experiments/approximations.py",
               commit=git_commit(), date=now, machine=machine(), wall_seconds=wall,
               title="The seeds' approximations against the exact counts",
               summary=f"{len(rows)} n values; Reversi DDDF/BABB at {len(reversi)} n")

    import matplotlib
    matplotlib.use("svg")
    import matplotlib.pyplot as plt
    plt.rcParams["svg.hashsalt"] = "hanoi"
    fig, ax = plt.subplots(1, 3, figsize=(13, 3.8))
    ns = [r["n"] for r in rows]
    ax[0].semilogx(ns, [r["four_star_ratio"] for r in rows], "o-")
    ax[0].axhline(1, color="grey", lw=0.5)
    ax[0].set(title="Four_Star: approximation / 2(a1+...+an)", xlabel="n")
    ax[1].semilogx(ns, [r["reves4_log_ratio"] for r in rows], "o-", label="log FS / log 2.6651^√n")
    ax[1].axhline(1, color="grey", lw=0.5)
    ax[1].set(title="Reve's, 4 pegs: Frame–Stewart vs 2.6651^√n", xlabel="n")
    ax[1].legend(fontsize=8)
    ax[2].plot([n for n, *_ in reversi], [q for *_, q in reversi], "o-")
    ax[2].set(title="Reversi: DDDF(n) / BABB(n) (optima)", xlabel="n")
    fig.tight_layout()
    fig.savefig(out / "approximations.svg", metadata={"Date": None})
    print(f"[approximations] wrote results/approximations.md, .csv, .svg ({wall:.1f} s)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
