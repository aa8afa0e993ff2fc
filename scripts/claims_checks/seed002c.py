"""Custom checks for seed 002, lines 601 to the end (Domino's analysis, Adjacent,
Four_Star, Checkers, Reversi, the closing remarks): experiments/claims/002c.toml.

Every verdict is computed here from the committed tables (results/*.csv) or from
runs of build/hanoi; the arithmetic of the seed's definitions (triangular and
semi-square numbers, persistence, the 3-smooth numbers) is written out below.
"""

import json
import math

from claims_checks import Verdict


# --- Seed 002's Checkers arithmetic ----------------------------------------------


def tri(k):
    return k * (k + 1) // 2


def k_of(n):
    """T_k <= n < T_(k+1)."""
    k = 0
    while tri(k + 1) <= n:
        k += 1
    return k


def semi(k):
    """S_k = [(k+1)^2 / 2]."""
    return (k + 1) ** 2 // 2


def persistence(n):
    """p(n) = n - S_k with T_k <= n < T_(k+1)."""
    return n - semi(k_of(n))


def j_of(n):
    """j = [(2n + 1/4)^(1/2)], the index of the triangular number nearest n."""
    j = math.isqrt(2 * n)
    while (j + 1) ** 2 <= 2 * n + 0.25:
        j += 1
    while j * j > 2 * n + 0.25:
        j -= 1
    return j


def codes_by_n(ctx, column="optimum"):
    """{code: {n: value}} from results/checkers_codes.csv (ints only)."""
    out = {}
    for r in ctx.table("checkers_codes"):
        if isinstance(r[column], int):
            out.setdefault(r["problem"], {})[r["n"]] = r[column]
    return out


def reves4(ctx, n):
    """The 4-peg Frame-Stewart count, replayed by the engine's rule checker."""
    j = json.loads(ctx.run(["run", "reves", "frame-stewart", "--pegs", "4", "-n", n, "--json"]))
    if not j["legal"]:
        raise RuntimeError(f"frame-stewart n = {n} not legal")
    return j["moves_count"]


def checkers_frame(ctx, code, n):
    """The best Frame-type Checkers count (the engine's `frame` algorithm), or None."""
    out = ctx.run(["run", "checkers", "frame", "--problem", code, "-n", n, "--json"])
    try:
        j = json.loads(out)
    except json.JSONDecodeError:
        return None
    return j["moves_count"] if j.get("legal") else None


def babb_vs_baab(claim, ctx):
    """When j is even BABB(n) <= BAAB(n), when odd BABB(n) >= BAAB(n); for the
    optima (search) and for the Frame-type counts (the seed's algorithms)."""
    notes = []
    for column in ("optimum", "formula"):
        t = codes_by_n(ctx, column)
        ns = sorted(set(t["BABB"]) & set(t["BAAB"]))
        for n in ns:
            a, b = t["BABB"][n], t["BAAB"][n]
            ok = a <= b if j_of(n) % 2 == 0 else a >= b
            if not ok:
                return Verdict("refuted", f"n = {ns[0]}..{ns[-1]}",
                               f"{column}: n = {n}, j = {j_of(n)}: BABB = {a}, BAAB = {b}")
        notes.append(f"{column} n = {ns[0]}..{ns[-1]}")
    return Verdict("confirmed", "; ".join(notes),
                   "BABB <= BAAB when j is even, >= when odd, for the search optima and the "
                   "Frame-type counts of results/checkers_codes.csv")


def badb_five_tuples(claim, ctx):
    """For each 5-tuple of n with |p(n)| <= 2 (centred on a semi-square S_k), BADB(n)
    = min(BAAB(n), BABB(n)) = DDDD(n) at 4 of its 5 members.  `column` says which
    counts: the Frame-type ones (formula) or the optima."""
    column = claim.get("column", "formula")
    t = codes_by_n(ctx, column)
    ns = set(t["BADB"]) & set(t["BAAB"]) & set(t["BABB"]) & set(t["DDDD"])
    tuples, bad = [], []
    for k in range(2, 40):
        members = [semi(k) + p for p in range(-2, 3)]
        if not all(m in ns for m in members):
            continue
        if not all(abs(persistence(m)) <= 2 for m in members):
            continue  # a tuple cut by a triangular number
        agree = [m for m in members
                 if t["BADB"][m] == min(t["BAAB"][m], t["BABB"][m]) == t["DDDD"][m]]
        tuples.append((semi(k), len(agree)))
        if len(agree) < 4:
            bad.append((semi(k), members, len(agree)))
    if not tuples:
        return Verdict("open", "", "no complete 5-tuple in results/checkers_codes.csv")
    scope = "5-tuples around S_k = " + ", ".join(str(s) for s, _ in tuples)
    if bad:
        s, members, c = bad[0]
        return Verdict("refuted", scope,
                       f"{column}: around S = {s} ({members[0]}..{members[-1]}) the equality "
                       f"holds at {c} of 5 n, fewer than 4; per tuple: " +
                       ", ".join(f"S={s}: {c}" for s, c in tuples))
    return Verdict("confirmed", scope,
                   f"{column} counts of results/checkers_codes.csv: at least 4 of 5 in every "
                   "complete tuple (" + ", ".join(f"S={s}: {c}" for s, c in tuples) + ")")


def dddd_equals_reves_iff(claim, ctx):
    """DDDD(n) = Reves(n) just when |p(n)| <= 2, with DDDD the best Frame-type Checkers
    count (the seed's algorithm) and Reves the 4-peg Frame-Stewart count."""
    top = claim.get("max_n", 31)
    rows, bad = [], None
    for n in range(1, top + 1):
        d, r = checkers_frame(ctx, "DDDD", n), reves4(ctx, n)
        eq, small = d == r, abs(persistence(n)) <= 2
        rows.append(n)
        if eq != small and bad is None:
            bad = f"n = {n}: p = {persistence(n)}, DDDD = {d}, Reves = {r}"
    if bad:
        return Verdict("refuted", f"n = 1..{top}", bad)
    return Verdict("confirmed", f"n = 1..{top}",
                   "the engine's Checkers frame count equals Frame-Stewart exactly at the n "
                   "with |p(n)| <= 2")


def six_within_one_over_k(claim, ctx):
    """DDDD, DDDB, BADD, DDBB, BDDB, BABB (Frame-type) are at least Reves(n) and at
    most (1 + 1/k) Reves(n), k from T_k <= n < T_(k+1)."""
    top = claim.get("max_n", 31)
    slack = claim.get("slack", 1.0)
    strict = []
    worst = (0.0, None)
    for code in ("DDDD", "DDDB", "BADD", "DDBB", "BDDB", "BABB"):
        for n in range(1, top + 1):
            f, r = checkers_frame(ctx, code, n), reves4(ctx, n)
            if f is None:
                continue
            excess = (f - r) / r
            k = max(k_of(n), 1)
            if excess > 1 / k:
                strict.append(f"{code}(n = {n}) = {f} against {r}: {excess * k:.2f}/k")
            if f < r or excess > slack / k:
                return Verdict("refuted", f"n = 1..{top}",
                               f"{code}(n = {n}) = {f} against Reves {r}: excess {excess:.3f}, "
                               f"1/k = {1 / k:.3f}")
            if excess * k > worst[0]:
                worst = (excess * k, f"{code} n = {n}")
    return Verdict("confirmed", f"six codes, n = 1..{top}",
                   f"each Frame-type count is between Reves(n) and (1 + {slack}/k) Reves(n); the "
                   f"largest excess is {worst[0]:.2f}/k ({worst[1]})" +
                   (f"; above 1/k itself at {len(strict)} (code, n): " + "; ".join(strict)
                    if strict else "; within 1/k itself everywhere"))


