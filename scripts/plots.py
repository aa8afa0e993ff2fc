#!/usr/bin/env python3
"""Pictures of the hanoi results tables (results/*.csv).

Usage: python3 scripts/plots.py CSV [CSV ...]

For every CSV the table kind is told from its header (lines starting with '#'
before the header are provenance comments and are skipped), and the pictures are
written next to the CSV as <stem>.<plot>.svg and <stem>.<plot>.png (100 dpi);
each written path is printed on stdout, one per line.

  kind       header starts with                              plot(s)
  verify     variant,pegs,problem,n,optimum,states,...       optimum, excess (+ levels)
  levels     variant,pegs,problem,n,level,states             levels
  frame      variant,pegs,problem,n,optimum,frame_optimum,gap gap
  structure  variant,pegs,problem,n,measure,optimum,...      eccentricity
  compare    variant,problem,target,algorithm,n,instances,.. compare
  bench      bench,instance,method,threads,states,seconds,.. speed
  atlas      class,pegs,graph,edges,from,to,n,optimum,...     growth, growth-sqrt

verify: one panel per (variant, pegs, problem): the optimum over n, the moves of
each algorithm, the closed form (dashed), and a red X on every cell whose verdict
is not "ok"; and <stem>.excess.*: each algorithm's and the closed form's excess
over the optimum (moves - optimum; 0 where they coincide, which a log scale of the
absolute counts hides), with the optimum in a small inset.  If <stem>.levels.csv
lies next to the verify table, its level
profiles (states at each distance from the start) become <stem>.levels.*.
A figure holds at most 16 panels (4 columns); more rows go to further files
<stem>.<plot>-2.svg, <stem>.<plot>-3.svg, ...

With --out-dir DIR the pictures are written into DIR instead (same names), for a
caller that moves them into place itself (`hanoi verify` does, each whole).

Exit status: 0 when every file was read (a table of a kind with no plot only gets
a note "plots: FILE: no plot for this table kind" on stderr); 1 when a file could
not be read or is malformed (one line "plots: FILE: REASON" on stderr per file;
the other files are still plotted); 2 when matplotlib is missing; 3 when a
picture could not be written (a full disk: "plots: FILE: cannot write ...").  Only the standard library and matplotlib
(Agg backend) are used; the output is deterministic (fixed SVG hash salt, no
dates in the metadata).
"""

import argparse
import csv
import math
import os
import re
import sys
import textwrap

PANELS_PER_FIGURE = 16
MAX_COLUMNS = 4
PNG_DPI = 100
PANEL_W, PANEL_H = 3.5, 2.7  # inches per panel

VERIFY_COLS = ["variant", "pegs", "problem", "n", "optimum", "states", "eccentricity",
               "formula", "algorithm", "role", "moves", "legal", "verdict"]
LEVELS_COLS = ["variant", "pegs", "problem", "n", "level", "states"]
FRAME_COLS = ["variant", "pegs", "problem", "n", "optimum", "frame_optimum", "gap"]
STRUCTURE_COLS = ["variant", "pegs", "problem", "n", "measure", "optimum", "eccentricity",
                  "states"]
COMPARE_COLS = ["variant", "problem", "target", "algorithm", "n", "instances"]
COMPARE_NEEDS = ["mean_optimum", "mean_algorithm", "histogram"]
ATLAS_COLS = ["class", "pegs", "graph", "edges", "from", "to", "n", "optimum",
              "eccentricity"]
BENCH_COLS = ["bench", "instance", "method", "threads", "states", "seconds",
              "states_per_second"]

# Cell texts that mean "no value" (cmd_verify writes "unreachable" or "—").
NO_VALUE = {"", "unreachable", "\u2014", "\u2013", "-", "n/a", "none"}


class TableError(Exception):
    """A file that cannot be read or is malformed; the message is the reason."""


# ----------------------------------------------------------------------------
# Reading

class Table:
    def __init__(self, path, header, rows, linenos):
        self.path = path
        self.header = header
        self.rows = rows  # list of dicts column -> text
        self.linenos = linenos  # file line number of each row

    def int_(self, i, col, optional=True):
        return _number(self, i, col, optional, integer=True)

    def float_(self, i, col, optional=True):
        return _number(self, i, col, optional, integer=False)


def _number(table, i, col, optional, integer):
    text = table.rows[i][col].strip()
    if text.lower() in NO_VALUE:
        if optional:
            return None
        raise TableError("line %d: column %s is empty" % (table.linenos[i], col))
    try:
        if integer:
            return int(text)
        value = float(text)
    except ValueError:
        raise TableError("line %d: column %s: not a number: %r"
                         % (table.linenos[i], col, text)) from None
    if math.isnan(value):
        raise TableError("line %d: column %s: not a number: %r" % (table.linenos[i], col, text))
    return value


