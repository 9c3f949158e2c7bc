#!/usr/bin/env bash
# Quick start 2/2: installs what is missing (Debian 12), then builds and runs the whole test suite the
# way CI does: format check; Release with the SIMD paths of this CPU; the scalar twins; ASan + UBSan;
# ThreadSanitizer over the tests labelled `parallel`.
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
done