def persistence_step(claim, ctx):
    """For |p(n)| <= 2 with k the even one of k, k+1 (T_k <= n < T_(k+1)), the next
    level's argument n' = n - k (k even) or n - k - 1 (k odd) has p(n') = p(n)."""
    top = claim.get("max_n", 100000)
    checked = 0
    for n in range(1, top + 1):
        p = persistence(n)
        if abs(p) > 2:
            continue
        k = k_of(n)
        n2 = n - k if k % 2 == 0 else n - k - 1
        if n <= 14:
            continue  # the descent ends in the 5-tuple around S_4 = 12 (n = 10..14)
        checked += 1
        if persistence(n2) != p:
            return Verdict("refuted", f"n = 1..{top}",
                           f"n = {n} (p = {p}, k = {k}) -> n' = {n2} with p = {persistence(n2)}")
    return Verdict("confirmed", f"n = 1..{top}",
                   f"p(n') = p(n) at all {checked} n with |p(n)| <= 2 and n >= 15 (arithmetic)")


def nearest_triangular(claim, ctx):
    """j = [(2n + 1/4)^(1/2)] gives |n - T_j| < j/2 (T_j the triangular number nearest n)."""
    top = claim.get("max_n", 100000)
    fails, ties, not_nearest = [], 0, 0
    for n in range(1, top + 1):
        j = j_of(n)
        if any(abs(n - tri(i)) < abs(n - tri(j)) for i in (j - 1, j + 1) if i >= 0):
            not_nearest += 1
        if not abs(n - tri(j)) < j / 2:
            fails.append(n)
            ties += 2 * abs(n - tri(j)) == j
    if fails:
        return Verdict("refuted", f"n = 1..{top}",
                       f"|n - T_j| < j/2 fails at {len(fails)} n (first {fails[:4]}), "
                       f"{'every one' if ties == len(fails) else f'{ties} of them'} an equality "
                       f"|n - T_j| = j/2 (n = T_j - j/2, halfway between triangular numbers); T_j "
                       f"is a nearest triangular number at {'every' if not not_nearest else 'all but ' + str(not_nearest)} n")
    return Verdict("confirmed", f"n = 1..{top}",
                   "|n - T_j| < j/2 and T_j is a nearest triangular number (arithmetic)")


def replay_moves(ctx, variant, problem, n, moves, pegs=None):
    """`hanoi check` on a move list: the parsed JSON report."""
    import subprocess

    args = [ctx.hanoi, "check", variant, "-n", str(n), "--moves-file", "-", "--json",
            "--no-optimum"]
    if problem:
        args += ["--problem", problem]
    if pegs:
        args += ["--pegs", str(pegs)]
    out = subprocess.run(args, input="\n".join(moves) + "\n", capture_output=True, text=True)
    return json.loads(out.stdout)


def moves_of(ctx, variant, algorithm, n, problem=None):
    args = ["run", variant, algorithm, "-n", n, "--moves"]
    if problem:
        args += ["--problem", problem]
    lines = ctx.run(args).splitlines()
    return [line for line in lines if "->" in line and ":" in line]


def reversi_g_on_four_star(claim, ctx):
    """Reversi_G's moves (the classic solution on pegs 0, 1, 3, each move through peg
    2), with peg 2 as Four_Star's star (peg 3) and peg 3 as the outer goal (peg 2),
    solve Four_Star's outer problem in 2(2^n - 1) moves."""
    top = claim.get("max_n", 10)
    relabel = {"0": "0", "1": "1", "2": "3", "3": "2"}
    for n in range(1, top + 1):
        moves = []
        for m in moves_of(ctx, "reversi", "reversi-g", n):
            disc, pegs = m.split(":")
            a, b = pegs.split("->")
            moves.append(f"{disc}:{relabel[a]}->{relabel[b]}")
        rep = replay_moves(ctx, "four-star", "outer", n, moves)
        if not (rep.get("legal") and rep.get("goal_reached")):
            return Verdict("refuted", f"n = 1..{top}", f"n = {n}: {json.dumps(rep)[:200]}")
        if len(moves) != 2 * (2 ** n - 1):
            return Verdict("refuted", f"n = 1..{top}", f"n = {n}: {len(moves)} moves")
    return Verdict("confirmed", f"n = 1..{top}",
                   "relabelled Reversi_G replays legally to Four_Star's goal in 2(2^n - 1) "
                   "moves, twice Classic (hanoi check)")


def checkers_p(claim, ctx):
    """Reversi_P's move sequence (BABB) replayed on Checkers: a legal solution of a
    Checkers problem, and far from optimal.  Tries every Checkers code; the claim
    holds when the moves solve some code for every n, at a cost growing like 3^(n/2)
    against the Checkers optimum."""
    top = claim.get("max_n", 10)
    codes = [r["problem"] for r in ctx.table("checkers_codes") if r["n"] == 1]
    found = {}
    for n in range(1, top + 1):
        moves = moves_of(ctx, "reversi", "periodic", n, "BABB")
        solved = [c for c in codes if (lambda j: j.get("legal") and j.get("goal_reached"))(replay_moves(ctx, "checkers", c, n, moves))]
        if not solved:
            return Verdict("refuted", f"n = 1..{top}",
                           f"n = {n}: Reversi_P's {len(moves)} moves solve no Checkers code")
        found[n] = (solved, len(moves))
    opt = {r["n"]: r["optimum"] for r in ctx.table("checkers_codes")
           if r["problem"] == found[top][0][0]}
    common = set.intersection(*(set(s) for s, _ in found.values()))
    ratio = found[top][1] / opt[top] if top in opt else float("nan")
    return Verdict("confirmed", f"n = 1..{top}",
                   f"Reversi_P's moves are a legal Checkers solution for every n (codes solved "
                   f"at every n: {', '.join(sorted(common)) or 'varies with n'}); at n = {top} "
                   f"{found[top][1]} moves against the Checkers optimum {opt.get(top)} "
                   f"({ratio:.1f}x)")


def smooth(count):
    """The first `count` 3-smooth numbers 2^i 3^j in ascending order."""
    out, limit = [], 2
    while len(out) < count:
        limit *= 4
        out = sorted(2 ** i * 3 ** j for i in range(limit.bit_length())
                     for j in range(int(math.log(limit, 3)) + 2) if 2 ** i * 3 ** j <= limit)
    return out[:count]


