#!/usr/bin/env bash
# Quick start 2/2: installs what is missing (Debian 12), then builds and runs the whole test suite the
# way CI does: format check; Release with the SIMD paths of this CPU (and its install, as a downstream
# project uses it, and the Python package as pip installs it; with tsumi-mpi, whose tests run mpirun with 3 ranks, as root too); the scalar twins
# (the tests of the rules, perft, the solver and notation: TSUMI_TEST_FRONTS=OFF; only what they run is
# built);
# ASan + UBSan (tsumi-mpi's pieces without MPI; the executable only in Release, as Open MPI's own
# allocations and threads would drown the sanitizers' reports);
# ThreadSanitizer over the tests labelled `parallel`; with clang, libFuzzer over the text parsers.
# Tests labelled `slow` (deep perft, long property runs) are left out: `ctest --preset slow` runs them.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
scripts/check-format.sh
for preset in release scalar asan tsan; do
  echo "== $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  ctest --preset "$preset"
  if [[ $preset == release ]]; then
    echo "== install"  # the installed package, used by tests/consumer through find_package(tsumi)
    scripts/check-install.sh build/release
    echo "== python package"  # pip install . and a wheel into fresh venvs (pyproject.toml)
    scripts/check-python-package.sh
  fi
done
# The parsers' fuzz target under clang's libFuzzer (ASan + UBSan), 15 s, where clang is installed; every
# build above already runs it through its plain driver (tests/fuzz).
if command -v clang++ >/dev/null; then
  echo "== fuzz"
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  ctest --preset fuzz
fi
