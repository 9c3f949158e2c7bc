// Tests of solver/search_counters.h: the profiles of a worker's expansions, by ply band and by the
// defender's drops in a row, the re-expansions by ply band, their sum over workers and what was counted
// since an earlier copy.

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

TEST(SearchCounters, AReexpansionGoesToItsPlyBand) {
  SearchCounters c;
  c.count_reexpansion(3);
  c.count_reexpansion(64);
  c.count_reexpansion(100000);
  EXPECT_EQ(c.reexpansions, 3u);
  EXPECT_EQ(c.reexpanded_by_ply_band[0], 1u);
  EXPECT_EQ(c.reexpanded_by_ply_band[1], 1u);
  EXPECT_EQ(c.reexpanded_by_ply_band[SearchCounters::kPlyBands - 1], 1u);
}

TEST(SearchCounters, SinceAnEarlierCopyIsWhatCameAfterIt) {
  SearchCounters c;
  c.count_expansion(10, 1);
  c.count_reexpansion(10);
  c.child_searches = 5, c.switches = 2, c.merges = 1;
  const SearchCounters earlier = c;
  c.count_expansion(200, 0);
  c.count_reexpansion(200);
  c.child_searches = 9, c.switches = 3, c.merges = 1;
  const SearchCounters d = c.since(earlier);
  EXPECT_EQ(d.expansions, 1u);
  EXPECT_EQ(d.ply_sum, 200u);
  EXPECT_EQ(d.by_ply_band[0], 0u);
  EXPECT_EQ(d.by_ply_band[3], 1u);
  EXPECT_EQ(d.by_drop_chain[1], 0u);
  EXPECT_EQ(d.by_drop_chain[0], 1u);
  EXPECT_EQ(d.reexpansions, 1u);
  EXPECT_EQ(d.reexpanded_by_ply_band[0], 0u);
  EXPECT_EQ(d.reexpanded_by_ply_band[3], 1u);
  EXPECT_EQ(d.child_searches, 4u);
  EXPECT_EQ(d.switches, 1u);
  EXPECT_EQ(d.merges, 0u);
  // And back: the earlier copy plus what came after is the whole.
  SearchCounters whole = earlier;
  whole += d;
  EXPECT_EQ(whole.expansions, c.expansions);
  EXPECT_EQ(whole.reexpanded_by_ply_band, c.reexpanded_by_ply_band);
  EXPECT_EQ(whole.switches, c.switches);
}

}  // namespace
}  // namespace tsumi
