"""The PEP 517 build backend of the Python package tsumi (pyproject.toml): pip and `python3 -m build` call it.

Why a backend of its own: the build must work offline, with `--no-build-isolation`, in a plain
`python3 -m venv`. Debian 12 packages no CMake-driving backend (no scikit-build-core, no meson-python),
and setuptools 65, which such a venv holds, cannot write a wheel without the `wheel` package, which the
venv lacks. So this module needs the standard library only. What it does:
  build_wheel  configures this project's CMake in a folder of its own (Release; tests, benchmarks and
               tsumi-mpi off; the running interpreter as Python3_EXECUTABLE), builds the one target
               tsumi_python, and zips the package python/tsumi/ with the extension into a wheel
               (PEP 427: the .dist-info with METADATA, WHEEL and RECORD; tags of this interpreter).
  build_sdist  the files git tracks (or, outside a clone, the tree less build folders), with PKG-INFO.
The version is the CMake project's (CMakeLists.txt, project(... VERSION ...)).

Environment:
  TSUMI_CMAKE_BUILD_DIR       configure and build there (kept: a second build rebuilds little);
                              default: a temporary folder, removed afterwards
  TSUMI_CMAKE_ARGS            more configure arguments, e.g. "-DTSUMI_SIMD=avx2" for a wheel that runs on
                              any AVX2 CPU (the default, native, runs only on a CPU like the builder's)
  CMAKE_BUILD_PARALLEL_LEVEL  jobs (default: every core)
"""

import base64
import hashlib
import io
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
NAME = "tsumi"
SUMMARY = "Shogi perft, legal moves, the tsume (checkmate problem) solver and the kifu reader"


def _version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    found = re.search(r"project\(\s*tsumi\s+VERSION\s+([0-9][0-9.]*)", text)
    if not found:
        raise RuntimeError("no project(tsumi VERSION ...) in CMakeLists.txt")
    return found.group(1)


def _metadata():
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {_version()}\n"
        f"Summary: {SUMMARY}\n"
        "License: MIT\n"
        "Requires-Python: >=3.9\n"
        "Classifier: Programming Language :: C++\n"
        "Classifier: Programming Language :: Python :: 3\n"
        "Classifier: Topic :: Games/Entertainment :: Board Games\n"
    )


def _tag():
    """The wheel tag of this interpreter: cpXY-cpXY-<platform> (an extension for CPython of this version)."""
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    abi = impl + (sys.abiflags if hasattr(sys, "abiflags") else "")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{abi}-{platform}"


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def _wheel_file():
    return f"Wheel-Version: 1.0\nGenerator: tsumi_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n"


def _build_extension(build_dir):
    configure = [
        "cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
        f"-DPython3_EXECUTABLE={sys.executable}", "-DTSUMI_BUILD_TESTS=OFF", "-DTSUMI_BUILD_BENCH=OFF",
        "-DTSUMI_BUILD_MPI=OFF", "-DTSUMI_BUILD_PYTHON=ON",
    ]
    if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
        configure += ["-G", "Ninja"]
    configure += shlex.split(os.environ.get("TSUMI_CMAKE_ARGS", ""))
    # pip shows a backend's output only on failure; the CMake steps go to stderr as they run.
    subprocess.run(configure, check=True, stdout=sys.stderr)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    subprocess.run(["cmake", "--build", str(build_dir), "--target", "tsumi_python", "--parallel", jobs],
                   check=True, stdout=sys.stderr)
    built = sorted((build_dir / "python" / NAME).glob("_tsumi*" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")))
    if not built:
        raise RuntimeError(f"the CMake build left no extension in {build_dir / 'python' / NAME}")
    return built[0]


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}\n"


def _write_wheel(wheel_directory, extension):
    files = {}
    for source in sorted((ROOT / "python" / NAME).iterdir()):
        if source.is_file() and source.suffix in (".py", ".pyi", ".typed") or source.name == "py.typed":
            files[f"{NAME}/{source.name}"] = source.read_bytes()
    files[f"{NAME}/{extension.name}"] = extension.read_bytes()
    info = _dist_info()
    files[f"{info}/METADATA"] = _metadata().encode()
    files[f"{info}/WHEEL"] = _wheel_file().encode()
    files[f"{info}/LICENSE"] = (ROOT / "LICENSE").read_bytes()
    record = "".join(_record_line(path, data) for path, data in files.items()) + f"{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    name = f"{NAME}-{_version()}-{_tag()}.whl"
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, data)
    return name


# The PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = pathlib.Path(metadata_directory) / _dist_info()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (info / "WHEEL").write_text(_wheel_file(), encoding="utf-8")
    return info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    kept = os.environ.get("TSUMI_CMAKE_BUILD_DIR")
    if kept:
        return _write_wheel(wheel_directory, _build_extension(pathlib.Path(kept).resolve()))
    with tempfile.TemporaryDirectory(prefix="tsumi-build-") as scratch:
        return _write_wheel(wheel_directory, _build_extension(pathlib.Path(scratch)))


def _source_files():
    try:
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True, capture_output=True).stdout
        return [p for p in listed.decode().split("\0") if p and (ROOT / p).is_file()]
    except (OSError, subprocess.CalledProcessError):
        skip = {"build", ".git", "__pycache__"}
        return [str(p.relative_to(ROOT)) for p in sorted(ROOT.rglob("*"))
                if p.is_file() and not skip.intersection(p.relative_to(ROOT).parts)]


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{_version()}"
    name = f"{base}.tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path in _source_files():
            tar.add(ROOT / path, arcname=f"{base}/{path}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        info.mode = 0o644
        tar.addfile(info, io.BytesIO(data))
    return name
