// Tests of solver/book_line.h: the composers' order of a defender's lines, and the book's line a solve
// prints with it.

#include "solver/book_line.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/usi.h"
#include "solver/mate_solver.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

TEST(BookLine, TwoPliesMoreThatLeaveAPieceLoseToALineThatLeavesNothing) {
  // 2手変長駒余り: 13 plies that leave a piece weigh 11, as the clean 11, and lose to it.
  EXPECT_EQ(weighed_plies({1, 13}), 11);
  EXPECT_EQ(weighed_plies({0, 11}), 11);
  EXPECT_TRUE(defender_prefers({0, 11}, {1, 13}));
  EXPECT_FALSE(defender_prefers({1, 13}, {0, 11}));
  // Four plies more are still the longer defence (変長: the problem is flawed, the longer line stands).
  EXPECT_TRUE(defender_prefers({1, 15}, {0, 11}));
  EXPECT_TRUE(defender_prefers({3, 41}, {0, 3}));
  // Among lines that leave pieces, at equal weight, fewer pieces first.
  EXPECT_TRUE(defender_prefers({1, 13}, {2, 13}));
  // Otherwise the longer.
  EXPECT_TRUE(defender_prefers({0, 13}, {0, 11}));
  EXPECT_TRUE(defender_prefers({2, 13}, {2, 11}));
  EXPECT_FALSE(defender_prefers({0, 11}, {0, 11}));  // a strict order: the first of equals stays
}

// The public problem with this id solved untimed, one thread, on a fresh table.
std::optional<MateResult> solved_with_id(std::string_view id) {
  const MateSuiteEntry* e = test::tsume_entry(id);
  if (!e) return std::nullopt;
  const auto problem = test::tsume_problem(e->sfen);
  if (!problem) return std::nullopt;
  MateSolver solver(16);
  return solver.solve(*problem, MateLimits{});
}

std::vector<std::string> usi_moves(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_usi(m));
  return out;
}

// tanuki9-5: 7 plies counting every defence, the defender's longest defence being the far drop P*3b
// that the dragon takes (3b2a 1a1b 4a4b+ P*3b 4b3b 1b1c 3b2b), which leaves the pawn in hand. The king
// step 1b1c instead is mated at once and leaves nothing: the book's line is 5 plies, as shtsume prints
// it (v1.2.7e: 3b2a 1a1b 4a4b+ 1b1c 4b2b).
TEST(BookLine, ADefenceThatLeavesNothingIsChosenOverALongerOneThatLeavesAPiece) {
  const auto solved = solved_with_id("tanuki9-5");
  ASSERT_TRUE(solved);
  const MateResult& r = *solved;
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  EXPECT_EQ(r.length, 7);
  EXPECT_FALSE(r.leftover.empty());  // the main line by length keeps the pawn
  EXPECT_EQ(r.futile_minimax, 7);    // the longest defences as books count them
  EXPECT_EQ(r.futile_length, 5);
  EXPECT_FALSE(r.futile_proven);  // the order shortened the search's length
  EXPECT_EQ(usi_moves(r.futile_pv), (std::vector<std::string>{"3b2a", "1a1b", "4a4b+", "1b1c", "4b2b"}));
  EXPECT_TRUE(r.futile_leftover.empty());
}

// Where the longest defence leaves nothing, the order keeps it: antma's futile-drop problem is a mate in
// one as books count it, proven.
TEST(BookLine, TheOrderKeepsALongestDefenceThatLeavesNothing) {
  const auto solved = solved_with_id("tanuki7-22");
  ASSERT_TRUE(solved);
  const MateResult& r = *solved;
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  EXPECT_EQ(r.futile_length, r.futile_minimax);
  EXPECT_TRUE(r.futile_proven);
  EXPECT_TRUE(r.leftover.empty());
}

}  // namespace
}  // namespace tsumi
