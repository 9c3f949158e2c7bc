#pragma once
// The work units of a distributed perft: the distinct positions `split_depth` plies below the root,
// each with its multiplicity (the number of move paths that reach it). perft(root, depth) is then
// the sum over the units of multiplicity * perft(unit, depth - split_depth), and the leaf statistics
// likewise, as long as split_depth < depth (a leaf's statistics depend on the last move, which must lie
// inside the unit's own count).
//
// Positions are compared exactly (PackedPosition: board, hands, side to move), never by a hash. The
// list is sorted by the packed words, so it is the same on every run and build whatever order the move
// generator lists moves in: a checkpoint names units by their index in it, and units_digest() tells
// whether two lists are the same.

#include <cstdint>
#include <vector>

#include "core/position.h"
#include "perft/split/packed_position.h"

namespace tsumi::split {

struct WorkUnit {
  PackedPosition position;
  std::uint64_t multiplicity = 0;

  bool operator==(const WorkUnit&) const = default;
};

// The distinct positions split_depth plies below root (split_depth >= 0; 0 gives the root itself),
// sorted by their packed words. Built ply by ply, each ply's positions deduplicated before the next
// is expanded; a mated position has no children, so paths that end early contribute no unit.
std::vector<WorkUnit> enumerate_units(const Position& root, int split_depth);

// The number of paths the units stand for (perft(root, split_depth)).
std::uint64_t total_multiplicity(const std::vector<WorkUnit>& units);

// A 64-bit digest of the list (positions, multiplicities and order), written in checkpoints.
std::uint64_t units_digest(const std::vector<WorkUnit>& units);

// The split depth used when none is given: depth - 4 up to depth 6 (units of 4 plies), then depth - 5
// (units of 5 plies, which a table per rank serves well), at most 5 so that rank 0's list stays in
// memory (from the start position: 30 units at depth 5, 900 at depths 6 and 7, 13,560 at 8, 203,803 at
// 9, 2,104,540 from 10 on). 0 for depth 1.
int default_split_depth(int depth);

}  // namespace tsumi::split
