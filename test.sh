#!/usr/bin/env bash
# Quick start 2/2: installs what is missing (Debian 12), then builds and tests.
#
#   ./test.sh        does this project work on this machine? The format check; the Release build with
#                    the SIMD paths of this CPU and its tests (tsumi-mpi's under mpirun with 3 ranks,
#                    as root too); the install, as a downstream project uses it (find_package); the
#                    Python package as pip installs it. About 12 minutes on a fresh 2-core machine.
#   ./test.sh --all  what CI runs (.ci/run): all of the above, then the scalar twins of the SIMD paths
#                    (the tests of the rules, perft, the solver, the checker and notation:
#                    TSUMI_TEST_FRONTS=OFF; only what they run is built), AddressSanitizer +
#                    UndefinedBehaviorSanitizer (tsumi-mpi's pieces without MPI; the executable only in
#                    Release, as Open MPI's own allocations and threads would drown the sanitizers'
#                    reports), ThreadSanitizer over the tests labelled `parallel`, and with clang
#                    libFuzzer over the text parsers for 15 s, and the Windows package (MinGW-w64 cross
#                    build, scripts/build-windows.sh) checked under Wine against the Linux build
#                    (scripts/check-windows.sh). About 35 minutes on a fresh 2-core machine.
#
# Tests labelled `slow` (deep perft, long problems, the oracle runs) are left out of both:
# `ctest --preset slow` runs them.
set -euo pipefail
cd "$(dirname "$0")"
all=false
case "${1:-}" in
  "") ;;
  --all) all=true ;;
  -h | --help)
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "usage: ./test.sh [--all]   (--help says what each runs)" >&2
    exit 2
    ;;
esac
presets=(release)
if $all; then presets+=(scalar asan tsan); fi

scripts/install-deps.sh
scripts/check-format.sh
for preset in "${presets[@]}"; do
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
# tsumi.exe: the cross build and its package, then its checks under Wine (docs/windows.md).
if $all; then
  echo "== windows"
  windows_start=$SECONDS
  scripts/build-windows.sh
  scripts/check-windows.sh
  echo "== windows: $((SECONDS - windows_start)) s"
fi
# The parsers' fuzz target under clang's libFuzzer (ASan + UBSan), 15 s, where clang is installed; every
# build above already runs it through its plain driver (tests/fuzz).
if $all && command -v clang++ >/dev/null; then
  echo "== fuzz"
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  ctest --preset fuzz
fi
echo "== ok: ./test.sh${1:+ $1}"
