#!/usr/bin/env bash
# Installs the Debian 12 packages the project builds with, only those missing.
# Everything comes from Debian's archive; nothing is downloaded at build time.
# python3-matplotlib draws the batches' pictures (scripts/plots.py), graphviz
# renders `hanoi graph` files, chromium runs the replay page's browser test,
# Open MPI runs the distributed search and its tests (mpirun), clang (with its
# sanitizer runtimes, libclang-rt-14-dev) builds the tests' sanitizer tree and the fuzzers.
set -euo pipefail
packages=(
  g++ cmake ninja-build git
  libboost-graph-dev libtbb-dev libabsl-dev libgtest-dev
  libcli11-dev nlohmann-json3-dev libtomlplusplus-dev libzstd-dev
  clang-format clang-tidy clang libclang-rt-14-dev
  python3-matplotlib graphviz chromium
  libopenmpi-dev openmpi-bin
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "[setup] all packages present" >&2
  exit 0
fi
echo "[setup] installing: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
