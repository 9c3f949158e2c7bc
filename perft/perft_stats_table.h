#pragma once
// The transposition table of hashed perft with statistics (`tsumi perft --stats --hash`): for a
// subtree, its leaf count and the classification of its leaves (PerftStats: captures, promotions,
// drops, checks, mates), keyed by position and depth, so that deep statistics reuse subtrees as plain
// hashed perft does (perft_table.h).
//
// Layout: buckets of two 64-byte entries (one cache line each). An entry is eight words:
//
//   check      = fingerprint ^ digest(data, the five statistics)
//   data       = nodes << 8 | depth    (depth 1..255; 0 marks an empty entry; nodes < 2^56)
//   captures, promotions, drops, checks, mates, and one unused word
//
// The fingerprint is PerftTable::fingerprint (a second 64-bit hash of the whole position, independent
// of the Zobrist key). A hit needs the depth and the check to match, so a false hit needs a 64-bit
// collision, as in PerftTable.
//
// Replacement, two tiers: the first entry of a bucket keeps the bigger subtree (it is replaced only by
// a count at least as large), the second takes every store the first refuses (always replace). A table
// of one bucket (megabytes 0) therefore replaces on nearly every store: the tests use it to show that
// replacement never changes a count.
//
// The buckets live on a TableMemory (perft_buckets.h: huge pages, zeroed in parallel); a size the
// machine cannot give throws TableMemoryError.
//
// Thread safety: lockless like PerftTable (Hyatt and Mann, ICGA Journal 25(1), 2002, generalised to
// eight words): every word is a relaxed atomic, and an entry torn by concurrent stores fails the check,
// whose digest covers every word. clear() must not overlap with probes or stores.

#include <cstddef>
#include <cstdint>

#include "core/position.h"
#include "perft/perft_buckets.h"
#include "perft/perft_stats.h"

namespace tsumi {

class PerftStatsTable {
 public:
  // A table of `megabytes` MiB (at least one bucket), cleared; throws TableMemoryError when the machine
  // cannot give them.
  explicit PerftStatsTable(std::size_t megabytes) : buckets_(megabytes) {}

  // The counts stored for (key/fingerprint, depth), if any.
  bool probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes, PerftStats& stats) const;
  // Stores counts (replacement above); counts too large for an entry (2^56 leaves) are not stored.
  void store(Key key, std::uint64_t fingerprint, int depth, std::uint64_t nodes, const PerftStats& stats);

  void clear() { buckets_.clear(); }
  std::size_t bucket_count() const { return buckets_.count(); }
  std::size_t size_bytes() const { return buckets_.size_bytes(); }
  // Permille of a sample of entries in use.
  int hashfull() const { return buckets_.hashfull(); }
  // The memory: its huge pages and allocation time.
  const TableMemory& memory() const { return buckets_.memory(); }

  static constexpr int kWays = 2;

 private:
  struct alignas(64) Entry {
    std::uint64_t check;
    std::uint64_t data;
    std::uint64_t counts[5];  // captures, promotions, drops, checks, mates
  };
  struct Bucket {
    Entry entries[kWays];
  };
  static_assert(sizeof(Entry) == 64 && sizeof(Bucket) == 128);

  Bucket& bucket(Key key, int depth) const;

  PerftBuckets<Bucket> buckets_;
};

}  // namespace tsumi
