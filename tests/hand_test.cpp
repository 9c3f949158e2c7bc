#include "core/hand.h"

#include <random>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

constexpr PieceType kHandTypes[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

TEST(Hand, FieldsAreIndependentUpToCapacity) {
  Hand h;
  for (PieceType pt : kHandTypes) h.set(pt, Hand::capacity(pt));
  for (PieceType pt : kHandTypes) EXPECT_EQ(h.count(pt), Hand::capacity(pt)) << int(pt);
  for (PieceType pt : kHandTypes) {
    h.remove(pt);
    EXPECT_EQ(h.count(pt), Hand::capacity(pt) - 1);
    for (PieceType other : kHandTypes) {
      if (other == pt) continue;
      EXPECT_EQ(h.count(other), Hand::capacity(other)) << int(pt) << " disturbed " << int(other);
    }
    h.add(pt);
  }
  EXPECT_EQ(Hand::capacity(PAWN), 18);
  EXPECT_EQ(Hand::capacity(ROOK), 2);
}

TEST(Hand, AddRemoveAndQueries) {
  Hand h;
  EXPECT_TRUE(h.empty());
  h.add(PAWN, 3);
  EXPECT_TRUE(h.has(PAWN));
  EXPECT_FALSE(h.has_except_pawn());
  h.add(BISHOP);
  EXPECT_TRUE(h.has_except_pawn());
  EXPECT_EQ(h.count(PAWN), 3);
  h.remove(PAWN, 3);
  EXPECT_FALSE(h.has(PAWN));
  EXPECT_EQ(h.count(BISHOP), 1);
  EXPECT_FALSE(h.empty());
}

TEST(Hand, DominanceEqualsFieldwiseComparison) {
  std::mt19937 rng(7);
  for (int i = 0; i < 200000; ++i) {
    Hand a, b;
    for (PieceType pt : kHandTypes) {
      a.set(pt, int(rng() % (Hand::capacity(pt) + 1)));
      b.set(pt, int(rng() % (Hand::capacity(pt) + 1)));
    }
    if (i % 3 == 0) b = a;  // equal hands dominate each other
    bool expected = true;
    for (PieceType pt : kHandTypes) expected &= a.count(pt) >= b.count(pt);
    ASSERT_EQ(a.dominates(b), expected) << std::hex << a.raw() << " " << b.raw();
  }
}

}  // namespace
}  // namespace tsumi
