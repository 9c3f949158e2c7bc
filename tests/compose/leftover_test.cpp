// Tests of compose/leftover.h: the pieces left after the main line as books count it.

#include "compose/leftover.h"

#include <gtest/gtest.h>

#include "solver/futility_judge.h"
#include "tests/compose/check_fixture.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

// The count by hand: the book's line ends at the first attacker move after which the defender is mated
// at once; a later one changes nothing; a futile drop taken before it is no gain.
TEST(LeftoverCount, TheHandWhereTheBookLineEndsLessFutileDropsTaken) {
  FutilityJudge judge(BLACK);
  LeftoverCount count(judge);
  Hand at_end;
  at_end.add(PAWN);
  at_end.add(GOLD);
  EXPECT_EQ(count.leftover(at_end).count(PAWN), 1);  // the line never mated at once before its end
  Hand early;
  early.add(PAWN);
  count.attacker_ply(false, at_end);
  count.attacker_ply(true, early);
  count.attacker_ply(true, at_end);  // after the book's line ended
  const Hand left = count.leftover(at_end);
  EXPECT_EQ(left.count(PAWN), 1);
  EXPECT_EQ(left.count(GOLD), 0);
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
