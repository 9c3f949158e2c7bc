// The tsume solver: problems of positions/tsume-public.txt solved from an empty table, one thread,
// with the shortest-mate proof (as `tsumi mate` does). One benchmark per problem of a fixed set
// (graded 5, 7, 9, 11 and the 9-25-ply kongou problems that take KomoringHeights under ~2 s), plus the
// small-problem throughput: every graded 1-7 problem in a row. The rate counter is search nodes/s.
//
// Thread scaling: mate/threads/<n> solves a fixed set of kongou problems with n workers (1, 2, 4, ...
// up to every core) and reports wall time, nodes/s and the speedup over the 1-worker run of the same
// family (run them together, 1 first: --benchmark_filter=mate/threads/). mate/threads-14/<n> is the
// issue's set of 14 problems that take KomoringHeights over a second (about two minutes a run on one
// core).
//
// The full 47-problem kongou set is timed by the CLI (`tsumi mate --suite`), see README.md.

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/sfen.h"
#include "core/text_file.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"

namespace tsumi {
namespace {

std::vector<MateSuiteEntry> public_suite() {
  std::string text;
  if (read_text_file(std::string(TSUMI_POSITIONS_DIR) + "/tsume-public.txt", text)) return {};
  const auto suite = parse_mate_suite(text);
  return suite ? *suite : std::vector<MateSuiteEntry>{};
}

MateProblem problem_of(const MateSuiteEntry& e) { return *make_mate_problem(*parse_sfen(e.sfen, kTsumeLeniency)); }

void BM_Solve(benchmark::State& state, const std::vector<MateProblem>& problems) {
  MateSolver solver(256);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (const MateProblem& p : problems) {
      state.PauseTiming();
      solver.clear();
      state.ResumeTiming();
      const MateResult r = solver.solve(p, MateLimits{});
      if (r.verdict == MateVerdict::kTimeout) state.SkipWithError("timeout");
      nodes += r.nodes;
    }
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

// Solves every problem with `threads` workers from an empty table; wall time is the manual time. The
// family's 1-worker time per iteration is kept in `baseline` for the speedup counter.
void BM_Threads(benchmark::State& state, const std::vector<MateProblem>& problems, int threads,
                const std::shared_ptr<double>& baseline) {
  MateSolver solver(1024);
  MateLimits limits;
  limits.threads = threads;
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (auto _ : state) {
    double iteration = 0;
    for (const MateProblem& p : problems) {
      solver.clear();
      const auto start = std::chrono::steady_clock::now();
      const MateResult r = solver.solve(p, limits);
      iteration += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (r.verdict != MateVerdict::kMate || !r.shortest_proven) state.SkipWithError("not solved");
      nodes += r.nodes;
    }
    state.SetIterationTime(iteration);
    seconds += iteration;
  }
  const double per_iteration = seconds / double(state.iterations());
  if (threads == 1) *baseline = per_iteration;
  state.counters["threads"] = threads;
  state.counters["nodes/s"] = benchmark::Counter(double(nodes) / seconds);
  if (*baseline > 0) state.counters["speedup"] = *baseline / per_iteration;
}

void register_scaling(const std::string& family, const std::vector<MateProblem>& problems) {
  const auto baseline = std::make_shared<double>(0);
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> counts;
  for (int n = 1; n < cores; n *= 2) counts.push_back(n);
  counts.push_back(cores);
  for (int n : counts)
    benchmark::RegisterBenchmark((family + "/" + std::to_string(n)).c_str(), BM_Threads, problems, n, baseline)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
}

const bool registered = [] {
  const std::vector<MateSuiteEntry> suite = public_suite();
  std::vector<MateProblem> small;
  for (const MateSuiteEntry& e : suite) {
    const std::string& cat = e.category;
    if (cat.rfind("graded-1", 0) == 0 || cat.rfind("graded-3", 0) == 0 || cat.rfind("graded-5", 0) == 0 ||
        cat.rfind("graded-7", 0) == 0)
      small.push_back(problem_of(e));
  }
  benchmark::RegisterBenchmark("mate/graded-1-7/all", BM_Solve, small)->Unit(benchmark::kMillisecond);
  for (const char* id : {"tanuki9-1", "tanuki11-3", "kongou-1", "kongou-5", "kongou-6", "kongou-13", "kongou-14",
                         "kongou-19", "kongou-21"})
    for (const MateSuiteEntry& e : suite)
      if (e.id == id)
        benchmark::RegisterBenchmark(("mate/" + e.id).c_str(), BM_Solve, std::vector<MateProblem>{problem_of(e)})
            ->Unit(benchmark::kMillisecond);
  const auto problems_of = [&suite](std::initializer_list<const char*> ids) {
    std::vector<MateProblem> out;
    for (const char* id : ids)
      for (const MateSuiteEntry& e : suite)
        if (e.id == id) out.push_back(problem_of(e));
    return out;
  };
  register_scaling("mate/threads", problems_of({"kongou-6", "kongou-13", "kongou-17", "kongou-21", "kongou-33",
                                                "kongou-42", "kongou-44", "kongou-47"}));
  register_scaling("mate/threads-14", problems_of({"kongou-6", "kongou-13", "kongou-17", "kongou-21", "kongou-22",
                                                   "kongou-23", "kongou-24", "kongou-25", "kongou-33", "kongou-40",
                                                   "kongou-42", "kongou-44", "kongou-45", "kongou-47"}));
  return true;
}();

}  // namespace
}  // namespace tsumi
