#pragma once
// The transposition table that a perft run's --hash asks for, made in one place for every front
// (`tsumi perft`, tsumi-mpi's ranks, the Python module): plain subtree counts (perft_table.h), or counts
// with their leaf statistics (perft_stats_table.h) when the run classifies its leaves.

#include <cstddef>
#include <memory>

#include "perft/perft.h"
#include "perft/perft_stats_table.h"
#include "perft/perft_table.h"

namespace tsumi {

struct PerftTables {
  std::unique_ptr<PerftTable> counts;      // set for a run without statistics
  std::unique_ptr<PerftStatsTable> stats;  // set for a run with statistics

  // Whether a table was made (false for a size of 0).
  bool any() const { return counts || stats; }
  // Points the run's options at the table (or at none).
  void attach(PerftOptions& options) const {
    options.table = counts.get();
    options.stats_table = stats.get();
  }
};

// A table of `hash_mb` MiB for a run with or without statistics; none for 0. Throws TableMemoryError
// (core/table_memory.h) when the machine cannot give the memory.
PerftTables make_perft_tables(std::size_t hash_mb, bool stats);

}  // namespace tsumi
