"""Custom checks for seeds 000 (Anderson's 3-colour tower), 001 (Er's colour towers)
and 003 (Ted's Plan A / Plan B), named in experiments/claims/000-001-003.toml.

Seed 000's procedures are transcribed here independently of the engine (pegs 1, 2, 3
as in the seed; a disc is (size, colour); a disc may rest on a larger or equal disc),
so the checks decide the seed's statements about colour orders, inverses and PERMUTE
by simulation.  Seed 001's Pascal ColourTowers is transcribed with its global towers
and var parameter n, instrumented for the statements of its correctness section.
Seed 003's statements about the minimal 3-peg solution are checked on the move lists
the engine's algorithms emit (`hanoi run classic ... --moves`).
"""

import itertools
import json

from claims_checks import Verdict

# --- Seed 000: Anderson's procedures ------------------------------------------------


class IllegalMove(Exception):
    pass


class Board:
    """Three pegs 1..3 of (size, colour) discs, bottom first; equal sizes may stack."""

    def __init__(self, pegs):
        self.pegs = {p: list(pegs[p]) for p in (1, 2, 3)}
        self.moves = []  # (from, to, disc)
        self.reversals = {}  # size -> times a SHIFT moved that layer by its three MOVEs

    def move(self, a, b):
        if not self.pegs[a]:
            raise IllegalMove(f"MOVE({a}, {b}) from an empty peg")
        d = self.pegs[a][-1]
        if self.pegs[b] and self.pegs[b][-1][0] < d[0]:
            raise IllegalMove(f"MOVE({a}, {b}) puts size {d[0]} on size {self.pegs[b][-1][0]}")
        self.pegs[a].pop()
        self.pegs[b].append(d)
        self.moves.append((a, b, d))

    def state(self):
        return {p: tuple(self.pegs[p]) for p in (1, 2, 3)}

    # The seed's procedures, line by line.
    def shift(self, a, b, c, k):
        if k > 0:
            self.shift(a, c, b, k - 1)
            self.move(a, b)
            self.move(a, b)
            self.move(a, b)
            self.reversals[k] = self.reversals.get(k, 0) + 1
            self.shift(c, b, a, k - 1)

    def gather1(self, a, b, c, k):  # the non-recursive GATHER (seed lines 48-54)
        self.move(b, c)
        self.shift(a, b, c, k - 1)
        self.move(a, c)
        self.shift(b, c, a, k - 1)

    def spread1(self, a, b, c, k):  # the non-recursive SPREAD (seed lines 58-64)
        self.shift(a, b, c, k - 1)
        self.move(a, c)
        self.shift(b, c, a, k - 1)
        self.move(a, b)

    def gather(self, a, b, c, k):  # recursive GATHER (seed lines 81-92)
        if k > 1:
            self.gather(b, c, a, k - 1)
        self.move(b, c)
        self.shift(a, b, c, k - 1)
        self.move(a, c)
        self.shift(b, c, a, k - 1)

    def spread(self, a, b, c, k):  # recursive SPREAD (seed lines 94-105)
        self.shift(a, b, c, k - 1)
        self.move(a, c)
        self.shift(b, c, a, k - 1)
        self.move(a, b)
        if k > 1:
            self.spread(c, a, b, k - 1)

    def permute(self, a, b, c, n):  # seed lines 120-126
        self.gather(a, b, c, n)
        self.shift(c, b, a, n)
        self.shift(b, a, c, n)
        self.spread(a, c, b, n)


def start_position(n, colour_of=None):
    """The puzzle's start: colour c's n discs on peg c (colour_of maps peg -> colour)."""
    colour_of = colour_of or {1: 1, 2: 2, 3: 3}
    return {p: [(s, colour_of[p]) for s in range(n, 0, -1)] for p in (1, 2, 3)}


def stack_over_base(depth_base, n, stack_peg, stack_layers, base_layers):
    """A stack of depth n - depth_base on `stack_peg` over a base of depth depth_base.
    base_layers[size] = (colour on peg 1, peg 2, peg 3); stack_layers[size] = colours
    of that size in the stack, top first."""
    pegs = {1: [], 2: [], 3: []}
    for s in range(n, n - depth_base, -1):
        for p in (1, 2, 3):
            pegs[p].append((s, base_layers[s][p - 1]))
    for s in range(n - depth_base, 0, -1):
        for col in reversed(stack_layers[s]):  # bottom of the layer first
            pegs[stack_peg].append((s, col))
    return pegs


def layer_on(pegs, peg, size):
    """Colours of the discs of `size` on `peg`, top first."""
    return tuple(c for s, c in reversed(pegs[peg]) if s == size)


def single_colour_map(state):
    """peg -> colour if every peg holds one colour's whole stack, else None."""
    out = {}
    for p in (1, 2, 3):
        cols = {c for _, c in state[p]}
        if len(cols) != 1:
            return None
        out[p] = cols.pop()
    return out if sorted(out.values()) == [1, 2, 3] else None


PERMS = list(itertools.permutations((1, 2, 3)))


def is_even(perm):
    inv = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j])
    return inv % 2 == 0


def _verdict(bad, scope, ok_text, first_bad_text):
    if bad:
        return Verdict("refuted", scope, first_bad_text(bad[0]))
    return Verdict("confirmed", scope, ok_text)


