#pragma once
// Sends a running solve's progress (mate_progress.h) to the solver's callback: called from worker 0's
// searches and the line builder's about every DfpnSearch::kLimitInterval nodes (their tick), and by
// the phases whenever a mate is proven.
//
// Thread safety: the reporter runs on the thread that drives the solve, which is worker 0 while the
// workers search; it reads the table, which is locked per cluster while workers share it.

#include <functional>

#include "core/stopwatch.h"
#include "solver/mate_problem.h"
#include "solver/mate_progress.h"
#include "solver/mate_table.h"
#include "solver/proof_record.h"
#include "solver/root_search.h"

namespace tsumi {

// Sends MateProgress to the solver's callback: every `interval_ms` at most (0: never), and at once
// for news (a mate proven). Reads the root search, the proofs recorded and the table; writes nothing
// of the solve.
class ProgressReporter {
 public:
  // A report shows at most this much of the line the table suggests.
  static constexpr int kLinePlies = 64;

  // `start`: when the solve began; `before`: the table's collections then (a report counts those since).
  ProgressReporter(const std::function<void(const MateProgress&)>& callback, int interval_ms, Clock::time_point start,
                   MateCollections before, const MateTable& table, const MateProblem& problem, const RootSearch& root,
                   const ProofRecord& record);
  // A report when the interval has passed since the last, or now (`news`: a mate was just proven).
  void report(bool news = false);
  // report() as a search's tick (DfpnSearch::set_tick); `self` is the reporter.
  static void tick(void* self) { static_cast<ProgressReporter*>(self)->report(); }

 private:
  const std::function<void(const MateProgress&)>& callback_;
  int interval_ms_;
  Clock::time_point start_, last_report_;
  MateCollections before_;
  const MateTable& table_;
  const MateProblem& problem_;
  const RootSearch& root_;
  const ProofRecord& record_;
};

}  // namespace tsumi
