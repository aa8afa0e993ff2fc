"""A custom check used only by tests/claims/test_claims.py: `hanoi list --json`
names the variant given in the claim."""

import json

from claims_checks import Verdict


def lists_variant(claim, ctx):
    names = [f["variant"] for f in json.loads(ctx.run(["list", "--json"]))]
    found = claim["variant"] in names
    return Verdict("confirmed" if found else "refuted", f"{len(names)} variants",
                   f"hanoi list --json names {claim['variant']}" if found else
                   f"hanoi list --json does not name {claim['variant']}")
