#pragma once
// The most memory this process has held at once: the figure `tsumi mate` prints as its peak (the
// table, the arenas, the lines). One interface, a half for each system (core/CMakeLists.txt picks one):
// - process_memory_posix.cpp: getrusage's ru_maxrss (Linux gives KiB), the peak resident set;
// - process_memory_windows.cpp: GetProcessMemoryInfo's PeakWorkingSetSize, the peak working set.
// Thread safe.

#include <cstddef>

namespace tsumi {

// Peak resident bytes of this process so far; 0 where the system does not say.
std::size_t peak_resident_bytes();

}  // namespace tsumi