def anderson_shift_colour_order(claim, ctx):
    """aspect "moves": SHIFT(a,b,c,k) legally moves a stack of depth k from a to b and
    SHIFT(b,a,c,k) undoes it; aspect "colours": SHIFT reverses the colour order of the
    stack's bottom layer (size k) and preserves every other layer."""
    kmax = claim.get("k_max", 6)
    aspect = claim["aspect"]  # "moves" or "colours"
    if aspect not in ("moves", "colours"):
        raise ValueError(f"unknown aspect {aspect!r}")
    bad = []  # (aspect it refutes, or None for both; text)
    cases = 0
    for k in range(1, kmax + 1):
        for a, b, c in PERMS:
            layers = {s: PERMS[(s * 5 + a) % 6] for s in range(1, k + 1)}  # mixed orders
            pegs = stack_over_base(0, k, a, layers, {})
            bd = Board(pegs)
            try:
                bd.shift(a, b, c, k)
            except IllegalMove as e:
                bad.append((None, f"k = {k}, SHIFT({a},{b},{c}): {e}"))
                continue
            cases += 1
            after = bd.state()
            if after[a] or after[c] or len(after[b]) != 3 * k:
                bad.append((None, f"k = {k}, SHIFT({a},{b},{c}): stack not moved to peg {b}"))
                continue
            for s in range(1, k + 1):
                got = layer_on(after, b, s)
                want = tuple(reversed(layers[s])) if s == k else layers[s]
                if got != want:
                    bad.append(("colours", f"k = {k}, SHIFT({a},{b},{c}): layer {s} is {got}, "
                                           f"expected {want}"))
                    break
            inverse = Board(after)
            try:
                inverse.shift(b, a, c, k)
                undone = inverse.state() == Board(pegs).state()
            except IllegalMove:
                undone = False
            if not undone:
                bad.append(("moves", f"k = {k}: SHIFT({b},{a},{c}) does not undo "
                                     f"SHIFT({a},{b},{c})"))
    bad = [t for kind, t in bad if kind in (None, aspect)]
    if aspect == "colours":
        text = "reversed exactly its bottom layer and kept every other layer's order"
    else:
        text = "moved the stack legally from a to b and was undone by SHIFT(b,a,c,k)"
    return _verdict(bad, f"k = 1..{kmax}, all 6 peg orders",
                    f"simulated {cases} SHIFTs of stacks with mixed colour orders: each {text}",
                    lambda t: t)


def anderson_shift_reversal_counts(claim, ctx):
    """Within SHIFT(a,b,c,k) the layer of size j < k is reversed 2^(k-j) times."""
    kmax = claim.get("k_max", 8)
    bad = []
    for k in range(1, kmax + 1):
        bd = Board(stack_over_base(0, k, 1, {s: (1, 2, 3) for s in range(1, k + 1)}, {}))
        bd.shift(1, 2, 3, k)
        for j in range(1, k + 1):
            if bd.reversals.get(j, 0) != 2 ** (k - j):
                bad.append(f"k = {k}: layer {j} reversed {bd.reversals.get(j, 0)} times, "
                           f"not 2^{k - j}")
    return _verdict(bad, f"k = 1..{kmax}",
                    "counted the three-MOVE transfers of each layer inside SHIFT(1,2,3,k): "
                    "layer j is reversed 2^(k-j) times, even for every j < k", lambda t: t)


def _base_and_stack(k, n, stack_peg, base_top, stack_bottom):
    """A base of depth n-k+1 (top layer = size k, colours base_top by peg) under a stack
    of depth k-1 on stack_peg; the lower layers use fixed orders."""
    base = {s: (1, 2, 3) for s in range(k + 1, n + 1)}
    base[k] = base_top
    stack = {s: PERMS[(s + 2) % 6] for s in range(1, k)}
    if k > 1 and stack_bottom is not None:
        stack[k - 1] = stack_bottom
    return stack_over_base(n - k + 1, n, stack_peg, stack, base)


