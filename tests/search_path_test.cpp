// Tests of solver/search_path.h: the repetition rule with hand dominance along the path, and path keys.

#include "solver/search_path.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

constexpr Key kA = 0x1111111111111111ULL, kB = 0x2222222222222222ULL, kC = 0x3333333333333333ULL;

Hand hand(int rooks, int pawns) {
  Hand h;
  h.add(ROOK, rooks);
  h.add(PAWN, pawns);
  return h;
}

TEST(SearchPath, EmptyPathHasNoRepetition) {
  SearchPath p(16);
  p.reset(kA, hand(1, 0));
  EXPECT_EQ(p.ply(), 0);
  EXPECT_EQ(p.repeated_ply(kB, hand(1, 0)), -1);
}

TEST(SearchPath, ExactRepetitionGivesTheAncestorsPly) {
  SearchPath p(16);
  p.reset(kA, hand(1, 1));
  p.push(kB, hand(1, 1), 10);
  // The child of the node at ply 1 is at ply 2: the root's side is to move again.
  EXPECT_EQ(p.repeated_ply(kA, hand(1, 1)), 0);
  EXPECT_EQ(p.repeated_ply(kC, hand(1, 1)), -1);
}

TEST(SearchPath, DominatedHandIsARepetition) {
  SearchPath p(16);
  p.reset(kA, hand(1, 2));
  p.push(kB, hand(1, 2), 10);
  EXPECT_EQ(p.repeated_ply(kA, hand(1, 1)), 0);  // a pawn spent, the same board: no progress
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 0)), 0);
  EXPECT_EQ(p.repeated_ply(kA, hand(1, 3)), -1);  // a pawn won: progress
  EXPECT_EQ(p.repeated_ply(kA, hand(2, 0)), -1);  // incomparable hands
}

TEST(SearchPath, OnlyTheSameSideToMoveCounts) {
  SearchPath p(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0), 10);
  p.push(kC, hand(0, 0), 11);
  // A child of ply 2 is at ply 3: the node at ply 1 has its side to move, the root does not.
  EXPECT_EQ(p.repeated_ply(kB, hand(0, 0)), 1);
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 0)), -1);
}

TEST(SearchPath, NearestAncestorIsReported) {
  SearchPath p(16);
  p.reset(kA, hand(0, 3));
  p.push(kB, hand(0, 3), 1);
  p.push(kA, hand(0, 2), 2);
  p.push(kB, hand(0, 2), 3);
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 1)), 2);  // both ancestors dominate: the nearer one
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 3)), 0);
}

TEST(SearchPath, PopForgetsTheNode) {
  SearchPath p(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0), 1);
  p.push(kC, hand(0, 0), 2);
  EXPECT_EQ(p.repeated_ply(kB, hand(0, 0)), 1);
  p.pop();
  p.pop();
  p.push(kC, hand(0, 0), 3);
  EXPECT_EQ(p.repeated_ply(kB, hand(0, 0)), -1);
  EXPECT_EQ(p.ply(), 1);
}

TEST(SearchPath, FilterCollisionStillComparesKeys) {
  SearchPath p(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0), 1);
  const Key same_top_bits = kA ^ 0xff;  // the same filter slot, another board
  EXPECT_EQ(p.repeated_ply(same_top_bits, hand(0, 0)), -1);
}

TEST(SearchPath, PathKeysFollowTheMoves) {
  SearchPath p(16), q(16);
  p.reset(kA, hand(0, 0));
  q.reset(kA, hand(0, 0));
  const Key root = p.path_key();
  EXPECT_EQ(p.child_path_key(7), PathTable::extend(root, 7));
  p.push(kB, hand(0, 0), 7);
  q.push(kB, hand(0, 0), 8);  // the same node reached by another move
  EXPECT_EQ(p.path_key(), PathTable::extend(root, 7));
  EXPECT_NE(p.path_key(), q.path_key());
  p.pop();
  EXPECT_EQ(p.path_key(), root);
}

}  // namespace
}  // namespace tsumi
