// What a solve may spend (mate_limits.h): which time limits are limits, the first search's length limit,
// the book count's share of nodes, and the clock a solve runs by.

#include "solver/mate_limits.h"

#include <chrono>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "solver/mate_node.h"

namespace tsumi {
namespace {

TEST(MateLimits, ATimeLimitIsAPositiveNumberTheClockHolds) {
  MateLimits l;
  EXPECT_FALSE(l.timed());
  for (const double s : {0.001, 1.0, 3600.0}) {
    l.time_s = s;
    EXPECT_TRUE(l.timed()) << s;
  }
  for (const double s :
       {-1.0, MateLimits::kNoTimeLimitS, 1e300, std::numeric_limits<double>::infinity(), std::nan("")}) {
    l.time_s = s;
    EXPECT_FALSE(l.timed()) << s;
  }
}

TEST(MateLimits, TheFirstSearchIsWithinMaxLength) {
  MateLimits l;
  EXPECT_EQ(l.first_within(), kUnlimited);
  l.max_length = 11;
  EXPECT_EQ(l.first_within(), 11);
  l.max_length = int(kUnlimited) + 5;
  EXPECT_EQ(l.first_within(), kUnlimited);
  l.max_length = -3;
  EXPECT_EQ(l.first_within(), kUnlimited);
}

TEST(MateLimits, TheBookCountsShareOfNodes) {
  MateLimits untimed;
  // Untimed: kUntimedBookShare times the solve's nodes past them, at least kBookMinNodes.
  EXPECT_EQ(untimed.book_cap(1'000'000), 1'000'000 + std::uint64_t(MateLimits::kUntimedBookShare * 1'000'000));
  EXPECT_EQ(untimed.book_cap(100), 100 + MateLimits::kBookMinNodes);
  // Timed: none, unless a share is given.
  MateLimits timed;
  timed.time_s = 10;
  EXPECT_EQ(timed.book_cap(1'000'000), std::nullopt);
  timed.book_share = MateLimits::kPacedBookShare;
  EXPECT_EQ(timed.book_cap(1'000'000), 1'000'000 + std::uint64_t(MateLimits::kPacedBookShare * 1'000'000));
  // kBookShareNone lifts the cap, timed or not; a share of 0 leaves the minimum.
  untimed.book_share = MateLimits::kBookShareNone;
  EXPECT_EQ(untimed.book_cap(1'000'000), std::nullopt);
  untimed.book_share = 0;
  EXPECT_EQ(untimed.book_cap(1'000'000), 1'000'000 + MateLimits::kBookMinNodes);
  // A share past what a count holds stays a count.
  untimed.book_share = 1e30;
  EXPECT_EQ(untimed.book_cap(1'000'000), 1'000'000 + std::uint64_t(1e18));
}

TEST(SolveClock, TheDeadlineIsTheStartPlusTheLimit) {
  MateLimits l;
  const SolveClock untimed(l);
  EXPECT_FALSE(untimed.timed);
  EXPECT_EQ(untimed.deadline, untimed.start);
  l.time_s = 2.5;
  const SolveClock timed(l);
  EXPECT_TRUE(timed.timed);
  EXPECT_EQ(timed.deadline - timed.start, std::chrono::duration_cast<Clock::duration>(std::chrono::milliseconds(2500)));
  EXPECT_LE(timed.start, Clock::now());
}

}  // namespace
}  // namespace tsumi
