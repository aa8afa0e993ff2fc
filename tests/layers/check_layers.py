#!/usr/bin/env python3
"""The layers depend downwards only (docs/architecture.md): engine <- variants <-
analyses <- cli.  Every project include of every source file under those four
folders must land in its own layer or one below it; exit 1 with each offending line.
Run from anywhere: paths are taken relative to the repository root.

An include is judged by the file it resolves to, the way the compiler finds it:
  #include "X"  the including file's folder first, then the repository root (the
                build's include path; the generated headers in build/generated
                mirror the root's layer folders), so "../cli/x.hpp" and
                "./../cli/x.hpp" from engine/ land in cli/ just as "cli/x.hpp" does;
  #include <X>  the repository root (the system folders hold no layer folders).
The path is normalised ("a/../b" is "b") and its first folder is its layer.  Where
the file exists, the first existing candidate is the one judged; where none exists
(a generated header, or a typo that will not compile), every candidate is judged, so
"../cli/missing.hpp" is still reported.  An include that leaves the repository
("../../x.hpp" from engine/) is reported too: the layers only include each other.

  check_layers.py              the self-test (below), then the repository
  check_layers.py --self-test  only the self-test: a temporary tree with planted bad
                               includes of every form above (each marked BAD) and
                               good ones; exactly the BAD lines must be reported
"""
import os
import re
import sys
import tempfile

ORDER = ["engine", "variants", "analyses", "cli"]
SOURCES = (".hpp", ".cpp", ".inc", ".h", ".hh", ".cc", ".cxx", ".hxx", ".ipp", ".tpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"\n]*)"|<([^>\n]*)>)')


def layer_of(rel):
    """The layer of a path relative to the root (None: no layer), or ".." when outside."""
    if rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
        return ".."
    head = rel.split(os.sep, 1)[0]
    return head if head in ORDER else None


def judge(root, path, target, quoted):
    """(rel, layer) of each candidate the include may resolve to, as the compiler
    would search them: the first that exists, or all of them when none does."""
    bases = [os.path.dirname(path), root] if quoted else [root]
    candidates = []
    for base in bases:
        full = os.path.normpath(os.path.join(base, target))
        rel = os.path.relpath(full, root)
        candidates.append((rel, layer_of(rel), os.path.isfile(full)))
    for rel, layer, exists in candidates:
        if exists:
            return [(rel, layer)]
    return [(rel, layer) for rel, layer, _ in candidates]


def check(root):
    """Every offending include under root: (relative path, line number, message)."""
    bad, files = [], 0
    for layer in ORDER:
        allowed = set(ORDER[: ORDER.index(layer) + 1])
        for dirpath, dirnames, names in os.walk(os.path.join(root, layer)):
            dirnames.sort()
            for name in sorted(names):
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(dirpath, name)
                where = os.path.relpath(path, root)
                files += 1
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        quoted = m.group(1) is not None
                        target = m.group(1) if quoted else m.group(2)
                        found = judge(root, path, target, quoted)
                        # Outside the repository: only when every candidate is (a
                        # quoted include found in the file's own folder, or in the
                        # root, is judged by where it is found).
                        if all(to == ".." for _, to in found):
                            bad.append((where, number, f"{layer}/ includes a file outside the repository "
                                                       f"({found[0][0]}): {line.strip()}"))
                            continue
                        for rel, to in found:
                            if to not in (None, "..") and to not in allowed:
                                bad.append((where, number, f"{layer}/ includes {to}/ ({rel}): {line.strip()}"))
                                break
    return bad, files


