#include <windows.h>
// psapi.h needs windows.h first.
#include <psapi.h>

#include "core/process_memory.h"

namespace tsumi {

std::size_t peak_resident_bytes() {
  PROCESS_MEMORY_COUNTERS counters{};
  counters.cb = sizeof counters;
  if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters)) return 0;
  return std::size_t(counters.PeakWorkingSetSize);
}

}  // namespace tsumi
