#include "core/impasse.h"

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;

TEST(Impasse, StartPositionIsWorth27Each) {
  SfenPosition p(kStartSfen);
  EXPECT_EQ(impasse_points(p.pos, BLACK), 27);
  EXPECT_EQ(impasse_points(p.pos, WHITE), 27);
  EXPECT_FALSE(both_kings_entered(p.pos));
  EXPECT_EQ(judge_impasse_24(p.pos), ImpasseResult::DRAW);
}

TEST(Impasse, PromotedPiecesAndHandsCountAsTheirBase) {
  // Black: dragon (5) + horse (5) + tokin (1) + 2 pawns in hand (2) = 13; white: rook in hand (5).
  SfenPosition p("4k4/9/9/9/+R3+B4/9/+P8/9/4K4 b 2Pr 1");
  EXPECT_EQ(impasse_points(p.pos, BLACK), 13);
  EXPECT_EQ(impasse_points(p.pos, WHITE), 5);
}

TEST(Impasse, TwentyFourPointRule) {
  // Both kings in the enemy camp; black holds rooks and bishops (20) + 4 golds = 24, white the rest 30.
  SfenPosition even("4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4s4n4l18p 1");
  EXPECT_TRUE(both_kings_entered(even.pos));
  EXPECT_EQ(impasse_points(even.pos, BLACK), 24);
  EXPECT_EQ(judge_impasse_24(even.pos), ImpasseResult::DRAW);
  // Black one point short.
  SfenPosition short_black("4K4/9/9/9/9/9/9/9/4k4 b 2R2B3G4s4n4l18pg 1");
  EXPECT_EQ(impasse_points(short_black.pos, BLACK), 23);
  EXPECT_EQ(judge_impasse_24(short_black.pos), ImpasseResult::WHITE_WINS);
  SfenPosition short_white("4K4/9/9/9/9/9/9/9/4k4 b RB4G4S4N4L18Prb 1");
  EXPECT_EQ(judge_impasse_24(short_white.pos), ImpasseResult::BLACK_WINS);
}

TEST(Impasse, TwentySevenPointDeclaration) {
  // Black king on 6a with ten pieces in the camp: 8 tokins (8) + 2 dragons (10) = 18, plus 2 bishops
  // in hand (10) = 28, exactly what black needs.
  SfenPosition yes("+P+P+PK+P+P+P+P+R/+R+P7/9/9/9/9/9/9/4k4 b 2B 1");
  EXPECT_TRUE(can_declare_impasse_win(yes.pos));
  // One bishop fewer: 23 points.
  SfenPosition no("+P+P+PK+P+P+P+P+R/+R+P7/9/9/9/9/9/9/4k4 b B 1");
  EXPECT_FALSE(can_declare_impasse_win(no.pos));
  // Nine pieces in the camp are not enough, whatever the points.
  SfenPosition few("+P+P+PK+P+P+P+P1/+R+R7/9/9/9/9/9/9/4k4 b 2B9P 1");
  EXPECT_FALSE(can_declare_impasse_win(few.pos));
  // The king must be in the camp.
  SfenPosition out("+P+P+P1+P+P+P+P+R/+R+P7/9/4K4/9/9/9/9/4k4 b 2B 1");
  EXPECT_FALSE(can_declare_impasse_win(out.pos));
  // White, with the mirror image of `yes`.
  SfenPosition white_yes("4K4/9/9/9/9/9/9/7+p+r/+r+p+p+p+pk+p+p+p w 2b 1");
  EXPECT_TRUE(can_declare_impasse_win(white_yes.pos));
}

}  // namespace
}  // namespace tsumi
