// The tsume solver: problems of positions/tsume-public.txt solved from an empty table, one thread,
// with the shortest-mate proof (as `tsumi mate` does). One benchmark per problem of a fixed set
// (graded 5, 7, 9, 11 and the 9-25-ply kongou problems that take KomoringHeights under ~2 s), plus the
// small-problem throughput: every graded 1-7 problem in a row. The rate counter is search nodes/s.
//
// The full 47-problem kongou set is timed by the CLI (`tsumi mate --suite`), see README.md.

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/sfen.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"

namespace tsumi {
namespace {

std::vector<MateSuiteEntry> public_suite() {
  std::ifstream in(std::string(TSUMI_POSITIONS_DIR) + "/tsume-public.txt");
  std::stringstream text;
  text << in.rdbuf();
  const auto suite = parse_mate_suite(text.str());
  return suite ? *suite : std::vector<MateSuiteEntry>{};
}

MateProblem problem_of(const MateSuiteEntry& e) {
  return *make_mate_problem(*parse_sfen(e.sfen, SfenLeniency{.allow_nifu = true}));
}

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
  return true;
}();

}  // namespace
}  // namespace tsumi
