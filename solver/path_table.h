#pragma once
// Disproofs that hold only on one path: those that rely on a repetition.
//
// In tsume any repetition means the attacker failed, so a node whose every check leads back to a
// position on the current path is disproven there, but not where it is reached another way. Storing
// such a disproof under the position alone is the graph-history-interaction error (Palay 1983;
// Kishimoto and Mueller 2004). KomoringHeights keeps them under a key of the whole path from the root;
// so did tsumi, until ミクロコスモス's shortest-mate proof showed what that costs: in a cyclic region
// where every result relies on a repetition, the same few positions were disproven again and again,
// each time reached by another path (97-98% of the expansions ended in a path store, none found again).
//
// The key here is narrower, and still sound. A path-dependent disproof of node N carries loop_ply L,
// the shallowest ancestor its repetitions return to; every repetition it relies on is of a position on
// the path between ply L and N (those below N are N's own, and hold on every path). Any path to N
// whose last N-L plies above N hold the same positions, in whatever order, gives every one of those
// repetitions again (the rule compares positions, not plies), and repetitions only ever add disproofs,
// so the disproof holds there too (this is the condition of Kishimoto and Mueller's GHI solution, with
// the set of positions of a stretch of the path in place of the path itself). An entry is therefore
// keyed by the segment: the set of positions from ply L to N (SearchPath::segment_key, a XOR of
// position hashes). A probe for a child knows its position but not L; the node's marker, a second slot
// keyed by the position alone, keeps the distance N - L of the last disproof stored for it, and names
// the segment to ask for. Read back on a path where that segment starts at ply L', the disproof
// carries loop_ply L' (the ancestors it relies on are at L' or deeper: L' is the safe value).
//
// Each entry keeps the disproof hand as well: the node's parent builds its own disproof hand from it,
// and once the repetition is behind (at the node of loop_ply) that hand goes into the MateTable for
// every path. A stored path disproof read back with a full hand would let that ancestor's table entry
// answer "disproven" for hands the disproof never covered (a false no-mate: 木星の旅's shortest-mate
// search disproved its own root until 9f6cd49).
//
// Direct-mapped; a lost entry is only searched again. Every searcher keeps a small one of its own (8192
// slots, 128 KiB, a disproof taking two: it is probed for every child, so it must stay in cache).
// Those lose a costly disproof as soon as 4096 others have passed, and the line builder,
// searching after the workers, started with an empty one: ミクロコスモス's exact line
// searched 108-136 M nodes to re-disprove its own defences, whose disproofs had rested on
// repetitions. So the solver also gives its workers and its line builder one shared table sized
// from the hash (MateSolver), as KomoringHeights shares its repetition table.
// It takes only the disproofs that cost DfpnSearch::kSharedPathNodes or more, and a filter of one bit a
// key (set by store, read by maybe_holds, sized apart from the slots so that it stays in cache) tells a
// probe whether the slot is worth its cache miss: without it, one shared probe for every child, a miss
// nearly every time, took ミクロコスモス (2 workers) from about 850 k nodes/s to under 400 k.
//
// Thread safety: store and disproven may run on any number of threads at once (clear and the
// constructor on one, with no other call running). A slot is two 64-bit words written and read
// without a lock, the key XORed with the data word (Hyatt and Mann 2002, "A lock-less transposition
// table implementation"): a slot torn by two writers, or read halfway through a write, fails the key
// check and reads as empty. A path disproof is valid for every searcher whose path holds the same
// segment (the key says which), so any worker's entry is good for another.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>

#include "core/hand.h"
#include "core/hash_mix.h"
#include "core/zobrist.h"

namespace tsumi {

class PathTable {
 public:
  // The default: a searcher's own table, small enough to stay in cache.
  static constexpr std::size_t kOwnEntries = std::size_t(1) << 13;
  static constexpr std::size_t kSlotBytes = 16;

  // `entries` and `filter_bits` are rounded down to powers of two. Without filter bits (a searcher's own
  // table) maybe_holds answers whether anything is stored at all.
  explicit PathTable(std::size_t entries = kOwnEntries, std::size_t filter_bits = 0)
      : size_(std::bit_floor(std::max<std::size_t>(entries, 1))),
        slots_(new Slot[size_]),
        filter_words_(filter_bits < 64 ? 0 : std::bit_floor(filter_bits) / 64),
        filter_(new std::atomic<std::uint64_t>[filter_words_]) {}

  // What a probe finds: a disproof for `len` plies or fewer, with disproof hand `hand`, that relies on
  // repetitions of the positions among the `distance` plies above its node.
  struct Hit {
    bool found;
    std::uint16_t len;
    std::uint16_t distance;
    Hand hand;
  };

