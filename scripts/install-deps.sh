#!/usr/bin/env bash
# Installs the Debian 12 packages that building and testing tsumi need, when any is missing.
#   scripts/install-deps.sh           the Linux build and its tests
#   scripts/install-deps.sh windows   those, and the Windows cross build and its tests under Wine
#                                     (scripts/build-windows.sh, scripts/check-windows.sh)
set -euo pipefail

# fairy-stockfish is the independent engine that the perft-diff tests compare against; python3-dev,
# pybind11-dev and python3-pytest build and test the Python module (python/), python3-venv and python3-build
# its package as pip and `python3 -m build` make it (pyproject.toml), mypy checks its type stub (stubtest),
# librsvg2-bin (rsvg-convert) renders its SVG boards in the tests; libopenmpi-dev and openmpi-bin
# (mpirun) build and test tsumi-mpi (cli/mpi); qemu-user plays a processor without AVX2 for the test of the
# AVX2 build's processor check (cli/common/cpu_guard.h).
packages=(cmake ninja-build g++ libtbb-dev libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev clang-format
  fairy-stockfish python3-dev pybind11-dev python3-pytest python3-venv python3-build mypy librsvg2-bin libopenmpi-dev openmpi-bin qemu-user)
# The Windows build: MinGW-w64's cross compiler (posix threads), dpkg-dev for `apt-get source onetbb`
# (oneTBB is built for Windows from Debian's source package), Wine to run and test tsumi.exe.
if [[ ${1:-} == windows ]]; then packages+=(g++-mingw-w64-x86-64-posix dpkg-dev wine wine64); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi

echo "installing: ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
