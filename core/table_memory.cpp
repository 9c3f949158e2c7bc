#include "core/table_memory.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>

#include <sys/mman.h>
#include <sys/resource.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include "core/task_edges.h"

namespace tsumi {

namespace {

constexpr std::size_t kHugePage = std::size_t(2) << 20;

// The edges between the zeroing tasks and the thread that asked, declared to ThreadSanitizer.
constexpr char kTsanSync = 0;

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

std::string megabytes(std::size_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

std::size_t TableMemory::limit() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  std::size_t physical = std::size_t(pages) * std::size_t(page);
  std::size_t most = physical > kReserveBytes ? physical - kReserveBytes : 0;
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    const std::size_t cap = std::size_t(as.rlim_cur);
    most = std::min(most, cap > kReserveBytes ? cap - kReserveBytes : 0);
  }
  return most;
}

void TableMemory::check(std::size_t bytes) {
  const std::size_t most = limit();
  if (most > 0 && bytes > most)
    throw TableMemoryError("a " + megabytes(bytes) + " hash table does not fit: this machine can give at most " +
                           megabytes(most) + " (physical memory or ulimit -v, less " + megabytes(kReserveBytes) +
                           " for the rest)");
}

TableMemory::TableMemory(std::size_t bytes) : bytes_(std::max<std::size_t>(1, bytes)) {
  const auto start = std::chrono::steady_clock::now();
  check(bytes_);
  mapped_ = round_up(bytes_, kHugePage);
  data_ = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
  if (data_ != MAP_FAILED) {
    huge_pages_ = "explicit";
  } else {
    data_ = map_aligned(mapped_);
    if (!data_)
      throw TableMemoryError("a " + megabytes(bytes_) + " hash table cannot be mapped: " + std::strerror(errno));
#ifdef MADV_HUGEPAGE
    if (madvise(data_, mapped_, MADV_HUGEPAGE) == 0) huge_pages_ = "transparent";
#endif
  }
  zero();
  allocation_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

TableMemory::~TableMemory() {
  if (data_) munmap(data_, mapped_);
}

void TableMemory::zero() {
  char* base = static_cast<char*>(data_);
  const std::size_t bytes = bytes_, chunks = (bytes + kHugePage - 1) / kHugePage;
  tsan_release(&kTsanSync);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunks),
                    [base, bytes](const tbb::blocked_range<std::size_t>& r) TSUMI_TSAN_UNCHECKED {
                      tsan_acquire(&kTsanSync);
                      for (std::size_t c = r.begin(); c != r.end(); ++c) {
                        const std::size_t off = c * kHugePage;
                        std::memset(base + off, 0, std::min(kHugePage, bytes - off));
                      }
                      tsan_release(&kTsanSync);
                    });
  tsan_acquire(&kTsanSync);
}

}  // namespace tsumi
