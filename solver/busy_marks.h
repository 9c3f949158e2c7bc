#pragma once
// Which nodes the workers of a parallel df-pn are searching right now, so that each worker can steer
// away from the subtrees others are in: the virtual proof numbers of Kaneko's parallel df-pn (Kaneko
// 2010, "Parallel Depth First Proof Number Search", AAAI), in the lighter form of a shared counter per
// node instead of numbers written into the table.
//
// A worker marks a node when it starts searching it and unmarks it when it returns; a worker choosing
// among children treats a marked child as harder (see DfpnSearch). Marks are counters in a fixed
// array indexed by a node key (board key mixed with the attacker's hand); two nodes that share a slot
// only bias each other's ordering, never a result.
//
// Layout: relaxed 32-bit atomic counters, 2^16 (256 KiB) up to 16 workers and kSlotsPerWorker a
// worker beyond (2^18, 1 MiB, at 64 workers): each worker keeps a mark on every node of its path (a few
// hundred plies on long problems), and a fixed array would fill with them, so that most children would
// look busy. Thread safety: every member may be called from any thread at once.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/hash_mix.h"
#include "core/zobrist.h"

namespace tsumi {

class BusyMarks {
 public:
  static constexpr std::size_t kMinSlots = std::size_t(1) << 16;
  static constexpr std::size_t kSlotsPerWorker = std::size_t(1) << 12;

  // Marks for `workers` workers.
  explicit BusyMarks(std::size_t workers = 1)
      : slots_(std::max(kMinSlots, std::bit_ceil(std::max<std::size_t>(1, workers) * kSlotsPerWorker))),
        count_(new std::atomic<std::uint32_t>[slots_]) {
    for (std::size_t i = 0; i < slots_; ++i) count_[i].store(0, std::memory_order_relaxed);
  }
  std::size_t slots() const { return slots_; }

  // The key of a node: its board with the attacker's hand (Hand::raw()).
  static Key node_key(Key board_key, std::uint32_t hand_raw) {
    return board_key ^ (std::uint64_t(hand_raw) * kGoldenGamma);
  }

  void enter(Key node) { slot(node).fetch_add(1, std::memory_order_relaxed); }
  void leave(Key node) { slot(node).fetch_sub(1, std::memory_order_relaxed); }
  // How many workers are inside the node now (or inside a node sharing its slot).
  std::uint32_t count(Key node) const { return slot(node).load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint32_t>& slot(Key node) const { return count_[(node >> 20) & (slots_ - 1)]; }
  std::size_t slots_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> count_;
};

}  // namespace tsumi