def four_star_k(claim, ctx):
    """k = 1 + [log(a_n)/log 3] equals [(2n log2/log3)^(1/2) + 0.1809] for n < 1737
    (and, the seed implies, not at n = 1737)."""
    a = smooth(2000)
    first_bad = None
    for n in range(1, 2001):
        an = a[n - 1]
        k = 0
        while 3 ** k <= an:
            k += 1  # 3^(k-1) <= a_n < 3^k
        approx = math.floor(math.sqrt(2 * n * math.log(2) / math.log(3)) + 0.1809)
        if k != approx and first_bad is None:
            first_bad = (n, k, approx)
    if first_bad and first_bad[0] < 1737:
        return Verdict("refuted", "n = 1..2000",
                       f"n = {first_bad[0]}: k = {first_bad[1]}, approximation {first_bad[2]}")
    where = f"first differs at n = {first_bad[0]}" if first_bad else "never differs to 2000"
    kind = "confirmed" if first_bad and first_bad[0] == 1737 else "refuted"
    return Verdict(kind, "n = 1..2000", f"exact for n < 1737; {where} (k = "
                   f"{first_bad[1] if first_bad else '-'}, approximation "
                   f"{first_bad[2] if first_bad else '-'})")


def four_star_approximation(claim, ctx):
    """(2n log2/log3)^(1/2) exp((2n log2 log3)^(1/2)) against 2(a_1 + ... + a_n): the
    ratio at n = 10, 100, 1000, 10000.  'Reasonably good' read as: within a factor 2
    from n = 100 on."""
    a = smooth(10000)
    prefix, ratios = 0, {}
    for n in range(1, 10001):
        prefix += a[n - 1]
        if n in (10, 100, 1000, 10000):
            x = 2 * n * math.log(2)
            approx_log = 0.5 * math.log(x / math.log(3)) + math.sqrt(x * math.log(3))
            ratios[n] = math.exp(approx_log - math.log(2 * prefix))
    text = ", ".join(f"n = {n}: {r:.3f}" for n, r in ratios.items())
    ok = all(0.5 <= r <= 2 for n, r in ratios.items() if n >= 100)
    return Verdict("confirmed" if ok else "refuted", "n = 10..10000",
                   f"approximation / exact: {text}")


def k_largest_stacked(claim, ctx):
    """In the Frame-Stewart solution (optimal for 4 pegs), the k largest discs are all
    on one peg for all but about a fraction 1/k of the moves.  Measured after every
    move for k = 2..5; 'about' read as: the fraction apart is at most 1.5/k."""
    top = claim.get("max_n", 16)
    slack = claim.get("slack", 1.0)
    strict = []
    worst = (0.0, "")
    for n in range(4, top + 1):
        lines = moves_of(ctx, "reves", "frame-stewart", n)
        peg = [0] * (n + 1)
        apart = {k: 0 for k in range(2, k_of(n) + 1)}  # k up to the bottom block (T_k <= n)
        for line in lines:
            disc, pegs = line.split(":")
            peg[int(disc)] = int(pegs.split("->")[1])
            for k in apart:
                if len({peg[d] for d in range(n - k + 1, n + 1)}) > 1:
                    apart[k] += 1
        for k, c in apart.items():
            frac = c / len(lines)
            if frac * k > worst[0]:
                worst = (frac * k, f"n = {n}, k = {k}: {frac:.3f}")
            if frac > 1 / k:
                strict.append(f"n = {n}, k = {k}: {frac:.3f}")
            if frac > slack / k:
                return Verdict("refuted", f"n = 4..{top}, 2 <= k <= k(n)",
                               f"n = {n}, k = {k}: apart {frac:.3f} of the time, 1/k = {1 / k:.3f}")
    return Verdict("confirmed", f"n = 4..{top}, 2 <= k <= k(n)",
                   f"the fraction of moves with the k largest apart is at most {worst[0]:.2f}/k "
                   f"(largest at {worst[1]}), in the engine's Frame-Stewart solution" +
                   (f"; above 1/k itself at {'; '.join(strict)}" if strict else ""))


def uncoloured_vs_coloured(claim, ctx):
    """DDDF(n) (uncoloured optimum) against BABB(n) (coloured optimum): the ratio over
    n.  A limit statement: reported, decided only if the ratio is still moving."""
    t = {}
    for r in ctx.table("reversi_codes"):
        if r["problem"] in ("DDDF", "BABB") and isinstance(r["optimum"], int):
            t.setdefault(r["problem"], {})[r["n"]] = r["optimum"]
    ns = sorted(set(t["DDDF"]) & set(t["BABB"]))
    ratios = {n: t["DDDF"][n] / t["BABB"][n] for n in ns}
    text = ", ".join(f"{n}: {ratios[n]:.3f}" for n in ns if n >= 4)
    # The growth per disc of each, over the last four discs of the table.
    tail = [n for n in ns if n - 1 in t["DDDF"] and n - 1 in t["BABB"]][-4:]
    growth = "; ".join(
        f"{p} " + ", ".join(f"{t[p][n] / t[p][n - 1]:.2f}" for n in tail) for p in ("DDDF", "BABB"))
    return Verdict("open", f"n = {ns[0]}..{ns[-1]}",
                   f"a limit statement, decided only by n far beyond the table (or a proof): "
                   f"DDDF/BABB by n = {text}, still falling; growth per disc at n = "
                   f"{tail[0]}..{tail[-1]}: {growth}")


def domino_s1(claim, ctx):
    """The printed s(1) against the engine's optima at n = 1 in the order of s."""
    order = ["DDE", "DDF", "EDD", "ADE", "ADF", "ADB", "ABE", "ABF", "AAB", "ABA"]
    opt = {}
    for r in ctx.table("default"):
        if r["variant"] == "domino" and r["n"] == 1 and isinstance(r["optimum"], int):
            opt[r["problem"]] = r["optimum"]
    computed = [opt[c] for c in order] + [1]
    printed = claim["printed"]
    if printed == computed:
        return Verdict("confirmed", "n = 1", f"s(1) = {computed}")
    return Verdict("refuted", "n = 1",
                   f"printed {printed} ({len(printed)} entries for an 11-vector); the optima "
                   f"give {computed}")


def reversi_unsolvable(claim, ctx):
    """Which Reversi codes have no solution: each code is solvable at every n or at
    none from n = 2 on (results/reversi_codes.csv)."""
    by = {}
    for r in ctx.table("reversi_codes"):
        by.setdefault(r["problem"], {})[r["n"]] = r["optimum"] != "unreachable"
    never, mixed = [], []
    for code, ok in by.items():
        if all(ok.values()):
            continue
        if not any(v for n, v in ok.items() if n >= 2):
            never.append(code)
        else:
            mixed.append(code)
    ns = sorted({n for ok in by.values() for n in ok})
    scope = f"{len(by)} codes, n = {ns[0]}..{ns[-1]}"
    if mixed:
        return Verdict("refuted", scope, f"solvable at some n >= 2 but not all: {', '.join(mixed)}")
    return Verdict("confirmed", scope,
                   f"{len(by) - len(never)} codes solvable at every n; {len(never)} at no n >= 2: "
                   + ", ".join(sorted(never)))


