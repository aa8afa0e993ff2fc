#!/usr/bin/env python3
"""Regenerate the hand-checked data files in fixtures/ (the JSON `hanoi show` writes).

usage: make_fixtures.py [OUTDIR]   (default: the fixtures/ folder next to this script)

classic3.json   classic n = 3, the 7 optimal moves
reves4.json     Reve's puzzle n = 4, 4 pegs, Frame-Stewart's 9 moves
coloured.json   two colours of discs, peg bases with colours, a legend
sampled20.json  classic n = 20, a sample of 41 of the 2^20 configurations
illegal.json    classic n = 3 with an illegal 3rd move (frames end before it)
"""
import json
import os
import sys

BLUE = "#1f77b4"


def config_text(st):
    return " | ".join(f"{i}: " + " ".join(map(str, p)) if p else f"{i}:" for i, p in enumerate(st))


def snap(st, colour=lambda s: BLUE, bases=None):
    return [{"base": (bases[i] if bases else None),
             "discs": [{"size": s, "colour": colour(s), "label": str(s)} for s in p]}
            for i, p in enumerate(st)]


def frames_of(st, moves, keep=None, **kw):
    st = [list(p) for p in st]
    out = [{"move_index": 0, "move": None, "words": "start", "config": config_text(st), "pegs": snap(st, **kw)}]
    for k, (d, a, b) in enumerate(moves, 1):
        assert st[a] and st[a][-1] == d, (k, d, a, b, st)
        assert not st[b] or st[b][-1] > d, (k, d, a, b, st)
        st[b].append(st[a].pop())
        if keep is None or keep(k):
            out.append({"move_index": k, "move": f"{d}:{a}->{b}",
                        "words": f"move {k}: disc {d} from peg {a} to peg {b}",
                        "config": config_text(st), "pegs": snap(st, **kw)})
    return out


def hanoi(n, a, b, c, out):
    if n:
        hanoi(n - 1, a, c, b, out)
        out.append((n, a, c))
        hanoi(n - 1, b, a, c, out)


def doc(title, variant, n, pegs, moves_total, frames, optimum, max_size, **extra):
    d = {"title": title, "variant": variant, "n": n, "pegs": pegs, "problem": "transfer",
         "source": "optimal", "total_moves": moves_total, "sampled": False, "legal": True,
         "error": None, "optimum": optimum, "max_size": max_size,
         "peg_names": [str(i) for i in range(pegs)], "legend": [], "frames": frames}
    d.update(extra)
    return d


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
    os.makedirs(outdir, exist_ok=True)
    files = {}

    m = []
    hanoi(3, 0, 1, 2, m)
    assert m == [(1, 0, 2), (2, 0, 1), (1, 2, 1), (3, 0, 2), (1, 1, 0), (2, 1, 2), (1, 0, 2)]
    files["classic3.json"] = doc("classic: optimal solution, n = 3, 3 pegs, problem transfer", "classic", 3, 3, 7,
                                 frames_of([[3, 2, 1], [], []], m), 7, 3)

    # Frame-Stewart n = 4, 4 pegs, k = 2: discs 1,2 to peg 1 (3 moves), 3,4 to peg 3 with 3 pegs (3), 1,2 on top (3)
    r = [(1, 0, 2), (2, 0, 1), (1, 2, 1), (3, 0, 2), (4, 0, 3), (3, 2, 3), (1, 1, 0), (2, 1, 3), (1, 0, 3)]
    files["reves4.json"] = dict(doc("reves: frame-stewart, n = 4, 4 pegs, problem transfer", "reves", 4, 4, 9,
                                    frames_of([[4, 3, 2, 1], [], [], []], r), 9, 4), source="frame-stewart")

    red, grey = "#d62728", "#444444"
    bases = [None, {"colour": red, "label": "A"}, {"colour": BLUE, "label": "B"}]
    colour = lambda s: red if s % 2 else BLUE
    m4 = []
    hanoi(4, 0, 1, 2, m4)
    files["coloured.json"] = dict(doc("bicolour-like: coloured discs and bases, n = 4", "checkers", 4, 3, 15,
                                      frames_of([[4, 3, 2, 1], [], []], m4, colour=colour, bases=bases), 15, 4),
                                  legend=[{"colour": red, "text": "colour A (odd discs)"},
                                          {"colour": BLUE, "text": "colour B (even discs)"},
                                          {"colour": grey, "text": "uncoloured"}],
                                  peg_names=["left", "middle", "right"])

    m20 = []
    hanoi(20, 0, 1, 2, m20)
    total = len(m20)
    picks = {round(i * total / 40) for i in range(41)}
    fr = frames_of([list(range(20, 0, -1)), [], []], m20, keep=lambda k: k in picks)
    files["sampled20.json"] = dict(doc("classic: optimal solution, n = 20, 3 pegs (sampled)", "classic", 20, 3, total,
                                       fr, total, 20), sampled=True)

    bad = frames_of([[3, 2, 1], [], []], m[:2])
    files["illegal.json"] = dict(doc("classic: a broken algorithm, n = 3", "classic", 3, 3, 7, bad, 7, 3),
                                 source="moves file broken.txt", legal=False,
                                 error="move 3 (2:1->0): disc 2 onto the smaller disc 1 on peg 0")
    for name, d in files.items():
        with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
            json.dump(d, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
