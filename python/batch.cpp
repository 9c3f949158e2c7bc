#include "python/batch.h"

#include <algorithm>

#include "front/mate_report.h"
#include "perft/perft.h"
#include "perft/perft_tables.h"
#include "python/search_runner.h"

namespace tsumi::python {

MateBatch::MateBatch(std::vector<MateProblem> problems, const MateLimits& limits, std::size_t hash_mb, int workers)
    : problems_(std::move(problems)),
      limits_(limits),
      hash_mb_(std::max<std::size_t>(2, hash_mb)),
      workers_(std::max(1, std::min<int>(workers, int(std::max<std::size_t>(1, problems_.size()))))),
      results_(problems_.size()),
      solvers_(std::size_t(2 * workers_)) {
  limits_.threads = 1;
}

void MateBatch::run() {
  // The tables first, on this thread: a TableMemoryError is then thrown before any worker starts.
  for (auto& s : solvers_) s = std::make_unique<MateSolver>(hash_mb_ / 2);
  run_on_workers(workers_, [this](int w) { work(w); });
}

void MateBatch::request_stop() {
  stop_.store(true, std::memory_order_relaxed);
  for (auto& s : solvers_)
    if (s) s->request_stop();
}

void MateBatch::work(int worker) {
  while (!stop_.load(std::memory_order_relaxed)) {
    const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
    if (i >= problems_.size()) return;
    const MateProblem& p = problems_[i];
    MateSolver& solver = *solvers_[std::size_t(2 * worker + (p.attacker == BLACK ? 0 : 1))];
    const front::MateReport report = front::make_mate_report(p, solver.solve(p, limits_));
    // A solve the batch's stop cut is no answer: its result stays null.
    if (stop_.load(std::memory_order_relaxed) && report.result.stop == MateStop::kStopped) return;
    front::add_problem_json(p, report, solver, 1, results_[i]);
    done_.fetch_add(1, std::memory_order_relaxed);
  }
}

PerftBatch::PerftBatch(std::vector<PositionSetup> positions, int depth, std::size_t hash_mb, int workers)
    : positions_(std::move(positions)),
      depth_(depth),
      hash_mb_(hash_mb),
      workers_(std::max(1, std::min<int>(workers, int(std::max<std::size_t>(1, positions_.size()))))),
      counts_(positions_.size()) {}

void PerftBatch::run() {
  run_on_workers(workers_, [this](int) {
    PerftTables tables = make_perft_tables(hash_mb_, false);
    PerftOptions options;
    options.threads = 1;
    tables.attach(options);
    options.stop = &stop_;
    while (!stop_.load(std::memory_order_relaxed)) {
      const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
      if (i >= positions_.size()) return;
      StateInfo st;
      Position pos;
      pos.set(positions_[i], &st);
      const PerftResult r = perft_run(pos, depth_, options);
      if (r.stopped) return;
      counts_[i] = r.nodes;
      done_.fetch_add(1, std::memory_order_relaxed);
    }
  });
}

}  // namespace tsumi::python