def adjacent_period_6(claim, ctx):
    """Adjacent_P read as the period-6 clock: at time t with t mod 3 != 2 the
    smallest disc steps along 0 -> 1 -> 2 -> 1 -> 0 (forward at t mod 6 = 0, 1, back at
    3, 4); at t mod 3 = 2 the one legal move of another disc (between neighbouring
    pegs, never onto a smaller disc).  Implemented here from that description and
    compared move by move with the engine's solution (3^n - 1 moves) for n <= max_n."""
    top = claim.get("max_n", 10)
    for n in range(1, top + 1):
        pegs = [list(range(n, 0, -1)), [], []]
        where, seq, t = 0, [], 0
        while len(pegs[2]) < n and t < 3 ** n:
            if t % 3 != 2:
                step = 1 if t % 6 in (0, 1) else -1
                to = where + step
                if not 0 <= to <= 2 or pegs[where][-1] != 1:
                    return Verdict("refuted", f"n = 1..{top}", f"n = {n}, t = {t}: disc 1 cannot step")
                pegs[to].append(pegs[where].pop())
                seq.append((1, where, to))
                where = to
            else:
                legal = [(a, b) for a, b in ((0, 1), (1, 0), (1, 2), (2, 1))
                         if pegs[a] and pegs[a][-1] != 1 and (not pegs[b] or pegs[b][-1] > pegs[a][-1])]
                if len(legal) != 1:
                    return Verdict("refuted", f"n = 1..{top}",
                                   f"n = {n}, t = {t}: {len(legal)} legal moves of other discs")
                a, b = legal[0]
                seq.append((pegs[a][-1], a, b))
                pegs[b].append(pegs[a].pop())
            t += 1
        ref = []
        for line in moves_of(ctx, "adjacent", "recursive", n):
            disc, p = line.split(":")
            a, b = p.split("->")
            ref.append((int(disc), int(a), int(b)))
        if seq != ref or len(seq) != 3 ** n - 1:
            return Verdict("refuted", f"n = 1..{top}",
                           f"n = {n}: the clock gives {len(seq)} moves"
                           + ("" if seq == ref else ", not the engine's optimal sequence"))
    return Verdict("confirmed", f"n = 1..{top}",
                   "the period-6 clock (implemented here) reaches the goal in 3^n - 1 moves, the "
                   "same sequence as the engine's optimal solution (which the search confirms)")


def reversi_one_disc(claim, ctx):
    """DDDF with peg 2 holding at most one disc, searched here (an independent
    breadth-first search of the Reversi rules: a moving disc flips, never directly on
    a disc of its own colour; bases uncoloured): the restricted optimum R(n) against
    Reversi_G, 2(2^n - 1), and Reversi_H, [(4/3)(2^n - 1/2)] (the engine's replays
    in results/reversi.csv).  Confirms 'G is suboptimal even allowing for the
    restriction' when R(n) < G(n) for every n >= 2."""
    from collections import deque

    top = claim.get("max_n", 6)
    moves = {}
    for r in ctx.table("reversi"):
        if r["problem"] == "DDDF" and r["algorithm"] in ("reversi-g", "reversi-h"):
            moves[(r["algorithm"], r["n"])] = r["moves"]
    rows = []
    for n in range(1, top + 1):
        start = (tuple([0] * n), tuple((n - d) % 2 for d in range(1, n + 1)))
        goal = (tuple([3] * n), start[1])
        dist = {start: 0}
        queue = deque([start])
        found = None
        while queue:
            s = queue.popleft()
            if s == goal:
                found = dist[s]
                break
            peg, col = s
            tops = {}
            for d in range(n, 0, -1):  # the smallest disc on a peg is its top
                tops[peg[d - 1]] = d
            for a, d in tops.items():
                c = col[d - 1] ^ 1
                for b in range(4):
                    if b == a:
                        continue
                    if b in tops and (tops[b] < d or col[tops[b] - 1] == c):
                        continue
                    if b == 2 and b in tops:
                        continue  # peg 2 holds at most one disc
                    p2 = peg[:d - 1] + (b,) + peg[d:]
                    c2 = col[:d - 1] + (c,) + col[d:]
                    t = (p2, c2)
                    if t not in dist:
                        dist[t] = dist[s] + 1
                        queue.append(t)
        g, h = moves.get(("reversi-g", n)), moves.get(("reversi-h", n))
        if found is None or g is None or h is None:
            return Verdict("refuted" if found is None else "open", f"n = 1..{top}",
                           f"n = {n}: restricted optimum {found}, G {g}, H {h}")
        rows.append((n, found, g, h))
    text = "; ".join(f"n = {n}: R = {r}, G = {g}, H = {h}" for n, r, g, h in rows)
    bad = [n for n, r, g, h in rows if n >= 2 and not r < g]
    h_opt = [n for n, r, g, h in rows if h == r]
    return Verdict("refuted" if bad else "confirmed", f"n = 1..{top}",
                   f"restricted optimum R (peg 2 at most one disc, Python search) against "
                   f"Reversi_G and Reversi_H: {text}; H equals R at n = "
                   f"{', '.join(map(str, h_opt)) or 'none'}")


def domino_series(ctx, code):
    """{n: optimum} for a Domino code from results/default.csv and domino_big.csv."""
    out = {}
    for table in ("default", "domino_big"):
        for r in ctx.table(table):
            if r.get("variant") == "domino" and r["problem"] == code and isinstance(r["optimum"], int):
                out[r["n"]] = r["optimum"]
    return out


def domino_recurrence(claim, ctx):
    """E^6 - 5E^5 + 6E^4 + 3E^2 - 11E + 6 = (E - 3)(E^3 - E - 2)(E - 1)^2, and DDE,
    DDF, EDD (the optima) satisfy that recurrence."""
    def mul(p, q):
        out = [0] * (len(p) + len(q) - 1)
        for i, a in enumerate(p):
            for j, b in enumerate(q):
                out[i + j] += a * b
        return out

    printed = [1, -5, 6, 0, 3, -11, 6]  # highest power first
    product = mul(mul([1, -3], [1, 0, -1, -2]), mul([1, -1], [1, -1]))
    if product != printed:
        return Verdict("refuted", "algebra", f"(E-3)(E^3-E-2)(E-1)^2 = {product}, printed {printed}")
    notes = []
    for code in ("DDE", "DDF", "EDD"):
        a = domino_series(ctx, code)
        ns = sorted(a)
        checked = 0
        for n in ns:
            if all(n + i in a for i in range(7)):
                s = sum(c * a[n + 6 - i] for i, c in enumerate(printed))
                if s != 0:
                    return Verdict("refuted", f"{code}", f"{code}: the recurrence at n = {n}..{n + 6} "
                                   f"gives {s}, not 0")
                checked += 1
        notes.append(f"{code} n = {ns[0]}..{ns[-1]} ({checked} windows)")
    return Verdict("confirmed", "; ".join(notes),
                   "the factorisation multiplies out to the printed polynomial, and the optima "
                   "satisfy the recurrence in every window of 7 consecutive n")


