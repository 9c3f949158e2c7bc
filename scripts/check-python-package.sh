#!/usr/bin/env bash
# Checks the Python package the way a Python user installs it (pyproject.toml, offline, no build
# isolation): a wheel built by `python3 -m build --no-isolation --wheel`, installed into a fresh venv
# that passes tests/python; then `pip install --no-build-isolation .` into a plain venv (no system
# packages), whose `tsumi.perft('startpos', 5)` must be 19861490. One CMake build serves both (the
# backend's TSUMI_CMAKE_BUILD_DIR). Usage: scripts/check-python-package.sh [PYTHON] (default: Debian's
# /usr/bin/python3, else python3 on PATH).
set -euo pipefail
source=$(realpath "$(dirname "$0")/..")
python=${1:-$(command -v /usr/bin/python3 || command -v python3)}
work=$(mktemp -d "${TMPDIR:-/tmp}/tsumi-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
export TSUMI_CMAKE_BUILD_DIR="$work/cmake" PYTHONDONTWRITEBYTECODE=1 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1

"$python" -m build --no-isolation --wheel --outdir "$work/dist" "$source" >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; exit 1; }
wheel=$(ls "$work"/dist/tsumi-*.whl)
echo "wheel: $(basename "$wheel")"
# pytest comes from the system's packages (Debian: python3-pytest); the venv's own tsumi comes first.
"$python" -m venv --system-site-packages "$work/wheel-venv"
"$work/wheel-venv/bin/pip" install -q "$wheel"
(cd "$work" && "$work/wheel-venv/bin/python" -m pytest -q -p no:cacheprovider "$source/tests/python")
where=$(cd "$work" && "$work/wheel-venv/bin/python" -c 'import tsumi; print(tsumi.__file__)')
if [[ $where != "$work/wheel-venv/"* ]]; then
  echo "check-python-package: the tests imported $where, not the wheel's" >&2
  exit 1
fi

"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install -q --no-build-isolation "$source" >"$work/pip.log" 2>&1 ||
  { tail -40 "$work/pip.log" >&2; exit 1; }
count=$(cd "$work" && "$work/venv/bin/python" -c "import tsumi; print(tsumi.perft('startpos', 5))")
if [[ $count != 19861490 ]]; then
  echo "check-python-package: perft(5) of the pip-installed module is '$count', not 19861490" >&2
  exit 1
fi
echo "python package: ok (pip install . gives perft(5) = $count)"
