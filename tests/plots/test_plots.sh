#!/usr/bin/env bash
# Tests scripts/plots.py on the fixtures in tests/plots/fixtures (heads of results/*.csv,
# a level-profile table and a benchmark table): every table kind gives its SVG and PNG
# (non-empty, the SVG well-formed XML with the expected panel titles), the written
# paths are printed on stdout, reruns give identical files, a table of an unknown kind
# is a note and exit 0, a malformed or missing table is one line on stderr and exit 1.
#
# Usage: tests/plots/test_plots.sh [REPO_ROOT]
# Exit 77 (ctest SKIP_RETURN_CODE) when python3-matplotlib is not installed; with
# HANOI_REQUIRE_TOOLS=1 (scripts/test.sh, which installs it) exit 1 instead.
set -uo pipefail

root=${1:-"$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"}
script="$root/scripts/plots.py"
fixtures="$root/tests/plots/fixtures"
python=${PLOTS_PYTHON:-/usr/bin/python3}

if ! "$python" -c 'import matplotlib' >/dev/null 2>&1; then
  why="python3-matplotlib not installed for $python (scripts/install-deps.sh installs it)"
  if [ -n "${HANOI_REQUIRE_TOOLS:-}" ] && [ "$HANOI_REQUIRE_TOOLS" != 0 ]; then
    echo "FAIL: $why (HANOI_REQUIRE_TOOLS=$HANOI_REQUIRE_TOOLS: a missing tool is a failure, not a skip)"
    exit 1
  fi
  echo "SKIP: $why"
  exit 77
