#pragma once
// What a benchmark result was measured on: the processor, its logical cores, and the build (version,
// SIMD path compiled in, compiler, build type), for the header of `tsumi bench`.

#include <string>

namespace tsumi::bench {

struct MachineInfo {
  std::string cpu;         // model name (bench/processor_info.h; "unknown" where there is none)
  int logical_cores = 1;   // hardware threads the process may use (its CPU affinity)
  int physical_cores = 0;  // distinct cores of the machine (0: the system does not say)
  std::string simd;        // "avx2", "sse4.1" or "scalar": the bitboard path of this build (core/platform.h)
  std::string compiler;    // e.g. "GCC 12.2.0"
  // The CMake build type, with the sanitizers it was built with: "Release", "Debug (address,undefined)".
  std::string build_type;
  std::string version;  // tsumi's version
};

MachineInfo machine_info();

// The model name in the text of /proc/cpuinfo: the first "model name" (x86) or "Model" / "Hardware"
// (ARM) line; "unknown" when none. Separate for the tests.
std::string cpu_model_from_cpuinfo(const std::string& cpuinfo);
// The distinct (physical id, core id) pairs of /proc/cpuinfo: cores, not SMT threads; 0 when the text
// has no "core id" lines (ARM, some VMs).
int physical_cores_from_cpuinfo(const std::string& cpuinfo);

}  // namespace tsumi::bench
