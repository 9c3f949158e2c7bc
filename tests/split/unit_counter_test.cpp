#include "perft/split/unit_counter.h"

#include <stdexcept>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "perft/split/work_units.h"
#include "tests/support/test_data.h"

namespace tsumi::split {
namespace {

// A unit's counts are the perft of its position, with or without the table and on several threads;
// the table is kept across units (the second pass over the same units reuses it).
TEST(UnitCounter, CountsAUnitAsPerftOfItsPosition) {
  test::SfenPosition start(kStartSfen);
  const std::vector<WorkUnit> units = enumerate_units(start.pos, 2);
  ASSERT_EQ(units.size(), 900u);
  for (const auto& [threads, hash_mb, stats] : {std::tuple{1, 0, false}, {2, 4, false}, {2, 4, true}}) {
    const UnitCounter counter(threads, std::size_t(hash_mb), stats);
    for (int pass = 0; pass < 2; ++pass) {
      for (std::uint64_t i : {std::uint64_t(0), std::uint64_t(457), std::uint64_t(899)}) {
        PositionSetup setup;
        ASSERT_EQ(unpack(units[i].position, setup), std::nullopt);
        test::SfenPosition unit(to_sfen(setup));
        PerftOptions plain;
        plain.stats = stats;
        const PerftResult expected = perft_run(unit.pos, 2, plain);
        const UnitCount c = counter.count(i, units[i].position, 2);
        EXPECT_EQ(c.index, i);
        EXPECT_EQ(c.nodes, expected.nodes) << threads << " " << hash_mb << " " << stats;
        EXPECT_EQ(c.stats, stats ? expected.stats : PerftStats{});
      }
    }
  }
}

TEST(UnitCounter, RefusesWordsThatAreNoPosition) {
  const UnitCounter counter(1, 0, false);
  PackedPosition bad;
  bad.words.fill(~std::uint64_t(0));
  try {
    counter.count(5, bad, 1);
    FAIL() << "no exception";
  } catch (const std::logic_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("unit 5: ", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace tsumi::split
