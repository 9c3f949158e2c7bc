#pragma once
// The workers of one solve: N searchers (dfpn_search.h), each searching the problem's root over the
// solver's table and path table, run together by crew_run.h in a oneTBB arena of N threads whose first
// is the calling thread (worker 0, the one that reports progress). Every phase of a solve that searches the
// root (the first proof, the shortest-mate passes, the book count) searches it through here.
//
// With one worker the search runs on the calling thread and the table takes no locks. With more, the
// workers share the table (MateTable::set_concurrent), a DfpnCrew (done flag, node count, busy marks:
// Kaneko's virtual proof numbers, AAAI 2010) and the path table; the first to finish the root raises
// the done flag and the others return within DfpnSearch::kLimitInterval nodes (Abort::kYielded).
// solver/README.md, "Parallel search".
//
// Thread safety: a RootSearch is driven by one thread; search() runs the workers and returns when all
// have returned. Between searches no worker runs, and the table may be used without locks.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/stopwatch.h"
#include "solver/dfpn_search.h"
#include "solver/futility_judge.h"
#include "solver/mate_node.h"
#include "solver/mate_problem.h"
#include "solver/mate_result.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/search_counters.h"
#include "solver/worker_tally.h"

namespace tsumi {

class RootSearch {
 public:
  // `threads` workers (at least one) at the problem's root, sharing `paths` (DfpnSearch::share_paths).
  RootSearch(MateTable& table, PathTable& paths, const MateProblem& problem, int threads);
  RootSearch(const RootSearch&) = delete;
  RootSearch& operator=(const RootSearch&) = delete;

  // The limits of every worker's searches from now on (DfpnSearch::set_limits); with several workers
  // the node limit is their total.
  void set_limits(Clock::time_point deadline, bool timed, std::uint64_t nodes, const std::atomic<bool>* stop);
  // Called about every DfpnSearch::kLimitInterval nodes of worker 0 (progress reports).
  void set_tick(void (*tick)(void*), void* ctx) { workers_[0]->set_tick(tick, ctx); }

  // Searches the root within `remaining` plies with every worker: the result of a worker that finished,
  // or, where all were cut, worker 0's numbers with the reason in `abort` (a limit or a stop rather
  // than a yield).
  NodeResult search(std::uint16_t remaining, DfpnSearch::Abort& abort);
  // A cold probe of the root within `remaining` plies by worker 0 alone, of at most `budget` nodes
  // (DfpnSearch::probe_cold); `abort` as search() gives it.
  NodeResult probe_cold(std::uint16_t remaining, std::uint64_t budget, DfpnSearch::Abort& abort);
  // The limit of the search running now, or of the last one (kUnlimited before any).
  std::uint16_t limit() const { return limit_; }

  // Every worker searches the book count from now on (DfpnSearch::set_book), or stops to.
  void set_book(bool on);
  bool book() const { return workers_[0]->book(); }
  // The futility judgements of every worker's book count so far.
  FutilityCounters futility() const;

  // Every worker's nodes so far (their futility judges' included).
  std::uint64_t nodes() const;
  // The node count as worker 0 sees it while the workers search (the crew's, brought up to date every
  // kLimitInterval nodes; worker 0's own where it searches alone): what progress reports show.
  std::uint64_t running_nodes() const;
  // Every worker's counters, summed.
  SearchCounters counters() const;
  // Each worker's share (WorkerTally) of a solve that has run `solve_us` so far: worker 0's idle time
  // is its waits for the other workers at the end of each search; a helper's is the whole solve less
  // its time searching (the phases worker 0 runs alone, and the waits between searches, included).
  std::vector<WorkerTally> tallies(std::uint64_t solve_us) const;
  // Worker 0: its root numbers and counters are what progress reports show.
  const DfpnSearch& lead() const { return *workers_[0]; }
  // Whether the attacker moves at the root.
  bool attacker_first() const { return workers_[0]->is_attacker_to_move(); }

 private:
  NodeResult search_together(std::uint16_t remaining, DfpnSearch::Abort& abort);

  MateTable& table_;
  std::vector<std::unique_ptr<DfpnSearch>> workers_;
  std::unique_ptr<DfpnCrew> crew_;   // null with one worker
  std::vector<WorkerTally> timing_;  // per worker: busy, idle and lock waits (the rest is the worker's)
  std::uint16_t limit_ = kUnlimited;
};

// The stop a search's abort tells the answer (kYielded, another worker's finish, is none).
MateStop to_stop(DfpnSearch::Abort abort);

}  // namespace tsumi