fi
[ -f "$script" ] || { echo "FAIL: no $script"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/plots-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$fixtures"/*.csv "$work"/

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# check_svg FILE TITLE...: FILE parses as XML and its text contains every TITLE.
check_svg() {
  "$python" - "$@" <<'EOF'
import sys
import xml.etree.ElementTree as ET

path, titles = sys.argv[1], sys.argv[2:]
try:
    tree = ET.parse(path)
except ET.ParseError as e:
    print("%s: not well-formed XML: %s" % (path, e))
    sys.exit(1)
if not tree.getroot().tag.endswith("svg"):
    print("%s: root element is %s, not svg" % (path, tree.getroot().tag))
    sys.exit(1)
texts = {"".join(e.itertext()).strip() for e in tree.iter() if e.tag.endswith("text")}
missing = [t for t in titles if t not in texts]
if missing:
    print("%s: missing titles %s" % (path, missing))
    sys.exit(1)
EOF
}

# check_pictures BASE TITLE...: BASE.svg and BASE.png exist, are non-empty, the PNG
# has the PNG signature, the SVG is well-formed and shows the titles.
check_pictures() {
  local base=$1
  shift
  for ext in svg png; do
    [ -s "$base.$ext" ] || { fail "$base.$ext missing or empty"; return; }
  done
  [ "$(head -c 8 "$base.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "$base.png is not a PNG"
  local out
  out=$(check_svg "$base.svg" "$@") || fail "$out"
}

# run_plots NAME CSV...: runs the script, keeps stdout/stderr/status in $work/NAME.*.
run_plots() {
  local name=$1
  shift
  "$python" "$script" "$@" >"$work/$name.out" 2>"$work/$name.err"
  echo $? >"$work/$name.rc"
}

expect_rc() { # NAME RC
  local rc
  rc=$(cat "$work/$1.rc")
  [ "$rc" = "$2" ] || fail "$1: exit status $rc, expected $2; stderr: $(cat "$work/$1.err")"
}

expect_stdout() { # NAME PATH...: stdout lists exactly these paths, in this order
  local name=$1
  shift
  local want
  want=$(printf '%s\n' "$@")
  [ "$(cat "$work/$name.out")" = "$want" ] ||
    fail "$name: stdout was <$(cat "$work/$name.out")>, expected <$want>"
}

dot=$'\u00b7'

# --help
"$python" "$script" --help >"$work/help.out" 2>&1 || fail "--help exits non-zero"
grep -q 'usage:' "$work/help.out" || fail "--help prints no usage"

# 1. verify table, with the level profiles next to it.
run_plots verify "$work/verify.csv"
expect_rc verify 0
expect_stdout verify "$work/verify.excess.svg" "$work/verify.excess.png" \
  "$work/verify.optimum.svg" "$work/verify.optimum.png" \
  "$work/verify.levels.svg" "$work/verify.levels.png"
check_pictures "$work/verify.optimum" "antwerp $dot 3 pegs $dot cycle" \
  "antwerp $dot 3 pegs $dot cycle-no-gather" "lundon $dot 3 pegs $dot C" \
  "multistack $dot 4 pegs $dot transfer" "known mismatch" "closed form" "optimum (search)"
# The excess over the optimum: where the curves above coincide, the difference.
check_pictures "$work/verify.excess" "excess over the optimum (moves)" "optimum (excess 0)" \
  "multistack $dot 4 pegs $dot transfer" "closed form"
check_pictures "$work/verify.levels" "antwerp $dot 3 pegs $dot cycle $dot n = 3" \
  "lundon $dot 3 pegs $dot C $dot n = 5" "multistack $dot 4 pegs $dot transfer $dot n = 5"

# The levels table on its own writes the same pictures, once even when named twice.
cp "$work/verify.levels.svg" "$work/levels-before.svg"
run_plots levels "$work/verify.levels.csv" "$work/verify.csv"
expect_rc levels 0
expect_stdout levels "$work/verify.levels.svg" "$work/verify.levels.png" \
  "$work/verify.excess.svg" "$work/verify.excess.png" \
  "$work/verify.optimum.svg" "$work/verify.optimum.png"
cmp -s "$work/verify.levels.svg" "$work/levels-before.svg" ||
  fail "rerun gave a different verify.levels.svg"

# 2. frame table.
run_plots frame "$work/frame.csv"
expect_rc frame 0
expect_stdout frame "$work/frame.gap.svg" "$work/frame.gap.png"
check_pictures "$work/frame.gap" "reves $dot 4 pegs $dot transfer" \
  "adjacent $dot 4 pegs $dot transfer" "best Frame-type solution" "gap (right axis)"

# 3. structure table (only the eccentricity rows are drawn).
run_plots structure "$work/structure.csv"
expect_rc structure 0
expect_stdout structure "$work/structure.eccentricity.svg" "$work/structure.eccentricity.png"
check_pictures "$work/structure.eccentricity" "reves $dot 4 pegs $dot transfer" \
  "eccentricity > optimum" "+1"

# 4. compare table.
run_plots compare "$work/er.csv"
expect_rc compare 0
expect_stdout compare "$work/er.compare.svg" "$work/er.compare.png"
check_pictures "$work/er.compare" "mean colour-towers" "mean optimum"

# 5. benchmark table.
run_plots bench "$work/bench.csv"
expect_rc bench 0
expect_stdout bench "$work/bench.speed.svg" "$work/bench.speed.png"
check_pictures "$work/bench.speed" "bench lattice: states per second (bar label: threads)" \
  "lattice" "generic" "naive bitset" "bitmap floor" "hatched: 1 thread" "reves m=4 n=15"

# 6. atlas table: the growth of the optimum per graph, against n and against √n.
run_plots atlas "$work/atlas.csv"
expect_rc atlas 0
expect_stdout atlas "$work/atlas.growth.svg" "$work/atlas.growth.png" \
  "$work/atlas.growth-sqrt.svg" "$work/atlas.growth-sqrt.png"
check_pictures "$work/atlas.growth" "S3.1: 0-1,0-2" "0→1"
check_pictures "$work/atlas.growth-sqrt" "S3.1: 0-1,0-2" "√n"

# Deterministic output: a second run over the same tables gives the same bytes.
mkdir "$work/again"
cp "$work"/*.csv "$work/again/"
run_plots again "$work/again/verify.csv" "$work/again/frame.csv" "$work/again/structure.csv" \
  "$work/again/er.csv" "$work/again/bench.csv"
expect_rc again 0
for f in verify.optimum verify.levels frame.gap structure.eccentricity er.compare bench.speed; do
  for ext in svg png; do
    cmp -s "$work/$f.$ext" "$work/again/$f.$ext" || fail "rerun gave a different $f.$ext"
  done
done

# A table of an unknown kind: a note on stderr, nothing written, exit 0.
run_plots unknown "$work/unknown.csv"
expect_rc unknown 0
expect_stdout unknown
[ "$(cat "$work/unknown.err")" = "plots: $work/unknown.csv: no plot for this table kind" ] ||
  fail "unknown kind: stderr was <$(cat "$work/unknown.err")>"

# Malformed tables: one line on stderr each, exit 1; the good table beside them is plotted.
for bad in malformed ragged; do
  run_plots "$bad" "$work/$bad.csv"
  expect_rc "$bad" 1
  expect_stdout "$bad"
  [ "$(wc -l <"$work/$bad.err")" = 1 ] ||
    fail "$bad: stderr is not one line: $(cat "$work/$bad.err")"
  grep -q "^plots: $work/$bad.csv: line 3: " "$work/$bad.err" ||
    fail "$bad: stderr was <$(cat "$work/$bad.err")>"
done
run_plots mixed "$work/malformed.csv" "$work/frame.csv"
expect_rc mixed 1
expect_stdout mixed "$work/frame.gap.svg" "$work/frame.gap.png"

# A missing file: one line, exit 1.
run_plots missing "$work/no-such-table.csv"
expect_rc missing 1
if [ "$(wc -l <"$work/missing.err")" != 1 ] ||
  ! grep -q "^plots: $work/no-such-table.csv: " "$work/missing.err"; then
  fail "missing file: stderr was <$(cat "$work/missing.err")>"
fi

if [ "$failures" -ne 0 ]; then
  echo "plots: $failures check(s) failed"
  exit 1
fi
echo "plots: all checks passed"
