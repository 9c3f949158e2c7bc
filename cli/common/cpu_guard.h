#pragma once
// A processor without the instructions this build was compiled for: refused at start with a message
// that names the build to run instead, rather than an illegal instruction somewhere in the search (on
// Windows, a GUI would only say the engine failed to start). The AVX2 build (TSUMI_SIMD=avx2, the
// x86-64-v3 level: AVX2, BMI2, FMA, ...) needs a processor of that level; the SSE build (x86-64-v2:
// SSE4.2, POPCNT) one of its own; native and scalar builds check nothing.
//
// The check runs in a constructor of the highest priority, before any other static initializer of the
// executable (which the compiler may already have given the build's instructions), from a file compiled
// for plain x86-64 (cli/CMakeLists.txt), so that the check itself runs anywhere.

namespace tsumi::cli {

enum class CpuLevel { kX86_64_V2, kX86_64_V3 };

// The message for a processor below `level`, ending in a newline: what is missing, and which
// executable or build to use instead.
const char* cpu_refusal(CpuLevel level);

}  // namespace tsumi::cli
