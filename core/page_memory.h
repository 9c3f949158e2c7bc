#pragma once
// The operating system's half of a table's memory (core/table_memory.h): map and unmap pages, and say
// how much memory the machine can give. One interface, two halves side by side:
// - page_memory_posix.cpp: mmap with MAP_HUGETLB (explicit 2 MiB pages, where the administrator has
//   reserved them), else an ordinary mapping aligned to 2 MiB with madvise(MADV_HUGEPAGE), which asks
//   for transparent huge pages; the limit is physical memory (sysconf) and ulimit -v (RLIMIT_AS).
// - page_memory_windows.cpp: VirtualAlloc with MEM_LARGE_PAGES where the user holds the "Lock pages in
//   memory" privilege (SeLockMemoryPrivilege, which the process enables in its token first), else
//   ordinary committed pages; the limit is physical memory (GlobalMemoryStatusEx). Windows does not
//   overcommit: a commit that the page file cannot back fails at once instead of killing the process.
// Each half is compiled only on its system (core/CMakeLists.txt). Thread safety: every function may be
// called from any thread; a mapping is unmapped once, by its owner.

#include <cstddef>
#include <string>

namespace tsumi::page_memory {

// The alignment and granularity of a mapping: the x86-64 huge page.
inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

struct Pages {
  void* data = nullptr;             // null when the mapping failed
  std::size_t bytes = 0;            // as mapped (a whole number of kHugePage)
  const char* huge_pages = "none";  // "explicit", "transparent" or "none" (TableMemory::huge_pages)
};

// Maps `bytes` (a multiple of kHugePage) readable and writable, not yet touched; on failure `data` is
// null and `error` says why, in words (strerror or FormatMessage).
Pages map(std::size_t bytes, std::string& error);
void unmap(const Pages& pages);

// The machine's physical memory in bytes; 0 where the system does not say.
std::size_t physical_bytes();
// The most address space this process may map (ulimit -v), SIZE_MAX where nothing limits it.
std::size_t address_space_limit();
// What physical_bytes and address_space_limit stand for, for messages: "physical memory or ulimit -v".
const char* limit_sources();

}  // namespace tsumi::page_memory
