#pragma once
// The counting of work units on one process of a split perft: perft_run below each unit's position on
// this process's oneTBB threads, with one table (perft_tables.h) kept across all the units it counts,
// so that transpositions between neighbouring units are found (unit_schedule.h hands a rank neighbours).
//
// Thread safety: count() may be called from one thread at a time (the table is shared by the run's own
// workers, not by two runs).

#include <cstddef>
#include <cstdint>

#include "perft/perft.h"
#include "perft/perft_tables.h"
#include "perft/split/checkpoint.h"
#include "perft/split/packed_position.h"

namespace tsumi::split {

class UnitCounter {
 public:
  // Throws TableMemoryError when the table of `hash_mb` MiB (0: none) cannot be had.
  UnitCounter(int threads, std::size_t hash_mb, bool stats);

  // The unit's own counts, `plies` below its position (not multiplied by its multiplicity). Throws
  // std::logic_error when the packed words are not a position.
  UnitCount count(std::uint64_t index, const PackedPosition& packed, int plies) const;

 private:
  PerftOptions options_;
  PerftTables tables_;
};

}  // namespace tsumi::split
