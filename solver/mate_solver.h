#pragma once
// The tsume solver: df-pn over checks and evasions (dfpn_search.h), then a proof that no shorter mate
// exists, then a main line by tsume rules and the length as books count it. A solve runs in phases,
// each in a file of its own (solver/README.md, "A solve in phases"):
//
//   first proof      RootSearch::search, no length limit        root_search.h
//   its line         MainLines::first (insurance)               main_lines.h
//   shortest mate    prove_shortest: passes two plies shorter   shortest_proof.h
//   answer's line    MainLines::answer (exact where proven)     main_lines.h
//   book count       BookCount::search, then MainLines::book    book_count.h
//
// with every mate proven recorded as it is proven (proof_record.h) and progress reported meanwhile
// (progress_reporter.h). What a solve may spend: mate_limits.h; what it answers: mate_result.h.
//
// Thread safety: a MateSolver is used by one thread at a time, except request_stop(), which any
// thread may call while solve() runs.

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>

#include "core/table_memory.h"
#include "solver/mate_limits.h"
#include "solver/mate_problem.h"
#include "solver/mate_progress.h"
#include "solver/mate_result.h"
#include "solver/mate_table.h"

namespace tsumi {

class MateSolver {
 public:
  // A solver owning a transposition table of hash_mb MiB (at least one cluster); throws
  // TableMemoryError when the machine cannot give them.
  explicit MateSolver(std::size_t hash_mb);
  ~MateSolver();
  MateSolver(const MateSolver&) = delete;
  MateSolver& operator=(const MateSolver&) = delete;

  MateResult solve(const MateProblem& problem, const MateLimits& limits);

  // Forgets everything the table holds.
  void clear();
  // Asks a running solve() to return (verdict kTimeout, stop kStopped) soon; callable from any thread.
  // A request made before solve() starts is forgotten: solve() clears it on entry.
  void request_stop();
  // Called from inside solve() about every interval_ms milliseconds (0: never), and at once whenever a
  // mate is proven (the first, and each shorter one), before its line is built.
  void set_progress(std::function<void(const MateProgress&)> callback, int interval_ms);

  std::size_t hash_mb() const;
  // The transposition table, for saving and restoring it between solves (not while solve() runs,
  // except from the progress callback, which runs on a searching thread: MateTable reads each
  // cluster under its lock when workers share it).
  MateTable& table();
  const MateTable& table() const;
  // The table's memory: its allocation time and huge pages.
  const TableMemory& table_memory() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tsumi
