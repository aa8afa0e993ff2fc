#!/usr/bin/env python3
"""A search too large for memory, run in the disk mode and resumable, and its table.

    python3 experiments/disk_record.py NAME --work-dir DIR [--out OUT] [--published FILE] -- VARIANT -n N ...

runs `hanoi optimum VARIANT ... --levels --json --work-dir DIR --resume` (so a run
that was killed, or whose machine restarted, continues from its last checkpoint
when the same command is given again), then writes OUT/NAME.md: the command,
commit, date, machine, the wall time summed over every invocation that worked on
the run (kept in DIR/invocations.log), the peak RSS and the disk used, and the
per-level counts with the states at the maximal distance and the bytes the
finishing invocation's files read and wrote producing each level; OUT/NAME.csv, the
per-level figures (`distance,states,read_bytes,written_bytes`, the I/O empty for
levels an earlier invocation produced); and OUT/NAME.meta.json (scripts/table_meta.py)
with the headline quantities in its summary.

While the search runs, its progress lines (stderr, also appended to
DIR/progress.log) are read: every --partial-every seconds (default 600; 0: never)
and when an invocation stops without finishing (interrupted, the disk full, a
failure), OUT/NAME is written as a *partial* table (meta `partial: true`): the last
level reached, the measured rate and the time the engine estimates remains, the
disk in use and the level's I/O, so that a run longer than one sitting is on record
with where it stands; its commit is the binary's (`hanoi --version`), as a finished
table's is (from the JSON).  OUT defaults to out/ under the current
directory (the committed tables: --out results).  Extra `hanoi` options
(--max-memory, --checkpoint-every, --stop-at-goal, --meet-in-middle) go after the
variant; a half-depth run's table says at which depth the test decided.  With
`--engine frontier` the levels stay in memory (the last two) and DIR holds the
checkpoints.  The frontier engine cannot estimate the time left (its levels are not
known before), so `--expect-states N` gives the states the run is expected to reach (a
model the command line states, such as the growth from the last two n): a partial
table then adds the time left at the measured rate, (N - reached) / rate.
`--published FILE` sets a published value beside the optimum.  Only the
last, finishing invocation's figures (peak RSS, seconds) are its own; the table
says so.
"""
import csv
import io
import json
import os
import platform
import re
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from table_meta import write_meta  # noqa: E402

# Where the tables go unless --out says otherwise (git-ignored; the committed ones:
# --out results).
DEFAULT_OUT = "out"


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{platform.node()}, {cpu}, {os.cpu_count()} cores, {mem:.2f} GiB RAM"


def commit():
    try:
        h = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", ".",
                                ":!results"], capture_output=True, text=True).stdout.strip()
        return h + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def gib(x):
    return f"{x / 2**30:.2f} GiB"


def refuse(script, message):
    """One line on stderr, exit status 2."""
    print(f"{script}: {message}", file=sys.stderr)
    raise SystemExit(2)


def prepare_out(script, out):
    """--out DIR: the directory the tables go to, created if missing; refused (exit 2)
    when it exists and is not a directory, or cannot be created."""
    if not out:
        refuse(script, "--out is empty (name a directory)")
    if os.path.lexists(out) and not os.path.isdir(out):
        refuse(script, f"--out {out} exists and is not a directory")
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        refuse(script, f"--out {out} is not a directory that can be created ({e.strerror})")
    return out


def table_files(stem, extra=()):
    """The names a table STEM is written under (and their temporary files)."""
    return [f"{stem}.md", f"{stem}.csv", f"{stem}.meta.json", f"{stem}.meta.json.tmp",
            *extra]


def check_targets(script, out, names):
    """Refuses (exit 2) when a file to be written exists as anything but a regular file:
    a symbolic link, FIFO, device or directory there is never replaced."""
    for name in names:
        path = os.path.join(out, name)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as e:
            refuse(script, f"cannot check {path} ({e.strerror})")
        if not stat.S_ISREG(st.st_mode):
            refuse(script, f"{path} exists and is not a regular file (a link, FIFO or device "
                   "is never replaced)")


