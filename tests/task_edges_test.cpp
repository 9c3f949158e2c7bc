// Tests of core/task_edges.h: the edges compile everywhere and hand data between threads the way the
// parallel loops use them (release before the tasks start, acquire in the task, and back).

#include "core/task_edges.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

constexpr char kSync = 0;

TEST(TaskEdges, HandDataToATaskAndBack) {
  std::vector<int> data(64, 0);
  for (int i = 0; i < 64; ++i) data[std::size_t(i)] = i;
  int sum = 0;
  tsan_release(&kSync);
  std::thread task([&data, &sum]() TSUMI_TSAN_UNCHECKED {
    tsan_acquire(&kSync);
    for (int v : data) sum += v;
    tsan_release(&kSync);
  });
  task.join();
  tsan_acquire(&kSync);
  EXPECT_EQ(sum, 64 * 63 / 2);
}

}  // namespace
}  // namespace tsumi