def anderson_gather_spread(claim, ctx):
    """The non-recursive GATHER(a,b,c,k) (part = "gather") or SPREAD(a,b,c,k) (part =
    "spread") over every parameter order, base / stack colour order and k <= n.
    aspect "moves": every move legal; GATHER ends with a stack of depth k on c (the
    base's top layer under the old stack), SPREAD with one size-k disc on each peg and
    the reduced stack on c.  aspect "colours": GATHER's new bottom layer S (top down)
    is p(B), B the base's top layer by peg and [a,b,c] = p([1,2,3]), i.e. S[i] = B[p_i]
    (the seed's example: B = [3,2,1], GATHER(1,3,2) gives [3,1,2]); SPREAD gives
    B = q(S) with [c,b,a] = q^-1([1,2,3]), i.e. B[c], B[b], B[a] = S[1], S[2], S[3].
    aspect "kept": the k-1 layers of the stack keep their colour order."""
    n = claim.get("n", 4)
    part, aspect = claim["part"], claim["aspect"]
    bad = []
    cases = 0
    for k in range(1, n + 1):
        for a, b, c in PERMS:
            for order in PERMS:
                cases += 1
                upper = {s: PERMS[(s + 2) % 6] for s in range(1, k)}
                if part == "gather":
                    B = order  # the base's top layer (size k) by peg
                    pegs = stack_over_base(n - k + 1, n, a, upper,
                                           {**{s: (1, 2, 3) for s in range(k + 1, n + 1)}, k: B})
                    src = a
                else:
                    S = order  # the stack's bottom layer (size k), top first
                    pegs = stack_over_base(n - k, n, a, {**upper, k: S},
                                           {s: (1, 2, 3) for s in range(k + 1, n + 1)})
                    src = a
                before = Board(pegs).state()
                bd = Board(pegs)
                name = f"{part.upper()}({a},{b},{c},{k}) on {order}"
                try:
                    (bd.gather1 if part == "gather" else bd.spread1)(a, b, c, k)
                except IllegalMove as e:
                    bad.append(f"{name}: {e}")
                    continue
                st = bd.state()
                small = {p: [d for d in st[p] if d[0] <= k] for p in (1, 2, 3)}
                if aspect == "moves":
                    if part == "gather":
                        ok = len(small[c]) == 3 * k and not small[a] and not small[b]
                    else:
                        ok = (len(small[c]) == 3 * (k - 1) + 1 and len(small[a]) == 1
                              and len(small[b]) == 1 and small[a][0][0] == small[b][0][0] == k
                              and small[c][0][0] == k)
                    if not ok:
                        bad.append(f"{name}: ends {small}")
                elif aspect == "colours":
                    if part == "gather":
                        got = layer_on(st, c, k)
                        want = (B[a - 1], B[b - 1], B[c - 1])
                    else:
                        got = tuple(layer_on(st, p, k) for p in (1, 2, 3))
                        q = {c: 1, b: 2, a: 3}  # q^-1 = [c, b, a]
                        want = tuple((S[q[p] - 1],) for p in (1, 2, 3))
                    if got != want:
                        bad.append(f"{name}: got {got}, the seed's rule gives {want}")
                elif aspect == "kept":
                    if any(layer_on(st, c, s) != layer_on(before, src, s) for s in range(1, k)):
                        bad.append(f"{name}: the stack's upper layers changed order")
                else:
                    raise ValueError(f"unknown aspect {aspect!r}")
    example = ""
    if part == "gather" and aspect == "colours":
        bd = Board(stack_over_base(2, 3, 1, {1: (1, 2, 3)}, {3: (1, 2, 3), 2: (3, 2, 1)}))
        bd.gather1(1, 3, 2, 2)
        ex = layer_on(bd.state(), 2, 2)
        if ex != (3, 1, 2):
            bad.append(f"the seed's example gives {list(ex)}, not [3, 1, 2]")
        example = f"; the seed's example (B = [3, 2, 1], GATHER(1,3,2)) gives {list(ex)}"
    texts = {"moves": "every move legal and the discs end where the seed says",
             "colours": "the new layer's colours follow the seed's permutation rule",
             "kept": "the stack's other layers keep their colour order"}
    return _verdict(bad, f"k = 1..{n}, 6 parameter orders x 6 colour orders",
                    f"simulated {cases} non-recursive {part.upper()}s: {texts[aspect]}{example}",
                    lambda t: t)


def anderson_gather_choices_differ(claim, ctx):
    """With the stack on peg 1, GATHER(1,2,3,k) and GATHER(1,3,2,k) leave it on
    different pegs and with different bottom colour orders."""
    n = claim.get("n", 4)
    bad = []
    for k in range(1, n + 1):
        for B in PERMS:
            out = []
            for a, b, c in ((1, 2, 3), (1, 3, 2)):
                bd = Board(_base_and_stack(k, n, a, B, None))
                bd.gather1(a, b, c, k)
                out.append((c, layer_on(bd.state(), c, k)))
            if out[0][0] == out[1][0] or out[0][1] == out[1][1]:
                bad.append(f"k = {k}, B = {B}: {out}")
    return _verdict(bad, f"k = 1..{n}, all 6 base colour orders",
                    "both GATHERs simulated: different end pegs and different bottom-layer "
                    "orders every time", lambda t: t)


def anderson_spread_inverts_gather(claim, ctx):
    """SPREAD(c,b,a,k) undoes GATHER(a,b,c,k): move by move (reversed, each move
    inverted) and as positions; `recursive` selects the recursive definitions, applied
    from the puzzle's start (a base of depth N)."""
    recursive = claim.get("recursive", False)
    nmax = claim.get("n_max", 6)
    bad = []
    cases = 0
    for n in range(1, nmax + 1):
        for a, b, c in PERMS:
            for k in ([n] if recursive else range(1, n + 1)):
                if recursive:
                    pegs = start_position(n)
                else:
                    pegs = _base_and_stack(k, n, a, PERMS[(k + a) % 6], None)
                bd = Board(pegs)
                (bd.gather if recursive else bd.gather1)(a, b, c, k)
                g_moves = list(bd.moves)
                mid = bd.state()
                sp = Board(mid)
                (sp.spread if recursive else sp.spread1)(c, b, a, k)
                cases += 1
                inverse_moves = [(t, f) for f, t, _ in reversed(g_moves)]
                if [(f, t) for f, t, _ in sp.moves] != inverse_moves:
                    bad.append(f"n = {n}, k = {k}, GATHER({a},{b},{c}): SPREAD({c},{b},{a}) is "
                               "not its reversed, inverted move list")
                elif sp.state() != Board(pegs).state():
                    bad.append(f"n = {n}, k = {k}, GATHER({a},{b},{c}): SPREAD({c},{b},{a}) "
                               "does not restore the position")
    what = "recursive" if recursive else "non-recursive"
    return _verdict(bad, f"n = 1..{nmax}, all 6 parameter orders",
                    f"simulated {cases} {what} GATHER / SPREAD pairs: SPREAD(c,b,a,k) is "
                    "GATHER(a,b,c,k)'s move list reversed and inverted and restores the "
                    "coloured position", lambda t: t)