def domino_asymptotics(claim, ctx):
    """DDE, DDF, EDD ~ 2, 3, 4 x (5/33) 3^n: the ratio at the largest n searched."""
    parts, ok = [], True
    for code, c in (("DDE", 2), ("DDF", 3), ("EDD", 4)):
        a = domino_series(ctx, code)
        n = max(a)
        ratio = a[n] / (c * 5 / 33 * 3 ** n)
        prev = a[n - 1] / (c * 5 / 33 * 3 ** (n - 1))
        parts.append(f"{code}(n = {n}) / ({c}·(5/33)·3^n) = {ratio:.5f} (n - 1: {prev:.5f})")
        ok = ok and abs(ratio - 1) < 0.01
    return Verdict("confirmed" if ok else "refuted", "the largest n searched", "; ".join(parts))


def half_depth_optimum(ctx, name):
    """The optimum a disk-mode half-depth run wrote to results/<name>.md
    (experiments/disk_record.py), or None when the table is not there."""
    path = ctx.results / f"{name}.md"
    if not path.exists():
        return None
    for line in path.read_text().splitlines():
        if line.startswith("| optimum (start to goal) | "):
            return int(line.split("|")[2].strip().split(",")[0])
    raise RuntimeError(f"{path}: no optimum row")


def checkers_half_depth(claim, ctx):
    """`expect` over optimum (the half-depth test's, results/checkers_n<N>_meet.md),
    reves (the 4-peg Frame-Stewart count, replayed) and frame (the best Frame-type
    Checkers count, replayed), for each n of claim["n"] = [lo, hi] with a table."""
    lo, hi = claim["n"]
    rows, missing = [], []
    for n in range(lo, hi + 1):
        opt = half_depth_optimum(ctx, f"checkers_n{n}_meet")
        if opt is None:
            missing.append(n)
            continue
        names = {"optimum": opt, "reves": reves4(ctx, n), "frame": checkers_frame(ctx, "DDDD", n)}
        rows.append((n, names))
    if not rows:
        return Verdict("open", "", f"no half-depth table for n = {lo}..{hi} "
                       "(bash experiments/disk_records.sh checkers_n<N>_meet)")
    scope = "n = " + ", ".join(str(n) for n, _ in rows)
    for n, names in rows:
        ok = bool(eval(claim["expect"], {"__builtins__": {}}, names))  # noqa: S307 (our own file)
        if not ok:
            return Verdict("refuted", scope, f"{claim['expect']} fails at n = {n}: " +
                           ", ".join(f"{k} = {v}" for k, v in names.items()))
    text = "; ".join(f"n = {n}: " + ", ".join(f"{k} = {v}" for k, v in names.items())
                     for n, names in rows)
    return Verdict("confirmed", scope, f"{claim['expect']} (results/checkers_n<N>_meet.md): {text}")


# --- Multi_Stack's phases (seed 002, lines 642-656) ----------------------------


def multistack_phase_lengths(l, n):
    """The printed h(j), j = 0..p, for l stacks of n discs (n >= 2).  l = 2:
    h(0) = h(n) = 1, h(j) = 3·2^(j-1) for 0 < j < n, h(j) = h(2n - j).  l > 2:
    p = 2(l-1)(n-1) + 2; h(0) = 1; h((l-1)k) = 3·2^(k-1) for 0 < k < n-1;
    h((l-1)k + i) = 2^k for 0 < i < l-1 (k from 0); h((l-1)(n-1)) = 2^(n-2) + 1;
    h((l-1)(n-1) + i) = 1; h((l-1)n) = 1; h(j) = h(p - j) for j > (l-1)n."""
    if l == 2:
        h = {0: 1, n: 1}
        for j in range(1, n):
            h[j] = 3 * 2 ** (j - 1)
        for j in range(n + 1, 2 * n + 1):
            h[j] = h[2 * n - j]
        return [h[j] for j in range(2 * n + 1)]
    p = 2 * (l - 1) * (n - 1) + 2
    h = {0: 1}
    for k in range(1, n - 1):
        h[(l - 1) * k] = 3 * 2 ** (k - 1)
    for k in range(0, n - 1):
        for i in range(1, l - 1):
            h[(l - 1) * k + i] = 2 ** k
    h[(l - 1) * (n - 1)] = 2 ** (n - 2) + 1
    for i in range(1, l - 1):
        h[(l - 1) * (n - 1) + i] = 1
    h[(l - 1) * n] = 1
    for j in range((l - 1) * n + 1, p + 1):
        h[j] = h[p - j]
    return [h[j] for j in range(p + 1)]


