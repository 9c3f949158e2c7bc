// Tests of perft/perft_buckets.h: the buckets of a perft table on the shared table memory, their count,
// the bucket a hash chooses, clearing, and the hashfull sample.

#include "perft/perft_buckets.h"

#include <cstdint>
#include <set>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

struct TestEntry {
  std::uint64_t check;
  std::uint64_t data;  // depth in the low byte, 0: empty
};
struct alignas(64) TestBucket {
  TestEntry entries[4];
};

TEST(PerftBuckets, AsManyBucketsAsTheMegabytesHoldAndAtLeastOne) {
  const PerftBuckets<TestBucket> one_mb(1);
  EXPECT_EQ(one_mb.count(), (std::size_t(1) << 20) / 64);
  EXPECT_EQ(one_mb.size_bytes(), std::size_t(1) << 20);
  EXPECT_EQ(PerftBuckets<TestBucket>::kWays, 4u);
  const PerftBuckets<TestBucket> none(0);
  EXPECT_EQ(none.count(), 1u);  // a one-bucket table: replacement on every store (the tables' tests)
  EXPECT_EQ(&none.at(0), &none.at(~std::uint64_t(0)));
}

TEST(PerftBuckets, HashesSpreadOverTheBuckets) {
  const PerftBuckets<TestBucket> b(1);
  std::set<const TestBucket*> seen;
  for (std::uint64_t i = 0; i < 1000; ++i) seen.insert(&b.at(mix64(i)));
  EXPECT_GT(seen.size(), 900u);
  for (const TestBucket* p : seen) {
    EXPECT_GE(p, &b[0]);
    EXPECT_LE(p, &b[b.count() - 1]);
  }
}

TEST(PerftBuckets, HashfullCountsTheSampleAndClearEmptiesIt) {
  PerftBuckets<TestBucket> b(1);
  EXPECT_EQ(b.hashfull(), 0);
  // The sample is the first 1000 entries: 250 buckets of 4. A quarter of them in use.
  for (std::size_t i = 0; i < 250; ++i) store_word(b[i].entries[1].data, 5 << 8 | 3);
  EXPECT_EQ(load_word(b[7].entries[1].data), std::uint64_t(5 << 8 | 3));
  EXPECT_EQ(b.hashfull(), 250);
  store_word(b[300].entries[0].data, 1);  // outside the sample
  EXPECT_EQ(b.hashfull(), 250);
  b.clear();
  EXPECT_EQ(b.hashfull(), 0);
  EXPECT_EQ(load_word(b[300].entries[0].data), 0u);
}

}  // namespace
}  // namespace tsumi
