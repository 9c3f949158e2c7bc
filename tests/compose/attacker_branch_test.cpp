// Tests of compose/attacker_branch.h: another check at an attacker ply, its mate and its kind.

#include "compose/attacker_branch.h"

#include <gtest/gtest.h>

#include "core/usi.h"
#include "solver/futility_judge.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

// tanuki3 at its ply 3 (after 1d2c 1b1a): 2d1d instead of 2c2b mates in 5 (1 + 4 after it), more than
// the main line's rest of 1, and never comes back onto it: a cook, with its line.
TEST(AttackerBranch, AnotherCheckThatMatesIsACook) {
  MateSolver solver(16);
  const MateProblem p = test::check_problem(test::kTanuki3);
  const std::vector<Move> line = test::line_of(p, "1d2c 1b1a 2c2b");
  SoundnessLimits limits;
  SoundnessReport report;
  report.main_line = line;
  BranchSolves solves(solver, p, limits, report, Clock::now());
  FutilityJudge judge(p.attacker);
  const MainLinePositions positions(p.setup, line);
  const std::vector<Move> cook_line = test::line_of(p, "1d2c 1b1a 2d1d");
  test::PlayedPosition after(p, cook_line);
  // The main line's own move here (2c2b) mates at once.
  attacker_branch(solves, judge, positions, after.pos, 2, 3, cook_line[2], true);
  ASSERT_EQ(report.cooks.size(), 1u);
  const Cook& c = report.cooks[0];
  EXPECT_EQ(c.ply, 3);
  EXPECT_EQ(c.kind, CookKind::kCook);
  EXPECT_EQ(c.mate_length, 5);
  EXPECT_TRUE(c.length_proven);
  EXPECT_EQ(c.line.size(), 5u);
  EXPECT_EQ(report.branches, 1);
  EXPECT_GT(report.solves, 0);
}

TEST(AttackerBranch, LastMoveCooksLeaveItSound) {
  const SoundnessReport r = test::checked(test::kLastMove);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kSound);
  EXPECT_EQ(r.length, 5);
  ASSERT_EQ(r.cooks.size(), 7u);
  for (const Cook& c : r.cooks) {
    EXPECT_EQ(c.kind, CookKind::kLastMove);
    EXPECT_EQ(c.ply, 5);
    EXPECT_EQ(c.mate_length, 1);
  }
}

// The minimax oracle's seed 20261230, mate in 3 (7d7a+ 8b9b R*8b): at ply 3 R*1b checks along the
// second rank and every drop between is futile, V(2b) and V(3b) through a chain of futile drops
// (futility_judge_test): a last-move mate as books count, like R*2b to R*7b. A judge that searched each
// V(s) within a node budget left it a cook mating in 7.
TEST(AttackerBranch, AFarDropWhoseInterpositionsAreAChainOfFutileDropsIsALastMoveCook) {
  SoundnessLimits limits;
  limits.branch.nodes = 300000;
  const SoundnessReport r = test::checked("9/1k7/9/1+BR+N5/2L6/9/9/9/9 b R2Nb4g4sn3l18p 1", "7d7a+ 8b9b R*8b", limits);
  ASSERT_FALSE(r.bad_line);
  for (const char* m : {"R*1b", "R*2b", "R*5b", "R*9i"}) EXPECT_EQ(test::cook_kind(r, 3, m), CookKind::kLastMove) << m;
}

}  // namespace
}  // namespace tsumi
