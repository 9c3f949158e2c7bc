#pragma once
// The memory of a perft transposition table (perft_table.h, perft_stats_table.h) and what the two
// tables share: an array of buckets on one TableMemory (core/table_memory.h: one mapping, backed by huge
// pages where the system gives them, zeroed by several threads, refused with TableMemoryError above
// what the machine can give), the bucket a hash chooses, clearing, and the hashfull sample.
//
// A Bucket holds `entries`, an array of kWays entries. The memory is raw zeroed bytes, so an entry is
// plain 64-bit words (an implicit-lifetime type, no std::atomic member), each read and written as a
// relaxed atomic through load_word/store_word (std::atomic_ref: the same instructions as a relaxed
// std::atomic). An entry's `data` word holds its depth in the low byte, 0 in an empty entry.
//
// Thread safety: probes and stores through load_word/store_word from any number of threads at once
// (the tables' lockless scheme); clear() must not overlap with them.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/hash_mix.h"
#include "core/table_memory.h"

namespace tsumi {

// One word of an entry, as a relaxed atomic.
inline std::uint64_t load_word(const std::uint64_t& word) {
  return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
}
inline void store_word(std::uint64_t& word, std::uint64_t value) {
  std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
}

template <class Bucket>
class PerftBuckets {
 public:
  static constexpr std::size_t kWays = std::extent_v<decltype(Bucket::entries)>;
  // Entries the hashfull sample looks at (the first buckets').
  static constexpr std::size_t kSampleEntries = 1000;
  static_assert(std::is_trivially_copyable_v<Bucket> && std::is_trivially_destructible_v<Bucket>,
                "a bucket is plain words on zeroed memory");

  // Buckets of `megabytes` MiB (at least one), zeroed; throws TableMemoryError when they cannot be had.
  explicit PerftBuckets(std::size_t megabytes)
      : memory_(std::max<std::size_t>(1, (megabytes << 20) / sizeof(Bucket)) * sizeof(Bucket)),
        count_(memory_.bytes() / sizeof(Bucket)),
        buckets_(static_cast<Bucket*>(memory_.data())) {}

  // The bucket of a well-mixed 64-bit hash.
  Bucket& at(std::uint64_t hash) const { return buckets_[table_index(hash, count_)]; }
  Bucket& operator[](std::size_t i) const { return buckets_[i]; }
  std::size_t count() const { return count_; }
  std::size_t size_bytes() const { return count_ * sizeof(Bucket); }
  const TableMemory& memory() const { return memory_; }

  // Empties every entry (the memory zeroed in parallel).
  void clear() { memory_.zero(); }

  // Permille of the first kSampleEntries entries in use (the USI "hashfull" measure).
  int hashfull() const {
    const std::size_t sample = std::min<std::size_t>(count_, kSampleEntries / kWays);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
      for (const auto& e : buckets_[i].entries) used += (load_word(e.data) & 0xff) != 0;
    return int(used * 1000 / (sample * kWays));
  }

 private:
  TableMemory memory_;
  std::size_t count_;
  Bucket* buckets_;
};

}  // namespace tsumi
