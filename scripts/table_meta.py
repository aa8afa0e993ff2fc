"""The .meta.json beside a table under results/, for the tables Python scripts write.

The same keys and layout as the one `hanoi verify` writes (cli/batch.cpp): the
command, commit, date, machine, whether the table is partial, a summary line, the
table's file, its title and the wall time; one object, keys sorted, two-space
indent.  A test reads every table's meta (issue: one table format)."""

import json
import os
from pathlib import Path


def write_meta(out_dir, stem, *, command, commit, date, machine, title, wall_seconds,
               summary="", partial=False):
    """Writes OUT_DIR/STEM.meta.json (atomically: a temporary file, then renamed)."""
    meta = {"command": command, "commit": commit, "date": date, "machine": machine,
            "partial": partial, "summary": summary, "table": f"{stem}.csv", "title": title,
            "wall_seconds": wall_seconds}
    out = Path(out_dir)
    tmp = out / f"{stem}.meta.json.tmp"
    tmp.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, out / f"{stem}.meta.json")
