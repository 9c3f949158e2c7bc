// What a solve's progress reports say (mate_progress.h), as MateSolver::set_progress delivers them.

#include "solver/mate_progress.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/position.h"
#include "core/usi.h"
#include "solver/mate_solver.h"
#include "tests/support/mate_checks.h"

namespace tsumi {
namespace {

using test::describe;
using test::mate_limits;
using test::mate_time_s;
using test::problem_with_id;

TEST(MateSolverProgress, ReportsNodesAndTheLineTheTableSuggests) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-17", e);
  ASSERT_TRUE(problem) << "kongou-17";
  MateSolver solver(64);
  std::vector<MateProgress> reports;
  // A node limit rather than a time limit: sanitizer builds search a hundred times slower.
  solver.set_progress([&reports](const MateProgress& p) { reports.push_back(p); }, 1);
  const MateResult r = solver.solve(*problem, mate_limits(mate_time_s(), 20000));
  solver.set_progress(nullptr, 0);
  ASSERT_GE(reports.size(), 3u) << describe(r);
  std::uint64_t last_nodes = 0;
  bool some_line = false;
  for (const MateProgress& p : reports) {
    EXPECT_GE(p.nodes, last_nodes) << "node counts go back";
    last_nodes = p.nodes;
    EXPECT_GT(p.time_ms, 0.0);
    EXPECT_LE(p.time_ms, r.time_ms + 1);
    EXPECT_LE(p.pv.size(), 64u);
    if (p.pv.empty()) continue;
    some_line = true;
    // The line starts with a legal check.
    StateInfo st;
    Position pos;
    pos.set(problem->setup, &st);
    MoveList checks;
    generate<CHECKS>(pos, checks);
    EXPECT_TRUE(checks.contains(p.pv[0])) << to_usi(p.pv[0]);
  }
  EXPECT_TRUE(some_line) << "no report carried a line";
  EXPECT_LE(last_nodes, r.nodes);
}

// Every mate proven is reported at once, whatever the interval: with one that no solve reaches, the
// reports are the mates proven, in order (the first proof's, then each shorter one a pass proves), each
// with the first proof's length, the shortest proven so far and the limit it was proven under.
TEST(MateSolverProgress, EveryMateProvenIsReportedAtOnce) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-9", e);
  ASSERT_TRUE(problem);
  MateSolver solver(16);
  std::vector<MateProgress> reports;
  solver.set_progress([&reports](const MateProgress& p) { reports.push_back(p); }, 3'600'000);
  const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
  test::expect_solution(*e, *problem, r);
  std::vector<int> proven{r.first_mate_length};
  for (const MateResult::ShortestPass& p : r.shortest_passes)
    if (p.length > 0) proven.push_back(p.length);
  ASSERT_EQ(reports.size(), proven.size()) << describe(r);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    SCOPED_TRACE("report " + std::to_string(i));
    EXPECT_EQ(reports[i].first_mate_length, r.first_mate_length);
    EXPECT_EQ(reports[i].mate_bound, proven[i]);
    EXPECT_EQ(reports[i].searching_below, i == 0 ? 0 : proven[i - 1]);
    EXPECT_FALSE(reports[i].book);
  }
  EXPECT_EQ(proven.back(), r.length);
}

}  // namespace
}  // namespace tsumi