def anderson_solution_trace(claim, ctx):
    """The solution GATHER(1,2,3,N); SHIFT(3,2,1,N); SHIFT(2,1,3,N); SPREAD(1,3,2,N):
    all 3N discs on peg 3 after GATHER, on peg 1 after the two SHIFTs, every move legal,
    and the final colours permuted by (1 2 3): colour of peg 1 on peg 2, 2 on 3, 3 on 1.
    Cross-checked with the engine's `anderson` move count."""
    nmax = claim.get("n_max", 7)
    bad = []
    for n in range(1, nmax + 1):
        bd = Board(start_position(n))
        try:
            bd.gather(1, 2, 3, n)
            after_gather = bd.state()
            bd.shift(3, 2, 1, n)
            bd.shift(2, 1, 3, n)
            after_shifts = bd.state()
            bd.spread(1, 3, 2, n)
        except IllegalMove as e:
            bad.append(f"n = {n}: {e}")
            continue
        if len(after_gather[3]) != 3 * n:
            bad.append(f"n = {n}: GATHER(1,2,3,N) leaves {len(after_gather[3])} discs on peg 3")
        if len(after_shifts[1]) != 3 * n:
            bad.append(f"n = {n}: the SHIFTs leave {len(after_shifts[1])} discs on peg 1")
        final = single_colour_map(bd.state())
        if final != {2: 1, 3: 2, 1: 3}:
            bad.append(f"n = {n}: final colours by peg {final}, not (1 2 3)")
        if n <= 5:
            eng = json.loads(ctx.run(["run", "antwerp", "anderson", "-n", n, "--json", "-q"]))
            if not eng["legal"] or eng["moves_count"] != len(bd.moves):
                bad.append(f"n = {n}: engine anderson {eng['moves_count']} moves "
                           f"(legal {eng['legal']}) against {len(bd.moves)} simulated")
    return _verdict(bad, f"n = 1..{nmax}",
                    "simulated the seed's four lines: all discs on peg 3 after GATHER, on "
                    "peg 1 after the two SHIFTs, every move legal, final colours moved by "
                    "(1 2 3); the engine's anderson gives the same count (n = 1..5)",
                    lambda t: t)


def anderson_single_shift(claim, ctx):
    """With one SHIFT(3,1,2,N) instead of the two, the stack on peg 1 has its bottom
    layer reversed, and SPREAD(1,3,2,N) then does not solve the puzzle (no derangement
    of single-colour stacks)."""
    nmax = claim.get("n_max", 6)
    bad = []
    outcomes = {}
    for n in range(1, nmax + 1):
        two = Board(start_position(n))
        two.gather(1, 2, 3, n)
        two.shift(3, 2, 1, n)
        two.shift(2, 1, 3, n)
        one = Board(start_position(n))
        one.gather(1, 2, 3, n)
        one.shift(3, 1, 2, n)
        l2, l1 = layer_on(two.state(), 1, n), layer_on(one.state(), 1, n)
        if l1 != tuple(reversed(l2)) or l1 == l2:
            bad.append(f"n = {n}: bottom layer {l1} with one SHIFT, {l2} with two")
            continue
        one.spread(1, 3, 2, n)
        final = single_colour_map(one.state())
        if final is not None and all(final[p] != p for p in (1, 2, 3)):
            bad.append(f"n = {n}: one SHIFT still solves the puzzle, colours by peg {final}")
        outcomes.setdefault("mixed colours" if final is None else
                            f"colours by peg {final}", []).append(n)
    seen = "; ".join(f"n = {', '.join(map(str, ns))}: {o}" for o, ns in outcomes.items())
    return _verdict(bad, f"n = 1..{nmax}",
                    "simulated: one SHIFT(3,1,2,N) leaves the bottom layer reversed against "
                    f"two SHIFTs, and SPREAD(1,3,2,N) then ends in no derangement ({seen})",
                    lambda t: t)


def _permute_outcome(n, params):
    bd = Board(start_position(n))
    try:
        bd.permute(*params, n)
    except IllegalMove as e:
        return f"illegal: {e}"
    m = single_colour_map(bd.state())
    if m is None:
        return "mixed colours"
    # colour c (started on peg c) -> peg
    return tuple(next(p for p in (1, 2, 3) if m[p] == c) for c in (1, 2, 3))


