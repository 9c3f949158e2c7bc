#pragma once
// The transposition table of hashed perft: leaf counts of subtrees, keyed by position and depth.
//
// Layout: buckets of four 16-byte entries, one 64-byte cache line each. The bucket is chosen from the
// Zobrist key (position.h) mixed with the depth; an entry holds
//
//   data  = nodes << 8 | depth        (depth 1..255; 0 marks an empty entry; nodes < 2^56)
//   check = fingerprint ^ data
//
// where the fingerprint is a second 64-bit hash of the whole position (board, hands, side to move)
// computed by a different function than the Zobrist key (fingerprint() below). A hit needs the depth
// and all 64 bits of the fingerprint to match, so a false hit takes two different positions in the
// same bucket whose fingerprints collide: at most 4 * 2^-64 = 2.2e-19 a probe, about 2e-9 over the
// 1e10 probes of a long run.
//
// The buckets live on a TableMemory (perft_buckets.h: huge pages, zeroed in parallel); a size the
// machine cannot give throws TableMemoryError.
//
// Thread safety: any number of threads may probe and store at once without locks (Hyatt and Mann's
// lockless hashing, ICGA Journal 25(1), 2002): both words are relaxed atomics, and an entry torn by
// two concurrent stores fails the check = fingerprint ^ data test like any foreign entry. clear() must
// not overlap with probes or stores.

#include <cstddef>
#include <cstdint>

#include "core/position.h"
#include "perft/perft_buckets.h"

namespace tsumi {

class PerftTable {
 public:
  // A table of `megabytes` MiB (at least one bucket), cleared; throws TableMemoryError when the machine
  // cannot give them.
  explicit PerftTable(std::size_t megabytes) : buckets_(megabytes) {}

  // The position's second hash, independent of its Zobrist key.
  static std::uint64_t fingerprint(const Position& pos);

  // The count stored for (pos, depth), if any.
  bool probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes) const;
  // Stores a count, replacing in the bucket the entry with the smallest count (the cheapest to redo).
  void store(Key key, std::uint64_t fingerprint, int depth, std::uint64_t nodes);

  void clear() { buckets_.clear(); }
  std::size_t bucket_count() const { return buckets_.count(); }
  std::size_t size_bytes() const { return buckets_.size_bytes(); }
  // Permille of a sample of entries in use (the USI "hashfull" measure).
  int hashfull() const { return buckets_.hashfull(); }
  // The memory: its huge pages and allocation time.
  const TableMemory& memory() const { return buckets_.memory(); }

  static constexpr int kWays = 4;

 private:
  struct Entry {
    std::uint64_t check;
    std::uint64_t data;
  };
  struct alignas(64) Bucket {
    Entry entries[kWays];
  };
  static_assert(sizeof(Bucket) == 64);

  Bucket& bucket(Key key, int depth) const;

  PerftBuckets<Bucket> buckets_;
};

}  // namespace tsumi
