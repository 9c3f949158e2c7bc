#pragma once
// The df-pn transposition table: proof and disproof numbers by board and attacker hand, with hand
// dominance, in fixed memory, with garbage collection when it fills.
//
// Layout: clusters of 256 bytes (four cache lines), the home cluster chosen from the board key's high
// bits alone, so every hand of one board lives in one cluster, or in the next one when its home is full
// (below), and a probe compares hands there. A cluster is a 4-byte spin lock and 9 entries of 28 bytes,
// 28.4 bytes a position:
//
//   Cluster    0: lock       u32   bit 0: the cluster's spin lock while workers share the table;
//                                  bit 1: the next cluster may hold entries spilled from this one
//              4: MateEntry  x9    (4-byte aligned)
//   MateEntry  0: tag        u32x2 bits 21-63: the low 43 bits of the board key (board + side to move,
//                                  Position::board_key; the index holds the high bits); bits 9-20: the
//                                  depth, the shallowest ply the node was stored at (kNoDepth: not
//                                  known); bit 8: spilled (the entry's home is the cluster before); bits
//                                  0-7: the amount code, 0 = empty
//              8: hand       u32   raw attacker Hand: the proof hand (pn = 0), the disproof hand
//                                  (dn = 0), or the hand searched (unknown)
//             12: pn, dn     u32 x2
//             20: len        u16   proven: mate within len plies; disproven: no mate within len plies
//                                  (kInfLen: none at all); unknown: the remaining length searched
//             22: move       u16   proven: the move that proves (OR node) or the longest defence (AND)
//             24: parent     u32   the edge it was last stored through, and the shared flag
//                                  (solver/parent_link.h)
//
// The amount code is the nodes spent below the entry on a log scale, eight steps to a doubling
// (amount_code): 1 for one node, 254 from 2^31.7 on; 255 is kept for a protected proof (protect), and an
// entry restored from a saved table (put_entry) comes back with 254 at most.
//
// A probe answers proven from any entry of the board whose proof hand the probed hand dominates and
// whose length fits; disproven from any whose disproof hand dominates the probed hand and whose length
// covers; otherwise the exact hand's numbers under exactly this length.
//
// Warm estimates. Where the exact hand has no unfinished entry of this length but one of a longer
// length, the nearest longer one's pn and dn stand in for the caller's estimates (found stays false, so
// the node is still new to the search: the df-pn+ first numbers may raise them, local_expansion.h). The
// shortest-mate proof searches the root again two plies below each mate it proves (mate_solver.h); each
// pass used to start from 1 and 1 at every node, though the pass before had searched the same nodes
// under a longer limit. A mate within fewer plies is a mate within more, so a longer limit's pn is at
// most the shorter's (a floor), and its dn at least (an estimate from above, which orders the AND
// nodes' evasions by what the longer search found hard to refute). KomoringHeights reuses an entry's
// unfinished numbers for every length between its proven and disproven bounds in the same way. Counted
// on the regression gate (1 thread; ctest -L gate), the shortest phase's nodes fell from 18.50 M to
// 14.02 M summed (寿 -34%, ACTの夢 -35%, Astral Traveler -27%, 橋本 -27%, rand-652 -8%); the first
// proofs are unchanged (the first pass searches under no limit, kUnlimited, and nothing is longer).
// A cold probe reads none of them (warm_limit 0): where the first pass's numbers lead the passes along
// the last proof's tree two plies at a time (shortest_proof.h, "Cold probes").
//
// Depth and threshold control. An unfinished entry keeps the shallowest ply it was stored at. A probe
// that gives its ply (probe_at: the ply of the node probed) learns whether the numbers it answers came
// from an entry first met higher up the tree than this node (MateProbe::old): such numbers may include
// this node's own ancestors' work, the overestimate that threshold control (TCA, Kishimoto 2010) answers
// by widening the thresholds of the node that uses them (DfpnSearch). The same probe takes floors from the
// board's other hands: the pn of an unfinished entry whose hand the probed hand is dominated by (the
// attacker has no more here, so a mate is no easier), the dn of one whose hand the probed hand dominates,
// each only from entries no deeper than the node (an entry from below it could be a number the node's
// own search raised, fed back into itself: the ratchet that stalled the floors of ef39920, see
// solver/README.md). KomoringHeights 1.1.0 gates its superior and inferior entries the same way.
//
// Spilling. One board met with many attacker hands fills its home cluster alone while the table is
// nearly empty (明日香, 20 M nodes in 2 GiB: 11.5% of the entries in use, yet 1.8% of the clusters
// full, 77 thousand of them by one board's nine hands or more; spread at random, almost none would be).
// So a store that finds its home cluster full, and no entry there of its own, goes to the next cluster
// (linear probing one step, as KomoringHeights' table probes on to the next free entry): into the
// node's own entry there, an empty slot, or over the least worthy entry there if it is worth less than
// the home's least. Such an entry carries the spilled bit in its tag, and its home cluster a flag in
// its lock word; a probe, parent and mark_shared read the next cluster only where that flag is set, so a
// table that is not crowded pays nothing. A collection clears the flag once the next cluster holds no
// spilled entry. The home's entry of a node is the newer where both clusters hold one.
//
// Forgetting. Storing into a full cluster (and its spill cluster) replaces the entry of least worth:
// its amount code, plus kFinalBonus for a proven or disproven entry (final results hold up proof trees
// and are costly to find again). That alone lets a full table fill with small entries that push out
// large ones a cluster at a time, so the searches call collect() now and then: when a sample of the
// table (hashfull) is at kCollectAt permille or more, it takes the worth of the entries in a sample of clusters, finds
// the least worth w such that at least kCollectShare of them are worth w or less, and empties every entry of the table
// worth w or less (Nagai's SmallTreeGC; KomoringHeights collects the same way), w never the top worth: a proof
// protected while its answer's lines are built (protect; shtsume protects its proof tree from its collector
// the same way) stays through every collection. Entries stay in their slots, so there
// is nothing to compact. A table that forgets answers more slowly, never wrongly: every entry is a cache of a search
// result that the search finds again when it is gone, and no result depends on an entry's presence (repetition results
// live in the PathTable, not here).
//
// Thread safety: after set_concurrent(true), probe, store, collect and hashfull may be called from any
// number of threads at once. A write (store, protect, mark_shared, a collection) holds its cluster's spin
// lock (lock striping at cluster granularity: two workers contend only on the same 256 bytes; a call
// that reaches the spill cluster holds one lock at a time, never two, so no order of locks can
// deadlock; a store racing another may then leave the same node in both clusters, which costs a slot
// and is never read wrongly). A read (probe, parent, hashfull) writes nothing: it copies the cluster
// under a sequence lock (Snapshot, below) and takes the copy again if a writer came between, so that
// readers never move a cache line between cores (one worker's probes took 8% of two workers' time as
// lock and unlock). collect lets one caller at
// a time sweep while the others search on. With set_concurrent(false), the default, they take no lock and one thread at
// a time may use the table. prefetch is a hint and always safe; clear and set_concurrent need the table to themselves.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/hand.h"
#include "core/hash_mix.h"
#include "core/move.h"
#include "core/table_memory.h"
#include "core/zobrist.h"
#include "solver/parent_link.h"

