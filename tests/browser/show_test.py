#!/usr/bin/env python3
"""Browser test of the page written by `hanoi show ... --html FILE` (cli/show_page.html).

usage:
  show_test.py --hanoi PATH/TO/hanoi
  show_test.py --page FILE.html --expect-config '0: | 1: | 2: 3 2 1' --expect-counter 'move 7 of 7'
               [--expect-start-config '0: 3 2 1 | 1: | 2:']

Normal mode writes two pages with the program (classic optimal n = 3; reves
frame-stewart n = 4, 4 pegs) and checks each in headless Chromium:
  * #step=end: #counter reads "move N of N" with N from the closed form (not read
    from the page), #board[data-config] is the goal configuration (written here),
    #status says the solution is legal;
  * #step=0: "move 0 of N" and the start configuration;
  * #play (at the top speed, under a virtual time budget): ends at the goal;
  * no network references (src=, href=, url(), @import, <link>, ...);
  * a screenshot of #step=end is not blank and, in the board, disc pixels stand
    over every peg that holds discs and none over the empty ones (the peg columns
    come from the page's #board[data-peg-x], [data-stack-top], ... attributes).
--page checks a page made beforehand (tests/browser/make_page.py) the same way,
against the values given.

Exit 0: passed; 1: failed (the reasons are printed); 77: skipped (no Chromium, or no
PIL), or 1 for that too with HANOI_REQUIRE_TOOLS=1 (scripts/test.sh, which installs them).
"""
import argparse
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
WINDOW = (1000, 700)


class Failures:
    def __init__(self):
        self.items = []

    def check(self, ok, what):
        if not ok:
            self.items.append(what)
            print("  FAIL: " + what, flush=True)
        return ok


def skip(why):
    """Exit status 77 (ctest: skipped), or 1 where HANOI_REQUIRE_TOOLS says the tools must be there."""
    required = os.environ.get("HANOI_REQUIRE_TOOLS", "")
    if required not in ("", "0"):
        print(f"FAILED: {why} (HANOI_REQUIRE_TOOLS={required}: a missing tool is a failure, not a skip)")
        return 1
    print("SKIP: " + why)
    return SKIP


def find_chromium():
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


class Browser:
    def __init__(self, exe, tmp):
        self.exe = exe
        self.tmp = tmp
        self.runs = 0
        self.script_errors = []  # JavaScript errors the pages logged

    def run(self, url, extra):
        self.runs += 1
        profile = os.path.join(self.tmp, f"profile{self.runs}")
        cmd = [self.exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--no-default-browser-check", "--disable-dev-shm-usage", "--disable-extensions",
               "--hide-scrollbars", "--force-device-scale-factor=1", "--mute-audio",
               f"--user-data-dir={profile}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
               "--virtual-time-budget=5000", "--enable-logging=stderr", "--v=0"] + extra + [url]
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        except subprocess.TimeoutExpired:
            raise RuntimeError("chromium did not finish within 60 s: " + " ".join(cmd))
        finally:
            shutil.rmtree(profile, ignore_errors=True)
        if r.returncode != 0:
            tail = r.stderr.decode("utf-8", "replace")[-2000:]
            raise RuntimeError(f"chromium exited with {r.returncode}: {' '.join(cmd)}\n{tail}")
        for line in r.stderr.decode("utf-8", "replace").splitlines():
            if "CONSOLE" in line and re.search(r"Uncaught|Error", line):
                self.script_errors.append(f"{url}: {line.strip()}")
        return r.stdout.decode("utf-8", "replace")

    def dom(self, page, fragment):
        raw = self.run(file_url(page, fragment), ["--dump-dom"])
        return parse_dom(raw), raw

    def screenshot(self, page, fragment, png):
        self.run(file_url(page, fragment), [f"--screenshot={png}"])
        if not os.path.exists(png):
            raise RuntimeError("chromium wrote no screenshot " + png)