def anderson_permute(claim, ctx):
    """PERMUTE(a,b,c,N) over the six parameter orders.  mode:
    "cyclic"      every even [a,b,c] gives a derangement (solves the puzzle) and the
                  even orders together give both 3-cycles of the colours;
    "noncyclic"   no odd [a,b,c] gives a derangement;
    "no-transposition"  no parameter order yields a transposition (one colour fixed);
    "each-cycle"  line 118 as written: each of the two 3-cycles of the colours (the
                  derangements) is reached by some parameter order, at every n."""
    mode = claim["mode"]
    nmax = claim.get("n_max", 6)
    table = {}
    for n in range(1, nmax + 1):
        for params in PERMS:
            table[(n, params)] = _permute_outcome(n, params)

    def derangement(o):
        return isinstance(o, tuple) and all(o[c - 1] != c for c in (1, 2, 3))

    def transposition(o):
        return isinstance(o, tuple) and sum(o[c - 1] == c for c in (1, 2, 3)) == 1

    def describe(o):
        return f"colour c to peg {list(o)}" if isinstance(o, tuple) else o

    summary = "; ".join(f"{list(p)} -> {describe(table[(nmax, p)])}" for p in PERMS)
    scope = f"n = 1..{nmax}, all 6 parameter orders"
    if mode == "cyclic":
        bad = [(n, p, o) for (n, p), o in table.items() if is_even(p) and not derangement(o)]
        if bad:
            n, p, o = bad[0]
            return Verdict("refuted", scope, f"PERMUTE{p} at n = {n}: {o}")
        got = {table[(n, p)] for (n, p) in table if is_even(p)}
        if len(got) < 2:
            return Verdict("refuted", scope,
                           "every cyclic [a,b,c] solves the puzzle but all give the same "
                           f"colour permutation (colour c to peg {list(got.pop())}); the other "
                           f"3-cycle needs a non-cyclic [a,b,c].  At n = {nmax}: {summary}")
        return Verdict("confirmed", scope, f"both 3-cycles reached by cyclic [a,b,c]: {summary}")
    if mode == "each-cycle":
        missing = []
        for n in range(1, nmax + 1):
            got = {table[(n, p)] for p in PERMS if derangement(table[(n, p)])}
            if len(got) < 2:
                missing.append(n)
        if missing:
            return Verdict("refuted", scope, f"only one 3-cycle reached at n = {missing}: {summary}")
        return Verdict("confirmed", scope,
                       "each 3-cycle of the colours is reached by some parameter order at every "
                       f"n (the even orders give one, the odd orders the other); at n = {nmax}: "
                       f"{summary}")
    if mode == "noncyclic":
        bad = [(n, p, o) for (n, p), o in table.items() if not is_even(p) and derangement(o)]
        if bad:
            n, p, o = bad[0]
            return Verdict("refuted", scope,
                           f"PERMUTE{p} (non-cyclic) solves the puzzle at n = {n}, colour c to "
                           f"peg {list(o)}; at n = {nmax}: {summary}")
        return Verdict("confirmed", scope, f"no non-cyclic [a,b,c] gives a derangement: {summary}")
    if mode == "no-transposition":
        bad = [(n, p, o) for (n, p), o in table.items() if transposition(o)]
        if bad:
            n, p, o = bad[0]
            return Verdict("refuted", scope, f"PERMUTE{p} at n = {n} gives the transposition "
                           f"colour c to peg {list(o)}")
        return Verdict("confirmed", scope,
                       f"no parameter order gives a transposition of the colours: {summary}")
    raise ValueError(f"unknown mode {mode!r}")


# --- Seed 001: Er's ColourTowers, transcribed -------------------------------------


class ColourTowers:
    """The Pascal program of seed 001 with pegs 1..3, white > 0, black < 0."""

    def __init__(self, discs_by_peg):
        # towers[p] bottom first; stackpointers[p] = len(towers[p])
        self.towers = {p: list(discs_by_peg[p]) for p in (1, 2, 3)}
        self.moves = 0
        self.case_c_then_b = 0
        self.violations = []

    def largest(self, p, height):
        if height == 0:
            return 0
        return self.towers[p][len(self.towers[p]) - height]

    def choose_max_peg(self, n):
        maxpeg = 1
        for p in (2, 3):
            if abs(self.largest(p, n[p])) > abs(self.largest(maxpeg, n[maxpeg])):
                maxpeg = p
        return maxpeg

    def move_disc(self, source, target):
        d = self.towers[source].pop()
        step = 1 if d > 0 else -1
        if (source - 1 + step) % 3 + 1 != target:
            self.violations.append(f"disc {d} moved {source} -> {target} against its colour")
        if self.towers[target] and abs(self.towers[target][-1]) < abs(d):
            self.violations.append(f"disc {d} put on {self.towers[target][-1]}")
        self.towers[target].append(d)
        self.moves += 1

    def run(self, n, target, expect_case_b=False):
        total = n[1] + n[2] + n[3]
        case = "done"
        if total != n[target]:
            source = self.choose_max_peg(n)
            bigdisc = self.largest(source, n[source])
            n[source] -= 1
            if target == source:
                case = "A"
                self.run(n, target)
                n[source] += 1
            else:
                spare = 6 - target - source
                clockwise = (target - source == 1) or (target - source == -2)
                if (bigdisc > 0) == clockwise:
                    case = "B"
                    self.run(n, spare)
                    self.move_disc(source, target)
                    self.run(n, target)
                    n[target] += 1
                else:
                    case = "C"
                    self.run(n, target)
                    self.move_disc(source, spare)
                    n[spare] += 1
                    self.run(n, target, expect_case_b=True)
        if expect_case_b:
            if case == "B":
                self.case_c_then_b += 1
            else:
                self.violations.append(f"Case C's second call fell into case {case}")
        # The correctness section: total invariant, n updated (all on the target).
        if n[1] + n[2] + n[3] != total or n[target] != total:
            self.violations.append(f"n = {dict(n)} after a call to peg {target} with {total}")
        return case


