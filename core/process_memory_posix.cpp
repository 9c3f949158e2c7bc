#include <sys/resource.h>

#include "core/process_memory.h"

namespace tsumi {

std::size_t peak_resident_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0 || usage.ru_maxrss < 0) return 0;
  return std::size_t(usage.ru_maxrss) * 1024;  // Linux gives KiB
}

}  // namespace tsumi
