#!/usr/bin/env bash
# Quick start 1/2: installs what is missing (Debian 12), builds Release and runs the main job:
# perft of the start position to depth 6 with a per-move breakdown. Extra arguments go to perft.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target tsumi
if (($# == 0)); then set -- --depth 6 --divide; fi
build/release/cli/tsumi perft "$@"
