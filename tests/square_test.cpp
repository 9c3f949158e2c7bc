#include "core/square.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(Square, IndexIsFileMajor) {
  EXPECT_EQ(SQ_11, 0);
  EXPECT_EQ(SQ_19, 8);
  EXPECT_EQ(SQ_21, 9);
  EXPECT_EQ(SQ_99, 80);
  EXPECT_EQ(make_square(FILE_7, RANK_7), SQ_77);
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) EXPECT_EQ(make_square(file_of(sq), rank_of(sq)), sq);
  EXPECT_EQ(SQ_55 + DIR_DOWN, SQ_56);
  EXPECT_EQ(SQ_55 + DIR_LEFT, SQ_65);
}

TEST(Square, FlipRotatesTheBoard) {
  EXPECT_EQ(flip(SQ_11), SQ_99);
  EXPECT_EQ(flip(SQ_55), SQ_55);
  EXPECT_EQ(flip(SQ_73), SQ_37);
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) EXPECT_EQ(flip(flip(sq)), sq);
}

TEST(Square, PromotionZoneIsTheThreeFarthestRanks) {
  int black = 0, white = 0;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    black += in_promotion_zone(BLACK, sq);
    white += in_promotion_zone(WHITE, sq);
    EXPECT_EQ(in_promotion_zone(BLACK, sq), in_promotion_zone(WHITE, flip(sq)));
  }
  EXPECT_EQ(black, 27);
  EXPECT_EQ(white, 27);
  EXPECT_TRUE(in_promotion_zone(BLACK, SQ_13));
  EXPECT_FALSE(in_promotion_zone(BLACK, SQ_14));
  EXPECT_TRUE(in_promotion_zone(WHITE, SQ_17));
  EXPECT_EQ(relative_rank(WHITE, RANK_9), RANK_1);
  EXPECT_EQ(forward(BLACK), DIR_UP);
  EXPECT_EQ(forward(WHITE), DIR_DOWN);
}

}  // namespace
}  // namespace tsumi
