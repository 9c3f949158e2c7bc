#include "perft/split/dispatcher.h"

#include <cstdio>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/split/unit_lists.h"
#include "tests/support/test_data.h"

namespace tsumi::split {
namespace {

TEST(Dispatcher, HandsOutEveryUnitOnceAndTalliesThem) {
  const auto units = units_with({1, 2, 1, 1});
  PerftTally tally(units);
  Dispatcher d(units.size(), 2, tally, nullptr, false);
  std::set<std::uint64_t> handed;
  for (int rank = 0;; rank ^= 1) {
    const auto i = d.take(rank);
    if (!i) break;
    EXPECT_TRUE(handed.insert(*i).second) << *i;
    d.finish({*i, 10, {}});
  }
  EXPECT_EQ(handed.size(), 4u);
  EXPECT_TRUE(tally.complete());
  EXPECT_EQ(tally.nodes(), 50u);
  const Dispatcher::Snapshot s = d.snapshot();
  EXPECT_EQ(s.done, 4u);
  EXPECT_EQ(s.total, 4u);
  EXPECT_EQ(s.session_nodes, 50u);
  EXPECT_EQ(d.error(), std::nullopt);
}

// A resumed tally: its units are not handed out again, and this run's figures leave them out.
TEST(Dispatcher, ResumedUnitsAreNeitherHandedOutNorCountedAsThisRuns) {
  const auto units = units_with({1, 1, 1});
  PerftTally tally(units);
  ASSERT_EQ(tally.add({1, 7, {}}), std::nullopt);
  Dispatcher d(units.size(), 1, tally, nullptr, false);
  std::set<std::uint64_t> handed;
  while (const auto i = d.take(0)) {
    handed.insert(*i);
    d.finish({*i, 3, {}});
  }
  EXPECT_EQ(handed, (std::set<std::uint64_t>{0, 2}));
  const Dispatcher::Snapshot s = d.snapshot();
  EXPECT_EQ(s.done, 3u);
  EXPECT_EQ(s.session_units, 2u);
  EXPECT_EQ(s.session_nodes, 6u);
}

// The first error stays; after it nothing more is handed out or written to the checkpoint.
TEST(Dispatcher, AfterAnErrorNothingMoreIsHandedOutOrWritten) {
  const std::string path = test::removed_at_exit(test::temp_path("dispatcher.ckpt"));
  std::remove(path.c_str());
  CheckpointWriter writer;
  ASSERT_EQ(writer.create(path, {"root", 3, 1, false, 3, 1}), std::nullopt);
  const auto units = units_with({1, 1, 1});
  PerftTally tally(units);
  Dispatcher d(units.size(), 1, tally, &writer, false);
  d.finish({0, 5, {}});
  d.finish({0, 5, {}});  // twice: the tally refuses it, which is the run's error
  ASSERT_NE(d.error(), std::nullopt);
  const std::string first = *d.error();
  d.fail("later");
  EXPECT_EQ(d.error(), first);
  EXPECT_EQ(d.take(0), std::nullopt);
  d.finish({1, 5, {}});
  EXPECT_EQ(tally.done_count(), 1u);
  writer.sync();
  CheckpointContents c;
  ASSERT_EQ(read_checkpoint(test::read_file(path), c), std::nullopt);
  ASSERT_EQ(c.units.size(), 1u);
  EXPECT_EQ(c.units[0], (UnitCount{0, 5, {}}));
}

// Two threads share the book, as tsumi-mpi's loop and rank 0's counting thread do.
TEST(Dispatcher, TwoThreadsShareTheBook) {
  std::vector<WorkUnit> units(2000, WorkUnit{PackedPosition{}, 1});
  PerftTally tally(units);
  Dispatcher d(units.size(), 2, tally, nullptr, false);
  auto run = [&](int rank) {
    while (const auto i = d.take(rank)) d.finish({*i, 1, {}});
  };
  std::thread other(run, 1);
  run(0);
  other.join();
  EXPECT_EQ(d.error(), std::nullopt);
  EXPECT_TRUE(tally.complete());
  EXPECT_EQ(tally.nodes(), 2000u);
}

}  // namespace
}  // namespace tsumi::split
