#include "core/move.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(Move, BoardMovesKeepTheirFields) {
  for (Square from = SQ_11; from < SQ_NB; ++from)
    for (Square to = SQ_11; to < SQ_NB; ++to)
      for (bool promo : {false, true}) {
        const Move m = Move::make(from, to, promo);
        ASSERT_EQ(m.from(), from);
        ASSERT_EQ(m.to(), to);
        ASSERT_EQ(m.is_promotion(), promo);
        ASSERT_FALSE(m.is_drop());
      }
}

TEST(Move, DropsKeepTheirFields) {
  for (PieceType pt : {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK})
    for (Square to = SQ_11; to < SQ_NB; ++to) {
      const Move m = Move::make_drop(pt, to);
      ASSERT_TRUE(m.is_drop());
      ASSERT_FALSE(m.is_promotion());
      ASSERT_EQ(m.dropped_piece(), pt);
      ASSERT_EQ(m.to(), to);
      ASSERT_NE(m, Move::make(SQ_11, to));
    }
}

TEST(Move, NoneIsZeroAndNeverARealMove) {
  EXPECT_TRUE(Move::none().is_none());
  EXPECT_EQ(Move::none().raw(), 0);
  EXPECT_FALSE(Move::make(SQ_77, SQ_76).is_none());
  EXPECT_EQ(sizeof(Move), 2u);
}

TEST(MoveList, AppendsAndFinds) {
  MoveList list;
  EXPECT_TRUE(list.empty());
  Move* out = list.data();
  *out++ = Move::make(SQ_77, SQ_76);
  *out++ = Move::make_drop(PAWN, SQ_55);
  list.set_end(out);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_TRUE(list.contains(Move::make_drop(PAWN, SQ_55)));
  EXPECT_FALSE(list.contains(Move::make_drop(LANCE, SQ_55)));
  EXPECT_EQ(list[0], Move::make(SQ_77, SQ_76));
  EXPECT_GE(kMaxMoves, 593u);
}

}  // namespace
}  // namespace tsumi
