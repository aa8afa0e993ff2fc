#!/usr/bin/env bash
# The pictures of small state graphs in results/graphs/: `hanoi graph` writes each
# graph (Boost.Graph's write_graphviz; the command, commit, date and machine in its
# `comment`), Graphviz's neato renders it to SVG.  Needs graphviz
# (scripts/install-deps.sh) and a built ./build/hanoi.
#   bash experiments/graphs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v neato >/dev/null || { echo "graphs.sh: neato not found (apt-get install graphviz)" >&2; exit 2; }
out=results/graphs
mkdir -p "$out"
# name: hanoi graph arguments
graphs=(
  "classic-n3:classic -n 3"            # the Sierpinski triangle
  "classic-n4:classic -n 4"
  "reves-4pegs-n2:reves --pegs 4 -n 2"
  "reves-4pegs-n3:reves --pegs 4 -n 3"
  "rainbow-n3:rainbow -n 3"            # a colour rule: fewer edges than classic
  "domino-n2:domino -n 2"              # colours that flip, goal on the flipped stack
  "cyclic-n3:cyclic -n 3"              # directed: clockwise moves only
)
for g in "${graphs[@]}"; do
  name=${g%%:*}
  # shellcheck disable=SC2086  # the arguments are meant to split
  ./build/hanoi graph ${g#*:} --dot "$out/$name.dot"
  # The command and commit travel with the picture: neato keeps the comment.
  neato -Tsvg "$out/$name.dot" -o "$out/$name.svg"
  echo "[graphs] $out/$name.svg" >&2
done
