#!/usr/bin/env bash
# Builds tsumi for 64-bit Windows on Debian 12 and packs what a Windows user unzips:
#   build/windows/tsumi-<version>-windows-x64.zip
#     tsumi.exe        AVX2 (Intel Haswell, AMD Excavator and later: nearly every PC since 2015)
#     tsumi-sse42.exe  SSE4.2 (x86-64-v2), for older processors
#     the DLLs both need (oneTBB, the MinGW C++ runtime), LICENSE.txt, LICENSE-oneTBB.txt,
#     README-windows.txt (how to register it in ShogiGUI, 将棋所 and ShogiHome; Japanese and English)
# It installs what is missing (scripts/install-deps.sh windows), builds oneTBB for MinGW-w64 from
# Debian's own source package (`apt-get source onetbb`, with the deb-src lines made from this machine's
# sources list in a private apt directory: the system's apt setup is not touched), then tsumi twice with
# cmake/mingw-w64-x86_64.cmake. Left out: tsumi-mpi and the Python module. docs/windows.md says more.
#   scripts/build-windows.sh [--jobs N]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
jobs=$(nproc)
if [[ ${1:-} == --jobs ]]; then jobs=$2; fi
out=$root/build/windows
mkdir -p "$out"

scripts/install-deps.sh windows

# ---- oneTBB from Debian's source package, built once ----
deps=$out/deps  # the prefix the cross build finds its packages in (CMAKE_FIND_ROOT_PATH)
if [[ ! -f $deps/lib/cmake/TBB/TBBConfig.cmake ]]; then
  echo "== oneTBB for MinGW-w64 (Debian source package)"
  apt_dir=$out/apt
  rm -rf "$apt_dir" "$out/onetbb-build"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/src"
  # deb-src entries for the suites this machine already uses.
  if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
    sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$apt_dir/sources.sources"
    list_option=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$apt_dir/parts")
    mkdir -p "$apt_dir/parts"
    mv "$apt_dir/sources.sources" "$apt_dir/parts/debian-src.sources"
  else
    grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' >"$apt_dir/sources.list"
    list_option=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/nonexistent")
  fi
  apt_options=("${list_option[@]}" -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
    -o "APT::Sandbox::User=$(id -un)")
  apt-get -qq "${apt_options[@]}" update
  (cd "$apt_dir/src" && apt-get -qq "${apt_options[@]}" source --download-only onetbb >/dev/null)
  dsc=$(ls "$apt_dir"/src/onetbb_*.dsc)
  dpkg-source -x --no-check "$dsc" "$apt_dir/src/onetbb" >/dev/null
  cmake -S "$apt_dir/src/onetbb" -B "$out/onetbb-build" -G Ninja --log-level=WARNING \
    -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$deps" -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBBMALLOC_BUILD=OFF -DTBB_STRICT=OFF
  cmake --build "$out/onetbb-build" -j "$jobs"
  cmake --install "$out/onetbb-build" >/dev/null
  cp "$apt_dir/src/onetbb/LICENSE.txt" "$deps/LICENSE-oneTBB.txt"  # shipped with its DLL
fi
# The header-only libraries, from their Debian packages, staged beside it (the cross build searches
# only its own prefixes: the Linux system's headers must not be found).
mkdir -p "$deps/include" "$deps/share/cmake"
for dir in CLI nlohmann; do rm -rf "${deps:?}/include/$dir" && cp -r "/usr/include/$dir" "$deps/include/"; done
for dir in CLI11 nlohmann_json; do
  rm -rf "${deps:?}/share/cmake/$dir" && cp -r "/usr/share/cmake/$dir" "$deps/share/cmake/"
done

# ---- tsumi, twice ----
build() {  # build <folder> <TSUMI_SIMD>
  echo "== tsumi.exe ($2)"
  cmake -S "$root" -B "$out/$1" -G Ninja --log-level=WARNING -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64-x86_64.cmake" \
    -DCMAKE_FIND_ROOT_PATH="$deps" -DCMAKE_BUILD_TYPE=Release -DTSUMI_SIMD="$2" -DTSUMI_WARNINGS_AS_ERRORS=ON \
    -DTSUMI_BUILD_TESTS=OFF -DTSUMI_BUILD_BENCH=OFF -DTSUMI_BUILD_MPI=OFF -DTSUMI_BUILD_PYTHON=OFF
  cmake --build "$out/$1" -j "$jobs" --target tsumi
}
build avx2 avx2
build sse42 sse

# ---- the package ----
version=$(sed -n 's/^project(tsumi VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
name=tsumi-$version-windows-x64
stage=$out/package/$name
rm -rf "$out/package" && mkdir -p "$stage"
cp "$out/avx2/cli/tsumi.exe" "$stage/tsumi.exe"
cp "$out/sse42/cli/tsumi.exe" "$stage/tsumi-sse42.exe"
cp "$deps/bin/libtbb12.dll" "$stage/"
gcc_dir=$(dirname "$(x86_64-w64-mingw32-g++-posix -print-libgcc-file-name)")
for dll in libstdc++-6.dll libgcc_s_seh-1.dll; do cp "$gcc_dir/$dll" "$stage/"; done
cp /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll "$stage/"
x86_64-w64-mingw32-strip "$stage"/*.exe "$stage"/*.dll
# Text files with Windows line ends, as Notepad shows them.
sed 's/$/\r/' LICENSE >"$stage/LICENSE.txt"
sed 's/$/\r/' "$deps/LICENSE-oneTBB.txt" >"$stage/LICENSE-oneTBB.txt"
sed "s/@VERSION@/$version/g; s/\$/\r/" docs/windows-readme.txt >"$stage/README-windows.txt"
rm -f "$out/$name.zip"
(cd "$out/package" && cmake -E tar cf "$out/$name.zip" --format=zip "$name")
echo "== $out/$name.zip"
