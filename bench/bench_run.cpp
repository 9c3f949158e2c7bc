#include "bench/bench_run.h"

#include "core/stopwatch.h"
#include "perft/perft.h"
#include "solver/mate_solver.h"

namespace tsumi::bench {

namespace {

std::string verdict_text(const MateResult& r) {
  if (r.verdict == MateVerdict::kMate) return std::to_string(r.length);
  return to_string(r.verdict);
}

}  // namespace

BenchPass run_bench_pass(const BenchWorkload& w, int threads, MateSolver& solver, const BenchProgress& progress) {
  BenchPass pass;
  pass.threads = threads;
  const std::size_t total = w.perft.size() + w.mate.size();
  std::size_t done = 0;

  PerftOptions perft_options;
  perft_options.threads = threads;
  for (const BenchPerftItem& item : w.perft) {
    StateInfo si;
    Position pos;
    pos.set(item.setup, &si);
    const auto start = Clock::now();
    const std::uint64_t nodes = perft_run(pos, item.depth, perft_options).nodes;
    const double ms = ms_since(start);
    pass.perft.time_ms += ms;
    pass.perft.nodes += nodes;
    pass.perft.item_ms.push_back(ms);
    pass.perft.item_nodes.push_back(nodes);
    if (progress) progress("perft " + item.id + " d" + std::to_string(item.depth), ++done, total);
  }

  MateLimits limits;
  limits.threads = threads;
  for (const BenchMateItem& item : w.mate) {
    solver.clear();
    const auto start = Clock::now();
    const MateResult r = solver.solve(item.problem, limits);
    const double ms = ms_since(start);
    pass.mate.time_ms += ms;
    pass.mate.nodes += r.nodes;
    pass.mate.item_ms.push_back(ms);
    pass.mate.item_nodes.push_back(r.nodes);
    if (pass.mate.workers.size() < r.workers.size()) pass.mate.workers.resize(r.workers.size());
    for (std::size_t k = 0; k < r.workers.size(); ++k) pass.mate.workers[k] += r.workers[k];
    pass.verdicts.push_back(verdict_text(r));
    if (progress) progress("mate " + item.id, ++done, total);
  }
  return pass;
}

std::string bench_signature(const BenchPass& pass) {
  std::string s = "perft=" + std::to_string(pass.perft.nodes) + " mate=";
  for (std::size_t i = 0; i < pass.verdicts.size(); ++i) s += (i ? "," : "") + pass.verdicts[i];
  return s;
}

std::vector<std::string> bench_mismatches(const BenchWorkload& w, const BenchPass& pass) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < w.perft.size() && i < pass.perft.item_nodes.size(); ++i) {
    const BenchPerftItem& item = w.perft[i];
    if (pass.perft.item_nodes[i] != item.expected)
      out.push_back("perft " + item.id + " depth " + std::to_string(item.depth) + ": " +
                    std::to_string(pass.perft.item_nodes[i]) + " leaves, expected " + std::to_string(item.expected));
  }
  for (std::size_t i = 0; i < w.mate.size() && i < pass.verdicts.size(); ++i) {
    const BenchMateItem& item = w.mate[i];
    const std::string expected = item.expected ? std::to_string(*item.expected) : "nomate";
    if (pass.verdicts[i] != expected)
      out.push_back("mate " + item.id + ": " + pass.verdicts[i] + ", expected " + expected);
  }
  return out;
}

}  // namespace tsumi::bench
