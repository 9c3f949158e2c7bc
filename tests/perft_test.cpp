#include "core/perft.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "tests/support/reference_rules.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;

TEST(Perft, StartPositionShallow) {
  SfenPosition p(kStartSfen);
  EXPECT_EQ(perft(p.pos, 0), 1u);
  EXPECT_EQ(perft(p.pos, 1), 30u);
  EXPECT_EQ(perft(p.pos, 2), 900u);
  EXPECT_EQ(perft(p.pos, 3), 25470u);
  EXPECT_EQ(to_sfen(p.pos), std::string(kStartSfen)) << "perft must leave the position as it found it";
}

TEST(Perft, DivideSumsToPerftOverTheLegalMoves) {
  for (const PerftSuiteEntry& e : test::perft_suite()) {
    SfenPosition p(e.sfen);
    const auto divide = perft_divide(p.pos, 2);
    MoveList legal;
    generate<LEGAL>(p.pos, legal);
    ASSERT_EQ(divide.size(), legal.size()) << e.id;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < divide.size(); ++i) {
      EXPECT_EQ(divide[i].move, legal[i]);
      sum += divide[i].nodes;
    }
    EXPECT_EQ(sum, perft(p.pos, 2)) << e.id;
  }
}

TEST(Perft, MatchesTheOracleOnTsumeProblems) {
  // Kingless attackers and full defender hands, at depth 2, against the independent oracle.
  const auto sfens = test::tsume_sfens();
  for (std::size_t i = 0; i < sfens.size(); i += 5) {
    SfenPosition p(sfens[i], test::kTsumeLeniency);
    ASSERT_EQ(perft(p.pos, 2), reference::perft(sfens[i], 2)) << sfens[i];
  }
}

}  // namespace
}  // namespace tsumi