def read_table(path):
    try:
        with open(path, "r", encoding="utf-8", newline="") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise TableError("not UTF-8 text") from None
    except OSError as e:
        raise TableError(e.strerror or str(e)) from None
    lines = text.splitlines(keepends=True)
    first = 0
    while first < len(lines) and (lines[first].startswith("#") or not lines[first].strip()):
        first += 1
    if first == len(lines):
        raise TableError("no header line")
    reader = csv.reader(lines[first:], strict=True)
    rows, linenos = [], []
    header = None
    try:
        end = first  # file line number of the last physical line read
        for rec in reader:
            start = end + 1
            end = first + reader.line_num
            if header is None:
                header = [h.strip() for h in rec]
                if len(set(header)) != len(header):
                    raise TableError("line %d: repeated column names in the header" % start)
                continue
            if not rec or (len(rec) == 1 and not rec[0].strip()):
                continue
            if len(rec) != len(header):
                raise TableError("line %d: %d fields, the header has %d"
                                 % (start, len(rec), len(header)))
            rows.append(dict(zip(header, rec)))
            linenos.append(start)
    except csv.Error as e:
        raise TableError("line %d: not valid CSV: %s" % (first + reader.line_num, e)) from None
    return Table(path, header, rows, linenos)


def kind_of(header):
    def starts(cols):
        return header[:len(cols)] == cols

    if starts(BENCH_COLS):
        return "bench"
    if starts(ATLAS_COLS):
        return "atlas"
    if starts(FRAME_COLS):
        return "frame"
    if starts(STRUCTURE_COLS):
        return "structure"
    if starts(COMPARE_COLS) and all(c in header for c in COMPARE_NEEDS):
        return "compare"
    if starts(LEVELS_COLS):
        return "levels"
    if starts(VERIFY_COLS[:5]) and all(c in header for c in VERIFY_COLS):
        return "verify"
    return None


# ----------------------------------------------------------------------------
# Figures

def setup_matplotlib():
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams.update({
        "svg.hashsalt": "hanoi-plots",
        "svg.fonttype": "none",
        "font.size": 8,
        "axes.titlesize": 9,
        "axes.labelsize": 8,
        "xtick.labelsize": 7,
        "ytick.labelsize": 7,
        "legend.fontsize": 8,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "grid.linewidth": 0.5,
    })
    import matplotlib.pyplot  # fails here, not mid-plot, if a backend piece is missing
    return matplotlib


def plt():
    import matplotlib.pyplot
    return matplotlib.pyplot


def ordered_groups(keys):
    """Distinct keys in order of first appearance."""
    seen, out = set(), []
    for k in keys:
        if k not in seen:
            seen.add(k)
            out.append(k)
    return out


def pages(items, per_page):
    """Splits items into pages of at most per_page, as even as possible."""
    if not items:
        return []
    count = math.ceil(len(items) / per_page)
    size = math.ceil(len(items) / count)
    return [items[i:i + size] for i in range(0, len(items), size)]


# --out-dir: where the pictures go (None: beside their table).
OUT_DIR = [None]


class WriteFailed(Exception):
    """A picture could not be written (exit status 3)."""


def page_path(base, plot, page, ext):
    if OUT_DIR[0] is not None:
        base = os.path.join(OUT_DIR[0], os.path.basename(base))
    return "%s.%s%s.%s" % (base, plot, "" if page == 0 else "-%d" % (page + 1), ext)


