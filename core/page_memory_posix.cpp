#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "core/page_memory.h"

namespace tsumi::page_memory {

namespace {

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// An ordinary anonymous mapping of `bytes` starting on a huge-page boundary (so that transparent huge
// pages can back all of it): a larger mapping with its unaligned ends given back.
void* map_aligned(std::size_t bytes) {
  const std::size_t span = bytes + kHugePage;
  void* p = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  const auto base = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t start = round_up(base, kHugePage);
  if (start > base) munmap(p, start - base);
  const std::uintptr_t tail = start + bytes, end = base + span;
  if (end > tail) munmap(reinterpret_cast<void*>(tail), end - tail);
  return reinterpret_cast<void*>(start);
}

}  // namespace

Pages map(std::size_t bytes, std::string& error) {
  Pages pages;
  pages.bytes = bytes;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
  if (p != MAP_FAILED) {
    pages.data = p;
    pages.huge_pages = "explicit";
    return pages;
  }
  pages.data = map_aligned(bytes);
  if (!pages.data) {
    error = std::strerror(errno);
    return pages;
  }
#ifdef MADV_HUGEPAGE
  if (madvise(pages.data, bytes, MADV_HUGEPAGE) == 0) pages.huge_pages = "transparent";
#endif
  return pages;
}

void unmap(const Pages& pages) {
  if (pages.data) munmap(pages.data, pages.bytes);
}

std::size_t physical_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return std::size_t(pages) * std::size_t(page);
}

std::size_t address_space_limit() {
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) return std::size_t(as.rlim_cur);
  return std::numeric_limits<std::size_t>::max();
}

const char* limit_sources() { return "physical memory or ulimit -v"; }

}  // namespace tsumi::page_memory
