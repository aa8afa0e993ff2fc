#!/usr/bin/env bash
# Runs clang-tidy (the checks of the checked-in .clang-tidy) over every .cpp under
# engine/, variants/, cli/ and experiments/, with the flags of the Release build's
# build/compile_commands.json (run scripts/build.sh first), one clang-tidy per core.
# Any warning fails (WarningsAsErrors).  Prints each distinct finding once (a header
# included by many files reports once per file); the full log is build/lint.log.
#
#   scripts/lint.sh          the checks of .clang-tidy (a few minutes on 2 cores)
#   scripts/lint.sh --deep   adds the clang static analyzer's core and C++ checks
#                            (about three times as long; not part of scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)

extra=()
case "${1:-}" in
  "") ;;
  --deep) extra=(-checks='clang-analyzer-core.*,clang-analyzer-cplusplus.*') ;;
  *) echo "usage: scripts/lint.sh [--deep]" >&2; exit 2 ;;
esac

for tool in clang-tidy run-clang-tidy python3; do
  command -v "$tool" >/dev/null || { echo "[lint] $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
db=build/compile_commands.json
[ -f "$db" ] || { echo "[lint] $db missing: run scripts/build.sh first" >&2; exit 2; }

# clang-tidy reads the Release build's flags with two changes.  The units that the
# build compiles in batches (CMake's unity build, HANOI_UNITY in CMakeLists.txt) are
# listed again one source file each, with the batch's command: clang-tidy checks the
# files as written, each on its own.  Precompiled headers are left out: g++'s .gch
# files are not clang's, and every unit includes what it uses without them.
lintdb=build/lint-db
mkdir -p "$lintdb"
python3 - "$db" "$lintdb/compile_commands.json" <<'EOF'
import json, os, re, shlex, sys
entries, out_entries = json.load(open(sys.argv[1])), []
for e in entries:
    args = shlex.split(e["command"]) if "command" in e else e["arguments"]
    out, skip = [], False
    for i, a in enumerate(args):
        if skip:
            skip = False
        elif a == "-Winvalid-pch":
            pass
        elif a == "-include" and i + 1 < len(args) and "cmake_pch" in args[i + 1]:
            skip = True
        else:
            out.append(a)
    e.pop("arguments", None)
    path = os.path.join(e["directory"], e["file"])
    if re.search(r"/Unity/unity_\d+_cxx\.cxx$", path):
        for src in re.findall(r'^#include "([^"]+)"', open(path).read(), re.M):
            one = dict(e, file=src)
            one["command"] = shlex.join(src if a == e["file"] else a for a in out)
            out_entries.append(one)
    else:
        e["command"] = shlex.join(out)
        out_entries.append(e)
json.dump(out_entries, open(sys.argv[2], "w"), indent=1)
EOF

# Every source under the linted folders must be in the database, or it would be
# skipped silently (a file added since the last configure: rerun scripts/build.sh).
dirs='engine|variants|analyses|cli|experiments'
missing=$(python3 - "$lintdb/compile_commands.json" "$root" "$dirs" <<'EOF'
import json, os, re, subprocess, sys
db, root, dirs = sys.argv[1:]
known = {os.path.realpath(os.path.join(e["directory"], e["file"])) for e in json.load(open(db))}
files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "--", "*.cpp"],
                       capture_output=True, text=True, check=True).stdout.split()
for f in files:
    if re.match(rf"({dirs})/", f) and os.path.exists(f) and os.path.realpath(f) not in known:
        print(f)
EOF
)
if [ -n "$missing" ]; then
  echo "[lint] FAILED: not in $db (rerun scripts/build.sh):" >&2
  printf '  %s\n' $missing >&2
  exit 1
fi

root_re=$(printf '%s' "$root" | sed 's/[][\.^$*+?(){}|]/\\&/g')
# The engine's and the analyses' templates are compiled in the generated instance
# units (variants/instances.hpp, analyses/instances.hpp), not in the units above:
# those of two families, one on the lattice engine and one with the Frame analysis
# on the generic engine, bring every search mode and analysis before clang-tidy.
instances='build/generated/instances/(classic|checkers)_[a-z]+'
units_re="^$root_re/(($dirs)/.*|$instances)\.cpp\$"
log=build/lint.log
start=$SECONDS
status=0
# run-clang-tidy prints each command line and colours the diagnostics: keep the log
# plain and without them.
run-clang-tidy -quiet -p "$lintdb" -j "$(nproc)" -clang-tidy-binary "$(command -v clang-tidy)" \
  -header-filter="^$root_re/(engine|variants|analyses|cli|experiments|tests)/" "${extra[@]}" \
  "$units_re" 2>&1 |
  sed -e 's/\x1b\[[0-9;]*m//g' -e '/^clang-tidy\(-[0-9]*\)\? /d' >"$log" || status=$?
elapsed=$((SECONDS - start))
files=$(python3 -c 'import json,re,sys; print(sum(1 for e in json.load(open(sys.argv[1])) if re.search(sys.argv[2], e["file"])))' \
          "$lintdb/compile_commands.json" "$units_re")

# Distinct findings, paths relative to the repository.
findings=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' "$log" | sed "s|^$root/||" | sort -u || true)
if [ "$status" -eq 0 ] && [ -z "$findings" ]; then
  echo "[lint] $files files clean (clang-tidy, ${elapsed} s)"
  exit 0
fi
if [ -n "$findings" ]; then
  count=$(printf '%s\n' "$findings" | wc -l)
  echo "[lint] FAILED: $count distinct clang-tidy findings in $files files (${elapsed} s):" >&2
  printf '%s\n' "$findings" | sed -e 's/,-warnings-as-errors\]$/]/' -e 's/^/  /' | head -n 60 >&2
  [ "$count" -le 60 ] || echo "  ... and $((count - 60)) more" >&2
else
  echo "[lint] FAILED: clang-tidy exited with status $status and no finding (${elapsed} s); end of $log:" >&2
  tail -n 20 "$log" | sed 's/^/  /' >&2
fi
echo "[lint] full output: $log (checks and the reasons for them: .clang-tidy)" >&2
exit 1
