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
// Direct-mapped and small (4096 slots of 16 bytes, 64 KiB: it is probed for every child, so it must
// stay in cache); a lost entry is only searched again. Thread safety: none.

#include <cstdint>
#include <vector>

#include "core/hand.h"
#include "core/hash_mix.h"
#include "core/zobrist.h"

namespace tsumi {

class PathTable {
 public:
  // `entries` is rounded down to a power of two.
  explicit PathTable(std::size_t entries = std::size_t(1) << 12)
      : slots_(std::size_t(1) << (63 - __builtin_clzll(entries | 1))), mask_(slots_.size() - 1) {}

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
    slot(path_key) = Slot{path_key, len, loop_ply, hand.raw()};
    used_ = true;
  }
  // Such a disproof, when one covers a search of `remaining` plies.
  Hit disproven(Key path_key, std::uint16_t remaining) const {
    if (!used_) return {};  // most problems never store one: skip the cache miss
    const Slot& s = slots_[path_key & mask_];
    if (s.key != path_key || s.len < remaining) return {};
    return {true, s.len, s.loop_ply, Hand(s.hand)};
  }
  void clear() {
    for (Slot& s : slots_) s = Slot{};
    used_ = false;
  }

  // The key of the path extended by a move (any well-mixed function of the parent key and the move).
  static Key extend(Key path_key, std::uint16_t move_raw) { return mix64(path_key + kGoldenGamma * (move_raw + 1)); }

 private:
  struct Slot {
    Key key = 0;
    std::uint16_t len = 0;
    std::uint16_t loop_ply = 0;
    std::uint32_t hand = 0;
  };
  static_assert(sizeof(Slot) == 16);
  Slot& slot(Key k) { return slots_[k & mask_]; }
  std::vector<Slot> slots_;
  std::size_t mask_;
  bool used_ = false;
};

}  // namespace tsumi
