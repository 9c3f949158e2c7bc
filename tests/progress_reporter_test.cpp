// The progress reporter (progress_reporter.h): when it reports, and what it reads off the root search,
// the mates recorded and the table.

#include "solver/progress_reporter.h"

#include <functional>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/position.h"
#include "core/stopwatch.h"
#include "solver/mate_node.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/proof_record.h"
#include "solver/root_search.h"
#include "tests/support/mate_checks.h"

namespace tsumi {
namespace {

using test::problem_with_id;

TEST(ProgressReporter, NewsAtOnceAndTheRestAtItsInterval) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("tanuki9-11", e);
  ASSERT_TRUE(problem);
  test::SearchedRoot searched(*problem, 1);
  MateTable& table = searched.table;
  RootSearch& root = searched.root;
  ProofRecord record(table, *problem);
  std::vector<MateProgress> got;
  const std::function<void(const MateProgress&)> callback = [&got](const MateProgress& p) { got.push_back(p); };

  ProgressReporter silent(callback, 0, Clock::now(), table.collections(), table, *problem, root, record);
  silent.report(true);
  EXPECT_TRUE(got.empty()) << "an interval of 0 is no report, news or not";

  ProgressReporter reporter(callback, 60000, Clock::now(), table.collections(), table, *problem, root, record);
  reporter.report();
  EXPECT_TRUE(got.empty()) << "a report before its interval";
  reporter.report(true);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].nodes, 0u);
  EXPECT_EQ(got[0].first_mate_length, 0);
  EXPECT_EQ(got[0].mate_bound, 0);
  EXPECT_EQ(got[0].searching_below, 0);
  EXPECT_FALSE(got[0].book);
  EXPECT_TRUE(got[0].pv.empty());

  // The first proof, recorded: the report carries its length and the line the table suggests.
  const NodeResult first = searched.search();
  ASSERT_TRUE(first.proven());
  record.record(first.len);
  reporter.report(true);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1].nodes, root.nodes());
  EXPECT_EQ(got[1].first_mate_length, first.len);
  EXPECT_EQ(got[1].mate_bound, first.len);
  EXPECT_EQ(got[1].searching_below, 0) << "the first search has no limit";
  EXPECT_EQ(got[1].root_pn, 0u) << "the root is proven";
  ASSERT_FALSE(got[1].pv.empty());
  EXPECT_LE(got[1].pv.size(), std::size_t(ProgressReporter::kLinePlies));
  StateInfo st;
  Position pos;
  pos.set(problem->setup, &st);
  MoveList checks;
  generate<CHECKS>(pos, checks);
  EXPECT_TRUE(checks.contains(got[1].pv[0]));

  // A pass under a limit, then the book count: what is searched now.
  searched.search(std::uint16_t(first.len - 2));
  reporter.report(true);
  root.set_book(true);
  reporter.report(true);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[2].searching_below, first.len);
  EXPECT_FALSE(got[2].book);
  EXPECT_TRUE(got[3].book);
  EXPECT_GE(got[3].time_ms, got[1].time_ms);
}

}  // namespace
}  // namespace tsumi