namespace tsumi {

inline constexpr std::uint32_t kInfPn = 0x7fffffff;  // an infinite proof or disproof number
inline constexpr std::uint16_t kInfLen = 0xffff;     // a length no search reaches
// The numbers of a node the table knows nothing of (df-pn's 1 and 1, Nagai 2002); the df-pn+ first
// numbers (local_expansion.h) raise them where the position says more.
inline constexpr std::uint32_t kUnknownPn = 1;
inline constexpr std::uint32_t kUnknownDn = 1;

// The depth of an entry whose ply is not known (a first number's final result, a test's record): no
// probe takes it as old or as a floor.
inline constexpr std::uint16_t kNoDepth = 0xfff;
// The depth a node at `ply` is stored and probed with (plies past the field's range share its last value).
inline constexpr std::uint16_t depth_of_ply(int ply) { return std::uint16_t(ply < kNoDepth - 1 ? ply : kNoDepth - 1); }

struct MateEntry {
  static constexpr int kDepthShift = 9, kKeyShift = 21;  // the tag's fields (see the layout)
  std::uint32_t tag_lo, tag_hi;                          // the tag, split so that the entry needs 4-byte alignment only
  std::uint32_t hand;
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;
  std::uint16_t move;
  std::uint32_t parent;
  std::uint64_t tag() const { return std::uint64_t(tag_hi) << 32 | tag_lo; }
  std::uint16_t depth() const { return std::uint16_t(tag_lo >> kDepthShift & kNoDepth); }
  void set_tag(std::uint64_t t) { tag_lo = std::uint32_t(t), tag_hi = std::uint32_t(t >> 32); }
};
static_assert(sizeof(MateEntry) == 28);

// The amount code of `amount` nodes (see the layout): 0 for none, else 1 + 8 log2(amount) rounded
// down to eighths, at most 254 (255 is MateTable::kProtectedCode). Monotone in amount.
std::uint8_t amount_code(std::uint64_t amount);

// What a probe finds.
struct MateProbe {
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;  // as in MateEntry
  Hand hand;          // proof or disproof hand when final
  Move move;
  bool found;           // an entry answered (final, or the exact hand)
  ParentLink parent{};  // the exact hand's unfinished entry: its last edge and shared flag
  bool old = false;     // probe_at: the numbers came from an unfinished entry stored higher up than the node
};

// What a search stores.
struct MateRecord {
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;
  Hand hand;  // proof or disproof hand when final, else the hand searched
  Move move;
  std::uint64_t amount;
  ParentLink parent{};             // the edge the node was reached by (invalid: the root, or unknown)
  std::uint16_t depth = kNoDepth;  // the node's ply
};

// What the table knows of a node's last edge (MateTable::parent).
struct MateParent {
  bool found = false;  // an unfinished entry of exactly this board and hand
  ParentLink link;
  std::uint32_t pn = 0, dn = 0;
};

// Where a store put its record: into an empty slot, over the node's own unfinished entry (the node
// was searched before: a re-expansion), over a final entry the record makes redundant, or over
// another node's entry (evicted by worth).
enum class StoreOutcome : std::uint8_t { kNew, kUpdate, kRedundant, kEvict };

// What the garbage collections of a table have done so far.
struct MateCollections {
  std::uint64_t runs = 0;     // collections made
  std::uint64_t removed = 0;  // entries they emptied
  double ms = 0;              // time they took, summed
};

class MateTable {
 public:
  static constexpr int kClusterSize = 9;
  // Extra worth of a proven or disproven entry, in amount codes (16: four times the nodes).
  static constexpr int kFinalBonus = 16;
  // A collection starts when hashfull reaches this (permille) and empties about this share of the
  // entries (at least).
  static constexpr int kCollectAt = 900;
  static constexpr double kCollectShare = 0.5;

