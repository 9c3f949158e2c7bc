#pragma once
// The memory of a transposition table, the solver's (solver/mate_table.h) and perft's
// (perft/perft_buckets.h) alike: one mapping of up to the machine's memory, allocated once, backed by
// huge pages where the OS gives them, and zeroed by several threads.
//
// Allocation (core/page_memory.h, a POSIX and a Windows half): explicit huge pages (2 MiB) where the
// system gives them, else ordinary pages aligned to 2 MiB that ask for transparent huge pages on Linux
// (a 16 GiB table then needs 8192 TLB entries instead of 4 M). Zeroing touches
// every page, so the table is resident when the constructor returns and its time is the allocation
// time reported to the user; the pages are zeroed in 2 MiB chunks by oneTBB workers.
//
// A size the machine cannot give is refused before anything is mapped (TableMemoryError, with the
// sizes in the message): more than the physical memory less a reserve for the rest of the process, or
// more than the address-space limit (ulimit -v; none on Windows). Without that check an overcommitting kernel would
// map it and kill the process when zeroing reached the missing pages.
//
// Thread safety: zero() needs the memory to itself; data() may be used from any thread.

#include <cstddef>
#include <stdexcept>
#include <string>

namespace tsumi {

// A table size that cannot be had; what() says how much was asked and how much there is.
class TableMemoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TableMemory {
 public:
  // The memory kept back from a table for the rest of the process and the system.
  static constexpr std::size_t kReserveBytes = std::size_t(512) << 20;

  // Maps and zeroes `bytes` (at least one byte); throws TableMemoryError when they cannot be had.
  explicit TableMemory(std::size_t bytes);
  ~TableMemory();
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }
  // Fills the memory with zero bytes, in parallel.
  void zero();

  // How the pages were asked for: "explicit" (MAP_HUGETLB; MEM_LARGE_PAGES on Windows), "transparent"
  // (MADV_HUGEPAGE accepted) or "none" (ordinary pages).
  const char* huge_pages() const { return huge_pages_; }
  // Milliseconds the constructor took: mapping and zeroing.
  double allocation_ms() const { return allocation_ms_; }

  // The most bytes a table may have on this machine now (physical memory less kReserveBytes, capped
  // by the address-space limit); 0 where the system does not say.
  static std::size_t limit();
  // Throws the TableMemoryError the constructor would for `bytes`, before anything is mapped: for a
  // table that is one part of a larger memory (the solver's main and path tables share `--hash`).
  static void check(std::size_t bytes);

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t mapped_ = 0;  // bytes of the mapping (a whole number of huge pages)
  const char* huge_pages_ = "none";
  double allocation_ms_ = 0;
};

// "16384 MB" style text for a byte count, for messages.
std::string megabytes(std::size_t bytes);

}  // namespace tsumi
