#pragma once
// tsumi.mate_many and tsumi.perft_many: a list of positions solved or counted on several workers at once,
// the results in the list's order. Each worker takes the next position not yet taken (an atomic index)
// and runs it alone, single-threaded; python/module.cpp runs the workers off the GIL
// (search_runner.h: run_on_workers inside run_interruptible) and reports progress from done().
//
// mate: each worker has two solvers of hash_mb / 2 MiB each, one for problems that black attacks and
// one for white's, kept across its problems: a table is a cache of proofs and disproofs of positions
// (board, attacker's hand, side to move), valid for any problem with the same attacker, and clearing it
// for each of many short problems would cost more than solving them. Verdicts and proven lengths do not
// depend on what a table holds; the nodes, and whether a limit cuts a search, may (so, with several
// workers, on which worker a problem ran).
//
// Thread safety: run() is called once, from one thread; request_stop() and done() from any thread.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/position.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi::python {

class MateBatch {
 public:
  MateBatch(std::vector<MateProblem> problems, const MateLimits& limits, std::size_t hash_mb, int workers);

  // Solves every problem (run_on_workers); a problem a stop left unsolved keeps a null result.
  void run();
  void request_stop();
  std::size_t done() const { return done_.load(std::memory_order_relaxed); }
  std::size_t size() const { return problems_.size(); }
  // `tsumi mate --json`'s object for problem i (front/mate_report.h add_problem_json).
  const nlohmann::ordered_json& result(std::size_t i) const { return results_[i]; }

 private:
  void work(int worker);

  std::vector<MateProblem> problems_;
  MateLimits limits_;
  std::size_t hash_mb_;
  int workers_;
  std::vector<nlohmann::ordered_json> results_;
  std::vector<std::unique_ptr<MateSolver>> solvers_;  // 2 a worker: [2w + attacker]
  std::atomic<std::size_t> next_{0}, done_{0};
  std::atomic<bool> stop_{false};
};

class PerftBatch {
 public:
  PerftBatch(std::vector<PositionSetup> positions, int depth, std::size_t hash_mb, int workers);

  void run();
  void request_stop() { stop_.store(true, std::memory_order_relaxed); }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }
  std::size_t done() const { return done_.load(std::memory_order_relaxed); }
  std::size_t size() const { return positions_.size(); }
  std::uint64_t result(std::size_t i) const { return counts_[i]; }

 private:
  std::vector<PositionSetup> positions_;
  int depth_;
  std::size_t hash_mb_;
  int workers_;
  std::vector<std::uint64_t> counts_;
  std::atomic<std::size_t> next_{0}, done_{0};
  std::atomic<bool> stop_{false};
};

}  // namespace tsumi::python
