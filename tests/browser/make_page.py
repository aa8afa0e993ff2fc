#!/usr/bin/env python3
"""Fill cli/show_page.html with a JSON data file, as `hanoi show --html` does.

usage: make_page.py DATA.json OUT.html [--template cli/show_page.html]

For developing the page (and tests/browser/show_test.py --page) without the C++
side. The substitution is the one the program makes: the single exact text
`/*@HANOI_DATA@*/null` is replaced with the JSON, '<' written as \\u003c so that
no string in the data can close the <script> element.
"""
import argparse
import json
import os
import sys

MARKER = "/*@HANOI_DATA@*/null"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--template", default=os.path.join(here, "..", "..", "cli", "show_page.html"))
    a = ap.parse_args()
    with open(a.template, encoding="utf-8") as f:
        page = f.read()
    count = page.count(MARKER)
    if count != 1:
        sys.exit(f"make_page: the template has the marker {MARKER!r} {count} times, not once")
    with open(a.data, encoding="utf-8") as f:
        data = json.load(f)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(page.replace(MARKER, text))


if __name__ == "__main__":
    main()
