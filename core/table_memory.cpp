#include "core/table_memory.h"

#include <algorithm>
#include <chrono>
#include <cstring>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/page_memory.h"
#include "core/task_edges.h"

namespace tsumi {

namespace {

using page_memory::kHugePage;

// The edges between the zeroing tasks and the thread that asked, declared to ThreadSanitizer.
constexpr char kTsanSync = 0;

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

}  // namespace

std::string megabytes(std::size_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

std::size_t TableMemory::limit() {
  const std::size_t physical = page_memory::physical_bytes();
  if (physical == 0) return 0;
  std::size_t most = physical > kReserveBytes ? physical - kReserveBytes : 0;
  const std::size_t cap = page_memory::address_space_limit();
  return std::min(most, cap > kReserveBytes ? cap - kReserveBytes : 0);
}

void TableMemory::check(std::size_t bytes) {
  const std::size_t most = limit();
  if (most > 0 && bytes > most)
    throw TableMemoryError("a " + megabytes(bytes) + " hash table does not fit: this machine can give at most " +
                           megabytes(most) + " (" + page_memory::limit_sources() + ", less " +
                           megabytes(kReserveBytes) + " for the rest)");
}

TableMemory::TableMemory(std::size_t bytes) : bytes_(std::max<std::size_t>(1, bytes)) {
  const auto start = std::chrono::steady_clock::now();
  check(bytes_);
  std::string error;
  const page_memory::Pages pages = page_memory::map(round_up(bytes_, kHugePage), error);
  if (!pages.data) throw TableMemoryError("a " + megabytes(bytes_) + " hash table cannot be mapped: " + error);
  data_ = pages.data;
  mapped_ = pages.bytes;
  huge_pages_ = pages.huge_pages;
  zero();
  allocation_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

TableMemory::~TableMemory() {
  if (data_) page_memory::unmap(page_memory::Pages{data_, mapped_, huge_pages_});
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
