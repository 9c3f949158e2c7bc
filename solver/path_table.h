#pragma once
// Disproofs that hold only on one path: those that rely on a repetition.
//
// In tsume any repetition means the attacker failed, so a node whose every check leads back to a
// position on the current path is disproven there, but not where it is reached another way. Storing
// such a disproof under the position alone is the graph-history-interaction error (Palay 1983;
// Kishimoto and Mueller 2004). These results are kept instead under a key of the whole path from the
// root (the moves made), and only a search that arrives by the same path reuses them, as in
// KomoringHeights' repetition table.
//
// Each entry keeps the disproof hand as well: the node's parent builds its own disproof hand from it,
// and once the repetition is behind (at the node of loop_ply) that hand goes into the MateTable for
// every path. A stored path disproof read back with a full hand would let that ancestor's table entry
// answer "disproven" for hands the disproof never covered (a false no-mate: 木星の旅's shortest-mate
// search disproved its own root, issue 14).
//
// Direct-mapped; a lost entry is only searched again. Every searcher keeps a small one of its own (4096
// slots, 64 KiB: it is probed for every child, so it must stay in cache). Those lose a costly disproof
// as soon as 4096 others have passed, and the line builder, searching after the workers, started with
// an empty one: ミクロコスモス's exact line searched 108-136 M nodes to re-disprove its own defences,
// whose disproofs had rested on repetitions. So the solver also gives its workers and its line builder
// one shared table sized from the hash (MateSolver), as KomoringHeights shares its repetition table.
// It takes only the disproofs that cost DfpnSearch::kSharedPathNodes or more, and a filter of one bit a
// key (set by store, read by maybe_holds, sized apart from the slots so that it stays in cache) tells a
// probe whether the slot is worth its cache miss: without it, one shared probe for every child, a miss
// nearly every time, took ミクロコスモス (2 workers) from about 850 k nodes/s to under 400 k.
//
// Thread safety: store and disproven may run on any number of threads at once (clear and the
// constructor on one, with no other call running). A slot is two 64-bit words written and read
// without a lock, the key XORed with the data word (Hyatt and Mann 2002, "A lock-less transposition
// table implementation"): a slot torn by two writers, or read halfway through a write, fails the key
// check and reads as empty. A path disproof is valid for every searcher that reaches the node by the
// same path from the same root (the path key says which), so any worker's entry is good for another.

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/hand.h"
#include "core/hash_mix.h"
#include "core/zobrist.h"

namespace tsumi {

class PathTable {
 public:
  // The default: a searcher's own table, small enough to stay in cache.
  static constexpr std::size_t kOwnEntries = std::size_t(1) << 12;
  static constexpr std::size_t kSlotBytes = 16;

  // `entries` and `filter_bits` are rounded down to powers of two. Without filter bits (a searcher's own
  // table) maybe_holds answers whether anything is stored at all.
  explicit PathTable(std::size_t entries = kOwnEntries, std::size_t filter_bits = 0)
      : size_(floor_pow2(entries)),
        slots_(new Slot[size_]),
        mask_(size_ - 1),
        filter_words_(filter_bits < 64 ? 0 : floor_pow2(filter_bits) / 64),
        filter_(new std::atomic<std::uint64_t>[filter_words_]) {}

  // What a probe finds: a disproof for `len` plies or fewer, with disproof hand `hand`, that returns
  // to the node at `loop_ply`.
  struct Hit {
    bool found;
    std::uint16_t len;
    std::uint16_t loop_ply;
    Hand hand;
  };

  // A path-dependent disproof of the node reached by `path_key`, valid for `len` plies or fewer, with
  // disproof hand `hand`, that relies on a repetition of the node at ply `loop_ply` of the path.
  void store(Key path_key, std::uint16_t len, std::uint16_t loop_ply, Hand hand) {
    const std::uint64_t data = std::uint64_t(len) | std::uint64_t(loop_ply) << 16 | std::uint64_t(hand.raw()) << 32;
    Slot& s = slots_[path_key & mask_];
    s.check.store(path_key ^ data, std::memory_order_relaxed);
    s.data.store(data, std::memory_order_relaxed);
    if (!used_.load(std::memory_order_relaxed)) used_.store(true, std::memory_order_relaxed);
    if (filter_words_ > 0) {
      std::atomic<std::uint64_t>& word = filter_[filter_word(path_key)];
      if (!(word.load(std::memory_order_relaxed) & filter_bit(path_key)))
        word.fetch_or(filter_bit(path_key), std::memory_order_relaxed);
    }
  }
  // False when nothing was stored under `path_key` since the last clear (the filter says so for sure);
  // true when something may have been.
  bool maybe_holds(Key path_key) const {
    if (filter_words_ == 0 || !used()) return used();
    return (filter_[filter_word(path_key)].load(std::memory_order_relaxed) & filter_bit(path_key)) != 0;
  }
  // Such a disproof, when one covers a search of `remaining` plies.
  Hit disproven(Key path_key, std::uint16_t remaining) const {
    if (!used()) return {};  // most problems never store one: skip the cache miss
    const Slot& s = slots_[path_key & mask_];
    const std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ data) != path_key) return {};
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

  // The key of the path extended by a move (any well-mixed function of the parent key and the move).
  static Key extend(Key path_key, std::uint16_t move_raw) { return mix64(path_key + kGoldenGamma * (move_raw + 1)); }

 private:
  // check = path key ^ data; data = len | loop_ply << 16 | disproof hand << 32.
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  static_assert(sizeof(Slot) == kSlotBytes);
  static std::size_t floor_pow2(std::size_t n) { return std::size_t(1) << (63 - __builtin_clzll(n | 1)); }
  // The filter's bit of a key: from the key's high bits (the slot index takes the low ones).
  std::size_t filter_word(Key k) const { return std::size_t(k >> 38) & (filter_words_ - 1); }
  static std::uint64_t filter_bit(Key k) { return std::uint64_t(1) << (k >> 58); }

  std::size_t size_;
  std::unique_ptr<Slot[]> slots_;
  std::size_t mask_;
  std::size_t filter_words_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> filter_;
  std::atomic<bool> used_{false};
};

}  // namespace tsumi