def file_url(path, fragment):
    return "file://" + os.path.abspath(path) + "#" + fragment


WANTED = ("board", "counter", "words", "status", "slider", "speed", "play", "sampled", "title")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class DomParser(html.parser.HTMLParser):
    """Attributes and text of the elements whose id is in WANTED."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = {}
        self.open = []  # [id, depth] of the wanted elements being read
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        i = a.get("id")
        if i in WANTED and i not in self.found:
            self.found[i] = {"tag": tag, "attrs": a, "text": ""}
            if tag not in VOID:
                self.open.append([i, self.depth])
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        i = a.get("id")
        if i in WANTED and i not in self.found:
            self.found[i] = {"tag": tag, "attrs": a, "text": ""}

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        self.depth -= 1
        while self.open and self.open[-1][1] >= self.depth:
            self.open.pop()

    def handle_data(self, data):
        for i, _ in self.open:
            self.found[i]["text"] += data


def parse_dom(text):
    p = DomParser()
    p.feed(text)
    p.close()
    return p.found


def norm(s):
    return " ".join((s or "").split())


def parse_config(text):
    """'0: 3 2 1 | 1: | 2:' -> [3, 0, 0] (discs per peg)."""
    counts = []
    for part in text.split("|"):
        m = re.match(r"\s*([^:]+):(.*)$", part)
        if not m:
            raise ValueError(f"not a configuration: {text!r}")
        counts.append(len(m.group(2).split()))
    return counts


NETWORK = [
    (r"""\b(?:src|href|action|poster|srcset|data|xlink:href)\s*=\s*["']?\s*(?:https?:)?//""", "src/href to the network"),
    (r"""url\(\s*["']?\s*(?:https?:)?//""", "CSS url() to the network"),
    (r"@import", "CSS @import"),
    (r"<link\b", "<link> element"),
    (r"<(?:img|iframe|object|embed|audio|video)\b[^>]*\bsrc\s*=", "external media"),
    (r"""<script\b[^>]*\bsrc\s*=""", "external script"),
    (r"""\b(?:fetch|XMLHttpRequest|WebSocket|EventSource|importScripts)\s*\(""", "network API call"),
    (r"https?://", "an http(s):// address"),
]


def check_no_network(text, where, f):
    for pattern, what in NETWORK:
        m = re.search(pattern, text, re.I)
        f.check(m is None, f"{where}: {what}: ...{text[max(0, m.start() - 60):m.end() + 60]!r}..." if m else "")


def check_frame(browser, page, fragment, counter, config, f, label, status_prefix=None):
    d, raw = browser.dom(page, fragment)
    where = f"{label} #{fragment}"
    for i in ("board", "counter", "words", "status", "slider", "speed", "play"):
        f.check(i in d, f"{where}: no element #{i} in the DOM")
    if "counter" in d:
        f.check(norm(d["counter"]["text"]) == counter,
                f"{where}: #counter is {norm(d['counter']['text'])!r}, expected {counter!r}")
    if "board" in d:
        got = d["board"]["attrs"].get("data-config")
        f.check(got is not None and norm(got) == norm(config),
                f"{where}: #board data-config is {got!r}, expected {config!r}")
    if status_prefix is not None and "status" in d:
        s = norm(d["status"]["text"])
        f.check(s.startswith(status_prefix), f"{where}: #status is {s!r}, expected it to start with {status_prefix!r}")
    return d, raw


