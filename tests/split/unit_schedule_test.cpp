#include "perft/split/unit_schedule.h"

#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi::split {
namespace {

const auto kNothingDone = [](std::uint64_t) { return false; };

TEST(UnitSchedule, EachRankStartsAtItsShareInListOrder) {
  UnitSchedule s(10, 3);  // shares [0,3) [3,6) [6,10)
  EXPECT_EQ(s.take(0, kNothingDone), 0u);
  EXPECT_EQ(s.take(1, kNothingDone), 3u);
  EXPECT_EQ(s.take(2, kNothingDone), 6u);
  EXPECT_EQ(s.take(2, kNothingDone), 7u);
  EXPECT_EQ(s.take(0, kNothingDone), 1u);
  EXPECT_EQ(s.left(), 5u);
}

TEST(UnitSchedule, OneRankTakesTheListInOrder) {
  UnitSchedule s(5, 1);
  for (std::uint64_t i = 0; i < 5; ++i) EXPECT_EQ(s.take(0, kNothingDone), i);
  EXPECT_EQ(s.take(0, kNothingDone), std::nullopt);
}

TEST(UnitSchedule, ARankThatRunsOutTakesTheBackHalfOfTheLargestRange) {
  UnitSchedule s(20, 2);  // [0,10) [10,20)
  for (int i = 0; i < 10; ++i) s.take(0, kNothingDone);
  EXPECT_EQ(s.take(1, kNothingDone), 10u);  // rank 1 now holds [11,20)
  EXPECT_EQ(s.take(0, kNothingDone), 15u);  // rank 0 takes [15,20), rank 1 keeps [11,15)
  EXPECT_EQ(s.take(1, kNothingDone), 11u);
  EXPECT_EQ(s.take(0, kNothingDone), 16u);
}

TEST(UnitSchedule, TheLastUnitOfARangeCanBeTaken) {
  UnitSchedule s(2, 2);
  EXPECT_EQ(s.take(0, kNothingDone), 0u);
  EXPECT_EQ(s.take(0, kNothingDone), 1u);  // rank 1's only unit, before rank 1 asks
  EXPECT_EQ(s.take(1, kNothingDone), std::nullopt);
}

TEST(UnitSchedule, SkippedUnitsAreNeverHandedOut) {
  std::vector<bool> done(100, false);
  for (std::size_t i = 0; i < done.size(); i += 3) done[i] = true;
  UnitSchedule s(done.size(), 4);
  std::set<std::uint64_t> handed;
  for (int rank = 0;; rank = (rank + 1) % 4) {
    auto u = s.take(rank, [&](std::uint64_t i) { return bool(done[i]); });
    if (!u) break;
    EXPECT_FALSE(done[*u]);
    EXPECT_TRUE(handed.insert(*u).second);
  }
  EXPECT_EQ(handed.size(), 66u);
}

TEST(UnitSchedule, EveryUnitOnceWhateverOrderRanksAsk) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint64_t n = rng() % 300;
    const int ranks = 1 + int(rng() % 9);
    UnitSchedule s(n, ranks);
    std::vector<int> seen(n, 0);
    std::vector<bool> finished(ranks, false);
    int finished_count = 0;
    while (finished_count < ranks) {
      const int r = int(rng() % ranks);
      if (finished[r]) continue;
      // A rank told there is nothing left stops asking, as tsumi-mpi's ranks do.
      if (auto u = s.take(r, kNothingDone)) {
        ASSERT_LT(*u, n);
        ++seen[*u];
      } else {
        finished[r] = true;
        ++finished_count;
      }
    }
    for (std::uint64_t i = 0; i < n; ++i)
      ASSERT_EQ(seen[i], 1) << "unit " << i << " of " << n << ", " << ranks << " ranks";
    EXPECT_EQ(s.left(), 0u);
  }
}

TEST(UnitSchedule, MoreRanksThanUnits) {
  UnitSchedule s(2, 5);
  std::set<std::uint64_t> handed;
  for (int r = 0; r < 5; ++r)
    if (auto u = s.take(r, kNothingDone)) handed.insert(*u);
  EXPECT_EQ(handed, (std::set<std::uint64_t>{0, 1}));
}

}  // namespace
}  // namespace tsumi::split
