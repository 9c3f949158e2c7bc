#pragma once
// What this build of tsumi is: its version (the project's, from CMake, given to version.cpp only), the
// compiler and the build type, as every front shows them: `tsumi --version`, USI's `id name`, the
// header of `tsumi bench`, the Python module's __version__.

#include <string>

namespace tsumi::front {

// The project version, e.g. "0.1.0".
std::string version();

// The compiler that built tsumi, e.g. "GCC 12.2.0".
std::string compiler_name();

// The CMake build type, with the sanitizers of the build: "Release", "Debug (address,undefined)".
std::string build_type();

// `tsumi --version`: "tsumi <version> (<SIMD path>, <compiler>, <build type>)".
std::string version_line();

}  // namespace tsumi::front
