// Tests of solver/child_stack.h: runs of children taken and given back last in, first out, in blocks
// that never move.

#include "solver/child_stack.h"

#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(ChildStack, RunsFollowEachOther) {
  ChildStack s;
  ExpandedChild* a = s.take(10);
  ExpandedChild* b = s.take(5);
  EXPECT_EQ(b, a + 10);
  EXPECT_EQ(s.blocks(), 1u);
}

TEST(ChildStack, ReleaseGivesTheRunBack) {
  ChildStack s;
  s.take(3);
  const ChildStack::Mark m = s.mark();
  ExpandedChild* a = s.take(100);
  s.release(m);
  EXPECT_EQ(s.take(100), a);  // the same memory again
}

TEST(ChildStack, FullBlockOpensAnotherAndRunsStayContiguous) {
  ChildStack s;
  ExpandedChild* first = s.take(ChildStack::kBlock - 10);
  first[0].pn = 77;
  ExpandedChild* next = s.take(20);  // does not fit in what is left: a new block
  EXPECT_EQ(s.blocks(), 2u);
  for (int i = 0; i < 20; ++i) next[i].pn = std::uint32_t(i);
  EXPECT_EQ(first[0].pn, 77u);  // earlier runs never move
  s.release(ChildStack::Mark{0, 0});
  s.take(ChildStack::kBlock - 10);
  s.take(20);
  EXPECT_EQ(s.blocks(), 2u);  // blocks are kept for the next deep path
}

TEST(ChildStack, DeepPathTakesMemoryByItsBranching) {
  ChildStack s;
  std::vector<ChildStack::Mark> marks;
  for (int ply = 0; ply < 4000; ++ply) {  // a long line with a few children a node
    marks.push_back(s.mark());
    s.take(3);
  }
  EXPECT_EQ(s.blocks(), 1u);
  while (!marks.empty()) {
    s.release(marks.back());
    marks.pop_back();
  }
  EXPECT_EQ(s.mark().used, 0u);
}

}  // namespace
}  // namespace tsumi