  // A table of `bytes` (at least one cluster); throws TableMemoryError when they cannot be had.
  explicit MateTable(std::size_t bytes);

  // Looks the board up for a node with `hand` that may use at most `remaining` more plies; pn0/dn0
  // are the estimates when nothing is known. Only unfinished entries searched under `warm_limit` plies
  // or fewer stand in as warm estimates (kInfLen: any; 0: none, as in a cold probe, dfpn_search.h).
  MateProbe probe(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0, std::uint32_t dn0,
                  std::uint16_t warm_limit = kInfLen) const;
  // The same for a node at ply `depth`, with the old flag and the floors of other hands (Depth and
  // threshold control, above).
  MateProbe probe_at(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0, std::uint32_t dn0,
                     std::uint16_t warm_limit, std::uint16_t depth) const;
  // The same, for a node whose estimate is the unknown node's (kUnknownPn, kUnknownDn).
  MateProbe probe(Key board_key, Hand hand, std::uint16_t remaining) const {
    return probe(board_key, hand, remaining, kUnknownPn, kUnknownDn);
  }
  // Stores the result of the node with board key and attacker hand `hand`. Storing over the node's own
  // unfinished entry keeps its shared flag.
  StoreOutcome store(Key board_key, Hand hand, const MateRecord& r);