def new_grid(panels, columns=MAX_COLUMNS, panel_w=PANEL_W, panel_h=PANEL_H):
    cols = max(1, min(columns, panels))
    rows = max(1, math.ceil(panels / cols))
    size = (max(5.5, cols * panel_w), rows * panel_h + 0.5)
    fig, axes = plt().subplots(rows, cols, figsize=size, squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[panels:]:
        ax.set_visible(False)
    return fig, flat[:panels]


def finish(fig, title, handles, labels, written, base, plot, page):
    """Adds the title and one legend for the whole figure, saves SVG and PNG."""
    width, height = fig.get_size_inches()
    legend_rows = 0
    if handles:
        entry_in = 0.8 + 0.075 * max(len(l) for l in labels)  # marker + text, 8 pt
        ncol = max(1, min(len(handles), int((width - 0.4) // entry_in)))
        legend_rows = math.ceil(len(handles) / ncol)
        fig.legend(handles, labels, loc="lower center", ncol=ncol, frameon=False,
                   bbox_to_anchor=(0.5, 0.0))
    bottom_in = 0.12 + 0.22 * legend_rows
    # Grow the figure so that the legend does not eat the panels.
    fig.set_size_inches(width, height + 0.22 * legend_rows)
    height = height + 0.22 * legend_rows
    title = textwrap.fill(title, width=max(30, int(width / 0.1)))  # ~0.1 in per character
    fig.suptitle(title, fontsize=11, y=1 - 0.08 / height, va="top")
    fig.tight_layout(rect=(0, bottom_in / height, 1, 1))
    paths = []
    for ext in ("svg", "png"):
        path = page_path(base, plot, page, ext)
        if ext == "svg":
            fig.savefig(path, format="svg", metadata={"Date": None})
        else:
            fig.savefig(path, format="png", dpi=PNG_DPI)
        paths.append(path)
    plt().close(fig)
    written.extend(paths)


def each_panel(keys, base, written, plot, title, legend=True):
    """The panels of a small-multiples plot, PANELS_PER_FIGURE to a figure: yields
    (axis, key) for each key in order.  After a figure's last panel it adds the
    figure's legend (collected from its panels, unless `legend` is false) and the
    title "<stem>: <title>", with "(page/pages)" where there is more than one
    figure, and saves it as <base>.<plot>[-page].svg and .png (finish)."""
    stem = os.path.basename(base)
    book = pages(list(keys), PANELS_PER_FIGURE)
    for p, page_keys in enumerate(book):
        fig, axes = new_grid(len(page_keys))
        for ax, key in zip(axes, page_keys):
            yield ax, key
        handles, labels = collect_legend(axes) if legend else ([], [])
        suffix = " (%d/%d)" % (p + 1, len(book)) if len(book) > 1 else ""
        finish(fig, "%s: %s%s" % (stem, title, suffix), handles, labels, written, base, plot, p)


def log_if_wide(ax, values, ratio=20.0):
    """Log y when the positive values span more than `ratio`."""
    pos = [v for v in values if v is not None and v > 0]
    if pos and max(pos) / min(pos) > ratio:
        from matplotlib.ticker import LogLocator, NullLocator
        ax.set_yscale("log", nonpositive="mask")
        # Minor ticks only on short spans: they are costly and clutter small panels.
        decades = math.log10(max(pos) / min(pos))
        ax.yaxis.set_minor_locator(NullLocator() if decades > 3 else
                                   LogLocator(subs=(2.0, 5.0)))
        return True
    return False


def moves_y(ax, values):
    """A y axis of move counts: log when wide, else integer ticks around the values."""
    if log_if_wide(ax, values):
        return
    integer_y(ax)
    vals = [v for v in values if v is not None]
    if vals and max(vals) - min(vals) < 2:
        ax.set_ylim(min(vals) - 1.5, max(vals) + 1.5)


def integer_x(ax):
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def integer_y(ax):
    from matplotlib.ticker import MaxNLocator
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def empty_note(ax, text, corner=False):
    if corner:  # out of the way of rising curves
        ax.text(0.97, 0.04, text, transform=ax.transAxes, ha="right", va="bottom",
                fontsize=7, color="0.35")
    else:
        ax.text(0.5, 0.5, text, transform=ax.transAxes, ha="center", va="center",
                fontsize=8, color="0.35")


def collect_legend(axes, extra=()):
    entries = {}
    for ax in axes:
        for axis in [ax] + [a for a in getattr(ax, "_hanoi_twins", [])]:
            hs, ls = axis.get_legend_handles_labels()
            for h, l in zip(hs, ls):
                if not l.startswith("_") and l not in entries:
                    entries[l] = h
    for h, l in extra:
        if l not in entries:
            entries[l] = h
    return list(entries.values()), list(entries.keys())


def palette(names):
    """One colour per name, stable for the whole table."""
    import matplotlib
    colours = []
    for cmap in ("tab10", "Dark2", "Set1"):  # qualitative, distinct neighbours
        colours += list(matplotlib.colormaps[cmap].colors)
    return {name: colours[i % len(colours)] for i, name in enumerate(names)}


MARKERS = ["s", "^", "D", "v", "P", "<", ">", "h", "*", "p"]


def ranges(ns):
    """1,2,3,5 -> '1-3, 5'."""
    ns = sorted(ns)
    out, start = [], ns[0]
    for a, b in zip(ns, ns[1:] + [None]):
        if b != a + 1:
            out.append(str(start) if start == a else "%d\u2013%d" % (start, a))
            start = b
    return ", ".join(out)


def row_title(variant, pegs, problem):
    return "%s \u00b7 %s pegs \u00b7 %s" % (variant, pegs, problem)


def stem_base(path):
    base = path[:-4] if path.lower().endswith(".csv") else path
    return base


# ----------------------------------------------------------------------------
# verify: optimum, algorithms and closed form over n

def verify_groups(t):
    """A verify table's rows by (variant, pegs, problem): the optimum, closed form and
    each legal algorithm's moves by n, the verdicts to mark; and the algorithms in
    order of appearance."""
    groups = {}
    alg_keys = []
    for i, r in enumerate(t.rows):
        key = (r["variant"].strip(), r["pegs"].strip(), r["problem"].strip())
        n = t.int_(i, "n", optional=False)
        g = groups.setdefault(key, {"opt": {}, "formula": {}, "algs": {}, "bad": {},
                                    "ns": set(), "unreachable": set()})
        g["ns"].add(n)
        opt = t.int_(i, "optimum")
        if opt is not None:
            g["opt"][n] = opt
        elif r["optimum"].strip() == "unreachable":
            g["unreachable"].add(n)
        formula = t.int_(i, "formula")
        if formula is not None:
            g["formula"][n] = formula
        alg = r["algorithm"].strip()
        if alg:
            role = r["role"].strip() or "algorithm"
            moves = t.int_(i, "moves")
            legal = r["legal"].strip().lower() in ("yes", "true", "1")
            akey = (alg, role)
            if akey not in alg_keys:
                alg_keys.append(akey)
            if moves is not None and legal:
                g["algs"].setdefault(akey, {})[n] = moves
        verdict = r["verdict"].strip()
        if verdict and verdict != "ok":
            if verdict.lower().startswith("known mismatch"):
                label = "known mismatch"
            elif verdict.startswith("MISMATCH"):
                label = "MISMATCH"
            else:
                label = None  # e.g. "does not fit": nothing to mark on the axis
            if label:
                # The X goes on the value that disagrees: "formula 21 != optimum 15",
                # "recursive 93 != optimum 77", "alg 3 < optimum (impossible)".
                m = re.search(r"(\d+) (?:!=|<) optimum", verdict)
                g["bad"][n] = (label, int(m.group(1)) if m else None)
    return groups, alg_keys


def plot_verify(table, base, written):
    groups, alg_keys = verify_groups(table)
    if not groups:
        return False
    plot_excess(groups, alg_keys, base, written)
    names = ordered_groups(a for a, _ in alg_keys)
    colours = palette(names)
    keys = list(groups)
    for ax, key in each_panel(keys, base, written, "optimum",
                              "optimum, algorithms and closed form over n"):
        g = groups[key]
        ax.set_title(row_title(*key))
        values = list(g["opt"].values()) + list(g["formula"].values())
        if g["opt"]:
            ns = sorted(g["opt"])
            ax.plot(ns, [g["opt"][n] for n in ns], color="black", marker="o", ms=3.5,
                    lw=1.5, label="optimum (search)", zorder=3)
        for akey in alg_keys:
            series = g["algs"].get(akey)
            if not series:
                continue
            ns = sorted(series)
            values += list(series.values())
            alg, role = akey
            m = MARKERS[names.index(alg) % len(MARKERS)]
            ax.plot(ns, [series[n] for n in ns], color=colours[alg], marker=m, ms=5,
                    mfc="none", lw=0.9, ls="-" if role == "optimal" else ":",
                    label="%s (%s)" % (alg, "claimed optimal" if role == "optimal" else role),
                    zorder=4)
        if g["formula"]:
            ns = sorted(g["formula"])
            ax.plot(ns, [g["formula"][n] for n in ns], color="0.6", ls=(0, (3, 3)), lw=1.4,
                    label="closed form", zorder=5)
        for label, colour, marker in (("known mismatch", "red", "x"),
                                      ("MISMATCH", "red", "X")):
            ns = sorted(n for n, (lab, _) in g["bad"].items() if lab == label)
            if not ns:
                continue
            ys = []
            for n in ns:
                candidates = [g["bad"][n][1], g["opt"].get(n), g["formula"].get(n)] + \
                    [s.get(n) for s in g["algs"].values()]
                candidates = [c for c in candidates if c is not None]
                ys.append(candidates[0] if candidates else 1)
            ax.scatter(ns, ys, marker=marker, s=70, color=colour, linewidths=2,
                       label=label, zorder=6)
        if g["unreachable"]:
            empty_note(ax, "goal unreachable at n = %s" % ranges(g["unreachable"]), corner=True)
        if len(g["ns"]) > 0:
            lo, hi = min(g["ns"]), max(g["ns"])
            ax.set_xlim(lo - 0.3, hi + 0.3) if hi > lo else ax.set_xlim(lo - 1, hi + 1)
        moves_y(ax, values)
        integer_x(ax)
        ax.set_xlabel("n (discs)")
        ax.set_ylabel("moves")
    return True


def plot_excess(groups, alg_keys, base, written):
    """verify: what the optimum plot cannot show where the curves coincide on a log
    scale -- each algorithm's and the closed form's excess over the optimum
    (moves - optimum) over n, with the optimum itself in a small inset.  Only the
    (variant, pegs, problem) panels with an algorithm or a closed form beside an
    optimum are drawn; nothing is written when there is none."""
    keys = [k for k in groups if groups[k]["opt"] and
            (groups[k]["formula"] or any(groups[k]["algs"].values()))]
    if not keys:
        return
    names = ordered_groups(a for a, _ in alg_keys)
    colours = palette(names)
    for ax, key in each_panel(keys, base, written, "excess",
                              "excess over the optimum of each algorithm and the closed form"):
        g = groups[key]
        opt = g["opt"]
        ax.set_title(row_title(*key))
        ax.axhline(0, color="black", lw=1.2, label="optimum (excess 0)", zorder=2)
        excesses = [0]
        for akey in alg_keys:
            series = g["algs"].get(akey, {})
            ns = sorted(n for n in series if n in opt)
            if not ns:
                continue
            alg, role = akey
            ys = [series[n] - opt[n] for n in ns]
            excesses += ys
            m = MARKERS[names.index(alg) % len(MARKERS)]
            ax.plot(ns, ys, color=colours[alg], marker=m, ms=5, mfc="none", lw=0.9,
                    ls="-" if role == "optimal" else ":",
                    label="%s (%s)" % (alg, "claimed optimal" if role == "optimal" else role),
                    zorder=4)
        ns = sorted(n for n in g["formula"] if n in opt)
        if ns:
            ys = [g["formula"][n] - opt[n] for n in ns]
            excesses += ys
            ax.plot(ns, ys, color="0.45", ls=(0, (3, 3)), lw=1.4, marker="s", ms=3,
                    label="closed form", zorder=5)
        lo, hi = min(g["ns"]), max(g["ns"])
        ax.set_xlim(lo - 0.3, hi + 0.3) if hi > lo else ax.set_xlim(lo - 1, hi + 1)
        widest = max(abs(e) for e in excesses)
        if widest > 50:
            ax.set_yscale("symlog", linthresh=10)
        elif widest == 0:
            ax.set_ylim(-1, 1)  # every curve is the optimum: say so, no fractions
            ax.set_yticks([-1, 0, 1])
        else:
            integer_y(ax)
        integer_x(ax)
        ax.set_xlabel("n (discs)")
        ax.set_ylabel("excess over the optimum (moves)")
        # The absolute optimum, small, in the upper left corner.
        inset = ax.inset_axes([0.07, 0.62, 0.3, 0.3])
        ns = sorted(opt)
        inset.plot(ns, [opt[n] for n in ns], color="black", lw=1, marker="o", ms=1.5)
        log_if_wide(inset, list(opt.values()))
        inset.set_title("optimum", fontsize=7, pad=2)
        inset.tick_params(labelsize=6, length=2, pad=1)


# ----------------------------------------------------------------------------
# levels: states at each distance from the start

def plot_levels(table, base, written):
    t = table
    groups = {}
    for i, r in enumerate(t.rows):
        key = (r["variant"].strip(), r["pegs"].strip(), r["problem"].strip(),
               t.int_(i, "n", optional=False))
        level = t.int_(i, "level", optional=False)
        states = t.int_(i, "states", optional=False)
        if level < 0 or states < 0:
            raise TableError("line %d: negative level or count" % t.linenos[i])
        g = groups.setdefault(key, {})
        g[level] = g.get(level, 0) + states
    if not groups:
        return False
    keys = list(groups)
    for ax, key in each_panel(keys, base, written, "levels",
                              "level profile of the search (states per distance)", legend=False):
        g = groups[key]
        xs = sorted(g)
        ys = [g[x] for x in xs]
        # A long profile is written as evenly spaced levels (hanoi verify keeps
        # at most 2000): its sum is then not the number of states.
        sampled = len(xs) != max(xs) + 1
        ax.set_title("%s \u00b7 n = %d\neccentricity %d, %s"
                     % (row_title(*key[:3]), key[3], max(xs),
                        "%d of its levels shown" % len(xs) if sampled
                        else "%d states" % sum(ys)))
        log = log_if_wide(ax, ys, ratio=100.0)
        floor = 1 if log else 0
        ax.fill_between(xs, ys, [floor] * len(ys), color="tab:blue", alpha=0.35, lw=0,
                        label="states at this distance")
        ax.plot(xs, ys, color="tab:blue", lw=1.0)
        if log:
            ax.set_ylim(bottom=0.7)
        else:
            ax.set_ylim(bottom=0)
        ax.set_xlim(min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1)
        integer_x(ax)
        ax.set_xlabel("distance from the start (moves)")
        ax.set_ylabel("states")
    return True


# ----------------------------------------------------------------------------
# frame: optimum against the best Frame-type solution

def plot_frame(table, base, written):
    t = table
    groups = {}
    for i, r in enumerate(t.rows):
        key = (r["variant"].strip(), r["pegs"].strip(), r["problem"].strip())
        n = t.int_(i, "n", optional=False)
        g = groups.setdefault(key, {"opt": {}, "frame": {}, "gap": {}})
        for col, name in (("optimum", "opt"), ("frame_optimum", "frame"), ("gap", "gap")):
            v = t.int_(i, col)
            if v is not None:
                g[name][n] = v
    if not groups:
        return False
    keys = list(groups)
    for ax, key in each_panel(keys, base, written, "gap",
                              "optimum against the best Frame-type solution"):
        g = groups[key]
        ax.set_title(row_title(*key))
        twin = ax.twinx()
        ax._hanoi_twins = [twin]
        gap_ns = sorted(g["gap"])
        gaps = [g["gap"][n] for n in gap_ns]
        if gap_ns:
            twin.bar(gap_ns, gaps, width=0.6, color="tab:red", alpha=0.3,
                     label="gap (right axis)")
        top = max(gaps) if gaps else 0
        twin.set_ylim(0, max(1, top) * 1.35)
        twin.grid(False)
        twin.set_ylabel("gap (moves)", color="tab:red")
        twin.tick_params(axis="y", colors="tab:red")
        from matplotlib.ticker import MaxNLocator
        twin.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=4))
        ax.set_zorder(twin.get_zorder() + 1)
        ax.patch.set_visible(False)
        if g["opt"]:
            ns = sorted(g["opt"])
            ax.plot(ns, [g["opt"][n] for n in ns], color="black", marker="o", ms=3.5,
                    lw=1.5, label="optimum", zorder=3)
        if g["frame"]:
            ns = sorted(g["frame"])
            ax.plot(ns, [g["frame"][n] for n in ns], color="tab:orange", marker="s", ms=5,
                    mfc="none", ls="--", lw=1.0, label="best Frame-type solution",
                    zorder=4)
        if gap_ns and top == 0:
            empty_note(ax, "gap 0 at every n", corner=True)
        if not g["opt"] and not g["frame"]:
            empty_note(ax, "goal unreachable")
        moves_y(ax, list(g["opt"].values()) + list(g["frame"].values()))
        integer_x(ax)
        ax.set_xlabel("n (discs)")
        ax.set_ylabel("moves")
    return True


# ----------------------------------------------------------------------------
# structure: eccentricity of the start against the optimum

def plot_structure(table, base, written):
    t = table
    groups = {}
    for i, r in enumerate(t.rows):
        if r["measure"].strip() != "eccentricity":
            continue
        key = (r["variant"].strip(), r["pegs"].strip(), r["problem"].strip())
        n = t.int_(i, "n", optional=False)
        g = groups.setdefault(key, {"opt": {}, "ecc": {}})
        for col, name in (("optimum", "opt"), ("eccentricity", "ecc")):
            v = t.int_(i, col)
            if v is not None:
                g[name][n] = v
    if not groups:
        return False
    keys = list(groups)
    for ax, key in each_panel(keys, base, written, "eccentricity",
                              "optimum and eccentricity of the start"):
        g = groups[key]
        ax.set_title(row_title(*key))
        if g["opt"]:
            ns = sorted(g["opt"])
            ax.plot(ns, [g["opt"][n] for n in ns], color="black", marker="o", ms=3.5,
                    lw=1.5, label="optimum", zorder=3)
        if g["ecc"]:
            ns = sorted(g["ecc"])
            ax.plot(ns, [g["ecc"][n] for n in ns], color="tab:blue", marker="s", ms=5,
                    mfc="none", ls="--", lw=1.0, label="eccentricity of the start",
                    zorder=4)
        over = sorted(n for n in g["ecc"] if n in g["opt"] and g["ecc"][n] > g["opt"][n])
        if over:
            ax.scatter(over, [g["ecc"][n] for n in over], marker="^", s=60,
                       color="red", label="eccentricity > optimum", zorder=6)
            for n in over:
                ax.annotate("+%d" % (g["ecc"][n] - g["opt"][n]), (n, g["ecc"][n]),
                            textcoords="offset points", xytext=(-4, 6), ha="right",
                            fontsize=7, color="red")
        if not g["opt"]:
            empty_note(ax, "goal unreachable")
        moves_y(ax, list(g["opt"].values()) + list(g["ecc"].values()))
        integer_x(ax)
        ax.set_xlabel("n (discs)")
        ax.set_ylabel("moves")
    return True


# ----------------------------------------------------------------------------
# atlas: the growth of the optimum, one panel per graph, one line per pair

def plot_atlas(table, base, written):
    t = table
    graphs = {}
    for i, r in enumerate(t.rows):
        key = (r["graph"].strip(), r["edges"].strip())
        pair = "%s→%s" % (r["from"].strip(), r["to"].strip())
        v = t.int_(i, "optimum")
        if v is not None and v > 0:
            graphs.setdefault(key, {}).setdefault(pair, {})[t.int_(i, "n", optional=False)] = v
    if not graphs:
        return False
    keys = list(graphs)
    for plot, title, xf, xlabel in (
            ("growth", "log2 of the optimum against n, one line per (from, to)",
             lambda n: n, "n (discs)"),
            ("growth-sqrt", "log2 of the optimum against √n (a straight line: "
             "subexponential growth exp(c√n))", math.sqrt, "√n")):
        for ax, key in each_panel(keys, base, written, plot, title, legend=False):
            ax.set_title("%s: %s" % key, fontsize=8)
            for pair, seq in graphs[key].items():
                ns = sorted(seq)
                ax.plot([xf(n) for n in ns], [math.log2(seq[n]) for n in ns], marker="o",
                        ms=2.5, lw=1.0, label=pair)
            ax.legend(fontsize=6, frameon=False)
            ax.set_xlabel(xlabel)
            ax.set_ylabel("log2 optimum")
    return True


# ----------------------------------------------------------------------------
# compare: mean optimum / mean algorithm over n, histogram of the excess

def parse_histogram(table, i):
    text = table.rows[i]["histogram"].strip()
    out = {}
    for token in text.split():
        excess, sep, count = token.partition(":")
        try:
            if not sep:
                raise ValueError
            e, c = int(excess), int(count)
        except ValueError:
            raise TableError("line %d: histogram entry %r is not EXCESS:COUNT"
                             % (table.linenos[i], token)) from None
        out[e] = out.get(e, 0) + c
    return out


def plot_compare(table, base, written):
    t = table
    groups = {}
    for i, r in enumerate(t.rows):
        key = tuple(r[c].strip() for c in ("variant", "problem", "target", "algorithm"))
        if "pegs" in r:
            key += (r["pegs"].strip(),)
        n = t.int_(i, "n", optional=False)
        g = groups.setdefault(key, {"opt": {}, "alg": {}, "hist": {}, "inst": {}})
        for col, name in (("mean_optimum", "opt"), ("mean_algorithm", "alg")):
            v = t.float_(i, col)
            if v is not None:
                g[name][n] = v
        g["hist"][n] = parse_histogram(t, i)
        g["inst"][n] = t.int_(i, "instances")
    if not groups:
        return False
    keys = list(groups)
    stem = os.path.basename(base)
    colours = palette(ordered_groups(k[3] for k in keys))
    book = pages(keys, PANELS_PER_FIGURE // 2)
    for p, page_keys in enumerate(book):
        fig, axes = new_grid(2 * len(page_keys), panel_w=4.0, panel_h=3.0)
        for j, key in enumerate(page_keys):
            g = groups[key]
            left, right = axes[2 * j], axes[2 * j + 1]
            variant, problem, target, algorithm = key[:4]
            title = "%s \u00b7 %s \u00b7 target %s" % (variant, problem, target)
            if len(key) > 4 and key[4]:
                title = "%s \u00b7 %s pegs \u00b7 %s \u00b7 target %s" % (variant, key[4],
                                                                         problem, target)
            left.set_title("%s\nmean moves over all instances" % title)
            if g["opt"]:
                ns = sorted(g["opt"])
                left.plot(ns, [g["opt"][n] for n in ns], color="black", marker="o", ms=3.5,
                          lw=1.5, label="mean optimum", zorder=3)
            if g["alg"]:
                ns = sorted(g["alg"])
                left.plot(ns, [g["alg"][n] for n in ns], color=colours[algorithm],
                          marker="s", ms=6, mfc="none", ls="--", lw=1.0,
                          label="mean %s" % algorithm, zorder=4)
            log_if_wide(left, list(g["opt"].values()) + list(g["alg"].values()))
            integer_x(left)
            left.set_xlabel("n (discs)")
            left.set_ylabel("moves")
            left.legend(loc="upper left", fontsize=7)
            last = max(g["hist"])
            hist = g["hist"][last]
            inst = g["inst"].get(last)
            right.set_title("%s\n%s: excess at n = %d%s"
                            % (title, algorithm, last,
                               "" if inst is None else " (%d instances)" % inst))
            if not hist:
                empty_note(right, "no histogram")
            else:
                xs = sorted(hist)
                counts = [hist[x] for x in xs]
                if len(xs) <= 25:
                    pos = list(range(len(xs)))
                    bars = right.bar(pos, counts, width=0.7, color=colours[algorithm],
                                     alpha=0.8, log=True)
                    right.set_xticks(pos)
                    right.set_xticklabels([str(x) for x in xs])
                    pad = max(0.3, (4 - len(xs)) / 2)  # keep a lone bar narrow
                    right.set_xlim(-0.5 - pad, len(xs) - 0.5 + pad)
                    if len(xs) <= 10:
                        for b, c in zip(bars, counts):
                            right.annotate(str(c), (b.get_x() + b.get_width() / 2,
                                                    b.get_height()),
                                           textcoords="offset points", xytext=(0, 2),
                                           ha="center", fontsize=7)
                else:
                    right.hist(xs, weights=counts, bins=40, color=colours[algorithm],
                               alpha=0.8, log=True)
                top = max(counts)
                right.set_ylim(0.5, top * 4)
                right.set_xlabel("excess (algorithm moves \u2212 optimum)")
                right.set_ylabel("instances")
        suffix = " (%d/%d)" % (p + 1, len(book)) if len(book) > 1 else ""
        finish(fig, "%s: algorithm against the optimum over all instances%s" % (stem, suffix),
               [], [], written, base, "compare", p)
    return True


# ----------------------------------------------------------------------------
# bench: states per second per method and instance

def plot_bench(table, base, written):
    t = table
    benches = {}
    methods = []
    for i, r in enumerate(t.rows):
        bench = r["bench"].strip()
        instance = r["instance"].strip()
        method = r["method"].strip()
        threads = t.int_(i, "threads", optional=False)
        speed = t.float_(i, "states_per_second")
        if speed is None:
            states = t.float_(i, "states")
            seconds = t.float_(i, "seconds")
            if states is not None and seconds:
                speed = states / seconds
        if method not in methods:
            methods.append(method)
        b = benches.setdefault(bench, {})
        b.setdefault(instance, []).append((method, threads, speed))
    if not benches:
        return False
    colours = palette(methods)
    keys = list(benches)
    stem = os.path.basename(base)
    from matplotlib.patches import Patch
    book = pages(keys, 4)
    for p, page_keys in enumerate(book):
        widest = max(sum(len(v) for v in benches[k].values()) for k in page_keys)
        panel_w = min(16.0, max(5.0, 0.45 * widest + 1.5))
        fig, axes = new_grid(len(page_keys), columns=1, panel_w=panel_w, panel_h=3.6)
        for ax, key in zip(axes, page_keys):
            instances = benches[key]
            most = max(len(v) for v in instances.values())
            width = 0.84 / most
            ticks, speeds = [], []
            for x, (instance, entries) in enumerate(instances.items()):
                entries = sorted(entries, key=lambda e: (methods.index(e[0]), -e[1]))
                for k, (method, threads, speed) in enumerate(entries):
                    pos = x - 0.42 + width * (k + 0.5) + (most - len(entries)) * width / 2
                    if speed is None or speed <= 0:
                        ax.text(pos, 1, "n/a", ha="center", va="bottom", fontsize=6,
                                transform=ax.get_xaxis_transform())
                        continue
                    speeds.append(speed)
                    ax.bar(pos, speed, width=width * 0.92, color=colours[method],
                           edgecolor="black", linewidth=0.5, hatch="////" if threads == 1 else None,
                           log=True)
                    ax.annotate("%dt" % threads, (pos, speed), textcoords="offset points",
                                xytext=(0, 1.5), ha="center", va="bottom", fontsize=6)
                ticks.append(instance)
            ax.set_xticks(range(len(ticks)))
            ax.set_xticklabels(ticks, rotation=0 if len(ticks) <= 5 else 20,
                               ha="center" if len(ticks) <= 5 else "right")
            ax.set_xlim(-0.6, len(ticks) - 0.4)
            if speeds:
                ax.set_ylim(min(speeds) / 3, max(speeds) * 3)
            ax.grid(axis="x", visible=False)
            ax.set_ylabel("states per second")
            ax.set_title("bench %s: states per second (bar label: threads)" % key)
        handles = [Patch(facecolor=colours[m], edgecolor="black", linewidth=0.5)
                   for m in methods]
        labels = list(methods)
        handles.append(Patch(facecolor="white", edgecolor="black", linewidth=0.5, hatch="////"))
        labels.append("hatched: 1 thread")
        suffix = " (%d/%d)" % (p + 1, len(book)) if len(book) > 1 else ""
        finish(fig, "%s: search speed%s" % (stem, suffix), handles, labels, written, base,
               "speed", p)
    return True


# ----------------------------------------------------------------------------

def levels_base(path):
    base = stem_base(path)
    return base[:-len(".levels")] if base.endswith(".levels") else base


def process(path, done, out):
    """Plots one CSV; returns False on a malformed/unreadable file."""
    ok = True
    try:
        table = read_table(path)
        kind = kind_of(table.header)
        if kind is None:
            print("plots: %s: no plot for this table kind" % path, file=sys.stderr)
            return True
        written = []
        base = stem_base(path)
        if kind == "levels":
            base = levels_base(path)
            if base in done:
                return True
            done.add(base)
        plotter = {"verify": plot_verify, "levels": plot_levels, "frame": plot_frame,
                   "structure": plot_structure, "compare": plot_compare,
                   "bench": plot_bench, "atlas": plot_atlas}[kind]
        try:
            drew = plotter(table, base, written)
        finally:
            for w in written:
                print(w, file=out)
            out.flush()
        if not drew:
            print("plots: %s: no rows to plot" % path, file=sys.stderr)
    except TableError as e:
        print("plots: %s: %s" % (path, e), file=sys.stderr)
        return False
    except OSError as e:  # a full disk, an unwritable directory
        print("plots: %s: cannot write a picture: %s" % (path, e), file=sys.stderr)
        raise WriteFailed() from e
    except Exception as e:  # a bug or a table this script does not expect
        print("plots: %s: cannot plot: %s: %s" % (path, type(e).__name__, e), file=sys.stderr)
        return False
    if kind == "verify":
        levels = stem_base(path) + ".levels.csv"
        if os.path.exists(levels) and stem_base(path) not in done:
            done.add(stem_base(path))
            written = []
            try:
                lt = read_table(levels)
                if kind_of(lt.header) != "levels":
                    raise TableError("not a levels table (expected columns %s)"
                                     % ",".join(LEVELS_COLS))
                plot_levels(lt, stem_base(path), written)
            except TableError as e:
                print("plots: %s: %s" % (levels, e), file=sys.stderr)
                ok = False
            except OSError as e:
                print("plots: %s: cannot write a picture: %s" % (levels, e), file=sys.stderr)
                raise WriteFailed() from e
            finally:
                for w in written:
                    print(w, file=out)
                out.flush()
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="plots.py",
        description=__doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", nargs="+", metavar="CSV", help="results table(s) to plot")
    parser.add_argument("--out-dir", metavar="DIR",
                        help="write the pictures into DIR (default: beside each table)")
    args = parser.parse_args(argv)
    OUT_DIR[0] = args.out_dir
    try:
        setup_matplotlib()
    except ImportError as e:
        print("plots: matplotlib is not available (%s); install python3-matplotlib" % e,
              file=sys.stderr)
        return 2
    status = 0
    done = set()
    for path in args.csv:
        try:
            if not process(path, done, sys.stdout):
                status = 1
        except WriteFailed:
            return 3
    return status


if __name__ == "__main__":
    sys.exit(main())