def multistack_phases(claim, ctx):
    """The phases' lengths must add up to the moves of the optimal solution (the
    phases partition it).  Two stacks: the order of the phases is also checked move
    by move by the test MultiStackFamily.TurtlePhasesFollowSeed002; here their sum
    against the optimum.  More stacks: the sum of the printed h(j) against the
    optimum of multistack with 2l pegs (l stacks, no centre peg)."""
    opt = {}
    for r in ctx.table("multistack"):
        if isinstance(r["optimum"], int) and r["pegs"] % 2 == 0:
            opt[(r["pegs"] // 2, r["n"])] = r["optimum"]
    agree, differ = [], []
    for (l, n), best in sorted(opt.items()):
        if n < 2:
            continue
        total = sum(multistack_phase_lengths(l, n))
        (agree if total == best else differ).append((l, n, total, best))
    if not agree and not differ:
        return Verdict("open", "", "no multistack optimum in the table")
    scope = ", ".join(f"l = {l}: n = {min(n for a, n, *_ in agree + differ if a == l)}.."
                      f"{max(n for a, n, *_ in agree + differ if a == l)}"
                      for l in sorted({a for a, *_ in agree + differ}))
    two = [x for x in agree if x[0] == 2]
    text = (f"l = 2: the h(j) add up to the optimum 3(2^n - 1) at every n "
            f"({len(two)} values; the order of the phases: MultiStackFamily."
            f"TurtlePhasesFollowSeed002)")
    if differ:
        shown = "; ".join(f"l = {l}, n = {n}: sum h = {t}, optimum {b}"
                          for l, n, t, b in differ[:8])
        return Verdict("refuted", scope,
                       f"{text}; for l > 2 the printed h(j) (seed line 648 on, read as "
                       f"written) add up to fewer moves than the optimal solution has, so "
                       f"they cannot be its phases: {shown}")
    return Verdict("confirmed", scope, text)


# --- Checkers against Reve's puzzle (seed 002, line 833) ------------------------


def frame_stewart_4(n_max):
    """Reve's puzzle's optimum (4 pegs; Frame-Stewart, proved optimal by Bousch):
    FS(0) = 0, FS(n) = min over 1 <= k <= n of 2 FS(n-k) + 2^k - 1."""
    fs = [0]
    for n in range(1, n_max + 1):
        fs.append(min(2 * fs[n - k] + 2 ** k - 1 for k in range(1, n + 1)))
    return fs


def checkers_dddd_optima(ctx, pages=(25, 26)):
    """Checkers DDDD optima by n from every table that has them: the batch CSVs,
    and the half-depth record pages of `pages` (results/checkers_n<n>_meet.md, no
    CSV)."""
    opt = {}
    for name in ("checkers", "checkers_codes", "checkers21", "checkers_big", "checkers_n24"):
        for r in ctx.table(name):
            if r["problem"] == "DDDD" and isinstance(r["optimum"], int):
                opt.setdefault(r["n"], (r["optimum"], f"{name}.csv"))
    for n in pages:
        value = half_depth_optimum(ctx, f"checkers_n{n}_meet")
        if value is not None:
            opt.setdefault(n, (value, f"checkers_n{n}_meet.md"))
    return opt


def checkers_reves_equal(claim, ctx):
    """The Checkers optimum equal to Reve's (4 pegs) at every n < 27 but 15 and 21,
    where it must differ."""
    opt = checkers_dddd_optima(ctx)
    ns = sorted(n for n in opt if n < 27)
    if not ns:
        return Verdict("open", "", "no Checkers DDDD optimum in the tables")
    fs = frame_stewart_4(max(ns))
    wrong = [n for n in ns if (opt[n][0] == fs[n]) == (n in (15, 21))]
    missing = [n for n in range(1, 27) if n not in opt]
    scope = f"n = {ns[0]}..{ns[-1]}" + (f" (none at n = {missing})" if missing else "")
    sources = sorted({src for _, src in opt.values()})
    if wrong:
        shown = ", ".join(f"n = {n}: Checkers {opt[n][0]}, Reve's {fs[n]}" for n in wrong)
        return Verdict("refuted", scope, f"{shown} (tables: {', '.join(sources)})")
    return Verdict("confirmed", scope,
                   f"Checkers DDDD = Reve's Frame-Stewart number at every n but 15 "
                   f"({opt[15][0]} against {fs[15]}) and 21 ({opt[21][0]} against {fs[21]}) "
                   f"(tables: {', '.join(sources)})" if 15 in opt and 21 in opt else
                   f"equal at every n of the tables ({', '.join(sources)})")


def colour_lapses(claim, ctx):
    """Lapses (a disc directly on a disc of its own colour, the discs coloured
    alternately as Checkers colours them) unavoidable in an optimal solution of
    Reve's puzzle when n is a triangular number, not too small.  A lapse-free
    solution of Reve's puzzle is a solution of Checkers DDDD and conversely, so
    every optimal solution has a lapse exactly where the Checkers DDDD optimum
    exceeds Reve's optimum (Frame-Stewart)."""
    opt = checkers_dddd_optima(ctx, pages=(25, 26, 27))
    ns = sorted(opt)
    if not ns:
        return Verdict("open", "", "no Checkers DDDD optimum in the tables")
    fs = frame_stewart_4(max(ns))
    smallest = claim.get("not_too_small", 15)
    triangular = [n for n in ns if n == tri(k_of(n))]
    big = [n for n in triangular if n >= smallest]
    small = [n for n in triangular if n < smallest]
    scope = f"n = {ns[0]}..{ns[-1]}, triangular n >= {smallest}: {big}"
    avoidable = [n for n in big if opt[n][0] == fs[n]]
    sources = ", ".join(sorted({src for _, src in opt.values()}))
    if not big:
        return Verdict("open", scope, f"no triangular n >= {smallest} in the tables")
    if avoidable:
        shown = ", ".join(f"n = {n}: Checkers {opt[n][0]} = Reve's {fs[n]}" for n in avoidable)
        return Verdict("refuted", scope, f"a lapse-free optimal solution exists at {shown} "
                       f"(tables: {sources})")
    others = [n for n in ns if opt[n][0] != fs[n] and n not in big]
    return Verdict(
        "confirmed", scope,
        "every optimal solution has a lapse at " +
        ", ".join(f"n = {n} (Checkers {opt[n][0]} against Reve's {fs[n]})" for n in big) +
        "; at the smaller triangular n = " + ", ".join(map(str, small)) +
        " a lapse-free optimal solution exists (the seed's 'not too small')" +
        (f"; lapses are unavoidable at non-triangular n = {others} too, which the seed "
         f"does not deny" if others else "") + f" (tables: {sources})")


# --- Lundon's impasse (seed 002, line 799) --------------------------------------


def lundon_impasse(claim, ctx):
    """Where the two smaller top discs are coloured B and the third top disc A, no
    move is legal: every such state the start reaches (`hanoi graph`: every
    reachable state and every legal move) has no move out of it."""
    import re
    checked, found = [], 0
    for n in claim["n"]:
        dot = ctx.run(["graph", "lundon", "-n", n, "--max-states", 10 ** 6, "--dot", "-"])
        labels = dict(re.findall(r'^(\d+)\[label="([^"]*)"', dot, re.M))
        moves_out = {a for a, _ in re.findall(r"^(\d+)->(\d+)", dot, re.M)}
        if not labels or not moves_out:
            raise RuntimeError(f"hanoi graph lundon -n {n}: no states or no moves read")
        impasses = []
        for state, label in labels.items():
            pegs = label.split("|")
            if len(pegs) != 3 or not all(pegs):
                continue
            tops = sorted((int(t[:-1]), t[-1]) for t in (peg.split()[-1] for peg in pegs))
            if [c for _, c in tops] == ["B", "B", "A"]:
                impasses.append((state, label))
        moving = [label for state, label in impasses if state in moves_out]
        if moving:
            return Verdict("refuted", f"n = {n}",
                           f"the reachable state {moving[0]} (two smaller tops B, the other A) "
                           f"has a legal move")
        found += len(impasses)
        checked.append(f"n = {n}: {len(impasses)} of {len(labels)} reachable states")
    if found == 0:
        return Verdict("open", "", "no reachable state has two smaller tops B and the other A")
    return Verdict("confirmed", f"n = {claim['n'][0]}..{claim['n'][-1]}",
                   "every reachable state whose two smaller top discs are B and the other "
                   "top A has no legal move (" + "; ".join(checked) + "; `hanoi graph`, "
                   "problem A)")


# --- Lundon's B/C pairing (seed 002, line 804) ----------------------------------


def lundon_final_colour(ctx, algorithm, problem, n, tmp):
    """Replays `algorithm` (listed under `problem`) with n discs through the rule
    checker of problems B and C: {problem: (legal, goal reached)}."""
    import os
    run = json.loads(ctx.run(["run", "lundon", algorithm, "--problem", problem, "-n", n,
                              "--moves", "--json"]))
    path = os.path.join(tmp, f"{algorithm}-{n}.txt")
    with open(path, "w") as f:
        f.writelines(f"{d}:{a}->{b}\n" for d, a, b in run["moves"])
    out = {}
    for target in ("B", "C"):
        c = json.loads(ctx.run(["check", "lundon", "--problem", target, "-n", n,
                                "--moves-file", path, "--json", "--no-optimum"]))
        out[target] = (c["legal"], c["goal_reached"])
    return out


def lundon_pairing(claim, ctx):
    """Cyclic_L and Cyclic_R reversed replayed through the rule checker: which of
    'all B' and 'all C' each one reaches (legal moves, goal reached), n = 1..8."""
    import tempfile
    seed_says = {"cyclic-left": "B", "cyclic-right-reversed": "C"}
    listed = {"cyclic-left": "C", "cyclic-right-reversed": "B"}
    reached = {}
    with tempfile.TemporaryDirectory() as tmp:
        for alg in seed_says:
            for n in range(1, 9):
                r = lundon_final_colour(ctx, alg, listed[alg], n, tmp)
                ends = [t for t, (legal, goal) in r.items() if legal and goal]
                reached.setdefault(alg, set()).update(ends if len(ends) == 1 else ["?"])
    text = "; ".join(f"{alg} ends all {'/'.join(sorted(reached[alg]))} (seed: {seed_says[alg]})"
                     for alg in seed_says)
    if all(reached[a] == {seed_says[a]} for a in seed_says):
        return Verdict("confirmed", "n = 1..8", text)
    return Verdict("refuted", "n = 1..8",
                   f"every move legal, replayed through the rule checker: {text}")


def reversi_frame_largest_disc(claim, ctx):
    """Reversi's DDDF, DDDE, EDDD at n = 9..14 in results/frame.csv (the Frame
    hypothesis of the largest disc, the seed's line 350): where an optimal solution
    is Frame-type (holds = yes), the claim fails under this reading."""
    rows = [r for r in ctx.table("frame") if r["variant"] == "reversi" and
            r["problem"] in ("DDDF", "DDDE", "EDDD") and 9 <= r["n"] <= 14]
    if not rows:
        return Verdict("open", "", "results/frame.csv has no Reversi DDDF, DDDE, EDDD at n >= 9")
    ns = sorted({r["n"] for r in rows})
    holds = [f"{r['problem']} n = {r['n']}" for r in rows if r["holds"] == "yes"]
    scope = f"DDDF, DDDE, EDDD, n = {ns[0]}..{ns[-1]}"
    if holds:
        return Verdict("refuted", scope,
                       f"results/frame.csv: an optimal solution is Frame-type (largest disc) at "
                       f"{len(holds)} of {len(rows)} cells, e.g. {', '.join(holds[:6])}; the "
                       f"claim holds only under reading 1 (every disc, the row before)")
    return Verdict("confirmed", scope, "results/frame.csv: no optimal Frame-type solution")


def multistack_twin_unique(claim, ctx):
    """Two stacks (4 pegs): the number of optimal move sequences, by
    `hanoi structure multistack --pegs 4 -n N --count`, for n = 1..n_max."""
    counts = {}
    for n in range(1, claim.get("n_max", 7) + 1):
        out = json.loads(ctx.run(["structure", "multistack", "--pegs", 4, "-n", n, "--count",
                                  "--json", "-q"]))
        counts[n] = int(out["optimal_solutions"])
    scope = f"n = 1..{max(counts)}"
    text = ", ".join(f"{n}: {c}" for n, c in counts.items())
    if all(c == 2 for c in counts.values()):
        return Verdict("confirmed", scope,
                       f"exactly 2 optimal solutions at every n ({text}): the count does not "
                       "grow with n, as it does where the solution is not unique (three "
                       "stacks: 3, 48, 2883, ...); read as 'unique up to one binary choice'")
    return Verdict("refuted", scope, f"optimal-solution counts by n: {text}")


def checkers_semisquares(claim, ctx):
    """Lines 862-867, arithmetic: for T_k <= n < T_(k+1), S_k is the nearest
    semi-square to n, and p = n - S_k satisfies -[(k+1)/2] < p < [(k+2)/2] unless n
    is triangular; n = 1..n_max."""
    n_max = claim.get("n_max", 100000)
    not_nearest, out_of_range, triangular_outside = [], [], 0
    for n in range(1, n_max + 1):
        k = k_of(n)
        p = n - semi(k)
        if abs(p) > min(abs(n - semi(j)) for j in range(max(0, k - 2), k + 3)):
            not_nearest.append(n)
        if not -((k + 1) // 2) < p < (k + 2) // 2:
            if n == tri(k):
                triangular_outside += 1
            else:
                out_of_range.append(n)
    scope = f"n = 1..{n_max}"
    if not_nearest or out_of_range:
        return Verdict("refuted", scope,
                       f"S_k not the nearest semi-square at n = {not_nearest[:5]}; p out of its "
                       f"range at non-triangular n = {out_of_range[:5]}")
    return Verdict("confirmed", scope,
                   "S_k is the nearest semi-square (or tied) at every n, and the bounds on p "
                   f"hold at every non-triangular n (they fail at {triangular_outside} of the "
                   "triangular n, hence the exception)")


# --- Checkers: k forced even once the pins hold larger discs (seed 002, line 853) -

# The engine's `frame` DP for Checkers (variants/checkers/frame.hpp) written out again,
# so that the check can look inside it (which splits k are possible, which are best);
# it is first checked against the engine's replayed counts.  Peg colours are relative
# to the tower being moved: A = its largest disc's colour, B = the other, D = no colour.
CHK_A, CHK_B, CHK_D = 0, 1, 2
CHK_INF = float("inf")


def _chk_flip(x):
    return x if x == CHK_D else 1 - x


def _chk_f3(top):
    """F3[c][(X, Q, Z)]: the optimum of moving c discs X -> Z on three pegs (every
    three-peg solution moves the largest disc only when the other c-1 are on the
    third peg): a shortest path over the 9 states (peg of the largest disc, peg of
    the c-1 tower)."""
    import itertools

    codes = list(itertools.product(range(3), repeat=3))
    f3 = [{r: 0 for r in codes}]
    for c in range(1, top + 1):
        row = {}
        for r in codes:
            dist, done = {(0, 0): 0}, set()
            while True:
                todo = [(d, s) for s, d in dist.items() if s not in done]
                if not todo:
                    break
                d, (a, b) = min(todo)
                if (a, b) == (2, 2):
                    break
                done.add((a, b))
                seen = [CHK_B if q == a else _chk_flip(r[q]) for q in range(3)]
                for t in range(3):
                    if t != b:
                        cost = f3[c - 1][(seen[b], seen[3 - b - t], seen[t])]
                        if d + cost < dist.get((a, t), CHK_INF):
                            dist[(a, t)] = d + cost
                if a != b and r[3 - a - b] != CHK_A and d + 1 < dist.get((3 - a - b, b), CHK_INF):
                    dist[(3 - a - b, b)] = d + 1
            row[r] = dist.get((2, 2), CHK_INF)
        f3.append(row)
    return f3


def _chk_split(r, k, y):
    """A Frame-Stewart split of code r = (X, P1, P2, Z): the top c-k discs parked on
    Y = role y (1 or 2), the bottom k moved X -> Z with the three pegs X, Q, Z, the
    top brought back; the three parts' codes (k odd swaps A and B for the top)."""
    q = 3 - y
    fk = _chk_flip if k % 2 else (lambda x: x)
    return ((CHK_B, fk(r[q]), fk(r[3]), fk(r[y])), (r[0], r[q], r[3]),
            (fk(r[y]), fk(r[0]), fk(r[q]), CHK_B))


def _chk_f4(top, f3):
    """F4[c][code] = min over k, y of the split's cost, and every split as (cost, k,
    y, first code, second code, three-peg code)."""
    import itertools

    codes = list(itertools.product(range(3), repeat=4))
    f4, splits = [{r: 0 for r in codes}], [{r: [] for r in codes}]
    for c in range(1, top + 1):
        row, opts = {}, {}
        for r in codes:
            opts[r] = []
            for k in range(1, c + 1):
                for y in (1, 2):
                    first, bottom, second = _chk_split(r, k, y)
                    cost = f3[k][bottom] + (0 if k == c else f4[c - k][first] + f4[c - k][second])
                    opts[r].append((cost, k, y, first, second, bottom))
            row[r] = min(o[0] for o in opts[r])
        f4.append(row)
        splits.append(opts)
    return f4, splits


def _chk_code(r):
    return "".join("ABD"[x] for x in r)


def _chk_engine_frame(ctx, code, n):
    """`hanoi run checkers frame` for one code: its replayed count, or None where the
    engine offers no frame algorithm for that code and n (no Frame-type solution)."""
    import subprocess

    out = subprocess.run([ctx.hanoi, "run", "checkers", "frame", "--problem", code, "-n",
                          str(n), "--json"], capture_output=True, text=True)
    if out.returncode == 2 and "(algorithms: none)" in out.stderr:
        return None
    j = json.loads(out.stdout)
    if not j.get("legal"):
        raise RuntimeError(f"checkers frame {code} n = {n}: not legal")
    return j["moves_count"]


def checkers_even_k(claim, ctx):
    """Line 853: once the pins are occupied by larger discs the Checkers/Frame
    algorithm must take k even (to respect the base colours), so it is slower than
    Reve's unless n is nearly midway between triangular numbers.  Computed: (1) the
    engine's Frame DP written out here reproduces `hanoi run checkers frame` for every
    problem code, n = 1..max_n; (2) following every optimal split down from DDDD(n),
    the sub-problems whose four pegs all hold larger discs (codes without D) admit no
    split with odd k (3 <= k < c), and their optimal splits have k even for c >= 3;
    (3) DDDD's Frame count exceeds Reve's (Frame-Stewart, replayed) exactly at the n
    with |p(n)| > 2 (p = n - S_k, the seed's own measure of 'midway')."""
    top = claim.get("max_n", 31)
    f3 = _chk_f3(top)
    f4, splits = _chk_f4(top, f3)
    listed = json.loads(ctx.run(["list", "--json"]))
    codes = [p["code"] for v in listed if v["variant"] == "checkers" for p in v["problems"]
             if any(a["name"] == "frame" for a in p["algorithms"])]
    engine = {}
    for code in codes:
        r = tuple("ABD".index(ch) for ch in code)
        for n in range(1, top + 1):
            got = _chk_engine_frame(ctx, code, n)
            engine[(code, n)] = got
            want = f4[n][r]
            if (got if got is not None else CHK_INF) != want:
                raise RuntimeError(f"the Frame DP here gives {code}({n}) = {want}, "
                                   f"hanoi run checkers frame {got}")
    # (2) every sub-problem an optimal split of DDDD(n) reaches, n = 1..top
    reached, stack = {}, [((CHK_D,) * 4, n) for n in range(1, top + 1)]
    while stack:
        r, c = stack.pop()
        if c == 0 or (r, c) in reached:
            continue
        best = min(o[0] for o in splits[c][r])
        chosen = [o for o in splits[c][r] if o[0] == best]
        reached[(r, c)] = sorted({o[1] for o in chosen})
        for _, k, _, first, second, _ in chosen:
            stack += [(first, c - k), (second, c - k)]
    full = sorted((r, c) for r, c in reached if CHK_D not in r)
    odd_possible, odd_chosen, k1 = [], [], set()
    fails = {"three-peg part": 0, "parked tower only": 0}
    for r, c in full:
        ks = sorted({k for cost, k, _, _, _, _ in splits[c][r]
                     if k % 2 and 3 <= k < c and cost < CHK_INF})
        if ks:
            odd_possible.append(f"{_chk_code(r)}({c}): k = {ks} possible")
        for cost, k, _, _, _, bottom in splits[c][r]:
            if k % 2 and 3 <= k < c:
                fails["three-peg part" if f3[k][bottom] == CHK_INF else "parked tower only"] += 1
        if c >= 3 and any(k % 2 for k in reached[(r, c)]):
            odd_chosen.append(f"{_chk_code(r)}({c}): best k = {reached[(r, c)]}")
        if 1 in reached[(r, c)]:
            k1.add(c)
    groups = {}
    for r, c in full:
        groups.setdefault(_chk_code(r), []).append(c)
    where = ", ".join(f"{code} c = {cs[0]}" if len(cs) == 1 else
                      f"{code} c = {min(cs)}..{max(cs)}" if len(cs) == max(cs) - min(cs) + 1
                      else f"{code} c = {cs}" for code, cs in sorted(groups.items()))
    some = sorted({f"{_chk_code(r)}" for (r, c), ks in reached.items()
                   if sum(x == CHK_D for x in r) == 1 and c >= 3 and any(k % 2 for k in ks)})
    # (3) slower than Reve's exactly away from the semi-squares
    slower, far = [], []
    for n in range(1, top + 1):
        d, fs = engine[("DDDD", n)], reves4(ctx, n)
        if d > fs:
            slower.append((n, d, fs))
        if abs(persistence(n)) > 2:
            far.append(n)
    scope = f"DDDD n = 1..{top}; every optimal split followed down"
    slow_text = ", ".join(f"n = {n} ({d} against {fs}, p = {persistence(n)})"
                          for n, d, fs in slower)
    if odd_possible or odd_chosen:
        return Verdict("refuted", scope, "with every pin occupied an odd k is possible or best: " +
                       "; ".join((odd_possible + odd_chosen)[:6]))
    if [n for n, _, _ in slower] != far:
        return Verdict("refuted", scope, f"DDDD slower than Reve's at {slow_text}; |p(n)| > 2 at "
                       f"n = {far}")
    return Verdict(
        "confirmed", scope,
        f"the Frame DP written out here equals hanoi run checkers frame on all {len(codes)} codes, "
        f"n = 1..{top}; the sub-problems an optimal DDDD split reaches with all four pegs holding "
        f"larger discs ({where}) admit no split with odd k, 3 <= k < c (of their "
        f"{sum(fails.values())} odd splits, {fails['three-peg part']} fail in the three-peg part, "
        f"{fails['parked tower only']} in a parked-tower transfer), and their best k is even "
        f"wherever c >= 3 (k = 1 is best only at c = {sorted(k1)}); DDDD's Frame count "
        f"exceeds Reve's exactly at {slow_text}, the n with |p(n)| > 2, and equals it at the other "
        f"{top - len(slower)} n" +
        (f"; with only three pegs occupied, {', '.join(some)} do take odd k (the seed's 'only "
         f"some pins' case)" if some else ""))
