#include "core/stopwatch.h"

#include <thread>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(Stopwatch, ElapsedTimeInMillisecondsAndSeconds) {
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const double ms = ms_since(start);
  const double s = seconds_since(start);
  EXPECT_GE(ms, 20.0);
  EXPECT_GE(s * 1000.0, ms);
  EXPECT_LT(ms, 60'000.0);
}

TEST(Stopwatch, NodesPerSecond) {
  EXPECT_EQ(nodes_per_second(1'000'000, 500.0), 2'000'000u);
  EXPECT_EQ(nodes_per_second(123, 1000.0), 123u);
  EXPECT_EQ(nodes_per_second(5, 0.0), 0u);
  EXPECT_EQ(nodes_per_second(5, -1.0), 0u);
}

}  // namespace
}  // namespace tsumi
