#!/usr/bin/env bash
# Writes the manual page docs/hanoi.1 from the program's own --help-all, with
# help2man (Debian package help2man; scripts/install-deps.sh does not install it,
# since only this script needs it):
#
#   bash scripts/man-page.sh [PATH-TO-HANOI]   (default: build/hanoi)
#   man -l docs/hanoi.1
#
# Regenerate it with docs/cli.md (scripts/cli-doc.sh) whenever an option changes.
set -euo pipefail
cd "$(dirname "$0")/.."
hanoi=$(realpath "${1:-build/hanoi}")
[ -x "$hanoi" ] || { echo "man-page.sh: no program at $hanoi (build first)" >&2; exit 2; }
command -v help2man >/dev/null || { echo "man-page.sh: needs help2man (apt-get install help2man)" >&2; exit 2; }
# help2man names the page after the program it runs: call it `hanoi`.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
ln -s "$hanoi" "$bin/hanoi"
version=$("$hanoi" --version | head -1 | sed 's/ (commit.*//')
PATH="$bin:$PATH" help2man --no-info --no-discard-stderr --section 1 \
  --name "exhaustive search for Tower of Hanoi variants" --help-option=--help-all \
  --version-string "$version" --output docs/hanoi.1 hanoi
echo "man-page.sh: wrote docs/hanoi.1 ($(wc -l <docs/hanoi.1) lines)"
