#include "cli/common/cpu_guard.h"

#include <cstdio>
#include <cstdlib>

namespace tsumi::cli {

// Plain C strings and C calls only: an inline C++ function used here (std::string's, say) could be
// linked from another file's copy, compiled with the build's instructions.
const char* cpu_refusal(CpuLevel level) {
  if (level == CpuLevel::kX86_64_V3)
    return "tsumi: this processor lacks AVX2 (the x86-64-v3 level: AVX2, BMI2, FMA), which this build of tsumi "
           "needs. Use tsumi-sse42.exe from the same package on Windows, or build with TSUMI_SIMD=sse or native.\n";
  return "tsumi: this processor lacks SSE4.2 and POPCNT (the x86-64-v2 level), which this build of tsumi needs. "
         "Build tsumi with TSUMI_SIMD=scalar or native.\n";
}

namespace {

#ifdef TSUMI_REQUIRED_ISA
// GCC's documented recipe for a check before the other constructors: __builtin_cpu_init first.
__attribute__((constructor(101))) void refuse_a_processor_below_the_build() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports(TSUMI_REQUIRED_ISA)) return;
  std::fputs(cpu_refusal(TSUMI_REQUIRED_LEVEL), stderr);
  std::fflush(stderr);
  std::_Exit(1);
}
#endif

}  // namespace

}  // namespace tsumi::cli
