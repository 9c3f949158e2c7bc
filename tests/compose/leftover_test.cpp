// Tests of compose/leftover.h: the pieces left after the main line as books count it.

#include "compose/leftover.h"

#include <gtest/gtest.h>

#include "solver/book_judge.h"
#include "tests/compose/check_fixture.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

// The count by hand: the book's line ends at the first attacker move after which the defender is mated
// at once; a later one changes nothing; a futile drop taken before it is no gain; an open verdict
// where the line ends is an unknown on that move.
TEST(LeftoverCount, TheHandWhereTheBookLineEndsLessFutileDropsTaken) {
  MateSolver solver(16);
  const MateProblem p = test::check_problem(test::kTanuki3);
  SoundnessLimits limits;
  SoundnessReport report;
  BranchSolves solves(solver, p, limits, report, Clock::now());
  BookJudge book(solver.table(), p.attacker);
  LeftoverCount count(solves, book.judge());
  Hand at_end;
  at_end.add(PAWN);
  at_end.add(GOLD);
  EXPECT_EQ(count.leftover(at_end).count(PAWN), 1);  // the line never mated at once before its end
  Hand early;
  early.add(PAWN);
  count.attacker_ply(0, Move::none(), AtOnce::kNo, at_end);
  count.attacker_ply(2, Move::none(), AtOnce::kYes, early);
  count.attacker_ply(4, Move::none(), AtOnce::kYes, at_end);  // after the book's line ended
  const Hand left = count.leftover(at_end);
  EXPECT_EQ(left.count(PAWN), 1);
  EXPECT_EQ(left.count(GOLD), 0);
  EXPECT_TRUE(report.unknown.empty());

  LeftoverCount open(solves, book.judge());
  open.attacker_ply(2, Move::make_drop(GOLD, SQ_22), AtOnce::kUnsettled, early);
  ASSERT_EQ(report.unknown.size(), 1u);
  EXPECT_EQ(report.unknown[0].reason, kFutilityOpen);
  EXPECT_EQ(report.unknown[0].ply, 3);
}

TEST(LeftoverCount, APieceMoreIsLeftOver) {
  const SoundnessReport r = test::checked(test::kTanuki3Pawn);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  EXPECT_EQ(r.leftover.count(PAWN), 1);
  EXPECT_TRUE(r.cooks.size() + r.defences.size() > 0);
}

// kongou-2 (11 plies, 9 as books count): its last two plies are a futile lance drop and its capture. The
// book's line ends with ▲３二馬 (ply 9); ▲４一馬 there mates at once as books count too, a last-move cook,
// not a short mate, and the lance taken at ply 11 is no leftover: sound.
TEST(LeftoverCount, AFutileDropAtTheEndNeitherShortensNorLeavesPieces) {
  SoundnessLimits limits;
  limits.branch.nodes = 1000000;
  const std::string sfen = test::public_sfen("kongou-2");
  const SoundnessReport r = test::checked(sfen.c_str(), "", limits);
  EXPECT_EQ(r.length, 11);
  EXPECT_EQ(r.futile_length, 9);
  EXPECT_TRUE(r.leftover.empty());
  bool at_ply_9 = false;
  for (const Cook& c : r.cooks) {
    EXPECT_EQ(c.kind, CookKind::kLastMove) << c.ply << " " << to_usi(c.move);
    at_ply_9 = at_ply_9 || (c.ply == 9 && to_usi(c.move) == "4b4a");
  }
  EXPECT_TRUE(at_ply_9);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kSound);
}

}  // namespace
}  // namespace tsumi