def _er_instances(nmax):
    for n in range(1, nmax + 1):
        for colouring in range(2 ** n):
            for start in itertools.product((1, 2, 3), repeat=n):
                for target in (1, 2, 3):
                    yield n, colouring, start, target


def er_colour_towers_transcribed(claim, ctx):
    """Runs the transcription on every colouring x start x target (n <= n_max); aspect:
    "case-c" every Case C's second call is a Case B; "invariant" after every activation
    the discs counted in n are unchanged in number and all counted on the target, and
    the final position is the tower on the target with every move legal."""
    aspect = claim["aspect"]
    nmax = claim.get("n_max", 5)
    instances = moves = case_c = 0
    for n, colouring, start, target in _er_instances(nmax):
        discs = {1: [], 2: [], 3: []}
        for size in range(n, 0, -1):  # largest first: bottom of its peg
            black = (colouring >> (size - 1)) & 1
            discs[start[size - 1]].append(-size if black else size)
        ct = ColourTowers(discs)
        counts = {p: len(discs[p]) for p in (1, 2, 3)}
        ct.run(counts, target)
        instances += 1
        moves += ct.moves
        case_c += ct.case_c_then_b
        done = [abs(d) for d in ct.towers[target]] == list(range(n, 0, -1))
        problems = [v for v in ct.violations
                    if (aspect == "case-c") == v.startswith("Case C")]
        if aspect == "invariant" and not done:
            problems.append(f"final position {ct.towers}")
        if problems:
            return Verdict("refuted", f"n = 1..{nmax}",
                           f"n = {n}, colouring {colouring:0{n}b}, start {start}, target "
                           f"{target}: {problems[0]}")
    if aspect == "case-c":
        text = (f"transcribed ColourTowers on {instances} instances ({moves} moves): all "
                f"{case_c} Case C conversions were followed by a Case B call")
    else:
        text = (f"transcribed ColourTowers on {instances} instances ({moves} moves): after "
                "every activation n held the same number of discs, all on the call's target; "
                "every move legal, every run ending in the tower on the target")
    return Verdict("confirmed", f"n = 1..{nmax}, every colouring x start x target", text)


def er_smaller_discs_on_spare(claim, ctx):
    """In every legal move of Er's puzzle (any colouring, any placement), all discs
    smaller than the moving disc are on the third peg.  Independent enumeration."""
    nmax = claim.get("n_max", 7)
    moves = 0
    for n in range(1, nmax + 1):
        for colouring in range(2 ** n):
            for place in itertools.product((0, 1, 2), repeat=n):
                top = [None, None, None]
                for d in range(n, 0, -1):  # smallest ends on top
                    top[place[d - 1]] = d
                for a in range(3):
                    d = top[a]
                    if d is None:
                        continue
                    black = (colouring >> (d - 1)) & 1
                    b = (a + (2 if black else 1)) % 3
                    if top[b] is not None and top[b] < d:
                        continue
                    moves += 1
                    spare = 3 - a - b
                    if any(place[s - 1] != spare for s in range(1, d)):
                        return Verdict("refuted", f"n = 1..{nmax}",
                                       f"n = {n}, placement {place}: disc {d} moves {a} -> {b} "
                                       "with a smaller disc off the spare peg")
    return Verdict("confirmed", f"n = 1..{nmax}, every colouring x placement",
                   f"enumerated {moves} legal moves: every time, all smaller discs were on the "
                   "third peg")


# --- Seed 003: the minimal 3-peg solution and Plans A / B --------------------------


def _classic_moves(ctx, n, algorithm="recursive"):
    out = json.loads(ctx.run(["run", "classic", algorithm, "-n", n, "--json", "--moves", "-q"]))
    if not out["legal"] or out["moves_count"] != 2 ** n - 1:
        raise ValueError(f"classic {algorithm} n = {n}: {out['moves_count']} moves, "
                         f"legal {out['legal']}")
    return out["moves"]  # [disc, from, to], 1-based move order