  // A path-dependent disproof of the node `node` (SearchPath::node_hash), valid for `len` plies or
  // fewer, with disproof hand `hand`, that relies on repetitions of positions among the `distance`
  // (1 or more) plies above the node; `segment` is SearchPath::segment_key of those plies and the node.
  // Two slots: the entry under the segment, and the node's marker, which keeps the distance so that a
  // probe knows which segment to ask for (the last stored wins).
  void store(Key node, Key segment, std::uint16_t len, std::uint16_t distance, Hand hand) {
    write(entry_key(node, segment),
          std::uint64_t(len) | std::uint64_t(distance) << 16 | std::uint64_t(hand.raw()) << 32);
    const Key marker = marker_key(node);
    write(marker, std::uint64_t(distance) << 16);
    if (!used_.load(std::memory_order_relaxed)) used_.store(true, std::memory_order_relaxed);
    if (filter_words_ > 0) {
      std::atomic<std::uint64_t>& word = filter_[filter_word(marker)];
      if (!(word.load(std::memory_order_relaxed) & filter_bit(marker)))
        word.fetch_or(filter_bit(marker), std::memory_order_relaxed);
    }
  }
  // False when no disproof of `node` was stored since the last clear (the filter says so for sure);
  // true when one may have been.
  bool maybe_holds(Key node) const {
    if (filter_words_ == 0 || !used()) return used();
    const Key marker = marker_key(node);
    return (filter_[filter_word(marker)].load(std::memory_order_relaxed) & filter_bit(marker)) != 0;
  }
  // The distance of the last disproof stored for `node`, or 0: none held.
  std::uint16_t distance(Key node) const {
    if (!used()) return 0;  // most problems never store one: skip the cache miss
    const Key marker = marker_key(node);
    std::uint64_t data;
    return read(marker, data) ? std::uint16_t(data >> 16) : 0;
  }
  // The disproof of `node` stored under `segment`, when one covers a search of `remaining` plies.
  Hit disproven(Key node, Key segment, std::uint16_t remaining) const {
    std::uint64_t data;
    if (!read(entry_key(node, segment), data)) return {};
    const auto len = std::uint16_t(data);
    if (len < remaining) return {};
    return {true, len, std::uint16_t(data >> 16), Hand(std::uint32_t(data >> 32))};
  }
  // Whether anything was stored since the last clear.
  bool used() const { return used_.load(std::memory_order_relaxed); }
  void clear() {
    if (!used()) return;
    for (std::size_t i = 0; i < size_; ++i) {
      slots_[i].check.store(0, std::memory_order_relaxed);
      slots_[i].data.store(0, std::memory_order_relaxed);
    }
    for (std::size_t i = 0; i < filter_words_; ++i) filter_[i].store(0, std::memory_order_relaxed);
    used_.store(false, std::memory_order_relaxed);
  }
  std::size_t entries() const { return size_; }
  // The memory its slots and filter take.
  std::size_t bytes() const { return size_ * kSlotBytes + filter_words_ * sizeof(std::uint64_t); }

 private:
  // check = key ^ data. An entry's data = len | distance << 16 | disproof hand << 32; a marker's,
  // distance << 16.
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  static_assert(sizeof(Slot) == kSlotBytes);
  void write(Key key, std::uint64_t data) {
    Slot& s = slots_[key & (size_ - 1)];
    s.check.store(key ^ data, std::memory_order_relaxed);
    s.data.store(data, std::memory_order_relaxed);
  }
  bool read(Key key, std::uint64_t& data) const {
    const Slot& s = slots_[key & (size_ - 1)];
    data = s.data.load(std::memory_order_relaxed);
    return (s.check.load(std::memory_order_relaxed) ^ data) == key;
  }
  // Markers and entries share the slots; a marker's key is the node's, mixed once more.
  static Key marker_key(Key node) { return mix64(node + kGoldenGamma); }
  // The same set of positions ends at different nodes on different paths (X A N and N A X): the entry
  // names its node too.
  static Key entry_key(Key node, Key segment) { return segment ^ mix64(node + 2 * kGoldenGamma); }
  // The filter's bit of a key: from the key's high bits (the slot index takes the low ones).
  std::size_t filter_word(Key k) const { return std::size_t(k >> 38) & (filter_words_ - 1); }
  static std::uint64_t filter_bit(Key k) { return std::uint64_t(1) << (k >> 58); }

  std::size_t size_;
  std::unique_ptr<Slot[]> slots_;
  std::size_t filter_words_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> filter_;
  std::atomic<bool> used_{false};
};

}  // namespace tsumi
