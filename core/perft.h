#pragma once
// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard check of a
// move generator. Conventions: strictly legal moves (see movegen.h), both promotion choices counted,
// repetition and impasse ignored, a mated node has no children.

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace tsumi {

// Leaf count below pos at the given depth (depth 0 counts the position itself).
std::uint64_t perft(Position& pos, int depth);

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// Per root move counts at depth - 1 below each, in generation order; empty at depth 0.
std::vector<DivideEntry> perft_divide(Position& pos, int depth);

}  // namespace tsumi