  // The last edge of the unfinished node with this board and hand (any length), for walking the
  // table upwards.
  MateParent parent(Key board_key, Hand hand) const;
  // Sets the shared flag of the node's unfinished entries (every length); false when it has none.
  bool mark_shared(Key board_key, Hand hand);
  // Protects the proofs a probe of this node within `remaining` plies would answer from: their amount
  // code goes to the top (kProtectedCode), so that replacement takes them last and a collection never
  // (it empties at most the entries below the top worth). Each entry raised is added to `raised` with
  // its code before, for unprotect. A later store to the same slot sets its code anew. Returns whether
  // one of those proofs was protected already. For the proof tree of an answer (mate_pv.h's
  // protect_proof).
  struct Raised {
    std::size_t cluster;
    std::uint64_t tag;  // the entry's tag with its code
    int slot;
    std::uint8_t code;  // the code before
  };
  bool protect(Key board_key, Hand hand, std::uint16_t remaining, std::vector<Raised>& raised);
  // Gives the entries raised back their codes, where they still hold what was raised.
  void unprotect(const std::vector<Raised>& raised);
  static constexpr std::uint8_t kProtectedCode = 255;

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

  // The entries for saving and restoring a table (a long solve that resumes): the layout of MateEntry
  // is kLayoutVersion's, and an entry belongs in the cluster and slot it was read from (the cluster
  // index depends on the number of clusters, so a saved table fits only a table of the same size).
  static constexpr int kLayoutVersion = 4;
  // Calls f(cluster, slot, entry) for every entry in use, each cluster read under its lock.
  template <class F>
  void for_each_entry(F&& f) const {
    for (std::size_t i = 0; i < clusters_; ++i) {
      const Snapshot view(*this, table_[i]);
      for (int s = 0; s < kClusterSize; ++s)
        if ((view.entries()[s].tag_lo & 0xff) != 0) f(i, s, view.entries()[s]);
    }
  }
  // Puts an entry into its cluster and slot (as for_each_entry gave it); false when they are out of
  // range or the entry is empty.
  bool put_entry(std::size_t cluster, int slot, const MateEntry& e);
  // The worth a collection and a replacement judge an entry by (see Forgetting).
  static int worth(const MateEntry& e);

  // Whether workers share the table now (see Thread safety above).
  void set_concurrent(bool on) { concurrent_ = on; }
  // Lock waits: a concurrent table counts, per thread slot (lock_slot: the oneTBB arena slot of the
  // calling thread, 0 outside one), the cluster locks found held and the time spent waiting for them.
  // Only a wait is timed: an uncontended lock costs what it did. A slot is written by the one thread
  // that holds the arena slot; read it from that thread, or after the workers have returned.
  struct LockWaits {
    std::uint64_t waits = 0, ns = 0;
  };
  static int lock_slot();
  LockWaits lock_waits(int slot) const;
  bool concurrent() const { return concurrent_; }
  // Permille of the entries of the first hundred clusters in use.
  int hashfull() const;
  std::size_t clusters() const { return clusters_; }
  const TableMemory& memory() const { return memory_; }

 private:
  struct alignas(64) Cluster {
    std::uint32_t lock;
    MateEntry e[kClusterSize];
  };
  static_assert(sizeof(Cluster) == 256);
  using Entries = MateEntry[kClusterSize];

  Cluster& cluster(Key k) const { return table_[home_index(k)]; }
  std::size_t home_index(Key k) const { return table_index(k, clusters_); }
  // The cluster a full home cluster spills into: the next one (the first after the last).
  std::size_t spill_index(std::size_t home) const { return home + 1 == clusters_ ? 0 : home + 1; }
  // Where a store into cluster c goes without evicting another node's entry: the node's own unfinished
  // entry, a final entry the record makes redundant, or an empty slot; null when there is none.
  // (`tag`: the board's tag in that cluster, with the spilled bit or without.)
  static MateEntry* slot_for(Entries& c, std::uint64_t tag, Hand hand, const MateRecord& r, StoreOutcome& outcome,
                             bool& shared);
  static MateEntry& least_worth(Entries& c);
  // The entry a store writes.
  static MateEntry written(std::uint64_t tag, const MateRecord& r, bool shared, std::uint16_t depth);
  static std::uint16_t kept_depth(const MateEntry& slot, const MateRecord& r, StoreOutcome outcome);
  // The lock word's bit 0 is the lock; bit 1 says the next cluster may hold entries whose home is this
  // one; bits 2-31 count the writes of a concurrent table (Snapshot). The spill flag is set (store,
  // put_entry) and cleared (collect_below) under the next cluster's lock.
  static constexpr std::uint32_t kLockBit = 1, kSpillBit = 2;
  bool has_spilled(const Cluster& c) const {
    return (concurrent_ ? std::atomic_ref<const std::uint32_t>(c.lock).load(std::memory_order_relaxed) : c.lock) &
           kSpillBit;
  }
  void set_spilled(Cluster& c, bool on) const {
    if (concurrent_) {
      std::atomic_ref<std::uint32_t> word(c.lock);
      on ? word.fetch_or(kSpillBit, std::memory_order_relaxed) : word.fetch_and(~kSpillBit, std::memory_order_relaxed);
    } else {
      c.lock = on ? c.lock | kSpillBit : c.lock & ~kSpillBit;
    }
  }
  // The least worth that at least kCollectShare of the entries of a sample have or stay below.
  int collection_worth() const;

