# Cross build for 64-bit Windows with Debian's MinGW-w64 (package g++-mingw-w64-x86-64-posix: the
# posix thread model, which std::thread and oneTBB need). scripts/build-windows.sh uses it; so can
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DCMAKE_PREFIX_PATH=<oneTBB built for it> ...
# Only the prefixes in CMAKE_FIND_ROOT_PATH (oneTBB and the header-only libraries staged for this
# build) are searched for packages and headers, never the Linux system's.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(tsumi_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${tsumi_mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${tsumi_mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${tsumi_mingw}-windres)
list(APPEND CMAKE_FIND_ROOT_PATH /usr/${tsumi_mingw})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Wine runs what the build made when a step must (CMake's try_run, a test).
set(CMAKE_CROSSCOMPILING_EMULATOR wine)
