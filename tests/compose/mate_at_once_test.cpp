// Tests of compose/mate_at_once.h: mated at once, by the rules or as books count (futile drops only).

#include "compose/mate_at_once.h"

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "solver/futility_judge.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

TEST(MateAtOnce, CheckmateAndEscape) {
  FutilityJudge judge(BLACK);
  const MateProblem p = test::check_problem(test::kTanuki3);
  const test::PlayedPosition mated(p, test::line_of(p, "1d2c 1b1a 2c2b"));
  EXPECT_TRUE(mated_at_once(judge, mated.pos));
  const test::PlayedPosition escapes(p, test::line_of(p, "1d2c"));  // the king steps aside
  EXPECT_FALSE(mated_at_once(judge, escapes.pos));
}

// tanuki5-17 before its last move: a lance dropped on 1i checks along the file, and every drop between
// is futile (the lance takes it and mates): mated at once as books count. Where the king takes the
// lance back (nothing guards 1b), the drop there is a defence: not mated at once.
TEST(MateAtOnce, FutileDropsOnlyAsBooksCount) {
  MateSolver solver(16);
  const MateProblem p = test::check_problem(test::kLastMove);
  const MateResult r = solver.solve(p, MateLimits{});
  ASSERT_EQ(r.length, 5);
  std::vector<Move> moves(r.pv.begin(), r.pv.begin() + 4);
  moves.push_back(Move::make_drop(LANCE, SQ_19));
  const test::PlayedPosition far_lance(p, moves);
  ASSERT_TRUE(far_lance.pos.in_check());
  FutilityJudge judge(BLACK);
  EXPECT_TRUE(mated_at_once(judge, far_lance.pos));
  StateInfo st;
  Position taken_back;
  taken_back.set(*parse_sfen("8k/6S2/6S2/9/9/9/9/9/8L w 2r2b4g2s4n3l18p 1"), &st);
  ASSERT_TRUE(taken_back.in_check());
  EXPECT_FALSE(mated_at_once(judge, taken_back));
}

}  // namespace
}  // namespace tsumi
