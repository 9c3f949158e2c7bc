// Tests of solver/search_path.h: the repetition rule with hand dominance along the path, and segment keys.

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
  p.push(kB, hand(1, 1));
  // The child of the node at ply 1 is at ply 2: the root's side is to move again.
  EXPECT_EQ(p.repeated_ply(kA, hand(1, 1)), 0);
  EXPECT_EQ(p.repeated_ply(kC, hand(1, 1)), -1);
}

TEST(SearchPath, DominatedHandIsARepetition) {
  SearchPath p(16);
  p.reset(kA, hand(1, 2));
  p.push(kB, hand(1, 2));
  EXPECT_EQ(p.repeated_ply(kA, hand(1, 1)), 0);  // a pawn spent, the same board: no progress
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 0)), 0);
  EXPECT_EQ(p.repeated_ply(kA, hand(1, 3)), -1);  // a pawn won: progress
  EXPECT_EQ(p.repeated_ply(kA, hand(2, 0)), -1);  // incomparable hands
}

TEST(SearchPath, OnlyTheSameSideToMoveCounts) {
  SearchPath p(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0));
  p.push(kC, hand(0, 0));
  // A child of ply 2 is at ply 3: the node at ply 1 has its side to move, the root does not.
  EXPECT_EQ(p.repeated_ply(kB, hand(0, 0)), 1);
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 0)), -1);
}

TEST(SearchPath, NearestAncestorIsReported) {
  SearchPath p(16);
  p.reset(kA, hand(0, 3));
  p.push(kB, hand(0, 3));
  p.push(kA, hand(0, 2));
  p.push(kB, hand(0, 2));
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 1)), 2);  // both ancestors dominate: the nearer one
  EXPECT_EQ(p.repeated_ply(kA, hand(0, 3)), 0);
}

TEST(SearchPath, PopForgetsTheNode) {
  SearchPath p(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0));
  p.push(kC, hand(0, 0));
  EXPECT_EQ(p.repeated_ply(kB, hand(0, 0)), 1);
  p.pop();
  p.pop();
  p.push(kC, hand(0, 0));
  EXPECT_EQ(p.repeated_ply(kB, hand(0, 0)), -1);
  EXPECT_EQ(p.ply(), 1);
}

TEST(SearchPath, FilterCollisionStillComparesKeys) {
  SearchPath p(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0));
  const Key same_top_bits = kA ^ 0xff;  // the same filter slot, another board
  EXPECT_EQ(p.repeated_ply(same_top_bits, hand(0, 0)), -1);
}

// A segment's key names its positions, not their order nor what came before them: a disproof that
// relies on repetitions of those positions holds wherever they are all on the path (path_table.h).
TEST(SearchPath, SegmentKeysNameThePositionsNotTheirOrder) {
  constexpr Key kD = 0x4444444444444444ULL, kE = 0x5555555555555555ULL;
  SearchPath p(16), q(16);
  p.reset(kA, hand(0, 0));
  p.push(kB, hand(0, 0));
  p.push(kC, hand(0, 1));
  p.push(kD, hand(0, 0));
  q.reset(kE, hand(0, 0));  // another root and another way in
  q.push(kC, hand(0, 1));
  q.push(kB, hand(0, 0));
  q.push(kD, hand(0, 0));
  EXPECT_EQ(p.segment_key(1), q.segment_key(1));  // {B, C, D} on both
  EXPECT_NE(p.segment_key(0), q.segment_key(0));  // A against E
  EXPECT_NE(p.segment_key(2), q.segment_key(2));  // {C, D} against {B, D}
  EXPECT_EQ(p.segment_key(3), SearchPath::node_hash(kD, hand(0, 0)));
  // The child's key is the key it will have once pushed.
  const Key child = SearchPath::node_hash(kE, hand(1, 0));
  const Key before = p.child_segment_key(child, 2);
  p.push(kE, hand(1, 0));
  EXPECT_EQ(before, p.segment_key(2));
  p.pop();
  EXPECT_EQ(p.child_segment_key(child, 4), (p.segment_key(0) ^ child));  // from the root
}

TEST(SearchPath, NodeHashesTellHandsApart) {
  EXPECT_NE(SearchPath::node_hash(kA, hand(0, 0)), SearchPath::node_hash(kA, hand(0, 1)));
  EXPECT_NE(SearchPath::node_hash(kA, hand(0, 0)), SearchPath::node_hash(kB, hand(0, 0)));
  EXPECT_EQ(SearchPath::node_hash(kA, hand(1, 2)), SearchPath::node_hash(kA, hand(1, 2)));
}

}  // namespace
}  // namespace tsumi
