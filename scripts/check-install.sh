#!/usr/bin/env bash
# Checks the install of a build: `cmake --install BUILD_DIR` into a temporary prefix, then
# tests/consumer (find_package(tsumi CONFIG)) configured, built and run against it, and the installed
# executable run. Usage: scripts/check-install.sh BUILD_DIR (a configured and built tree).
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
build=$(realpath "$1")
source=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d "${TMPDIR:-/tmp}/tsumi-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
# The consumer is built with the compiler that built the libraries.
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cmake -S "$source/tests/consumer" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" ${compiler:+-DCMAKE_CXX_COMPILER="$compiler"} >/dev/null
cmake --build "$work/consumer"
consumer=$("$work/consumer/tsumi_consumer")
echo "$consumer"
version=$("$work/prefix/bin/tsumi" --version)
echo "$version"
# The headers must take the libraries' SIMD path in the consumer too (cmake/install.cmake says why).
simd=$(sed -n 's/.*SIMD path \([a-z0-9.]*\)).*/\1/p' <<<"$consumer")
if [[ -z $simd || $version != *"($simd,"* ]]; then
  echo "check-install: the consumer compiled the headers for SIMD path '$simd', the library for: $version" >&2
  exit 1
fi
"$work/prefix/bin/tsumi" perft -d 3
# The Python package, where the build made it: imported from the install, not the build tree.
pydir=$(sed -n 's/^TSUMI_PYTHON_INSTALL_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")
# The interpreter it was built for (python/CMakeLists.txt: -DPython3_EXECUTABLE, else /usr/bin/python3).
python=$(sed -n 's/^_\{0,1\}Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt" | head -1)
if [[ -n $pydir && -d "$work/prefix/$pydir/tsumi" ]]; then
  count=$(cd "$work" && PYTHONPATH="$work/prefix/$pydir" PYTHONDONTWRITEBYTECODE=1 "$python" -c \
    "import tsumi; assert tsumi.__file__.startswith('$work/prefix/'), tsumi.__file__; print(tsumi.perft('startpos', 3))")
  if [[ $count != 25470 ]]; then
    echo "check-install: the installed Python package's perft(3) is '$count', not 25470" >&2
    exit 1
  fi
  echo "python: the installed package's perft(3) = $count"
fi
echo "install: ok"
