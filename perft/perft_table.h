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
// Thread safety: any number of threads may probe and store at once without locks (Hyatt and Mann's
// lockless hashing, ICGA Journal 25(1), 2002): both words are relaxed atomics, and an entry torn by
// two concurrent stores fails the check = fingerprint ^ data test like any foreign entry. clear() and
// resize must not overlap with probes or stores.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

#include "core/position.h"

namespace tsumi {

class PerftTable {
 public:
  // A table of `megabytes` MiB (at least one bucket), cleared.
  explicit PerftTable(std::size_t megabytes);

  // The position's second hash, independent of its Zobrist key.
  static std::uint64_t fingerprint(const Position& pos);

  // The count stored for (pos, depth), if any.
  bool probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes) const;
  // Stores a count, replacing in the bucket the entry with the smallest count (the cheapest to redo).
  void store(Key key, std::uint64_t fingerprint, int depth, std::uint64_t nodes);

  void clear();
  std::size_t bucket_count() const { return bucket_count_; }
  std::size_t size_bytes() const { return bucket_count_ * sizeof(Bucket); }
  // Permille of a sample of entries in use (the USI "hashfull" measure).
  int hashfull() const;

  static constexpr int kWays = 4;

 private:
  struct Entry {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Bucket {
    Entry entries[kWays];
  };
  static_assert(sizeof(Bucket) == 64);

  const Bucket& bucket(Key key, int depth) const;
  Bucket& bucket(Key key, int depth) { return const_cast<Bucket&>(std::as_const(*this).bucket(key, depth)); }

  std::size_t bucket_count_;
  std::unique_ptr<Bucket[]> buckets_;
};

}  // namespace tsumi
