#include "core/types.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(Types, PromotableTypesAreTheSixThatPromote) {
  for (PieceType pt : {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK}) {
    EXPECT_TRUE(is_promotable(pt)) << int(pt);
    EXPECT_TRUE(is_promoted(promote(pt)));
    EXPECT_EQ(unpromote(promote(pt)), pt);
  }
  for (PieceType pt : {NO_PIECE_TYPE, GOLD, KING, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE, DRAGON})
    EXPECT_FALSE(is_promotable(pt)) << int(pt);
  EXPECT_EQ(promote(BISHOP), HORSE);
  EXPECT_EQ(promote(ROOK), DRAGON);
  EXPECT_EQ(unpromote(GOLD), GOLD);
  EXPECT_EQ(unpromote(KING), KING);
  EXPECT_FALSE(is_promoted(KING));
}

TEST(Types, PieceCodesRoundTrip) {
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
      const Piece p = make_piece(c, PieceType(pt));
      EXPECT_EQ(color_of(p), c);
      EXPECT_EQ(type_of(p), pt);
      EXPECT_NE(p, NO_PIECE);
      EXPECT_EQ(flip_color(flip_color(p)), p);
      EXPECT_EQ(color_of(flip_color(p)), ~c);
    }
  EXPECT_EQ(flip_color(NO_PIECE), NO_PIECE);
}

TEST(Types, SlidersAndSetCounts) {
  for (PieceType pt : {LANCE, BISHOP, ROOK, HORSE, DRAGON}) EXPECT_TRUE(is_slider(pt));
  for (PieceType pt : {PAWN, KNIGHT, SILVER, GOLD, KING, PRO_LANCE}) EXPECT_FALSE(is_slider(pt));
  int total = 0;
  for (int pt = PAWN; pt <= KING; ++pt) total += kPieceCountMax[pt];
  EXPECT_EQ(total, 40);
}

}  // namespace
}  // namespace tsumi
