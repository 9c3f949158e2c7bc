#include "perft/split/work_units.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "perft/perft.h"
#include "tests/support/test_data.h"

namespace tsumi::split {
namespace {

using test::without_move_number;

// The positions `plies` below pos by their SFEN text, counted naively path by path: an oracle
// independent of packing and sorting.
void paths_by_sfen(Position& pos, int plies, std::map<std::string, std::uint64_t>& out) {
  if (plies == 0) {
    ++out[without_move_number(to_sfen(pos))];
    return;
  }
  MoveList moves;
  generate<LEGAL>(pos, moves);
  for (Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    paths_by_sfen(pos, plies - 1, out);
    pos.undo_move(m);
  }
}

std::map<std::string, std::uint64_t> units_by_sfen(const std::vector<WorkUnit>& units) {
  std::map<std::string, std::uint64_t> out;
  for (const WorkUnit& u : units) {
    PositionSetup setup;
    EXPECT_EQ(unpack(u.position, setup), std::nullopt);
    EXPECT_TRUE(out.emplace(without_move_number(to_sfen(setup)), u.multiplicity).second) << "a position twice";
  }
  return out;
}

TEST(PerftUnits, StartPositionCountsOfUnitsAndPaths) {
  test::SfenPosition start(kStartSfen);
  const std::pair<std::size_t, std::uint64_t> expected[] = {{1, 1}, {30, 30}, {900, 900}, {13560, 25470}};
  for (int k = 0; k < 4; ++k) {
    const auto units = enumerate_units(start.pos, k);
    EXPECT_EQ(units.size(), expected[k].first) << "split depth " << k;
    EXPECT_EQ(total_multiplicity(units), expected[k].second) << "split depth " << k;
  }
}

TEST(PerftUnits, AreTheDistinctPositionsWithTheirPathCounts) {
  for (const char* sfen :
       {kStartSfen.data(), "ln1g1g1nl/1ks2r3/1pppp1sp1/p4bp1p/9/P1P1SP2P/1PBPP1P2/2KS2R2/LN1G1G1NL b Pp 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"}) {
    test::SfenPosition root(sfen);
    const int deepest = std::string_view(sfen) == kStartSfen ? 3 : 2;  // the others have 100 moves or more
    for (int k = 1; k <= deepest; ++k) {
      std::map<std::string, std::uint64_t> expected;
      paths_by_sfen(root.pos, k, expected);
      const auto units = enumerate_units(root.pos, k);
      EXPECT_EQ(units_by_sfen(units), expected) << sfen << " split depth " << k;
      for (std::size_t i = 1; i < units.size(); ++i) EXPECT_LT(units[i - 1].position, units[i].position);
    }
  }
}

// perft(root, d) = sum of multiplicity * perft(unit, d - k), the statistics too.
TEST(PerftUnits, ScaledUnitCountsAddUpToThePerftOfTheRoot) {
  // Depth 4 from the start position, 3 from a middle game (3.5 million leaves, seconds under ASan).
  const std::pair<const char*, int> roots[] = {
      {kStartSfen.data(), 4}, {"ln1g1g1nl/1ks2r3/1pppp1sp1/p4bp1p/9/P1P1SP2P/1PBPP1P2/2KS2R2/LN1G1G1NL b Pp 1", 3}};
  for (const auto& [sfen, depth] : roots) {
    test::SfenPosition root(sfen);
    const PerftResult whole = perft_run(root.pos, depth, test::perft_options(1, nullptr, true));
    for (int k = 0; k < depth; ++k) {
      std::uint64_t nodes = 0;
      PerftStats stats;
      for (const WorkUnit& u : enumerate_units(root.pos, k)) {
        PositionSetup setup;
        ASSERT_EQ(unpack(u.position, setup), std::nullopt);
        test::SfenPosition unit(to_sfen(setup));
        const PerftResult r = perft_run(unit.pos, depth - k, test::perft_options(1, nullptr, true));
        nodes += r.nodes * u.multiplicity;
        stats.captures += r.stats.captures * u.multiplicity;
        stats.promotions += r.stats.promotions * u.multiplicity;
        stats.drops += r.stats.drops * u.multiplicity;
        stats.checks += r.stats.checks * u.multiplicity;
        stats.mates += r.stats.mates * u.multiplicity;
      }
      EXPECT_EQ(nodes, whole.nodes) << sfen << " split depth " << k;
      EXPECT_EQ(stats, whole.stats) << sfen << " split depth " << k;
    }
  }
}

TEST(PerftUnits, AMatedPositionHasNoUnitsBelowIt) {
  test::SfenPosition mated("8k/8G/8P/9/9/9/9/9/K8 w - 1");  // white is mated: no legal move
  EXPECT_EQ(enumerate_units(mated.pos, 1).size(), 0u);
  EXPECT_EQ(enumerate_units(mated.pos, 0).size(), 1u);
}

TEST(PerftUnits, TheDigestNamesTheList) {
  test::SfenPosition start(kStartSfen);
  auto units = enumerate_units(start.pos, 2);
  const std::uint64_t digest = units_digest(units);
  EXPECT_EQ(units_digest(enumerate_units(start.pos, 2)), digest);
  EXPECT_NE(units_digest(enumerate_units(start.pos, 1)), digest);
  std::swap(units[3], units[4]);
  EXPECT_NE(units_digest(units), digest);
  std::swap(units[3], units[4]);
  ++units[7].multiplicity;
  EXPECT_NE(units_digest(units), digest);
}

TEST(PerftUnits, TheDefaultSplitDepthIsBelowTheDepthAndAtMostFive) {
  EXPECT_EQ(default_split_depth(1), 0);
  for (int d = 2; d <= 64; ++d) {
    EXPECT_GE(default_split_depth(d), 1) << d;
    EXPECT_LT(default_split_depth(d), d) << d;
    EXPECT_LE(default_split_depth(d), 5) << d;
  }
}

}  // namespace
}  // namespace tsumi::split
