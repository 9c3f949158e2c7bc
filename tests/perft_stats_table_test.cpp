#include "perft/perft_stats_table.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

PerftStats stats_of(std::uint64_t seed) { return {seed, seed + 1, seed + 2, seed + 3, seed % 7}; }

TEST(PerftStatsTable, SizeFollowsTheMegabytes) {
  EXPECT_EQ(PerftStatsTable(1).size_bytes(), std::size_t(1) << 20);
  EXPECT_EQ(PerftStatsTable(0).bucket_count(), 1u);
  EXPECT_EQ(PerftStatsTable(3).bucket_count(), (std::size_t(3) << 20) / 128);
}

TEST(PerftStatsTable, StoresAndFindsCountsWithTheirStatistics) {
  PerftStatsTable t(1);
  std::uint64_t nodes = 0;
  PerftStats stats;
  EXPECT_FALSE(t.probe(42, 7, 3, nodes, stats));
  t.store(42, 7, 3, 123456789, stats_of(1000));
  ASSERT_TRUE(t.probe(42, 7, 3, nodes, stats));
  EXPECT_EQ(nodes, 123456789u);
  EXPECT_EQ(stats, stats_of(1000));
  EXPECT_FALSE(t.probe(42, 7, 4, nodes, stats)) << "another depth";
  EXPECT_FALSE(t.probe(42, 8, 3, nodes, stats)) << "another fingerprint";
  EXPECT_GT(t.hashfull(), -1);
  t.clear();
  EXPECT_FALSE(t.probe(42, 7, 3, nodes, stats));
  EXPECT_EQ(t.hashfull(), 0);
}

TEST(PerftStatsTable, RefusesWhatItCannotHold) {
  PerftStatsTable t(1);
  std::uint64_t nodes = 0;
  PerftStats stats;
  t.store(1, 1, 0, 5, {});
  EXPECT_FALSE(t.probe(1, 1, 0, nodes, stats));
  t.store(1, 1, 300, 5, {});
  EXPECT_FALSE(t.probe(1, 1, 300, nodes, stats));
  t.store(1, 1, 2, std::uint64_t(1) << 56, {});
  EXPECT_FALSE(t.probe(1, 1, 2, nodes, stats));
}

// One bucket: the first entry keeps the biggest subtree stored, the second takes every other store.
TEST(PerftStatsTable, TheFirstEntryKeepsTheBiggerSubtreeTheSecondAlwaysReplaces) {
  PerftStatsTable t(0);
  std::uint64_t nodes = 0;
  PerftStats stats;
  t.store(1, 1, 2, 5000, stats_of(1));  // first entry
  t.store(2, 2, 2, 100, stats_of(2));   // smaller: second entry
  t.store(3, 3, 2, 200, stats_of(3));   // smaller: replaces the second
  EXPECT_TRUE(t.probe(1, 1, 2, nodes, stats));
  EXPECT_FALSE(t.probe(2, 2, 2, nodes, stats));
  ASSERT_TRUE(t.probe(3, 3, 2, nodes, stats));
  EXPECT_EQ(stats, stats_of(3));
  t.store(4, 4, 2, 6000, stats_of(4));  // bigger: replaces the first
  EXPECT_FALSE(t.probe(1, 1, 2, nodes, stats));
  ASSERT_TRUE(t.probe(4, 4, 2, nodes, stats));
  EXPECT_EQ(nodes, 6000u);
  EXPECT_TRUE(t.probe(3, 3, 2, nodes, stats));
  EXPECT_EQ(t.hashfull(), 1000);
}

// Threads storing and probing one bucket at once: every hit returns exactly what was stored with that
// key, all six counts (a torn entry fails its check instead).
TEST(PerftStatsTable, ConcurrentStoresNeverGiveWrongCounts) {
  PerftStatsTable t(0);
  constexpr int kThreads = 4, kRounds = 20000;
  std::vector<std::thread> workers;
  std::vector<int> wrong(kThreads, 0), hits(kThreads, 0);
  for (int w = 0; w < kThreads; ++w)
    workers.emplace_back([&, w] {
      for (int i = 0; i < kRounds; ++i) {
        const std::uint64_t k = std::uint64_t(i % 8 + 1);
        t.store(k, k * 0x9e3779b97f4a7c15ULL, 3, k * 1000 + std::uint64_t(w), stats_of(k * 10 + std::uint64_t(w)));
        std::uint64_t nodes = 0;
        PerftStats stats;
        const std::uint64_t probe = std::uint64_t((i * 7 + w) % 8 + 1);
        if (t.probe(probe, probe * 0x9e3779b97f4a7c15ULL, 3, nodes, stats)) {
          ++hits[w];
          const std::uint64_t writer = nodes - probe * 1000;  // which thread stored it
          wrong[w] += writer >= kThreads || stats != stats_of(probe * 10 + writer);
        }
      }
    });
  for (std::thread& th : workers) th.join();
  for (int w = 0; w < kThreads; ++w) {
    EXPECT_EQ(wrong[w], 0);
    EXPECT_GT(hits[w], 0);
  }
}

}  // namespace
}  // namespace tsumi
