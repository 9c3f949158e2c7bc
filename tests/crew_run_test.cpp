// Tests of solver/crew_run.h: a crew's run answers with the worker that finished (a proof of the
// problem's length), the others yield to it, its times are ordered, a run where every worker is cut
// names no finisher, and the done flag left raised by a run before does not end the next one. Also
// under ThreadSanitizer (label parallel).

#include "solver/crew_run.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/dfpn_search.h"
#include "solver/mate_problem.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

constexpr std::size_t kTableBytes = std::size_t(32) << 20;

// `n` workers at a public problem's root, joined to one crew over a concurrent table.
struct Crew {
  Crew(const char* id, int n) : table(kTableBytes), crew(std::size_t(n)) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    if (!e || !e->expected) return;
    expected = *e->expected;
    const std::optional<MateProblem> p = test::tsume_problem(e->sfen);
    if (!p) return;
    for (int w = 0; w < n; ++w) {
      owned.push_back(std::make_unique<DfpnSearch>(table, p->attacker));
      owned.back()->set_root(p->setup);
      owned.back()->join(&crew, w);
      workers.push_back(owned.back().get());
    }
    table.set_concurrent(true);
  }
  void set_node_limit(std::uint64_t nodes) {
    for (DfpnSearch* w : workers)
      w->set_limits(std::chrono::steady_clock::now() + std::chrono::seconds(60), true, nodes, nullptr);
  }
  MateTable table;
  DfpnCrew crew;
  int expected = 0;
  std::vector<std::unique_ptr<DfpnSearch>> owned;
  std::vector<DfpnSearch*> workers;
};

// Two and four workers prove kongou-6 (mate in 15, more than a look at the limits of work for one): the
// finisher's answer is the proof, every other worker finished too or yielded, and each worker's search
// lies within the run.
TEST(CrewRun, TheFinisherAnswersAndTheOthersYield) {
  for (const int n : {2, 4}) {
    SCOPED_TRACE(std::to_string(n) + " workers");
    Crew c("kongou-6", n);
    ASSERT_EQ(c.workers.size(), std::size_t(n));
    c.set_node_limit(0);
    const CrewRun run = run_crew(c.workers, c.crew, c.table, std::uint16_t(c.expected));
    ASSERT_EQ(run.workers.size(), std::size_t(n));
    const int f = run.finisher();
    ASSERT_GE(f, 0);
    EXPECT_TRUE(run.workers[std::size_t(f)].result.proven());
    EXPECT_EQ(run.workers[std::size_t(f)].result.len, c.expected);
    EXPECT_TRUE(c.crew.done.load());
    for (int w = 0; w < n; ++w) {
      const CrewWorkerRun& r = run.workers[std::size_t(w)];
      if (w < f) {
        EXPECT_EQ(r.abort, DfpnSearch::Abort::kYielded) << "worker " << w;
      }
      EXPECT_TRUE(r.abort == DfpnSearch::Abort::kNone || r.abort == DfpnSearch::Abort::kYielded) << "worker " << w;
      EXPECT_EQ(r.abort, c.workers[std::size_t(w)]->aborted());
      EXPECT_LE(0.0, r.started_ms);
      EXPECT_LE(r.started_ms, r.ended_ms);
      EXPECT_LE(r.ended_ms, run.ms);
    }
  }
}

// A node budget too small for kongou-33 (mate in 33): every worker is cut by it, none yields, and the
// run names no finisher.
TEST(CrewRun, EveryWorkerCutIsNoFinisher) {
  Crew c("kongou-33", 2);
  ASSERT_EQ(c.workers.size(), 2u);
  c.set_node_limit(4 * DfpnSearch::kLimitInterval);
  const CrewRun run = run_crew(c.workers, c.crew, c.table, std::uint16_t(c.expected));
  EXPECT_EQ(run.finisher(), -1);
  for (const CrewWorkerRun& r : run.workers) {
    EXPECT_EQ(r.abort, DfpnSearch::Abort::kNodes);
    EXPECT_FALSE(r.result.proven() || r.result.disproven());
  }
}

// The done flag of a run before (raised by its finisher) is lowered before the workers start: else every
// worker would yield at its first look at the limits and the run would name no finisher.
TEST(CrewRun, ARaisedDoneFlagIsLoweredFirst) {
  Crew c("kongou-6", 2);
  ASSERT_EQ(c.workers.size(), 2u);
  c.set_node_limit(0);
  c.crew.done.store(true);
  const CrewRun run = run_crew(c.workers, c.crew, c.table, std::uint16_t(c.expected));
  ASSERT_GE(run.finisher(), 0);
  EXPECT_TRUE(run.workers[std::size_t(run.finisher())].result.proven());
}

}  // namespace
}  // namespace tsumi
