// The Windows half of usable_cores (core/thread_room.h): the processors of the process's affinity
// mask (start /affinity, Task Manager), or every active processor of every group where the process
// may use a whole machine of more than one group (more than 64 logical processors; Windows 11 spreads
// a process's threads over the groups).
#include <bit>
#include <thread>

#include <windows.h>

#include "core/thread_room.h"

namespace tsumi {

int usable_cores() {
  DWORD_PTR process = 0, system = 0;
  if (GetProcessAffinityMask(GetCurrentProcess(), &process, &system) && process != 0) {
    if (process == system && GetActiveProcessorGroupCount() > 1)
      return int(GetActiveProcessorCount(ALL_PROCESSOR_GROUPS));
    return std::popcount(static_cast<unsigned long long>(process));
  }
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : int(n);
}

}  // namespace tsumi
