// The mates a solve records as it proves them (proof_record.h): the bound, the line read off the table
// at each proof, and the proof trees protected until the answer's lines are built; alone, and as a
// solve relies on them.

#include "solver/proof_record.h"

#include <cstddef>
#include <string>

#include <gtest/gtest.h>

#include "solver/mate_line.h"
#include "solver/mate_node.h"
#include "solver/mate_pv.h"
#include "solver/mate_solver.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/root_search.h"
#include "tests/support/mate_checks.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::describe;
using test::hand_after;
using test::mate_limits;
using test::mate_time_s;
using test::problem_with_id;

std::size_t protected_entries(const MateTable& table) {
  std::size_t n = 0;
  table.for_each_entry(
      [&](std::size_t, int, const MateEntry& entry) { n += (entry.tag_lo & 0xff) == MateTable::kProtectedCode; });
  return n;
}

// Over one worker's proofs (kongou-9: a first mate longer than the shortest): the bound and the first
// length follow the mates recorded; the line kept replays as a mate within the length recorded, with
// its leftover and its length without futile cycles; the proofs are protected until release(). A
// reading over a table that has lost the proof keeps the line read before.
TEST(ProofRecord, KeepsTheLineOfEachMateAndProtectsItsProofUntilReleased) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-9", e);
  ASSERT_TRUE(problem);
  test::SearchedRoot searched(*problem, 1);
  MateTable& table = searched.table;
  ProofRecord record(table, *problem);
  EXPECT_EQ(record.first_length(), 0);
  EXPECT_EQ(record.bound(), 0);
  EXPECT_FALSE(record.line());

  const NodeResult first = searched.search();
  ASSERT_TRUE(first.proven());
  record.record(first.len);
  EXPECT_EQ(record.first_length(), first.len);
  EXPECT_EQ(record.bound(), first.len);
  auto line = record.line();
  ASSERT_TRUE(line);
  EXPECT_EQ(check_mate_line(*problem, line->moves), std::nullopt);
  EXPECT_LE(line->moves.size(), std::size_t(first.len));
  EXPECT_EQ(line->leftover, hand_after(*problem, line->moves));
  EXPECT_EQ(line->futile_length, int(line->moves.size()));  // no futile cycle on a line this short
  EXPECT_EQ(record.reading().length, first.len);
  EXPECT_EQ(record.reading().plies, int(line->moves.size()));
  EXPECT_TRUE(record.reading().every_defence);
  EXPECT_EQ(record.reading().reading.kind, ProofLineEnd::kMated);
  EXPECT_GT(protected_entries(table), 0u);

  const NodeResult shorter = searched.search(std::uint16_t(first.len - 2));
  ASSERT_TRUE(shorter.proven()) << "kongou-9's first mate is its shortest: the test tests less";
  record.record(shorter.len);
  EXPECT_EQ(record.first_length(), first.len);
  EXPECT_EQ(record.bound(), shorter.len);
  line = record.line();
  ASSERT_TRUE(line);
  EXPECT_LE(line->moves.size(), std::size_t(shorter.len));
  EXPECT_EQ(check_mate_line(*problem, line->moves), std::nullopt);

  const std::vector<Move> kept = line->moves;
  table.clear();
  record.record(shorter.len);
  EXPECT_EQ(record.reading().plies, 0) << "a reading of an empty table";
  EXPECT_FALSE(record.reading().every_defence);
  ASSERT_TRUE(record.line());
  EXPECT_EQ(record.line()->moves, kept) << "the line read before stays";

  const NodeResult again = searched.search(shorter.len);
  ASSERT_TRUE(again.proven());
  record.record(again.len);
  EXPECT_GT(protected_entries(table), 0u);
  record.release();
  EXPECT_EQ(protected_entries(table), 0u);
}

// A mate proven is never answered without its line: the line recorded the moment the proof ended
// stands when the table is cleared between the proof and the line (by the progress callback, which is
// called as soon as a mate is proven, before its line is built) and the builds of lines over the empty
// table are cut (MateLimits::line_nodes: at the first check of the limits, 1024 nodes in).
TEST(MateSolverLine, TheLineRecordedAtTheProofStandsWhenNoLineCanBeBuilt) {
  int recorded = 0;
  for (const char* id : {"act-no-yume", "kongou-20", "kongou-14"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    MateSolver solver(256);
    bool cleared = false;
    solver.set_progress(
        [&](const MateProgress& p) {
          if (p.first_mate_length > 0 && !cleared) solver.table().clear(), cleared = true;
        },
        1);
    MateLimits l = mate_limits(mate_time_s());
    l.line_nodes = 1;
    // One worker: the recorded line needs every node of the proof still in the table when the root is
    // proven, and the proof tree is protected only from then on (several workers' runs lose a node of it
    // now and then before that).
    l.threads = 1;
    const MateResult r = solver.solve(*problem, l);
    SCOPED_TRACE(std::string(id) + ": " + describe(r));
    ASSERT_EQ(r.verdict, MateVerdict::kMate) << "a proven mate answered without a line";
    EXPECT_EQ(r.length, r.mate_bound);
    // The line read off the table may end sooner than the proof's length where the table holds a
    // shorter proof of a position on it; it is labelled then, and the length stays the proven one.
    EXPECT_LE(r.pv.size(), std::size_t(r.length));
    EXPECT_EQ(r.line_of_length, r.pv.size() == std::size_t(r.length));
    EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
    EXPECT_EQ(r.leftover, hand_after(*problem, r.pv));
    if (r.stop == MateStop::kNodes) {  // the first line's build was cut: the search ended there
      ++recorded;
      EXPECT_EQ(r.length, r.first_mate_length);
      EXPECT_FALSE(r.shortest_proven);
      EXPECT_FALSE(r.line_exact);
    }
  }
  EXPECT_GT(recorded, 0) << "no build was cut: the test tests nothing";
}

// The first proof's tree is protected from the moment it is proven (protect_proof) until the answer's
// lines are built: a collection of every other entry at the first proof (from the progress callback)
// leaves its line readable, the solve still answers the proven shortest mate with its line, and when
// it returns no entry is left protected (a solver reused for the next problem collects as before).
TEST(MateSolverLine, TheProofTreeIsProtectedUntilTheLinesAreBuilt) {
  for (const char* id : {"kongou-25", "tanuki9-16"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    ASSERT_TRUE(e->expected) << id;
    MateSolver solver(16);
    bool collected = false;
    std::size_t line_after = 0;
    solver.set_progress(
        [&](const MateProgress& p) {
          if (p.first_mate_length == 0 || collected) return;
          collected = true;
          solver.table().collect_below(MateTable::kProtectedCode + MateTable::kFinalBonus - 1);
          line_after = proof_line(solver.table(), problem->setup, problem->attacker, p.first_mate_length).size();
        },
        1);
    MateLimits l = mate_limits(mate_time_s());
    l.threads = 1;
    const MateResult r = solver.solve(*problem, l);
    SCOPED_TRACE(std::string(id) + ": " + describe(r));
    ASSERT_TRUE(collected);
    EXPECT_GT(line_after, 0u) << "the protected proof lost its line";
    ASSERT_EQ(r.verdict, MateVerdict::kMate);
    EXPECT_EQ(r.length, *e->expected);
    EXPECT_TRUE(r.shortest_proven);
    EXPECT_TRUE(r.line_of_length);
    EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
    EXPECT_EQ(protected_entries(solver.table()), 0u);
  }
}

}  // namespace
}  // namespace tsumi
