// Tests of solver/search_counters.h: the profiles of a worker's expansions, by ply band and by the
// defender's drops in a row, and their sum over workers.

#include "solver/search_counters.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(SearchCounters, AnExpansionGoesToItsPlyBandAndItsRunOfDrops) {
  SearchCounters c;
  c.count_expansion(0, 0);
  c.count_expansion(63, 1);
  c.count_expansion(64, 2);
  c.count_expansion(5000, 20);  // past the last band and the last run: both in the last slot
  EXPECT_EQ(c.expansions, 4u);
  EXPECT_EQ(c.ply_sum, 0u + 63 + 64 + 5000);
  EXPECT_EQ(c.by_ply_band[0], 2u);
  EXPECT_EQ(c.by_ply_band[1], 1u);
  EXPECT_EQ(c.by_ply_band[SearchCounters::kPlyBands - 1], 1u);
  EXPECT_EQ(c.by_drop_chain[0], 1u);
  EXPECT_EQ(c.by_drop_chain[1], 1u);
  EXPECT_EQ(c.by_drop_chain[2], 1u);
  EXPECT_EQ(c.by_drop_chain[SearchCounters::kDropChains - 1], 1u);
}

TEST(SearchCounters, WorkersSumSlotBySlot) {
  SearchCounters a, b;
  a.count_expansion(10, 0);
  b.count_expansion(70, 3);
  b.count_expansion(71, 3);
  a += b;
  EXPECT_EQ(a.expansions, 3u);
  EXPECT_EQ(a.by_ply_band[0], 1u);
  EXPECT_EQ(a.by_ply_band[1], 2u);
  EXPECT_EQ(a.by_drop_chain[0], 1u);
  EXPECT_EQ(a.by_drop_chain[3], 2u);
}

}  // namespace
}  // namespace tsumi