def classic_move_pattern(claim, ctx):
    """Properties of the minimal 0 -> 2 solution, read from the engine's move list
    (`algorithm`, default recursive; optimal and unique by results/default.csv):
    "disc1-odd"     disc 1 moves exactly on the odd-numbered moves;
    "disc1-dir"     disc 1 always steps +1 (mod 3) for even n, -1 (i.e. +2) for odd n;
    "ruler"         move m moves the smallest D with m mod 2^D != 0;
    "example"       move `move` moves disc `disc` (n >= disc);
    "parity-dir"    disc d always steps +1 when n + d is odd, +2 when n + d is even;
    "disc4-even-n"  for even n, with disc 1 on peg 0 every move of disc 4 is 2 -> 1."""
    kind = claim["pattern"]
    nmin, nmax = claim.get("n", [1, 14])
    alg = claim.get("algorithm", "recursive")
    checked = hits = 0  # hits: moves the pattern's condition applies to
    for n in range(nmin, nmax + 1):
        if kind == "disc4-even-n" and n % 2:
            continue
        moves = _classic_moves(ctx, n, alg)
        d1 = 0
        for m, (d, f, t) in enumerate(moves, 1):
            step = (t - f) % 3
            err = None
            if kind == "disc1-odd" and (d == 1) != (m % 2 == 1):
                err = f"move {m} moves disc {d}"
            elif kind == "disc1-dir" and d == 1 and step != (1 if n % 2 == 0 else 2):
                err = f"move {m}: disc 1 steps {f} -> {t}"
            elif kind == "ruler":
                D = 1
                while m % 2 ** D == 0:
                    D += 1
                if D != d:
                    err = f"move {m} moves disc {d}, the rule gives {D}"
            elif kind == "example" and m == claim["move"] and d != claim["disc"]:
                err = f"move {m} moves disc {d}"
            elif kind == "parity-dir" and step != (1 if (n + d) % 2 else 2):
                err = f"move {m}: disc {d} steps {f} -> {t}"
            elif kind == "disc4-even-n" and d == 4 and d1 == 0 and (f, t) != (2, 1):
                err = f"move {m}: disc 4 moves {f} -> {t} with disc 1 on peg 0"
            if err:
                return Verdict("refuted", f"n = {nmin}..{nmax}", f"n = {n}: {err}")
            if (kind == "example" and m == claim["move"]) or (
                    kind == "disc4-even-n" and d == 4 and d1 == 0) or kind in (
                    "disc1-odd", "ruler", "parity-dir") or (kind == "disc1-dir" and d == 1):
                hits += 1
            if d == 1:
                d1 = t
            checked += 1
    if hits == 0:
        raise ValueError(f"pattern {kind}: no move in n = {nmin}..{nmax} to check")
    texts = {
        "disc1-odd": "disc 1 moved on every odd-numbered move and on no even one",
        "disc1-dir": "disc 1 always stepped +1 (mod 3) for even n and -1 for odd n",
        "ruler": "the disc of move m was always the smallest D with m mod 2^D != 0",
        "example": f"move {claim.get('move')} moved disc {claim.get('disc')}",
        "parity-dir": "disc d always stepped +1 when n + d was odd and +2 when even",
        "disc4-even-n": "for even n, disc 4 always moved 2 -> 1 when disc 1 was on peg 0",
    }
    even = " (even)" if kind == "disc4-even-n" else ""
    return Verdict("confirmed", f"n = {nmin}..{nmax}{even}",
                   f"engine's {alg} move lists ({checked} moves, {hits} to which the "
                   f"statement applies): {texts[kind]}")


def plan_b_bit_comparison(claim, ctx):
    """Plan B's encoding: disc d at bit n-d of its peg's word (smallest disc highest).
    For every placement and every pair of pegs, not both empty, the larger word is the
    peg with the smaller top disc (an empty peg's word is 0)."""
    nmax = claim.get("n_max", 9)
    pairs = 0
    for n in range(1, nmax + 1):
        for place in itertools.product((0, 1, 2), repeat=n):
            word = [0, 0, 0]
            top = [n + 1] * 3  # n+1: empty
            for d in range(1, n + 1):
                word[place[d - 1]] |= 1 << (n - d)
                top[place[d - 1]] = min(top[place[d - 1]], d)
            for a, b in ((0, 1), (0, 2), (1, 2)):
                if top[a] == top[b]:  # both empty
                    continue
                pairs += 1
                if (word[a] > word[b]) != (top[a] < top[b]):
                    return Verdict("refuted", f"n = 1..{nmax}",
                                   f"n = {n}, placement {place}: pegs {a}, {b} words "
                                   f"{word[a]}, {word[b]}, tops {top[a]}, {top[b]}")
    return Verdict("confirmed", f"n = 1..{nmax}, every placement",
                   f"compared {pairs} peg pairs: the larger word always held the smaller top")


