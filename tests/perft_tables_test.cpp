#include "perft/perft_tables.h"

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

TEST(PerftTables, NoTableForZeroMegabytes) {
  const PerftTables t = make_perft_tables(0, false);
  EXPECT_FALSE(t.any());
  PerftOptions o;
  t.attach(o);
  EXPECT_EQ(o.table, nullptr);
  EXPECT_EQ(o.stats_table, nullptr);
  EXPECT_FALSE(make_perft_tables(0, true).any());
}

TEST(PerftTables, CountsOrStatisticsAsTheRunAsks) {
  const PerftTables counts = make_perft_tables(1, false);
  ASSERT_TRUE(counts.any());
  EXPECT_NE(counts.counts, nullptr);
  EXPECT_EQ(counts.stats, nullptr);
  const PerftTables stats = make_perft_tables(1, true);
  EXPECT_EQ(stats.counts, nullptr);
  EXPECT_NE(stats.stats, nullptr);
  PerftOptions o;
  stats.attach(o);
  EXPECT_EQ(o.table, nullptr);
  EXPECT_EQ(o.stats_table, stats.stats.get());
}

// The tables made here give the counts and statistics of the run without a table.
TEST(PerftTables, AttachedTablesKeepTheCounts) {
  test::SfenPosition start(kStartSfen);
  PerftOptions plain;
  plain.stats = true;
  const PerftResult expected = perft_run(start.pos, 4, plain);
  for (bool stats : {false, true}) {
    const PerftTables t = make_perft_tables(4, stats);
    PerftOptions o;
    o.stats = stats;
    t.attach(o);
    const PerftResult r = perft_run(start.pos, 4, o);
    EXPECT_EQ(r.nodes, expected.nodes) << stats;
    if (stats) {
      EXPECT_EQ(r.stats, expected.stats);
    }
  }
  EXPECT_EQ(expected.nodes, 719731u);
}

// The fronts turn std::bad_alloc into a message. (AddressSanitizer ends the process on such a request
// instead of failing it, so its build skips this.)
TEST(PerftTables, AnImpossibleSizeThrowsBadAlloc) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer aborts on an allocation this large";
#endif
  EXPECT_THROW(make_perft_tables(std::size_t(1) << 40, false), std::bad_alloc);
}

}  // namespace
}  // namespace tsumi
