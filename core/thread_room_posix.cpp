// The POSIX half of usable_cores (core/thread_room.h): the CPUs of the process's affinity mask
// (taskset, cgroups' cpusets), else the machine's hardware threads.
#include <thread>

#include <sched.h>

#include "core/thread_room.h"

namespace tsumi {

int usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : int(n);
}

}  // namespace tsumi
