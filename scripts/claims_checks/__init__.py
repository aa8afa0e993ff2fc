"""Custom checks of the claims ledger (docs/claims.md, scripts/claims.py).

A module here holds functions `name(claim, ctx) -> Verdict`, named in a claim as
`function = "module.name"`.  `claim` is the claim's TOML table (a dict); `ctx`
gives the evidence: `ctx.table(name)` reads results/<name>.csv as a list of dicts
(numbers converted), `ctx.run(args)` runs build/hanoi and returns its stdout (a
failing run raises), `ctx.hanoi` is the binary's path.  A check computes its verdict
from what it reads or runs; it never returns a verdict it did not compute.
"""

from dataclasses import dataclass

KINDS = ("confirmed", "refuted", "open")


@dataclass
class Verdict:
    kind: str  # one of KINDS
    scope: str  # what was checked, e.g. "n = 1..12"
    evidence: str  # one sentence: what was computed, and for a refutation the values

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"verdict kind {self.kind!r} is not one of {KINDS}")


def holds_for(ns, ok, counter=None):
    """A Verdict over a list of n: confirmed when every ok is true, else refuted at
    the first n that fails (counter(n) describes it)."""
    for n, good in zip(ns, ok):
        if not good:
            return "refuted", f"n = {n}" + (f": {counter(n)}" if counter else "")
    return "confirmed", None
