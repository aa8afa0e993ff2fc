#!/usr/bin/env python3
"""The layers depend downwards only (docs/architecture.md): engine <- variants <-
analyses <- cli.  Every project include of every source file under those four
folders must name its own layer or one below it; exit 1 with each offending line.
Run from anywhere: paths are taken relative to the repository root."""
import os
import re
import sys

ORDER = ["engine", "variants", "analyses", "cli"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    bad, files = [], 0
    for layer in ORDER:
        allowed = set(ORDER[: ORDER.index(layer) + 1])
        for dirpath, _, names in os.walk(os.path.join(root, layer)):
            for name in sorted(names):
                if not name.endswith((".hpp", ".cpp", ".inc")):
                    continue
                path = os.path.join(dirpath, name)
                files += 1
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) in ORDER and m.group(1) not in allowed:
                            bad.append(f"{os.path.relpath(path, root)}:{number}: {layer}/ includes "
                                       f"{m.group(1)}/ ({line.strip()})")
    for b in bad:
        print(b)
    print(f"[layers] {files} files, {len(bad)} includes against engine <- variants <- "
          f"analyses <- cli")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