def iterative_faster_than_recursive(claim, ctx):
    """Times `hanoi run classic <alg> -n N --json` (its `seconds`: emission plus the
    rule checker's replay of every move), interleaved, `repeats` times each.  An
    iterative method is faster (slower) when its slowest (fastest) run beats (trails)
    the recursive method's fastest (slowest); confirmed when every listed iterative
    method is faster, refuted when every one is slower, open otherwise."""
    n = claim.get("n_discs", 20)
    repeats = claim.get("repeats", 5)
    base = claim.get("baseline", "recursive")
    algs = claim.get("iterative", ["plan-a", "plan-b", "iterative"])
    times = {a: [] for a in [base, *algs]}
    for _ in range(repeats):
        for a in times:
            out = json.loads(ctx.run(["run", "classic", a, "-n", n, "--json", "-q"]))
            if not out["legal"]:
                raise ValueError(f"classic {a} n = {n} failed: {out['error']}")
            times[a].append(out["seconds"])
    lo, hi = min(times[base]), max(times[base])
    verdicts = {}
    for a in algs:
        if max(times[a]) < lo:
            verdicts[a] = "faster"
        elif min(times[a]) > hi:
            verdicts[a] = "slower"
        else:
            verdicts[a] = "overlapping"
    figures = "; ".join(f"{a} {min(t):.3f}-{max(t):.3f} s" for a, t in times.items())
    scope = f"n = {n}, {repeats} interleaved runs each, this engine's implementations"
    text = (f"`hanoi run` seconds (emission plus rule-checker replay of {2 ** n - 1} moves): "
            f"{figures}; against {base}: " + ", ".join(f"{a} {v}" for a, v in verdicts.items()))
    if all(v == "faster" for v in verdicts.values()):
        return Verdict("confirmed", scope, text)
    if all(v == "slower" for v in verdicts.values()):
        return Verdict("refuted", scope, text)
    return Verdict("open", scope, text + "; needs a benchmark timing the emitters alone "
                   "(without the replay, which dominates) with repeated runs on an idle machine")


# --- Seed 003: Plan B as printed ------------------------------------------------------


def plan_b_as_printed(claim, ctx):
    """Runs line 60's Plan B listing literally, for n = 1..n_max discs: BASIC's true
    comparison is -1, an unassigned variable (`Disk`) is 0, PegBits changes only on
    even moves (as printed), and a subscript outside PG's two elements (PG(-1), from
    `PG(1-FromPeg)` with FromPeg a peg number) is an error.  The moves it outputs are
    replayed on explicit stacks 0 -> 2 with the classic rules."""
    nmax = claim.get("n_max", 8)
    first_bad = None
    for n in range(1, nmax + 1):
        peg_bits = [0, 0, 0]
        for k in range(1, n + 1):
            peg_bits[0] |= 1 << (n - k + 1)  # BIT SET PegBits(0), TotDiscs-N+1
        d1p, d1incr, disk = 0, n % 2 + 1, 0
        stacks = [list(range(n, 0, -1)), [], []]
        err = None
        for move in range(1, 2 ** n):
            if move % 2:
                frm, to = d1p, (d1p + d1incr) % 3
                d1p = to
            else:
                pg = [(d1p + 1) % 3, (d1p + 2) % 3]
                cmp = -1 if peg_bits[pg[0]] > peg_bits[pg[1]] else 0
                frm = pg[1 + cmp]
                index = 1 - frm
                if index not in (0, 1):
                    err = f"move {move}: PG({index}) is outside PG's two elements"
                    break
                to = pg[index]
                peg_bits[to] |= 1 << (n + 1 - disk)
                peg_bits[frm] &= ~(1 << (n + 1 - disk))
            if not stacks[frm]:
                err = f"move {move}: {frm} -> {to} from an empty peg"
                break
            if stacks[to] and stacks[to][-1] < stacks[frm][-1]:
                err = f"move {move}: {frm} -> {to} puts disc {stacks[frm][-1]} on disc {stacks[to][-1]}"
                break
            if frm == to:
                err = f"move {move}: {frm} -> {to} does not change peg"
                break
            stacks[to].append(stacks[frm].pop())
        if err is None and len(stacks[2]) != n:
            err = "the moves end without the tower on peg 2"
        if err is not None and first_bad is None:
            first_bad = f"n = {n}, {err}"
    scope = f"n = 1..{nmax}, the listing run literally"
    if first_bad:
        return Verdict("refuted", scope, f"the printed listing fails: {first_bad} (the "
                       "engine's plan-b, with the reading of 003.plan-b.works, is legal and "
                       "optimal)")
    return Verdict("confirmed", scope, "the printed listing moves the tower to peg 2 legally "
                   "in 2^n - 1 moves")


def listing_has_no_inner_loops(claim, ctx):
    """Whether the body of a quoted BASIC listing's main loop (from `outer` to the
    first NEXT after it) holds no loop keyword: FOR, WHILE, DO, LOOP or GOTO, matched
    as whole upper-case words (the listing's keywords are upper case and its
    comments hold none)."""
    code = claim["listing"].split()
    outer = claim["outer"].split()
    starts = [i for i in range(len(code)) if code[i:i + len(outer)] == outer]
    if len(starts) != 1:
        raise ValueError(f"the listing has {len(starts)} '{claim['outer']}' loops, expected 1")
    body = code[starts[0] + len(outer):]
    end = next((i for i, w in enumerate(body) if w == "NEXT"), None)
    if end is None:
        raise ValueError("the main loop has no NEXT")
    inner = [w for w in body[:end] if w in ("FOR", "WHILE", "DO", "LOOP", "GOTO")]
    scope = f"the body of the listing's '{claim['outer']}' loop"
    if inner:
        return Verdict("refuted", scope, f"it holds the loop keyword(s) {', '.join(inner)}")
    return Verdict("confirmed", scope, f"{end} words between '{claim['outer']}' and its NEXT, "
                   "none of them FOR, WHILE, DO, LOOP or GOTO (the one other loop, FOR N, "
                   "sets the pegs up)")
