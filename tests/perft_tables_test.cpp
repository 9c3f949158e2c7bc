#include "perft/perft_tables.h"

#include <string>

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

// A size the machine cannot give is refused before anything is mapped, with the sizes in the message
// (core/table_memory.h), for both kinds of table; the fronts print it.
TEST(PerftTables, AnImpossibleSizeIsRefusedWithItsSize) {
  for (const bool stats : {false, true}) {
    try {
      (void)make_perft_tables(std::size_t(1) << 40, stats);
      FAIL() << "a table of 2^40 MiB was made";
    } catch (const TableMemoryError& e) {
      EXPECT_NE(std::string(e.what()).find("1099511627776 MB hash table does not fit"), std::string::npos) << e.what();
    }
  }
}

// The tables stand on the memory of core/table_memory.h (huge pages where the system gives them).
TEST(PerftTables, OnTheSharedTableMemory) {
  const PerftTables counts = make_perft_tables(4, false), stats = make_perft_tables(4, true);
  EXPECT_EQ(counts.counts->memory().bytes(), counts.counts->size_bytes());
  EXPECT_EQ(stats.stats->memory().bytes(), stats.stats->size_bytes());
  const std::string pages = counts.counts->memory().huge_pages();
  EXPECT_TRUE(pages == "explicit" || pages == "transparent" || pages == "none") << pages;
}

}  // namespace
}  // namespace tsumi
