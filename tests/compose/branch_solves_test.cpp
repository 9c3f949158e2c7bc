// Tests of compose/branch_solves.h: the solves of a check within its limits, the probes after a cut
// search, and what the report counts.

#include "compose/branch_solves.h"

#include <atomic>
#include <optional>

#include <gtest/gtest.h>

#include "core/usi.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

// One check's solves on a fresh table, by hand.
struct Solves {
  explicit Solves(SoundnessLimits l = {}) : limits(l) {}
  MateSolver solver{16};
  MateProblem problem = test::check_problem(test::kTanuki3);
  SoundnessLimits limits;
  SoundnessReport report;
  BranchSolves solves{solver, problem, limits, report, Clock::now()};
};

TEST(BranchSolves, EachSolveIsCountedInTheReport) {
  Solves s;
  const test::PlayedPosition after(s.problem, test::line_of(s.problem, "1d2c"));
  const std::optional<MateResult> r = s.solves.solve_branch(after.pos, 1, Move::none(), 0, true);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->verdict, MateVerdict::kMate);
  EXPECT_EQ(r->length, 2);
  EXPECT_EQ(s.report.solves, 1);
  EXPECT_EQ(s.report.nodes, r->nodes);
  EXPECT_TRUE(s.report.unknown.empty());
  // Within a length the mate does not fit: no mate that short, not unknown.
  const std::optional<MateResult> shorter = s.solves.solve_branch(after.pos, 1, Move::none(), 1, false);
  ASSERT_TRUE(shorter.has_value());
  EXPECT_EQ(shorter->verdict, MateVerdict::kNoMate);
  EXPECT_EQ(s.report.solves, 2);
}

TEST(BranchSolves, TheLimitsLeftByTheTotals) {
  SoundnessLimits limits;
  limits.branch.nodes = 1000;
  limits.total_nodes = 600;
  Solves s(limits);
  const char* why = "";
  std::optional<MateLimits> l = s.solves.limits_left(7, true, why);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->nodes, 600u);  // the total's rest, below the branch limit
  EXPECT_EQ(l->max_length, 7);
  EXPECT_TRUE(l->prove_shortest);
  EXPECT_FALSE(l->book_search);  // a branch's length counts every defence
  s.report.nodes = 600;
  EXPECT_FALSE(s.solves.limits_left(0, false, why).has_value());
  EXPECT_STREQ(why, "total nodes");
  std::atomic<bool> stop{true};
  SoundnessLimits stopped;
  stopped.stop = &stop;
  Solves t(stopped);
  EXPECT_FALSE(t.solves.limits_left(0, false, why).has_value());
  EXPECT_STREQ(why, "stopped");
  // A solve that cannot start is recorded as an unknown branch, with the reason.
  const test::PlayedPosition root(t.problem, {});
  EXPECT_FALSE(t.solves.solve_branch(root.pos, 1, Move::none(), 0, false).has_value());
  ASSERT_EQ(t.report.unknown.size(), 1u);
  EXPECT_EQ(t.report.unknown[0].reason, "stopped");
}

// A random problem of the minimax oracle's test (seed 20261203), mate in 1 (G*8b): after S*9b the defender
// is mated in 4 more (8a7b 9b8c 7b6c G*7d), which the search without a length bound misses within
// 50,000 nodes (long lines of one-reply checks beside it); the probes within 5, 9, ... plies find it.
TEST(BranchSolves, AShortMateTheUnboundedSearchMissesIsFoundByAProbe) {
  SoundnessLimits limits;
  limits.branch.nodes = 50000;
  const SoundnessReport r = test::checked("1k2+P4/3+bG4/+P8/4g4/9/9/9/9/9 b RGSNPrbg3s3n4l15p 1", "G*8b", limits);
  ASSERT_FALSE(r.bad_line);
  std::optional<Cook> silver;
  for (const Cook& c : r.cooks)
    if (c.ply == 1 && to_usi(c.move) == "S*9b") silver = c;
  ASSERT_TRUE(silver.has_value());
  EXPECT_EQ(silver->mate_length, 5);
  EXPECT_TRUE(silver->length_proven);
  EXPECT_EQ(silver->kind, CookKind::kCook);
  for (const UnknownBranch& u : r.unknown) EXPECT_NE(to_usi(u.move), "S*9b");
}

// A branch's --nodes and --time hold for all its passes together: what the earlier passes' searches
// spent is taken out of them, and a branch with none left is unknown by its own limit's name.
TEST(BranchSolves, TheBranchLimitsHoldAcrossItsPasses) {
  SoundnessLimits limits;
  limits.branch.nodes = 1000000;
  limits.branch.time_s = 60;
  Solves s(limits);
  const test::PlayedPosition after(s.problem, test::line_of(s.problem, "1d2c"));
  const std::optional<MateResult> fresh =
      s.solves.solve_branch(after.pos, 1, Move::none(), 0, true, 0, nullptr, 999000, 0);
  ASSERT_TRUE(fresh.has_value()) << "1,000 nodes left are enough for a mate in 2";
  EXPECT_EQ(fresh->verdict, MateVerdict::kMate);
  EXPECT_FALSE(s.solves.solve_branch(after.pos, 1, Move::none(), 0, true, 0, nullptr, 1000000, 0).has_value());
  EXPECT_FALSE(s.solves.solve_branch(after.pos, 1, Move::none(), 0, true, 0, nullptr, 0, 60000.0).has_value());
  ASSERT_EQ(s.report.unknown.size(), 2u);
  EXPECT_EQ(s.report.unknown[0].reason, "nodes");
  EXPECT_EQ(s.report.unknown[1].reason, "time");
}

// A search the check's total cut mid-solve is unknown by the total's name, as one that could not start:
// tanuki7-1 with one more gold (positions/tsume-gold-twins.txt), whose check is some 22,000 nodes, within
// 5,000 (the first branch past them was "nodes" before, sending the user to the wrong option).
TEST(BranchSolves, ATotalCutMidSolveSaysTotal) {
  SoundnessLimits limits;
  limits.total_nodes = 5000;
  const SoundnessReport r = test::checked("9/7R1/9/9/7G1/8k/9/9/9 b Gr2b2g4s4n4l18p 1", "", limits);
  ASSERT_FALSE(r.unknown.empty());
  for (const UnknownBranch& u : r.unknown)
    EXPECT_TRUE(u.reason == "total nodes" || u.reason == "return not settled") << u.ply << " " << u.reason;
}

TEST(BranchSolves, LimitsMakeBranchesUnknown) {
  SoundnessLimits limits;
  limits.total_nodes = 1;  // the problem's solve passes it: every branch after is unknown
  const SoundnessReport r = test::checked(test::kLastMove, "", limits);
  EXPECT_FALSE(r.unknown.empty());
  for (const UnknownBranch& u : r.unknown) EXPECT_EQ(u.reason, "total nodes");
  // Last-move cooks need no solve; the other branches do, and none may be called sound.
  EXPECT_EQ(r.verdict, SoundnessVerdict::kUnknown);
  std::atomic<bool> stop{true};
  SoundnessLimits stopped;
  stopped.stop = &stop;
  const SoundnessReport s = test::checked(test::kTanuki3, "", stopped);
  EXPECT_EQ(s.verdict, SoundnessVerdict::kUnknown);
  for (const UnknownBranch& u : s.unknown) EXPECT_EQ(u.reason, "stopped");
}

}  // namespace
}  // namespace tsumi