# The self-test's tree: path -> lines; the lines marked BAD must be reported, no other.
PLANTED = {
    "engine/a.cpp": [
        '#include "engine/b.hpp"',
        '#include "b.hpp"',
        '#include <vector>',
        '#include <tbb/parallel_for.h>',
        '// #include "cli/app.hpp" (a comment, not an include)',
        '#include "cli/app.hpp"  // BAD: root-relative',
        '#include "../cli/app.hpp"  // BAD: relative to the file',
        '#include "./../cli/app.hpp"  // BAD: ./ then ../',
        '#include "engine/../cli/app.hpp"  // BAD: down and up again',
        '#  include   "../analyses/x.hpp"  // BAD: spaces after # and include',
        '#include <cli/app.hpp>  // BAD: angle include of a project folder',
        '#include <./variants/fam/f.hpp>  // BAD: angle include with ./',
        '#include "../../outside.hpp"  // BAD: outside the repository',
        '#include <../cli/app.hpp>  // BAD: angle include leaving the root',
        '#include "../cli/missing.hpp"  // BAD: no such file, still cli/',
    ],
    "engine/b.hpp": ["#pragma once"],
    "engine/sub/c.hpp": [
        '#include "../b.hpp"',
        '#include "../../engine/b.hpp"',
        '#include "../../analyses/x.hpp"  // BAD: two levels up, into analyses/',
        '#include "../../../x.hpp"  // BAD: outside the repository',
    ],
    "variants/fam/f.hpp": [
        '#include "../../engine/b.hpp"',
        '#include "engine/b.hpp"',
        '#include <engine/b.hpp>',
        '#include "../other/o.hpp"',
        '#include "variants/all_families.hpp"',  # generated: no such file in the tree
        '#include "cli/local.hpp"',  # variants/fam/cli/local.hpp: the file's own folder first
        '#include "../../analyses/x.hpp"  // BAD: into analyses/',
        '#include "../../cli/app.hpp"  // BAD: into cli/',
        '#include "../../variants/../cli/app.hpp"  // BAD: into cli/ by a detour',
    ],
    "variants/fam/cli/local.hpp": ["#pragma once"],
    "variants/other/o.hpp": ["#pragma once"],
    "analyses/x.hpp": [
        '#include "../engine/b.hpp"',
        '#include "../variants/fam/f.hpp"',
        '#include "declared/classic.hpp"',  # generated, in no layer
        '#include "x2.hpp"',
        '#include "../cli/app.hpp"  // BAD: into cli/',
    ],
    "cli/app.hpp": [
        '#include "../analyses/x.hpp"',
        '#include "engine/b.hpp"',
        '#include <cli/other.hpp>',
        '#include "../../elsewhere/y.hpp"  // BAD: outside the repository',
    ],
}


def self_test():
    """Plants PLANTED in a temporary tree (one folder down, so that "../../x" from
    engine/ leaves it); 0 when exactly the BAD lines are reported."""
    with tempfile.TemporaryDirectory(prefix="check-layers-") as tmp:
        root = os.path.join(tmp, "repo")
        want = set()
        for rel, lines in PLANTED.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            want |= {(rel.replace("/", os.sep), n) for n, line in enumerate(lines, 1) if "BAD" in line}
        # Files outside the tree that its escaping includes would find.
        with open(os.path.join(tmp, "outside.hpp"), "w", encoding="utf-8") as f:
            f.write("#pragma once\n")
        bad, _ = check(root)
        got = {(where, number) for where, number, _ in bad}
        lines = {(rel.replace("/", os.sep), n): line for rel, ls in PLANTED.items() for n, line in enumerate(ls, 1)}
        missed, extra = sorted(want - got), sorted(got - want)
        for where, number in missed:
            print(f"[layers] self-test: not reported: {where}:{number}: {lines[where, number]}")
        for where, number in extra:
            print(f"[layers] self-test: reported but good: {where}:{number}: {lines[where, number]}")
        if missed or extra:
            print(f"[layers] self-test FAILED: {len(missed)} planted bad includes missed, "
                  f"{len(extra)} good ones reported")
            return 1
        print(f"[layers] self-test: the {len(want)} planted bad includes reported, "
              f"{len(lines) - len(want)} good lines not")
        return 0


def main(argv):
    if argv not in ([], ["--self-test"]):
        print("usage: check_layers.py [--self-test]", file=sys.stderr)
        return 2
    if self_test() != 0:
        return 1
    if argv:
        return 0
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    bad, files = check(root)
    for where, number, what in bad:
        print(f"{where}:{number}: {what}")
    print(f"[layers] {files} files, {len(bad)} includes against engine <- variants <- "
          f"analyses <- cli")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