def check_pixels(png, board_attrs, config, f, label):
    from PIL import Image

    img = Image.open(png).convert("RGB")
    w, h = img.size
    colours = img.getcolors(w * h)
    f.check(colours is not None and len(colours) > 8, f"{label}: the screenshot is blank ({len(colours or [])} colours)")
    try:
        pegs_x = [float(x) for x in board_attrs["data-peg-x"].split()]
        top = float(board_attrs["data-stack-top"])
        bottom = float(board_attrs["data-stack-bottom"])
        rod = float(board_attrs["data-rod-half"])
        half = float(board_attrs["data-min-disc-half"])
        bx, by, bw, bh = (float(v) for v in board_attrs["data-board-rect"].split())
    except (KeyError, ValueError) as e:
        f.check(False, f"{label}: #board lacks its layout attributes (data-peg-x, ...): {e}")
        return
    counts = parse_config(config)
    if not f.check(len(counts) == len(pegs_x), f"{label}: {len(pegs_x)} pegs drawn, the configuration has {len(counts)}"):
        return
    if not f.check(bw > 50 and bh > 50 and bx + bw <= w + 1 and by + bh <= h + 1,
                   f"{label}: the board ({bx} {by} {bw} {bh}) is not inside the {w}x{h} screenshot"):
        return
    board = img.crop((int(bx) + 2, int(by) + 2, int(bx + bw) - 2, int(by + bh) - 2))
    bg = max(board.getcolors(board.size[0] * board.size[1]))[1]
    lo, hi = rod + 1.5, half - 1.5
    if hi - lo < 2:
        print(f"  note: {label}: the smallest disc is too narrow for the pixel check of the columns "
              f"(rod half {rod}, disc half {half}); only the blank test was made")
        return
    px = img.load()
    y0, y1 = int(top) + 1, int(bottom) - 1
    for peg, (x, n) in enumerate(zip(pegs_x, counts)):
        xs = [xx for xx in range(int(x - hi), int(x + hi) + 1) if lo <= abs(xx - x) <= hi and 0 <= xx < w]
        full = 0  # rows of the strip mostly covered by something that is not the board background
        any_rows = 0
        for y in range(max(0, y0), min(h, y1)):
            diff = sum(1 for xx in xs if sum(abs(a - b) for a, b in zip(px[xx, y], bg)) > 60)
            full += diff >= 0.5 * len(xs)
            any_rows += diff > 0.1 * len(xs)
        if n:
            f.check(full >= min(n, 3), f"{label}: peg {peg} holds {n} discs but its column shows disc pixels "
                                       f"in only {full} rows (x {x}, y {y0}..{y1}, background {bg})")
        else:
            f.check(any_rows == 0, f"{label}: peg {peg} is empty but its column has {any_rows} rows of "
                                   f"non-background pixels (x {x}, y {y0}..{y1}, background {bg})")


def check_page(browser, page, tmp, label, end_counter, end_config, start_counter=None, start_config=None,
               end_status=None, f=None):
    print(f"{label}: {page}", flush=True)
    with open(page, encoding="utf-8") as fh:
        text = fh.read()
    f.check("@HANOI_DATA@" not in text, f"{label}: the data marker is still in the page (no data substituted)")
    check_no_network(text, f"{label} (file)", f)
    d, html_after = check_frame(browser, page, "step=end", end_counter, end_config, f, label, end_status)
    board = d.get("board", {}).get("attrs", {})
    check_no_network(html_after, f"{label} (DOM after scripts)", f)
    if start_config is not None:
        check_frame(browser, page, "step=0", start_counter, start_config, f, label)
    frames = None
    try:
        frames = int(d["slider"]["attrs"]["max"]) + 1
    except (KeyError, ValueError):
        f.check(False, f"{label}: #slider has no numeric max")
    if frames is not None and frames <= 150:  # 50 frames/s within the 5 s virtual time budget
        dp, _ = check_frame(browser, page, "play", end_counter, end_config, f, label)
        if "play" in dp:
            f.check(norm(dp["play"]["text"]) == "Play", f"{label} #play: the button reads {dp['play']['text']!r} "
                                                         "after the end, expected 'Play'")
    png = os.path.join(tmp, re.sub(r"\W+", "_", label) + ".png")
    browser.screenshot(page, "step=end", png)
    check_pixels(png, board, end_config, f, label + " screenshot")


