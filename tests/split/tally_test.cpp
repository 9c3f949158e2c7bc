#include "perft/split/tally.h"

#include <gtest/gtest.h>

#include "tests/split/unit_lists.h"

namespace tsumi::split {
namespace {

TEST(PerftTally, SumsTheCountsTimesTheirMultiplicities) {
  PerftTally t(units_with({1, 3, 2}));
  EXPECT_FALSE(t.complete());
  ASSERT_EQ(t.add({1, 100, {1, 2, 3, 4, 5}}), std::nullopt);
  ASSERT_EQ(t.add({0, 7, {1, 0, 0, 1, 1}}), std::nullopt);
  EXPECT_TRUE(t.done(0));
  EXPECT_FALSE(t.done(2));
  EXPECT_EQ(t.done_count(), 2u);
  ASSERT_EQ(t.add({2, 10, {0, 1, 0, 0, 0}}), std::nullopt);
  EXPECT_TRUE(t.complete());
  EXPECT_EQ(t.nodes(), 100u * 3 + 7 + 10 * 2);
  EXPECT_EQ(t.stats(), (PerftStats{4, 8, 9, 13, 16}));
}

TEST(PerftTally, RefusesAUnitTwiceOrOutOfRange) {
  PerftTally t(units_with({1, 1}));
  ASSERT_EQ(t.add({1, 5, {}}), std::nullopt);
  EXPECT_NE(t.add({1, 5, {}}), std::nullopt);
  EXPECT_NE(t.add({2, 5, {}}), std::nullopt);
  EXPECT_EQ(t.nodes(), 5u);
  EXPECT_EQ(t.done_count(), 1u);
}

TEST(PerftTally, ReportsAnOverflowInsteadOfWrapping) {
  PerftTally t(units_with({1, 2, 1}));
  ASSERT_EQ(t.add({0, UINT64_MAX - 10, {}}), std::nullopt);
  EXPECT_NE(t.add({1, UINT64_MAX / 2 + 1, {}}), std::nullopt);  // the product overflows
  EXPECT_NE(t.add({2, 11, {}}), std::nullopt);                  // the sum overflows
  EXPECT_EQ(t.nodes(), UINT64_MAX - 10);                        // unchanged by the refused units
  ASSERT_EQ(t.add({2, 10, {}}), std::nullopt);
  EXPECT_EQ(t.nodes(), UINT64_MAX);
  PerftTally s(units_with({3}));
  EXPECT_NE(s.add({0, 1, {0, 0, 0, 0, UINT64_MAX / 2}}), std::nullopt);  // a statistic overflows
  EXPECT_FALSE(s.done(0));
}

}  // namespace
}  // namespace tsumi::split
