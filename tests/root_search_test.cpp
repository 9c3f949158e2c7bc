// The workers of a solve (root_search.h): what a search of the root answers with one worker and with
// several, its limits, the book count switched on and off, and, as a solve runs them, the same verdict
// and proven length at every thread count.

#include "solver/root_search.h"

#include <atomic>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "core/stopwatch.h"
#include "solver/mate_node.h"
#include "solver/mate_result.h"
#include "solver/mate_solver.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "tests/support/mate_checks.h"

namespace tsumi {
namespace {

using test::describe;
using test::expect_solution;
using test::mate_limits;
using test::mate_time_s;
using test::problem_with_id;

// One and two workers: a mate is proven within its length and disproven two plies below its shortest;
// nodes() is every worker's, limit() the last search's, and a node limit cuts a search with kNodes.
TEST(RootSearch, OneAndTwoWorkersProveAndDisprove) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-9", e);
  ASSERT_TRUE(problem && e->expected);
  for (const int threads : {1, 2}) {
    SCOPED_TRACE(std::to_string(threads) + " workers");
    test::SearchedRoot searched(*problem, threads);
    RootSearch& root = searched.root;
    EXPECT_EQ(root.limit(), kUnlimited);
    EXPECT_TRUE(root.attacker_first());
    DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
    const NodeResult first = root.search(kUnlimited, abort);
    EXPECT_EQ(abort, DfpnSearch::Abort::kNone);
    ASSERT_TRUE(first.proven());
    EXPECT_GE(first.len, *e->expected);
    EXPECT_GT(root.nodes(), 0u);
    EXPECT_GT(root.counters().expansions, 0u);
    const NodeResult none = root.search(std::uint16_t(*e->expected - 2), abort);
    EXPECT_EQ(abort, DfpnSearch::Abort::kNone);
    EXPECT_TRUE(none.disproven()) << "no mate within " << *e->expected - 2;
    EXPECT_EQ(root.limit(), *e->expected - 2);
    const NodeResult shortest = root.search(std::uint16_t(*e->expected), abort);
    EXPECT_TRUE(shortest.proven());
    EXPECT_EQ(shortest.len, *e->expected);

    // A node limit of a few nodes, on a fresh table: cut, and said so. On rand-652, whose first proof
    // takes some 50 k nodes, so that every worker reaches its first limit check (at 1024 nodes of its
    // own) before the proof: kongou-9's, about 2 k nodes since bfafd74, could end with two workers before
    // either checked.
    const MateSuiteEntry* dear = nullptr;
    const auto longer = problem_with_id("rand-652", dear);
    ASSERT_TRUE(longer);
    test::SearchedRoot fresh(*longer, threads);
    const std::atomic<bool> stop{false};
    fresh.root.set_limits(Clock::now(), false, 10, &stop);
    fresh.root.search(kUnlimited, abort);
    EXPECT_EQ(abort, DfpnSearch::Abort::kNodes);
    EXPECT_EQ(to_stop(abort), MateStop::kNodes);
  }
}

// The book count is every worker's or none's, and its futility judgements are counted while it is on.
TEST(RootSearch, TheBookCountIsEveryWorkers) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("mudaai-1", e);
  ASSERT_TRUE(problem);
  test::SearchedRoot searched(*problem, 2);
  RootSearch& root = searched.root;
  ASSERT_TRUE(searched.search().proven());
  EXPECT_EQ(root.futility().judged, 0u);
  root.set_book(true);
  EXPECT_TRUE(root.book());
  // Two plies below the mate counting every defence, where only the book count mates (5 of 7).
  ASSERT_TRUE(e->expected);
  ASSERT_TRUE(searched.search(std::uint16_t(*e->expected - 2)).proven());
  EXPECT_GT(root.futility().judged, 0u);
  EXPECT_GT(root.futility().futile, 0u) << "mudaai-1's interposition is futile";
  root.set_book(false);
  EXPECT_FALSE(root.book());
}

TEST(RootSearch, AnAbortTellsItsStop) {
  EXPECT_EQ(to_stop(DfpnSearch::Abort::kNone), MateStop::kNone);
  EXPECT_EQ(to_stop(DfpnSearch::Abort::kTime), MateStop::kTime);
  EXPECT_EQ(to_stop(DfpnSearch::Abort::kNodes), MateStop::kNodes);
  EXPECT_EQ(to_stop(DfpnSearch::Abort::kStopped), MateStop::kStopped);
  EXPECT_EQ(to_stop(DfpnSearch::Abort::kDepth), MateStop::kDepth);
  EXPECT_EQ(to_stop(DfpnSearch::Abort::kYielded), MateStop::kNone) << "another worker's finish is no stop";
}

// Each worker's share of a solve (WorkerTally): one entry a worker, their nodes the solve's less the
// line builder's, each busy; a lone worker has no late node, cut-off or lock wait, and no idle time.
TEST(RootSearch, EachWorkerTalliesItsShare) {
  MateSolver solver(64);
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-6", e);
  ASSERT_TRUE(problem);
  for (const int threads : {1, 2, 4}) {
    SCOPED_TRACE(std::to_string(threads) + " workers");
    MateLimits l = mate_limits(mate_time_s());
    l.threads = threads;
    solver.clear();
    const MateResult r = solver.solve(*problem, l);
    ASSERT_EQ(r.workers.size(), std::size_t(threads));
    std::uint64_t nodes = 0;
    for (const WorkerTally& t : r.workers) {
      nodes += t.nodes;
      EXPECT_GT(t.busy_us, 0u);
      EXPECT_LE(t.late_nodes, t.nodes);
      EXPECT_LE(t.busy_us + t.idle_us, std::uint64_t(r.time_ms * 1000) + 1000);
    }
    EXPECT_EQ(nodes, r.nodes - r.line_nodes);
    if (threads == 1) {
      const WorkerTally& t = r.workers[0];
      EXPECT_EQ(t.late_nodes + t.cutoffs + t.lock_waits + t.lock_wait_ns + t.idle_us, 0u);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Thread counts: the verdict and the proven shortest length do not depend on how many workers search.

TEST(MateSolverThreads, EveryThreadCountGivesTheSameAnswer) {
  MateSolver solver(64);
  for (const char* id : {"tanuki7-104", "tanuki9-16", "tanuki11-3", "ghi-2", "hm-perp-2", "hm-uchifu-1", "mudaai-1",
                         "shtsume-uchifu-1", "kongou-1", "kongou-2"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    MateResult serial;
    for (int n : {1, 2, 8}) {
      MateLimits l = mate_limits(mate_time_s());
      l.threads = n;
      solver.clear();
      const MateResult r = solver.solve(*problem, l);
      SCOPED_TRACE(std::string(id) + " with " + std::to_string(n) + " threads: " + describe(r));
      expect_solution(*e, *problem, r);
      if (n == 1) {
        serial = r;
        continue;
      }
      EXPECT_EQ(r.verdict, serial.verdict);
      EXPECT_EQ(r.length, serial.length);
      EXPECT_EQ(r.shortest_proven, serial.shortest_proven);
    }
  }
}

}  // namespace
}  // namespace tsumi