def frame_stewart(n, pegs):
    """Frame-Stewart numbers: FS(n, 3) = 2^n - 1; FS(n, m) = min_k 2 FS(k, m) + FS(n-k, m-1)."""
    memo = {}

    def fs(n, m):
        if n == 0:
            return 0
        if m == 3:
            return 2 ** n - 1
        if (n, m) not in memo:
            memo[n, m] = min(2 * fs(k, m) + fs(n - k, m - 1) for k in range(n))
        return memo[n, m]

    return fs(n, pegs)


def tower(pegs, n, at):
    return " | ".join(f"{i}: " + " ".join(str(s) for s in range(n, 0, -1)) if i == at else f"{i}:"
                      for i in range(pegs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hanoi", help="the hanoi program (normal mode)")
    ap.add_argument("--page", help="check this page instead of writing pages with --hanoi")
    ap.add_argument("--expect-config", help="--page: the configuration at #step=end")
    ap.add_argument("--expect-counter", help="--page: the #counter text at #step=end, e.g. 'move 7 of 7'")
    ap.add_argument("--expect-start-config", help="--page: the configuration at #step=0 (optional)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (pages, screenshots)")
    a = ap.parse_args()
    if a.page:
        if not a.expect_config or not a.expect_counter:
            ap.error("--page needs --expect-config and --expect-counter")
    elif not a.hanoi:
        ap.error("give --hanoi PATH (or --page FILE with the expected values)")
    elif not (os.path.isfile(a.hanoi) and os.access(a.hanoi, os.X_OK)):
        print(f"FAILED: --hanoi {a.hanoi}: no such program")
        return 1

    exe = find_chromium()
    if not exe:
        return skip("chromium not installed (scripts/install-deps.sh installs it)")
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        return skip("PIL (python3-pil, with python3-matplotlib) not installed for " + sys.executable)

    tmp = tempfile.mkdtemp(prefix="hanoi-show-test-")
    browser = Browser(exe, tmp)
    f = Failures()
    try:
        if a.page:
            m = re.fullmatch(r"move (\d+) of (\d+)", a.expect_counter.strip())
            start_counter = f"move 0 of {m.group(2)}" if m else None
            check_page(browser, a.page, tmp, os.path.basename(a.page), a.expect_counter.strip(), a.expect_config,
                       start_counter if a.expect_start_config else None, a.expect_start_config, None, f)
        else:
            cases = [
                ("classic optimal n=3", ["classic", "optimal", "-n", "3"], 3, 3, 2 ** 3 - 1,
                 "legal, goal reached (optimal: 7)"),
                ("reves frame-stewart n=4 pegs=4", ["reves", "frame-stewart", "-n", "4", "--pegs", "4"], 4, 4,
                 frame_stewart(4, 4), "legal, goal reached"),
            ]
            for label, args, n, pegs, moves, status in cases:
                page = os.path.join(tmp, re.sub(r"\W+", "_", label) + ".html")
                cmd = [a.hanoi, "show"] + args + ["--html", page]
                r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
                if not f.check(r.returncode == 0 and os.path.exists(page),
                               f"{label}: `{' '.join(cmd)}` exited with {r.returncode} "
                               f"(page written: {os.path.exists(page)})\n{r.stderr.decode('utf-8', 'replace')[-2000:]}"):
                    continue
                check_page(browser, page, tmp, label, f"move {moves} of {moves}", tower(pegs, n, pegs - 1),
                           f"move 0 of {moves}", tower(pegs, n, 0), status, f)
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        f.check(False, str(e))
    finally:
        for e in browser.script_errors:
            f.check(False, "script error: " + e)
        if f.items or a.keep:
            print(f"(pages and screenshots kept in {tmp})")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    if f.items:
        print(f"FAILED: {len(f.items)} check(s) failed")
        return 1
    print(f"OK: all checks passed ({browser.runs} chromium runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
