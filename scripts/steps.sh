# Shared by scripts/test.sh and .ci/run (sourced, not run): each step prints a
# line or two, its full log is named when it fails, and the end lists the failures.
jobs=$(nproc)
failed=()
t_all=$SECONDS

# step NAME COMMAND...: runs one step, prints its time, records a failure.
step() {
  local name=$1 t0=$SECONDS
  shift
  echo "[test] == $name"
  if "$@"; then
    echo "[test] $name: ok ($((SECONDS - t0)) s)"
  else
    echo "[test] $name: FAILED ($((SECONDS - t0)) s)"
    failed+=("$name")
  fi
}

# run_ctest DIR LOG ARGS...: the tests of one tree, quiet unless some fail, then the
# skipped tests with their reasons (always: a skip is a test that tested nothing).
# ctest's JUnit report (LOG with .junit.xml for .log) keeps each test's output.
run_ctest() {
  local dir=$1 log=$2 status=0
  shift 2
  local junit
  junit=$(realpath -m "${log%.log}.junit.xml")
  rm -f "$junit"
  # (--test-output-size-passed: a skipped test's output counts as a passed one's,
  # 1 KiB by default, and the reason must not be cut off.)
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" --output-junit "$junit" \
    --test-output-size-passed 16384 "$@" >"$log" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then
    grep -E '^[0-9]+% tests passed|^Total Test time' "$log" | sed 's/^/  /'
  else
    # The output of each failing test, then ctest's summary (less its list of the
    # tests that did not run: print_skipped below gives them with their reasons).
    # (A test's line and output end at the next test's line, or at the summary.)
    awk '/^ *[0-9]+\/[0-9]+ Test +#[0-9]+:/ {
           show = /\*\*\*(Failed|Exception|Timeout|Not Run)/ && !/\(Disabled\)/
         }
         /^ *Start +[0-9]+:/ || /^[0-9]+% tests passed/ {show = 0}
         show' "$log" | head -n 200 | sed 's/^/  /'
    sed -n '/tests passed/,$p' "$log" |
      awk '/^The following tests did not run:/ {skip = 1; next}
           skip && /^\t/ {next}
           {skip = 0; print}' | cat -s | sed 's/^/  /'
  fi
  print_skipped "$log" "$junit" || echo "  (could not list the skipped tests: see $log)"
  if [ "$status" -ne 0 ]; then
    echo "  full log: $log"
    return 1
  fi
}

# print_skipped LOG JUNIT: the tests ctest's LOG lists under "The following tests did
# not run:" (Skipped: GTEST_SKIP or a script's exit 77; Disabled), each with its
# reason from its output in JUNIT: GTEST_SKIP's message, or the script's last line
# that mentions skipping (else its last line).  Tests with one reason are grouped
# under it, and the instances of a typed test are folded into one line,
# e.g. DiskLattice.SameLevelsAsInMemory<hanoi::variants::{er::ErFamily, ...}>.
print_skipped() {
  python3 - "$1" "$2" <<'EOF'
import re
import sys
import xml.etree.ElementTree as ET

log, junit = sys.argv[1], sys.argv[2]
tests, inside = [], False
with open(log, encoding="utf-8", errors="replace") as f:
    for line in f:
        line = line.rstrip("\n")
        if line.startswith("The following tests did not run:"):
            inside = True
            continue
        m = re.match(r"\t *\d+ - (.*) \(([^()]*)\)$", line) if inside else None
        if m:
            tests.append((m.group(1), m.group(2)))
        else:
            inside = False

outputs = {}
try:
    for tc in ET.parse(junit).getroot().iter("testcase"):
        skipped = tc.find("skipped")
        outputs[tc.get("name")] = (tc.findtext("system-out") or "",
                                   skipped.get("message", "") if skipped is not None else "")
except (OSError, ET.ParseError) as e:
    print(f"  (no test output to read the reasons from: {e})")


def reason(name, status):
    if status == "Disabled":
        return "disabled (ctest's DISABLED property): not run"
    if status != "Skipped":
        return f"not run ({status})"
    if name not in outputs:
        return "skipped (no output recorded)"
    text, message = outputs[name]
    lines = text.splitlines()
    for i, line in enumerate(lines):  # GoogleTest: "FILE:LINE: Skipped", the message, "[  SKIPPED ]"
        if re.search(r"(^|:\d+: )Skipped$", line):
            said = []
            for l in lines[i + 1:]:
                if l.startswith("[  SKIPPED ]"):
                    break
                if l.strip():
                    said.append(l.strip())
            return " ".join(said) or "GTEST_SKIP() without a message"
    said = [l.strip() for l in lines if l.strip() and not l.startswith("[  SKIPPED ]")]
    told = [l for l in said if re.search(r"skip", l, re.I)]
    if told or said:
        return (told or said)[-1]
    return f"skipped without a word ({message or 'no output'})"


def fold(names):
    """The instances of a typed test, Suite.Test<T>, on one line each."""
    typed, lines = {}, []
    for n in sorted(names):
        m = re.fullmatch(r"(.*?)<(.*)>", n)
        if m:
            typed.setdefault(m.group(1), []).append(m.group(2))
        else:
            lines.append(n)
    for test, params in typed.items():
        if len(params) == 1:
            lines.append(f"{test}<{params[0]}>")
            continue
        parts = [p.split("::") for p in params]
        common = 0
        while all(len(p) > common + 1 and p[common] == parts[0][common] for p in parts):
            common += 1
        head = "".join(c + "::" for c in parts[0][:common])
        lines.append(f"{test}<{head}{{{', '.join('::'.join(p[common:]) for p in parts)}}}>")
    return sorted(lines)


groups = {}
for name, status in tests:
    groups.setdefault(reason(name, status), []).append(name)
print(f"  skipped ({len(tests)}){':' if tests else ''}")
for why, names in sorted(groups.items(), key=lambda g: (len(g[1]) > 1, -len(g[1]), g[0])):
    if len(names) == 1:
        print(f"  {names[0]}: {why}")
    else:
        print(f"  {why} ({len(names)}):")
        for line in fold(names):
            print(f"    {line}")
EOF
}

# finish: the total time and the failed steps; exit status 1 if any failed.
finish() {
  echo "[test] total $((SECONDS - t_all)) s"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "[test] FAILED steps:"
    printf '  %s\n' "${failed[@]}"
    exit 1
  fi
  echo "[test] all steps passed"
}
