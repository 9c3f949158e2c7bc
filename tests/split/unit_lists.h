#pragma once
// Work units for the tests of the tally and the dispatcher: an empty position each, with the given
// multiplicities.

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "perft/split/work_units.h"

namespace tsumi::split {

inline std::vector<WorkUnit> units_with(std::initializer_list<std::uint64_t> multiplicities) {
  std::vector<WorkUnit> units;
  for (std::uint64_t m : multiplicities) units.push_back({PackedPosition{}, m});
  return units;
}

}  // namespace tsumi::split
