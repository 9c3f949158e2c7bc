#pragma once
// The df-pn transposition table: proof and disproof numbers by board and attacker hand, with hand
// dominance, in fixed memory, with garbage collection when it fills.
//
// Layout: clusters of 256 bytes (four cache lines), the cluster chosen from the board key's high bits
// alone, so every hand of one board lives in one cluster and a probe compares hands there. A cluster
// is a 16-byte header (the spin lock) and 10 entries of 24 bytes, 25.6 bytes a position:
//
//   Cluster    0: lock       u32   the cluster's spin lock while workers share the table
//              4: (unused)   12 bytes
//             16: MateEntry  x10
//   MateEntry  0: tag        u64   bits 8-63: the low 56 bits of the board key (board + side to move,
//                                  Position::board_key; the index holds the high bits); bits 0-7:
//                                  the amount code, 0 = empty
//              8: hand       u32   raw attacker Hand: the proof hand (pn = 0), the disproof hand
//                                  (dn = 0), or the hand searched (unknown)
//             12: pn, dn     u32 x2
//             20: len        u16   proven: mate within len plies; disproven: no mate within len plies
//                                  (kInfLen: none at all); unknown: the remaining length searched
//             22: move       u16   proven: the move that proves (OR node) or the longest defence (AND)
//
// The amount code is the nodes spent below the entry on a log scale, eight steps to a doubling
// (amount_code): 1 for one node, 255 from 2^31.6 on.
//
// A probe answers proven from any entry of the board whose proof hand the probed hand dominates and
// whose length fits; disproven from any whose disproof hand dominates the probed hand and whose length
// covers; otherwise the exact hand's numbers.
//
// Forgetting. Storing into a full cluster replaces the entry of least worth: its amount code, plus
// kFinalBonus for a proven or disproven entry (final results hold up proof trees and are costly to
// find again). That alone lets a full table fill with small entries that push out large ones a cluster
// at a time, so the searches call collect() now and then: when a sample of the table (hashfull) is at
// kCollectAt permille or more, it takes the worth of the entries in a sample of clusters, finds the
// least worth w such that at least kCollectShare of them are worth w or less, and empties every entry
// of the table worth w or less (Nagai's SmallTreeGC; KomoringHeights collects the same way). Entries
// stay in their slots, so there is nothing to compact. A table that forgets answers more slowly, never
// wrongly: every entry is a cache of a search result that the search finds again when it is gone, and
// no result depends on an entry's presence (repetition results live in the PathTable, not here).
//
// Thread safety: after set_concurrent(true), probe, store, collect and hashfull may be called from any
// number of threads at once: each holds its cluster's spin lock (lock striping at cluster granularity:
// two workers contend only on the same 256 bytes), and collect lets one caller at a time sweep while
// the others search on. With set_concurrent(false), the default, they take no lock and one thread at a
// time may use the table. prefetch is a hint and always safe; clear and set_concurrent need the table
// to themselves.

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "core/hand.h"
#include "core/hash_mix.h"
#include "core/move.h"
#include "core/zobrist.h"
#include "solver/table_memory.h"

namespace tsumi {

inline constexpr std::uint32_t kInfPn = 0x7fffffff;  // an infinite proof or disproof number
inline constexpr std::uint16_t kInfLen = 0xffff;     // a length no search reaches
// The numbers of a node the table knows nothing of (df-pn's 1 and 1, Nagai 2002); the df-pn+ first
// numbers (local_expansion.h) raise them where the position says more.
inline constexpr std::uint32_t kUnknownPn = 1;
inline constexpr std::uint32_t kUnknownDn = 1;

struct MateEntry {
  std::uint64_t tag;
  std::uint32_t hand;
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;
  std::uint16_t move;
};
static_assert(sizeof(MateEntry) == 24);

// The amount code of `amount` nodes (see the layout): 0 for none, else 1 + 8 log2(amount) rounded
// down to eighths, at most 255. Monotone in amount.
std::uint8_t amount_code(std::uint64_t amount);

// What a probe finds.
struct MateProbe {
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;  // as in MateEntry
  Hand hand;          // proof or disproof hand when final
  Move move;
  bool found;  // an entry answered (final, or the exact hand)
};

// What a search stores.
struct MateRecord {
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;
  Hand hand;  // proof or disproof hand when final, else the hand searched
  Move move;
  std::uint64_t amount;
};

// What the garbage collections of a table have done so far.
struct MateCollections {
  std::uint64_t runs = 0;     // collections made
  std::uint64_t removed = 0;  // entries they emptied
  double ms = 0;              // time they took, summed
};

class MateTable {
 public:
  static constexpr int kClusterSize = 10;
  // Extra worth of a proven or disproven entry, in amount codes (16: four times the nodes).
  static constexpr int kFinalBonus = 16;
  // A collection starts when hashfull reaches this (permille) and empties about this share of the
  // entries (at least).
  static constexpr int kCollectAt = 900;
  static constexpr double kCollectShare = 0.5;

  // A table of `bytes` (at least one cluster); throws TableMemoryError when they cannot be had.
  explicit MateTable(std::size_t bytes);

  // Looks the board up for a node with `hand` that may use at most `remaining` more plies; pn0/dn0
  // are the estimates when nothing is known.
  MateProbe probe(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0, std::uint32_t dn0) const;
  // The same, for a node whose estimate is the unknown node's (kUnknownPn, kUnknownDn).
  MateProbe probe(Key board_key, Hand hand, std::uint16_t remaining) const {
    return probe(board_key, hand, remaining, kUnknownPn, kUnknownDn);
  }
  // Stores the result of the node with board key and attacker hand `hand`.
  void store(Key board_key, Hand hand, const MateRecord& r);

  // Collects garbage if the table is full enough (see Forgetting above); returns whether it did. A
  // call while another thread collects returns false at once.
  bool collect();
  // Collects garbage now, whatever the fill: empties every entry worth `worth` or less (amount code
  // plus the final bonus). Returns the entries emptied.
  std::uint64_t collect_below(int worth);
  MateCollections collections() const;

  // Starts loading the board's cluster into the cache (a probe soon after finds it there).
  void prefetch(Key board_key) const {
    const char* p = reinterpret_cast<const char*>(&cluster(board_key));
    for (std::size_t off = 0; off < sizeof(Cluster); off += 64) __builtin_prefetch(p + off);
  }

  void clear();
  // Whether workers share the table now (see Thread safety above).
  void set_concurrent(bool on) { concurrent_ = on; }
  bool concurrent() const { return concurrent_; }
  // Permille of the entries of the first hundred clusters in use.
  int hashfull() const;
  std::size_t clusters() const { return clusters_; }
  const TableMemory& memory() const { return memory_; }

 private:
  struct alignas(64) Cluster {
    std::uint32_t lock;
    std::uint32_t unused[3];
    MateEntry e[kClusterSize];
  };
  static_assert(sizeof(Cluster) == 256);

  Cluster& cluster(Key k) const { return table_[table_index(k, clusters_)]; }
  // The least worth that at least kCollectShare of the entries of a sample have or stay below.
  int collection_worth() const;

  // Holds the cluster's lock for its lifetime when the table is concurrent.
  class Guard {
   public:
    Guard(const MateTable& t, Cluster& c);
    ~Guard();
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    std::uint32_t* word_;
  };

  TableMemory memory_;
  std::size_t clusters_;
  Cluster* table_;
  bool concurrent_ = false;
  std::atomic<bool> collecting_{false};
  std::atomic<std::uint64_t> collection_runs_{0}, collection_removed_{0}, collection_us_{0};
};

}  // namespace tsumi
