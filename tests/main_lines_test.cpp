// The main lines of a solve (main_lines.h): the first proof's line, the answer's (exact where the
// length is proven shortest), and, as a solve builds them, never a length below the mate proven.

#include "solver/main_lines.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/mate_limits.h"
#include "solver/mate_line.h"
#include "solver/mate_node.h"
#include "solver/mate_result.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/proof_record.h"
#include "solver/root_search.h"
#include "solver/shortest_proof.h"
#include "tests/support/mate_checks.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::describe;
using test::kSanitizerBuild;
using test::mate_limits;
using test::mate_problem_of;
using test::mate_threads;
using test::mate_time_s;
using test::problem_with_id;
using test::shared_solver;

// Over the proofs of kongou-9 (a first mate longer than the shortest) and kongou-25: the first line is
// a mate within the first length, built whole where untimed; once the length is proven shortest the
// answer's line is exact and of that length; where it is not said to be proven, the line the table
// knows, of that length too (the table still holds the proof).
TEST(MainLines, TheFirstLineThenTheExactAnswer) {
  for (const char* id : {"kongou-9", "kongou-25"}) {
    SCOPED_TRACE(id);
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem && e->expected);
    test::SearchedRoot searched(*problem, mate_threads(), 64);
    ProofRecord record(searched.table, *problem);
    const NodeResult first = searched.search();
    ASSERT_TRUE(first.proven());
    record.record(first.len);
    const MateLimits untimed;
    const SolveClock clock(untimed);
    const std::atomic<bool> stop{false};
    MainLines lines(searched.table, searched.paths, *problem, clock, stop, 0);

    bool dropped = true;
    std::optional<MateLine> line = lines.first(first.len, dropped);
    EXPECT_FALSE(dropped) << "untimed, the first line is built whole";
    ASSERT_TRUE(line);
    EXPECT_TRUE(line->mated);
    EXPECT_LE(line->moves.size(), std::size_t(first.len));
    EXPECT_EQ(check_mate_line(*problem, line->moves), std::nullopt);

    MateResult passes;
    const std::uint16_t length = prove_shortest(
        searched.root, first.len, true, [&](std::uint16_t len) { record.record(len); }, passes);
    ASSERT_TRUE(passes.shortest_proven);
    ASSERT_EQ(length, *e->expected);
    bool exact = false;
    lines.answer(length, true, record, line, exact);
    EXPECT_TRUE(exact);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->moves.size(), std::size_t(length));
    EXPECT_EQ(check_mate_line(*problem, line->moves), std::nullopt);

    std::optional<MateLine> known;
    exact = false;
    lines.answer(length, false, record, known, exact);
    EXPECT_FALSE(exact);
    ASSERT_TRUE(known);
    EXPECT_EQ(known->moves.size(), std::size_t(length));
    EXPECT_EQ(check_mate_line(*problem, known->moves), std::nullopt);
  }
}

// Under a node limit that cuts the shortest-mate proof, the length is the shortest mate proven, never a
// shorter line whose defences are not the longest (rand-652 once answered 15 under a bound of 25).
TEST(MateSolverLine, ACutNeverUndercutsTheMateProven) {
  if (kSanitizerBuild) GTEST_SKIP() << "many solves: the release and scalar builds run them";
  MateSolver& solver = shared_solver();
  // rand-652 (positions/tsume-random.txt: a mate in 25), and the kongou problems of 15 plies or more.
  std::vector<MateSuiteEntry> entries;
  const auto random = parse_mate_suite(test::read_file(test::positions_path("tsume-random.txt")));
  ASSERT_TRUE(random.ok()) << random.error().message;
  for (const auto& e : random.value())
    if (e.id == "rand-652") entries.push_back(e);
  ASSERT_EQ(entries.size(), 1u);
  for (const auto& e : test::tsume_suite())
    if (e.expected && *e.expected >= 15 && e.id.starts_with("kongou-")) entries.push_back(e);
  int cut = 0;
  for (const auto& e : entries) {
    const auto problem = mate_problem_of(e.sfen);
    ASSERT_TRUE(problem);
    for (const std::uint64_t nodes : {30000u, 300000u}) {
      solver.clear();
      const MateResult r = solver.solve(*problem, mate_limits(mate_time_s(), nodes));
      if (r.verdict != MateVerdict::kMate) continue;
      SCOPED_TRACE(e.id + " with " + std::to_string(nodes) + " nodes: " + describe(r));
      cut += !r.shortest_proven;
      EXPECT_EQ(r.length, r.mate_bound);
      EXPECT_GE(r.length, *e.expected);
      EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
      if (r.line_of_length) {
        EXPECT_EQ(r.pv.size(), std::size_t(r.length));
      }
    }
  }
  EXPECT_GT(cut, 0) << "no limit cut a shortest-mate proof: the test tests nothing";
}

}  // namespace
}  // namespace tsumi
