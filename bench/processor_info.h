#pragma once
// The processor as the system describes it, for the header of `tsumi bench` (bench/machine_info.h).
// One interface, a half for each system (bench/CMakeLists.txt picks one):
// - processor_info_posix.cpp: /proc/cpuinfo, read by machine_info.h's parsers (Linux; elsewhere the
//   file is missing and the model is "unknown");
// - processor_info_windows.cpp: the CPUID brand string (leaves 0x80000002-4) and
//   GetLogicalProcessorInformationEx(RelationProcessorCore), one record per core of every group.
// Thread safe.

#include <string>

namespace tsumi::bench {

struct ProcessorInfo {
  std::string model = "unknown";  // e.g. "AMD EPYC 7B13"
  int physical_cores = 0;         // cores, not SMT threads; 0 where the system does not say
};

ProcessorInfo processor_info();

}  // namespace tsumi::bench