  // Holds the cluster's lock for its lifetime when the table is concurrent, for a writer. Only lock
  // holders write a cluster, so the holder reads entries() plainly; it writes an entry by put(), which in
  // a concurrent table stores each field with a relaxed atomic store (the readers that copy meanwhile
  // load them atomically, Snapshot), and the unlock raises the lock word's version (bits 2-31) so that
  // those readers read again.
  class Guard {
   public:
    Guard(const MateTable& t, Cluster& c);
    ~Guard();
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;
    Entries& entries() { return cluster_.e; }
    // Writes `value` into `slot`, an entry of this cluster.
    void put(MateEntry& slot, const MateEntry& value) const;

   private:
    std::uint32_t* word_;  // null: the table is not concurrent
    Cluster& cluster_;
  };
  // A reader's view of a cluster, taken without a write to it: with one worker, the cluster itself; in
  // a concurrent table, a copy read by a sequence lock (Lameter 2005; Boehm, "Can seqlocks get along
  // with programming language memory models?", MSPC 2012): the lock word before the copy (no writer
  // in it) and after it (the fields read by acquire loads) must show the same version, else the copy is taken
  // again. The spill bit, which changes under another cluster's lock, is left out of the comparison.
  class Snapshot {
   public:
    Snapshot(const MateTable& t, const Cluster& c);
    Snapshot(const Snapshot&) = delete;
    Snapshot& operator=(const Snapshot&) = delete;
    const Entries& entries() const { return *entries_; }
    bool spilled() const { return (word_ & kSpillBit) != 0; }  // as it was when the copy was taken

   private:
    const Entries* entries_;
    std::uint32_t word_;
    Entries copy_;
  };
  static constexpr std::uint32_t kVersionUnit = 4;
  // A spin-wait's breath while another worker holds a cluster.
  static void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  // The sequence lock's read of a concurrent table: calls read(c.e) until no writer held the cluster or
  // wrote it meanwhile, and returns the lock word (its spill bit) as the last read saw it. `read` loads
  // every field with acquire loads and starts afresh each time (Snapshot, probe_at).
  template <class F>
  std::uint32_t read_validated(const Cluster& c, F&& read) const {
    const std::atomic_ref<std::uint32_t> lock(const_cast<std::uint32_t&>(c.lock));
    for (;;) {
      const std::uint32_t before = lock.load(std::memory_order_acquire);
      if ((before & kLockBit) != 0) {
        spin_pause();
        continue;
      }
      read(c.e);  // acquire loads: the word below is read after them
      const std::uint32_t after = lock.load(std::memory_order_relaxed);
      if (((before ^ after) & ~kSpillBit) == 0) return after;
    }
  }

  // The lock waits of each thread slot (a slot per cache line; slots past kWaitSlots share).
  static constexpr std::size_t kWaitSlots = 1024;
  struct alignas(64) WaitSlot {
    std::atomic<std::uint64_t> waits{0}, ns{0};
  };
  void note_wait(std::uint64_t ns) const;

  TableMemory memory_;
  std::unique_ptr<WaitSlot[]> waits_;
  std::size_t clusters_;
  Cluster* table_;
  bool concurrent_ = false;
  std::atomic<bool> collecting_{false};
  std::atomic<std::uint64_t> collection_runs_{0}, collection_removed_{0}, collection_us_{0};
};

}  // namespace tsumi
