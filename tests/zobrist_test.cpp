#include "core/zobrist.h"

#include <set>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(Zobrist, KeysAreDistinctAndLeaveTheSideBitAlone) {
  std::set<Key> seen;
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
      for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
        const Key k = zobrist_psq(make_piece(c, PieceType(pt)), sq);
        EXPECT_NE(k, 0u);
        EXPECT_EQ(k & 1, 0u);
        EXPECT_TRUE(seen.insert(k).second);
      }
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) {
      const Key k = zobrist_hand(c, PieceType(pt));
      EXPECT_EQ(k & 1, 0u);
      EXPECT_TRUE(seen.insert(k).second);
    }
  EXPECT_EQ(zobrist_side(), 1u);
  EXPECT_EQ(zobrist_psq(NO_PIECE, SQ_55), 0u);
}

}  // namespace
}  // namespace tsumi
