#pragma once
// The sum of a distributed perft: each finished unit's counts times its multiplicity, added once per
// unit, in exact 64-bit integers (an overflow is reported, never wrapped).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perft/perft.h"
#include "perft/split/checkpoint.h"
#include "perft/split/work_units.h"

namespace tsumi::split {

class PerftTally {
 public:
  explicit PerftTally(const std::vector<WorkUnit>& units);

  // Adds a finished unit's (unscaled) counts. Refused: an index out of range, a unit already added, a
  // sum past 2^64.
  std::optional<std::string> add(const UnitCount& unit);

  bool done(std::uint64_t index) const { return done_[index]; }
  std::uint64_t done_count() const { return done_count_; }
  std::uint64_t unit_count() const { return done_.size(); }
  bool complete() const { return done_count_ == done_.size(); }
  std::uint64_t nodes() const { return nodes_; }
  const PerftStats& stats() const { return stats_; }

 private:
  std::vector<std::uint64_t> multiplicity_;
  std::vector<bool> done_;
  std::uint64_t done_count_ = 0;
  std::uint64_t nodes_ = 0;
  PerftStats stats_;
};

}  // namespace tsumi::split
