#!/usr/bin/env python3
"""Every relative link of the README, results/README.md and docs/*.md resolves: the
file exists and, for `page.md#anchor`, the page has that heading (GitHub's slug:
lower case, punctuation dropped, spaces as hyphens, repeats numbered) or an
explicit <a id="anchor">.  Links inside code blocks and to web addresses are not
checked.  Run by ctest as Docs.Links; prints each broken link and exits 1.

usage: python3 tests/docs/check_links.py [REPOSITORY]
"""
import glob
import os
import re
import sys


def without_code(text):
    return re.sub(r"```.*?```", "", text, flags=re.S)


def anchors(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found, seen = set(), {}
        for m in re.finditer(r"^#{1,6}\s+(.*)$", without_code(text), flags=re.M):
            heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1).strip())
            slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
            if slug in seen:
                seen[slug] += 1
                slug = f"{slug}-{seen[slug]}"
            else:
                seen[slug] = 0
            found.add(slug)
        found.update(re.findall(r'<a id="([^"]+)"', text))
        cache[path] = found
    return cache[path]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    os.chdir(root)
    pages = ["README.md", "results/README.md"] + sorted(glob.glob("docs/*.md"))
    checked, broken = 0, []
    for page in pages:
        with open(page, encoding="utf-8") as f:
            text = without_code(f.read())
        for link in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", link):
                continue
            checked += 1
            path, _, anchor = link.partition("#")
            target = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(target):
                broken.append(f"{page}: {link}: no such file")
            elif anchor and target.endswith(".md") and anchor not in anchors(target):
                broken.append(f"{page}: {link}: no such heading or anchor")
    for b in broken:
        print(b)
    print(f"check_links: {checked} links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
