// Tests of compose/mate_at_once.h: mated at once, by the rules or as books count (futile drops only).

#include "compose/mate_at_once.h"

#include <gtest/gtest.h>

#include "solver/book_judge.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

// A BoundedSolver that cuts every search of V(s), so that every futility verdict that needs one is open.
struct CutEverySearch final : BoundedSolver {
  NodeResult solve_within(const PositionSetup&, std::uint64_t) override {
    return NodeResult{1, 1, 0, Hand(), Move::none(), kNoLoop};
  }
  std::uint64_t nodes() const override { return 0; }
};

TEST(MateAtOnce, CheckmateAndEscape) {
  MateTable table{std::size_t(1) << 20};
  BookJudge book(table, BLACK);
  const MateProblem p = test::check_problem(test::kTanuki3);
  const test::PlayedPosition mated(p, test::line_of(p, "1d2c 1b1a 2c2b"));
  EXPECT_EQ(mated_at_once(book.judge(), mated.pos), AtOnce::kYes);
  const test::PlayedPosition escapes(p, test::line_of(p, "1d2c"));  // the king steps aside
  EXPECT_EQ(mated_at_once(book.judge(), escapes.pos), AtOnce::kNo);
}

// tanuki5-17 before its last move: a lance dropped on 1i checks along the file, and every drop between
// is futile (the lance takes it and mates): mated at once as books count. With a judge whose every
// search of V(s) is cut, that rests on open verdicts alone: unsettled.
TEST(MateAtOnce, FutileDropsOnlyAsBooksCount) {
  MateSolver solver(16);
  const MateProblem p = test::check_problem(test::kLastMove);
  const MateResult r = solver.solve(p, MateLimits{});
  ASSERT_EQ(r.length, 5);
  std::vector<Move> moves(r.pv.begin(), r.pv.begin() + 4);
  moves.push_back(Move::make_drop(LANCE, SQ_19));
  const test::PlayedPosition far_lance(p, moves);
  ASSERT_TRUE(far_lance.pos.in_check());
  BookJudge book(solver.table(), BLACK);
  EXPECT_EQ(mated_at_once(book.judge(), far_lance.pos), AtOnce::kYes);
  MateTable empty{std::size_t(1) << 20};
  CutEverySearch cut;
  FutilityJudge blind(empty, BLACK, cut);
  EXPECT_EQ(mated_at_once(blind, far_lance.pos), AtOnce::kUnsettled);
}

}  // namespace
}  // namespace tsumi
