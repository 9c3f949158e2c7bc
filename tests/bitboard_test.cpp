#include "core/bitboard.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

__extension__ typedef unsigned __int128 U128;

// The bitboard read as one 128-bit integer (bit 63 of the low half is the unused hole).
U128 as_u128(Bitboard b) { return (U128(b.part(1)) << 64) | b.part(0); }

Bitboard random_bitboard(std::mt19937_64& rng) { return Bitboard(rng(), rng()) & kAllSquares; }

TEST(Bitboard, SquaresMapToTheDocumentedBits) {
  EXPECT_EQ(Bitboard::square(SQ_11), Bitboard(1, 0));
  EXPECT_EQ(Bitboard::square(SQ_79), Bitboard(std::uint64_t(1) << 62, 0));
  EXPECT_EQ(Bitboard::square(SQ_81), Bitboard(0, 1));
  EXPECT_EQ(Bitboard::square(SQ_99), Bitboard(0, std::uint64_t(1) << 17));
  EXPECT_EQ(kAllSquares.popcount(), 81);
  Bitboard b = Bitboard::zero();
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    EXPECT_FALSE(b.test(sq));
    b.set(sq);
    EXPECT_TRUE(b.test(sq));
  }
  EXPECT_EQ(b, kAllSquares);
  b.clear(SQ_55);
  EXPECT_FALSE(b.test(SQ_55));
  EXPECT_EQ(b.popcount(), 80);
}

TEST(Bitboard, FilesAndRanksHaveNineSquares) {
  Bitboard all = Bitboard::zero();
  for (int f = 0; f < FILE_NB; ++f) {
    EXPECT_EQ(file_bb(File(f)).popcount(), 9);
    EXPECT_EQ(file_bb(File(f)) & rank_bb(RANK_5), Bitboard::square(make_square(File(f), RANK_5)));
    all |= file_bb(File(f));
  }
  for (int r = 0; r < RANK_NB; ++r) EXPECT_EQ(rank_bb(Rank(r)).popcount(), 9);
  EXPECT_EQ(all, kAllSquares);
  EXPECT_EQ(kPromotionZone[BLACK].popcount(), 27);
  EXPECT_EQ(kLastTwoRanks[WHITE], rank_bb(RANK_8) | rank_bb(RANK_9));
}

TEST(Bitboard, IterationVisitsSquaresInIncreasingOrder) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000; ++i) {
    const Bitboard b = random_bitboard(rng);
    std::vector<Square> via_pop, via_each;
    for (Bitboard x = b; x;) via_pop.push_back(x.pop_lsb());
    b.for_each([&](Square sq) { via_each.push_back(sq); });
    ASSERT_EQ(via_pop, via_each);
    ASSERT_EQ(int(via_pop.size()), b.popcount());
    for (std::size_t k = 1; k < via_pop.size(); ++k) ASSERT_LT(via_pop[k - 1], via_pop[k]);
    if (b) {
      ASSERT_EQ(b.lsb(), via_pop.front());
    }
    ASSERT_EQ(b.more_than_one(), b.popcount() > 1);
  }
}

TEST(Bitboard, LogicMatchesPlainIntegers) {
  std::mt19937_64 rng(2);
  for (int i = 0; i < 10000; ++i) {
    const Bitboard a = random_bitboard(rng), b = random_bitboard(rng);
    const U128 x = as_u128(a), y = as_u128(b);
    ASSERT_EQ(as_u128(a & b), x & y);
    ASSERT_EQ(as_u128(a | b), x | y);
    ASSERT_EQ(as_u128(a ^ b), x ^ y);
    ASSERT_EQ(as_u128(andnot(a, b)), x & ~y);
    ASSERT_EQ(a.intersects(b), (x & y) != 0);
    ASSERT_EQ((a & b).empty(), (x & y) == 0);
  }
}

TEST(Bitboard, DecrementBorrowsAcrossTheHalves) {
  std::mt19937_64 rng(3);
  std::vector<Bitboard> cases = {Bitboard(0, 1), Bitboard(0, 0x3ffff), Bitboard(1, 0), Bitboard(0, 0),
                                 Bitboard(std::uint64_t(1) << 62, 5)};
  for (int i = 0; i < 1000; ++i) cases.push_back(Bitboard(rng() & 3 ? rng() : 0, rng()));
  for (Bitboard b : cases) ASSERT_EQ(as_u128(b.decrement()), as_u128(b) - 1);
}

TEST(Bitboard, ByteReverseIsAnInvolutionOverTheBytes) {
  std::mt19937_64 rng(4);
  for (int i = 0; i < 1000; ++i) {
    const Bitboard b(rng(), rng());
    const Bitboard r = b.byte_reverse();
    ASSERT_EQ(r.byte_reverse(), b);
    for (int byte = 0; byte < 16; ++byte)
      ASSERT_EQ(std::uint8_t(as_u128(r) >> (8 * byte)), std::uint8_t(as_u128(b) >> (8 * (15 - byte))));
  }
}

TEST(Bitboard, ForwardShiftMovesOneRank) {
  const Bitboard b = Bitboard::square(SQ_57) | Bitboard::square(SQ_83) | Bitboard::square(SQ_11);
  EXPECT_EQ(shift_forward<BLACK>(b), Bitboard::square(SQ_56) | Bitboard::square(SQ_82));
  EXPECT_EQ(shift_forward<WHITE>(b), Bitboard::square(SQ_58) | Bitboard::square(SQ_84) | Bitboard::square(SQ_12));
  EXPECT_TRUE(shift_forward<WHITE>(Bitboard::square(SQ_99)).empty());
  EXPECT_TRUE(shift_forward<BLACK>(Bitboard::square(SQ_91)).empty());
}

}  // namespace
}  // namespace tsumi