def write_atomic(path, text):
    """Writes PATH through a new temporary file in its directory, renamed into place."""
    d, base = os.path.split(path)
    fd, tmp = tempfile.mkstemp(dir=d or ".", prefix=f".{base}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o644)
        with os.fdopen(fd, "w", newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise


def csv_text(fields, rows):
    """Plain CSV: a header row, then the rows (dicts; None is an empty cell)."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows({k: ("" if v is None else v) for k, v in r.items()} for r in rows)
    return buf.getvalue()


def write_table(script, out, stem, *, markdown, fields, rows, command, commit, date, machine,
                title, wall_seconds, summary, partial=False, extra=None):
    """OUT/STEM.md, OUT/STEM.csv and OUT/STEM.meta.json (and EXTRA: {name: text}), each
    refused (exit 2) where something other than a regular file is in the way."""
    extra = extra or {}
    check_targets(script, out, table_files(stem, extra))
    write_atomic(os.path.join(out, f"{stem}.csv"), csv_text(fields, rows))
    for name, text in extra.items():
        write_atomic(os.path.join(out, name), text)
    write_atomic(os.path.join(out, f"{stem}.md"), markdown)
    write_meta(out, stem, command=command, commit=commit, date=date, machine=machine,
               title=title, wall_seconds=wall_seconds, summary=summary, partial=partial)


def provenance(script, argv, title, wall):
    """The provenance of a table written now: (command, commit, date, machine, lines),
    lines being the Markdown header (title, then one line each for the command,
    commit, date, machine and wall time) that every table of this kind opens with."""
    command = " ".join([f"python3 experiments/{script}", *argv])
    the_commit, the_machine = commit(), machine()
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    lines = [f"# {title}", "", f"- command: `{command}`", f"- commit: {the_commit}",
             f"- date (UTC): {date}", f"- machine: {the_machine}",
             f"- wall time: {wall:.1f} s", ""]
    return command, the_commit, date, the_machine, lines


def read_published(path):
    """A published sequence: `n value` lines, cited in the first comment line.
    Returns ({n: value}, citation)."""
    published, cite = {}, ""
    for line in open(path):
        line = line.strip()
        if line.startswith("#"):
            cite = cite or line.lstrip("# ")
        elif line:
            k, v = line.split()
            published[int(k)] = int(v)
    return published, cite


# A progress line of the engine (engine/progress.cpp): the level, then the seconds,
# the rate and, for a complete search, the estimated time left.
PROGRESS = re.compile(r"^\[(?P<tag>\w+)\] level (?P<level>\d+): (?P<what>.*), "
                      r"(?P<secs>[0-9.]+) s, (?P<rate>[0-9.e+-]+) states/s"
                      r"(?:, ETA (?P<eta>[^,]+?))?\s*$")


def fmt_mib(x):
    return "" if x is None else f"{x / 2**20:.1f}"


class Watcher:
    """Runs CMD with its stderr passed through (and appended to LOG), keeping the last
    progress line; calls on_tick(last) every `every` seconds while it runs."""

    def __init__(self, cmd, log, every, on_tick):
        self.last = None
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.out = []
        t_out = threading.Thread(target=lambda: self.out.append(self.proc.stdout.read()))
        t_out.start()
        t_err = threading.Thread(target=self._pump, args=(log,))
        t_err.start()
        next_tick = time.time() + every if every > 0 else None
        # SIGTERM to this script is passed on as SIGINT: hanoi checkpoints and stops,
        # and the partial table is written (a Ctrl-C reaches both already).
        signal.signal(signal.SIGTERM, lambda *_: self.proc.send_signal(signal.SIGINT))
        while self.proc.poll() is None:
            try:
                time.sleep(1)
            except KeyboardInterrupt:
                continue  # hanoi got it too: wait for its checkpoint
            if next_tick is not None and time.time() >= next_tick and self.last is not None:
                on_tick(self.last)
                next_tick = time.time() + every
        t_out.join()
        t_err.join()
        self.returncode = self.proc.returncode
        self.stdout = "".join(self.out)

    def _pump(self, log):
        with open(log, "a") as f:
            for line in self.proc.stderr:
                sys.stderr.write(line)
                f.write(line)
                f.flush()
                m = PROGRESS.match(line.strip())
                if m:
                    # A segment's line within a level names no states reached: the
                    # last level's count is carried over (expected_left needs one).
                    last = m.groupdict() | {"line": line.strip()}
                    last["reached"] = reached_of(last, (self.last or {}).get("reached"))
                    self.last = last


def reached_of(last, before=None):
    """The states reached by a progress line: its own count, else the count carried
    from a line before it (`before`, or the line's own "reached" entry), else None."""
    m = re.search(r"(\d+) reached", last["what"]) if last else None
    if m:
        return int(m.group(1))
    if before is not None:
        return before
    return last.get("reached") if last else None


def expected_left(last, expect):
    """The time left to reach `expect` states at the last line's rate, as text."""
    reached = reached_of(last)
    rate = float(last["rate"]) if last else 0.0
    if not expect or reached is None or rate <= 0:
        return None
    secs = max(0, expect - reached) / rate
    return (f"{secs / 3600:.1f} h ({reached:.3e} of the {expect:.3e} states expected, "
            f"at {rate:.3g} states/s)")


def binary_commit(hanoi):
    """The commit the hanoi binary was built from (`hanoi --version`), else the
    repository's: a run may use a binary kept from an earlier commit."""
    try:
        out = subprocess.run([hanoi, "--version"], capture_output=True, text=True,
                             timeout=30).stdout
        m = re.search(r"\(commit ([0-9a-f]{7,40}(?:-dirty)?)\)", out)
        if m:
            return m.group(1)
    except (OSError, subprocess.SubprocessError):
        pass
    return commit()


def write_partial(name, out_dir, shown, last, spent_before, started, status, search,
                  expect=None, the_commit=None):
    """OUT/NAME as a partial table: where the run stands (the last progress line).
    A finished table there (meta `partial: false`) is never replaced by one."""
    the_commit = the_commit or commit()
    meta = os.path.join(out_dir, f"{name}.meta.json")
    try:
        with open(meta) as f:
            finished = json.load(f).get("partial") is False
    except (OSError, ValueError):
        finished = False
    if finished:
        print(f"disk_record.py: {meta} is a finished table: not replaced by a partial one",
              file=sys.stderr)
        return
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    wall = spent_before + (time.time() - started)
    title = f"{' '.join(search)}: partial, {status}"
    rows = [{"quantity": "status", "value": status}]
    if last:
        rows += [{"quantity": "level reached", "value": last["level"]},
                 {"quantity": "states per second (this invocation)", "value": last["rate"]},
                 {"quantity": "time left (the engine's estimate)", "value": last["eta"] or ""}]
        if expect:
            rows.append({"quantity": "time left (at this rate, to the states --expect-states "
                                     "gives)", "value": expected_left(last, expect) or ""})
        rows.append({"quantity": "last progress line", "value": last["line"]})
    lines = [f"# {title}\n", f"- command: `{shown}`", f"- commit: {the_commit}",
             f"- date (UTC): {date}", f"- machine: {machine()}",
             f"- wall time: {wall:.1f} s so far, over every invocation", "",
             "The search has not finished: this table says where it stands; the same command "
             "resumes it from its last checkpoint.", "", "| quantity | value |", "|---|---|"]
    lines += [f"| {r['quantity']} | {r['value']} |" for r in rows]
    eta = last["eta"] if last and last["eta"] else (
        (expected_left(last, expect) or "unknown") if last else "unknown")
    summary = f"{status}" + (f"; level {last['level']}, {last['rate']} states/s, "
                             f"ETA {eta}" if last else "")
    write_table("disk_record.py", out_dir, name, markdown="\n".join(lines) + "\n",
                fields=["quantity", "value"], rows=rows, command=shown, commit=the_commit,
                date=date, machine=machine(), title=title, wall_seconds=round(wall, 1),
                summary=summary, partial=True)
    print(f"disk_record.py: wrote the partial table {os.path.join(out_dir, name)}.md",
          file=sys.stderr)


def main(argv):
    if "--" not in argv or len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    cut = argv.index("--")
    head, search = argv[:cut], argv[cut + 1:]
    name = head[0]
    if "--work-dir" not in head:
        print("disk_record.py: --work-dir DIR is required", file=sys.stderr)
        return 2
    work = head[head.index("--work-dir") + 1]
    if "--out" in head and head.index("--out") + 1 == len(head):
        refuse("disk_record.py", "--out needs a directory")
    out_dir = head[head.index("--out") + 1] if "--out" in head else DEFAULT_OUT
    # Found now, before the search, not after hours of it.
    prepare_out("disk_record.py", out_dir)
    check_targets("disk_record.py", out_dir, table_files(name))
    # --published FILE: `n value` lines of a published sequence (cited in its first
    # comment line), set beside the search's optimum; never replacing it.
    published, cite = (read_published(head[head.index("--published") + 1])
                       if "--published" in head else ({}, ""))
    expect = None
    if "--expect-states" in head:
        try:
            expect = int(float(head[head.index("--expect-states") + 1]))
        except (IndexError, ValueError):
            refuse("disk_record.py", "--expect-states takes a number of states")
    hanoi = os.environ.get("HANOI", os.path.join(ROOT, "build", "hanoi"))
    built = binary_commit(hanoi)  # (the partial tables' commit: the finished one's is in the JSON)
    os.makedirs(work, exist_ok=True)
    # The frontier engine keeps its levels in memory; the directory holds its checkpoints.
    frontier = "--engine" in search and search[search.index("--engine") + 1] == "frontier"
    cmd = [hanoi, "optimum", *search, "--levels", "--json", "--work-dir", work, "--resume"]
    if not frontier:
        cmd += ["--storage", "disk"]
    every = 600.0
    if "--partial-every" in head:
        try:
            every = float(head[head.index("--partial-every") + 1])
        except (IndexError, ValueError):
            refuse("disk_record.py", "--partial-every takes seconds (0: never)")
    log = os.path.join(work, "invocations.log")
    before = [line.split() for line in open(log) if line.strip()] if os.path.exists(log) else []
    spent_before = sum(float(r[1]) for r in before)
    shown = "python3 experiments/disk_record.py " + " ".join(argv)
    t0 = time.time()
    proc = Watcher(cmd, os.path.join(work, "progress.log"), every,
                   lambda last: write_partial(name, out_dir, shown, last, spent_before, t0,
                                              "running", search, expect, built))
    spent = time.time() - t0
    with open(log, "a") as f:
        f.write(f"{datetime.now(timezone.utc).isoformat(timespec='seconds')} {spent:.1f} "
                f"rc={proc.returncode}\n")
    if proc.returncode != 0:
        status = ("interrupted (resumable)" if proc.returncode in (130, 143, -2, -15)
                  else f"stopped, hanoi exited {proc.returncode} (see {work}/progress.log)")
        write_partial(name, out_dir, shown, proc.last, spent_before, t0, status, search,
                      expect, built)
        print(f"disk_record.py: hanoi exited {proc.returncode}; run the same command again "
              f"to resume from {work}", file=sys.stderr)
        return proc.returncode
    j = json.loads(proc.stdout)
    runs = [line.split() for line in open(log) if line.strip()]
    total = sum(float(r[1]) for r in runs)
    levels = j["levels"]
    last = len(levels) - 1
    # The bytes the finishing invocation's files read and wrote per level it produced.
    first_io = j.get("io_first_level", len(levels))
    io_read = [None] * first_io + list(j.get("level_read_bytes", []))
    io_written = [None] * first_io + list(j.get("level_written_bytes", []))
    io_read += [None] * (len(levels) - len(io_read))
    io_written += [None] * (len(levels) - len(io_written))
    meet = bool(j.get("meet_in_middle"))
    where = "keeping the last two levels" if frontier else "in the disk mode"
    what = (f"the half-depth test (--meet-in-middle) {where}" if meet
            else f"a complete search {where}")
    if frontier:
        memory = (f"- memory: {gib(j['search_bytes'])} at most by the engine's count, "
                  f"{gib(j['peak_rss_bytes'])} peak RSS (the finishing invocation); the widest "
                  f"level held {j['widest_level']} states")
        disk = f"- disk: {gib(j['disk_bytes'])} of checkpoints at most"
    else:
        memory = (f"- memory: {gib(j['search_bytes'])} planned, {gib(j['peak_rss_bytes'])} peak "
                  "RSS (the finishing invocation)")
        disk = f"- disk: {gib(j['disk_bytes'])} at most, {j['segments']} segments"
    if "read_bytes" in j:
        disk += (f"\n- I/O of the finishing invocation (its files, while the levels ran): "
                 f"{gib(j['read_bytes'])} read, {gib(j['written_bytes'])} written"
                 + (f"; levels 0 to {first_io - 1} were produced by earlier invocations"
                    if first_io > 0 else ""))
    title = (f"{j['variant']} pegs={j['pegs']} n={j['n']} problem={j['problem']}: "
             f"{what} ({j['engine']} engine)")
    the_commit = j.get('commit') or commit()
    date = datetime.now(timezone.utc).isoformat(timespec='seconds')
    the_machine = machine()
    lines = [
        f"# {title}\n",
        f"- command: `{shown}`",
        f"- commit: {the_commit}",
        f"- date (UTC): {date}",
        f"- machine: {the_machine}",
        f"- wall time: {total:.1f} s over {len(runs)} invocation(s) "
        f"(the finishing one: {j['seconds']:.1f} s)",
        memory,
        disk,
        "",
        "| quantity | value |",
        "|---|---:|",
    ]
    if meet:
        summary = [f"optimum {j['optimal']} (the half-depth test, decided at depth {last})",
                   f"{j['states']} of {j['rank_space']} ranks reached"]
    else:
        summary = [f"optimum {j['optimal']}", f"eccentricity {j['eccentricity']}",
                   f"{levels[last] if levels else 0} states at the maximal distance"]
    if meet:
        lines += [
            f"| optimum (start to goal) | {j['optimal']}, decided by the half-depth test at "
            f"depth {last}: the least d(s) + d(σs) over the states s reached, σ the start-goal "
            f"mirror |",
            f"| states reached (depth 0 to {last}) | {j['states']} of {j['rank_space']} ranks |",
        ]
    else:
        lines += [
            f"| optimum (start to goal) | {j['optimal']} |",
            f"| states reached | {j['states']} of {j['rank_space']} ranks |",
            f"| eccentricity of the start | {j['eccentricity']} |",
            f"| states at the maximal distance | {levels[last] if levels else 0} |",
        ]
    if published:
        value = published.get(j["n"])
        verdict = ("—" if value is None else
                   "agrees" if value == j["optimal"] else
                   f"**differs** from the search's {j['optimal']}")
        lines.append(f"| published: {cite} | {value if value is not None else '—'} ({verdict}) |")
        if value is not None:
            summary.append(f"published {value} ({verdict.replace('**', '')})")
    if j.get("formula") is not None:
        summary.append(f"closed form {j['formula']}")
    lines += [
        f"| closed form | {j['formula']} |",
        "",
        "## States per distance from the start",
        "",
        "The I/O columns: MiB the finishing invocation's files read and wrote producing "
        "the level (empty: produced by an earlier invocation).",
        "",
        "| distance | states | read MiB | written MiB |",
        "|---:|---:|---:|---:|",
    ]
    lines += [f"| {d} | {c} | {fmt_mib(io_read[d])} | {fmt_mib(io_written[d])} |"
              for d, c in enumerate(levels)]
    write_table("disk_record.py", out_dir, name, markdown="\n".join(lines) + "\n",
                fields=["distance", "states", "read_bytes", "written_bytes"],
                rows=[{"distance": d, "states": c, "read_bytes": io_read[d],
                       "written_bytes": io_written[d]} for d, c in enumerate(levels)],
                command=shown, commit=the_commit, date=date, machine=the_machine,
                title=title, wall_seconds=round(total, 1), summary="; ".join(summary))
    print(f"disk_record.py: wrote {os.path.join(out_dir, name)}.md, .csv, .meta.json",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
