#pragma once
// The df-pn transposition table: proof and disproof numbers by board and attacker hand, with hand
// dominance, in fixed memory.
//
// Layout: clusters of 8 entries of 32 bytes (256 bytes, four cache lines), the cluster chosen from the
// board key alone, so every hand of one board lives in one cluster and a probe compares hands there:
//
//   MateEntry  0: board_key  u64   board + side to move (Position::board_key), 0 with amount 0 = empty
//              8: hand       u32   raw attacker Hand: the proof hand (pn = 0), the disproof hand
//                                  (dn = 0), or the hand searched (unknown)
//             12: pn, dn     u32 x2
//             20: len        u16   proven: mate within len plies; disproven: no mate within len plies
//                                  (kInfLen: none at all); unknown: the remaining length searched
//             22: move       u16   proven: the move that proves (OR node) or the longest defence (AND)
//             24: amount     u32   nodes spent below the entry, the replacement priority
//             28: lock       u32   in the first entry of a cluster: the cluster's spin lock while
//                                  workers share the table; unused in the others
//
// A probe answers proven from any entry of the board whose proof hand the probed hand dominates and
// whose length fits; disproven from any whose disproof hand dominates the probed hand and whose length
// covers; otherwise the exact hand's numbers. Storing into a full cluster replaces the entry with the
// least amount, so a full table forgets work but never answers wrongly. Replacement by effort follows
// Nagai's df-pn (SmallTreeGC keeps the large subtrees).
//
// Thread safety: after set_concurrent(true), probe, store and hashfull may be called from any number
// of threads at once: each holds its cluster's spin lock (lock striping at cluster granularity: two
// workers contend only on the same 256 bytes). With set_concurrent(false), the default, they take no
// lock and one thread at a time may use the table. prefetch is a hint and always safe; clear and
// set_concurrent need the table to themselves.

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/hand.h"
#include "core/move.h"
#include "core/zobrist.h"

namespace tsumi {

inline constexpr std::uint32_t kInfPn = 0x7fffffff;  // an infinite proof or disproof number
inline constexpr std::uint16_t kInfLen = 0xffff;     // a length no search reaches
// The numbers of a node the table knows nothing of (df-pn's 1 and 1, Nagai 2002); the df-pn+ first
// numbers (local_expansion.h) raise them where the position says more.
inline constexpr std::uint32_t kUnknownPn = 1;
inline constexpr std::uint32_t kUnknownDn = 1;

struct MateEntry {
  Key board_key;
  std::uint32_t hand;
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;
  std::uint16_t move;
  std::uint32_t amount;
  std::uint32_t lock;
};
static_assert(sizeof(MateEntry) == 32);

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

class MateTable {
 public:
  static constexpr int kClusterSize = 8;

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

  // Starts loading the board's cluster into the cache (a probe soon after finds it there).
  void prefetch(Key board_key) const {
    const char* p = reinterpret_cast<const char*>(&cluster(board_key));
    for (std::size_t off = 0; off < sizeof(Cluster); off += 64) __builtin_prefetch(p + off);
  }

  void clear();
  // Whether workers share the table now (see Thread safety above).
  void set_concurrent(bool on) { concurrent_ = on; }
  bool concurrent() const { return concurrent_; }
  // Permille of the first thousand entries in use.
  int hashfull() const;
  std::size_t clusters() const { return clusters_; }

 private:
  struct alignas(64) Cluster {
    MateEntry e[kClusterSize];
  };
  Cluster& cluster(Key k) const {
    __extension__ using U128 = unsigned __int128;
    return table_[std::size_t((U128(k) * clusters_) >> 64)];
  }

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

  std::size_t clusters_;
  std::unique_ptr<Cluster[]> table_;
  bool concurrent_ = false;
};

}  // namespace tsumi
