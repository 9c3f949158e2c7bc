#include "perft/split/work_units.h"

#include <algorithm>
#include <stdexcept>

#include "core/hash_mix.h"
#include "core/movegen.h"

namespace tsumi::split {

namespace {

// Sorts the units and merges equal positions (summing their multiplicities).
void merge_equal(std::vector<WorkUnit>& units) {
  std::sort(units.begin(), units.end(), [](const WorkUnit& a, const WorkUnit& b) { return a.position < b.position; });
  std::size_t out = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (out > 0 && units[out - 1].position == units[i].position)
      units[out - 1].multiplicity += units[i].multiplicity;
    else
      units[out++] = units[i];
  }
  units.resize(out);
}

}  // namespace

std::vector<WorkUnit> enumerate_units(const Position& root, int split_depth) {
  std::vector<WorkUnit> level{{pack(root), 1}};
  for (int ply = 0; ply < split_depth; ++ply) {
    std::vector<WorkUnit> next;
    std::size_t merged_size = 0;
    for (const WorkUnit& unit : level) {
      PositionSetup setup;
      if (auto fault = unpack(unit.position, setup)) throw std::logic_error("enumerate_units: " + *fault);
      StateInfo root_state, st;
      Position pos;
      pos.set(setup, &root_state);
      MoveList moves;
      generate<LEGAL>(pos, moves);
      for (Move m : moves) {
        pos.do_move(m, st, StateScope::kMovesOnly);
        next.push_back({pack(pos), unit.multiplicity});
        pos.undo_move(m);
      }
      // Merging along the way bounds the memory by about twice the distinct positions.
      if (next.size() > 2 * merged_size + (std::size_t(1) << 20)) {
        merge_equal(next);
        merged_size = next.size();
      }
    }
    merge_equal(next);
    level = std::move(next);
  }
  return level;
}

std::uint64_t total_multiplicity(const std::vector<WorkUnit>& units) {
  std::uint64_t total = 0;
  for (const WorkUnit& u : units) total += u.multiplicity;
  return total;
}

std::uint64_t units_digest(const std::vector<WorkUnit>& units) {
  std::uint64_t h = mix64(units.size());
  for (const WorkUnit& u : units) {
    for (std::uint64_t w : u.position.words) h = mix64(h ^ w) + kGoldenGamma;
    h = mix64(h ^ u.multiplicity) + kGoldenGamma;
  }
  return h;
}

int default_split_depth(int depth) {
  if (depth <= 1) return 0;
  if (depth <= 6) return std::max(1, depth - 4);
  return std::min(5, depth - 5);
}

}  // namespace tsumi::split
