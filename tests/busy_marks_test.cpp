// Tests of solver/busy_marks.h: marks count the workers inside a node, tell hands apart, and balance
// to zero when threads enter and leave at once.

#include "solver/busy_marks.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(BusyMarks, CountsWorkersInsideANode) {
  BusyMarks marks;
  const Key node = BusyMarks::node_key(0x123456789abcdef0ULL, 5);
  EXPECT_EQ(marks.count(node), 0u);
  marks.enter(node);
  EXPECT_EQ(marks.count(node), 1u);
  marks.enter(node);
  EXPECT_EQ(marks.count(node), 2u);
  marks.leave(node);
  marks.leave(node);
  EXPECT_EQ(marks.count(node), 0u);
}

TEST(BusyMarks, TheHandIsPartOfTheNode) {
  const Key board = 0x0f1e2d3c4b5a6978ULL;
  EXPECT_NE(BusyMarks::node_key(board, 1), BusyMarks::node_key(board, 2));
  BusyMarks marks;
  marks.enter(BusyMarks::node_key(board, 1));
  int elsewhere = 0;  // another hand of the board lands in another slot (all but a 2^-16 chance each)
  for (std::uint32_t h = 2; h < 40; ++h) elsewhere += marks.count(BusyMarks::node_key(board, h)) == 0;
  EXPECT_GE(elsewhere, 37);
}

// The slots grow with the workers past 16, so that their paths' marks stay sparse.
TEST(BusyMarks, SlotsGrowWithTheWorkers) {
  EXPECT_EQ(BusyMarks().slots(), BusyMarks::kMinSlots);
  EXPECT_EQ(BusyMarks(16).slots(), BusyMarks::kMinSlots);
  EXPECT_EQ(BusyMarks(64).slots(), std::size_t(1) << 18);
  EXPECT_EQ(BusyMarks(65).slots(), std::size_t(1) << 19);
  BusyMarks wide(64);
  const Key node = BusyMarks::node_key(0xfedcba9876543210ULL, 3);
  wide.enter(node);
  EXPECT_EQ(wide.count(node), 1u);
  wide.leave(node);
  EXPECT_EQ(wide.count(node), 0u);
}

TEST(BusyMarks, ConcurrentEnterAndLeaveBalance) {
  BusyMarks marks;
  constexpr int kThreads = 4;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&marks, t] {
      for (std::uint64_t i = 0; i < 20000; ++i) {
        const Key node = BusyMarks::node_key(i % 64 * 0x9e3779b97f4a7c15ULL, std::uint32_t(t));
        marks.enter(node);
        marks.enter(BusyMarks::node_key(7, 0));
        marks.leave(node);
        marks.leave(BusyMarks::node_key(7, 0));
      }
    });
  for (std::thread& th : threads) th.join();
  for (std::uint64_t i = 0; i < 64; ++i)
    for (int t = 0; t < kThreads; ++t)
      EXPECT_EQ(marks.count(BusyMarks::node_key(i * 0x9e3779b97f4a7c15ULL, std::uint32_t(t))), 0u);
  EXPECT_EQ(marks.count(BusyMarks::node_key(7, 0)), 0u);
}

}  // namespace
}  // namespace tsumi
