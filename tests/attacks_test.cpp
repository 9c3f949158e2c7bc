#include "core/attacks.h"

#include <random>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

// A ray walked one square at a time, stopping on (and including) the first occupied square.
Bitboard walk(Square sq, Bitboard occ, int df, int dr) {
  Bitboard b = Bitboard::zero();
  for (int f = file_of(sq) + df, r = rank_of(sq) + dr; is_on_board(f, r); f += df, r += dr) {
    const Square s = make_square(File(f), Rank(r));
    b.set(s);
    if (occ.test(s)) break;
  }
  return b;
}

Bitboard walk_rook(Square sq, Bitboard occ) {
  return walk(sq, occ, 1, 0) | walk(sq, occ, -1, 0) | walk(sq, occ, 0, 1) | walk(sq, occ, 0, -1);
}
Bitboard walk_bishop(Square sq, Bitboard occ) {
  return walk(sq, occ, 1, 1) | walk(sq, occ, -1, -1) | walk(sq, occ, 1, -1) | walk(sq, occ, -1, 1);
}

TEST(Attacks, SlidersEqualRayWalksOnRandomBoards) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100000; ++i) {
    // Sparse and dense occupancies both.
    const Bitboard occ =
        (i & 1 ? Bitboard(rng() & rng(), rng() & rng()) : Bitboard(rng() | rng(), rng())) & kAllSquares;
    const Square sq = Square(rng() % SQ_NB);
    ASSERT_EQ(rook_attacks(sq, occ), walk_rook(sq, occ)) << int(sq);
    ASSERT_EQ(bishop_attacks(sq, occ), walk_bishop(sq, occ)) << int(sq);
    ASSERT_EQ(lance_attacks(BLACK, sq, occ), walk(sq, occ, 0, -1));
    ASSERT_EQ(lance_attacks(WHITE, sq, occ), walk(sq, occ, 0, 1));
    ASSERT_EQ(horse_attacks(sq, occ), walk_bishop(sq, occ) | king_attacks(sq));
    ASSERT_EQ(dragon_attacks(sq, occ), walk_rook(sq, occ) | king_attacks(sq));
  }
}

TEST(Attacks, StepPiecesFromTheCentre) {
  EXPECT_EQ(pseudo_attacks(BLACK, PAWN, SQ_55), Bitboard::square(SQ_54));
  EXPECT_EQ(pseudo_attacks(WHITE, PAWN, SQ_55), Bitboard::square(SQ_56));
  EXPECT_EQ(pseudo_attacks(BLACK, KNIGHT, SQ_55), Bitboard::square(SQ_43) | Bitboard::square(SQ_63));
  EXPECT_EQ(pseudo_attacks(WHITE, KNIGHT, SQ_55), Bitboard::square(SQ_47) | Bitboard::square(SQ_67));
  EXPECT_EQ(pseudo_attacks(BLACK, SILVER, SQ_55).popcount(), 5);
  EXPECT_FALSE(pseudo_attacks(BLACK, SILVER, SQ_55).test(SQ_56));
  EXPECT_TRUE(pseudo_attacks(BLACK, SILVER, SQ_55).test(SQ_46));
  EXPECT_EQ(pseudo_attacks(BLACK, GOLD, SQ_55).popcount(), 6);
  EXPECT_TRUE(pseudo_attacks(BLACK, GOLD, SQ_55).test(SQ_56));
  EXPECT_FALSE(pseudo_attacks(BLACK, GOLD, SQ_55).test(SQ_46));
  EXPECT_EQ(pseudo_attacks(WHITE, PRO_PAWN, SQ_55), pseudo_attacks(WHITE, GOLD, SQ_55));
  EXPECT_EQ(king_attacks(SQ_55).popcount(), 8);
  EXPECT_EQ(king_attacks(SQ_11).popcount(), 3);
  // A knight on its last two ranks has nowhere to go.
  EXPECT_TRUE(pseudo_attacks(BLACK, KNIGHT, SQ_32).empty());
  EXPECT_TRUE(pseudo_attacks(WHITE, PAWN, SQ_99).empty());
}

TEST(Attacks, ColoursMirrorEachOther) {
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
    for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
      Bitboard mirrored = Bitboard::zero();
      pseudo_attacks(BLACK, PieceType(pt), sq).for_each([&](Square s) { mirrored.set(flip(s)); });
      ASSERT_EQ(mirrored, pseudo_attacks(WHITE, PieceType(pt), flip(sq))) << pt << " " << int(sq);
    }
}

TEST(Attacks, BetweenAndLine) {
  EXPECT_EQ(between_bb(SQ_11, SQ_14), Bitboard::square(SQ_12) | Bitboard::square(SQ_13));
  EXPECT_EQ(between_bb(SQ_11, SQ_33), Bitboard::square(SQ_22));
  EXPECT_EQ(between_bb(SQ_19, SQ_91).popcount(), 7);
  EXPECT_TRUE(between_bb(SQ_11, SQ_12).empty());
  EXPECT_TRUE(between_bb(SQ_11, SQ_23).empty());  // a knight's jump is no line
  EXPECT_TRUE(line_bb(SQ_11, SQ_32).empty());
  EXPECT_EQ(line_bb(SQ_55, SQ_57), file_bb(FILE_5));
  EXPECT_EQ(line_bb(SQ_25, SQ_85), rank_bb(RANK_5));
  EXPECT_TRUE(aligned(SQ_11, SQ_99, SQ_55));
  EXPECT_FALSE(aligned(SQ_11, SQ_99, SQ_56));
  for (Square a = SQ_11; a < SQ_NB; ++a)
    for (Square b = SQ_11; b < SQ_NB; ++b) {
      ASSERT_EQ(between_bb(a, b), between_bb(b, a));
      ASSERT_EQ(line_bb(a, b), line_bb(b, a));
      if (a != b && line_bb(a, b)) {
        ASSERT_TRUE(line_bb(a, b).test(a) && line_bb(a, b).test(b));
        ASSERT_EQ(andnot(between_bb(a, b), line_bb(a, b)), Bitboard::zero());
        const Bitboard rook_between = walk_rook(a, Bitboard::square(b)) & walk_rook(b, Bitboard::square(a));
        const Bitboard bishop_between = walk_bishop(a, Bitboard::square(b)) & walk_bishop(b, Bitboard::square(a));
        const bool orthogonal = file_of(a) == file_of(b) || rank_of(a) == rank_of(b);
        ASSERT_EQ(between_bb(a, b), orthogonal ? rook_between : bishop_between);
      }
    }
}

}  // namespace
}  // namespace tsumi
