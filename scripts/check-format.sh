#!/usr/bin/env bash
# Fails when a C++ source differs from what clang-format (the committed .clang-format) would write.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -- '*.h' '*.cpp' | xargs clang-format --dry-run --Werror
echo "format: ok"
