// Tests of perft/perft_stats.h: the statistics add field by field; and the deep rows of the published
// start-position statistics (shared/reference/README.md), at the depths
// TSUMI_STATS_MIN_DEPTH..TSUMI_STATS_MAX_DEPTH: depth 6 under the label deep (release builds in CI),
// depth 7 under `slow`. Depths 1-5 are in perft_test.

#include "perft/perft_stats.h"

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "perft/perft.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

TEST(PerftStats, AddFieldByField) {
  PerftStats a{1, 2, 3, 4, 5};
  a += PerftStats{10, 20, 30, 40, 50};
  EXPECT_EQ(a, (PerftStats{11, 22, 33, 44, 55}));
  EXPECT_FALSE(a == PerftStats{});
}

TEST(PerftStatsDeep, StartPositionMatchesThePublishedTable) {
  struct Row {
    int depth;
    std::uint64_t nodes, captures, promotions, drops, checks, mates;
  };
  constexpr std::uint64_t kUnpublished = UINT64_MAX;
  const Row rows[] = {
      {6, 547581517, 3387051, 1588324, kUnpublished, 1730177, 0},
      {7, 15086269607, 156289904, 78496954, 22189844, 79636812, 29},
  };
  const int min_depth = int(test::env_or("TSUMI_STATS_MIN_DEPTH", 6));
  const int max_depth = int(test::env_or("TSUMI_STATS_MAX_DEPTH", 6));
  test::SfenPosition p(kStartSfen);
  int checked = 0;
  for (const Row& row : rows) {
    if (row.depth < min_depth || row.depth > max_depth) continue;
    const PerftResult r = perft_run(p.pos, row.depth, test::perft_options(2, nullptr, true));
    EXPECT_EQ(r.nodes, row.nodes);
    EXPECT_EQ(r.stats.captures, row.captures);
    EXPECT_EQ(r.stats.promotions, row.promotions);
    if (row.drops != kUnpublished) {
      EXPECT_EQ(r.stats.drops, row.drops);
    }
    EXPECT_EQ(r.stats.checks, row.checks);
    EXPECT_EQ(r.stats.mates, row.mates);
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no depth selected";
}

}  // namespace
}  // namespace tsumi
