#pragma once
// What a progress report of a running solve says (MateSolver::set_progress; progress_reporter.h sends it).

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "solver/search_counters.h"

namespace tsumi {

// Progress, reported about every `MateSolver::set_progress` interval while solve() runs.
struct MateProgress {
  std::uint64_t nodes = 0;
  double time_ms = 0;
  int hashfull = 0;      // permille of table entries in use
  std::vector<Move> pv;  // the best line known now (empty when none)
  // The root's numbers in the search running now (the table's, 0 when it holds none).
  std::uint32_t root_pn = 0, root_dn = 0;
  // 0 while the first mate is sought; else the shortest-mate proof looks for a mate shorter than this.
  int searching_below = 0;
  bool book = false;          // the search running now counts lengths as books do (futile_length)
  int first_mate_length = 0;  // the first proof's length, 0 before it
  int mate_bound = 0;         // the shortest mate proven so far, 0 before the first
  std::uint64_t collections = 0;
  SearchCounters counters;  // the first worker's (the one that reports)
};

}  // namespace tsumi
