#pragma once
// The statistics of a count's leaves, as the published start-position tables give them (perft.h counts
// them, perft_stats_table.h stores them with a subtree's count).
//
// Thread safety: a value type.

#include <cstdint>

namespace tsumi {

// What the last move of each path (the leaf) was, in the terms of the published perft tables:
// captures, promotions, drops, checks (moves that give check, mates included) and mates.
struct PerftStats {
  std::uint64_t captures = 0;
  std::uint64_t promotions = 0;
  std::uint64_t drops = 0;
  std::uint64_t checks = 0;
  std::uint64_t mates = 0;

  PerftStats& operator+=(const PerftStats& o) {
    captures += o.captures;
    promotions += o.promotions;
    drops += o.drops;
    checks += o.checks;
    mates += o.mates;
    return *this;
  }
  bool operator==(const PerftStats&) const = default;
};

}  // namespace tsumi
