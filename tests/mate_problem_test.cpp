#include "solver/mate_problem.h"

#include <string>

#include <gtest/gtest.h>

#include "core/sfen.h"

namespace tsumi {
namespace {

PositionSetup setup_of(const std::string& sfen) {
  const auto s = parse_sfen(sfen);
  EXPECT_TRUE(s.ok()) << sfen << ": " << (s.ok() ? "" : s.error().describe());
  return s.ok() ? s.value() : PositionSetup{};
}

MateProblem problem_of(const std::string& sfen) {
  const auto p = make_mate_problem(setup_of(sfen));
  EXPECT_TRUE(p.ok()) << sfen << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? p.value() : MateProblem{};
}

// The fronts read a problem's SFEN with a leading "sfen " and spaces, as USI and copied text give it.
TEST(MateProblem, TheSfenPrefixIsStripped) {
  EXPECT_EQ(strip_sfen_prefix("sfen 9/9/9/9/9/9/9/9/9 b - 1"), "9/9/9/9/9/9/9/9/9 b - 1");
  EXPECT_EQ(strip_sfen_prefix("   sfen 9/9 b - 1"), "9/9 b - 1");
  EXPECT_EQ(strip_sfen_prefix("startpos"), "startpos");
  EXPECT_EQ(strip_sfen_prefix("sfen"), "sfen");  // the word alone is not a prefix
  EXPECT_EQ(strip_sfen_prefix(""), "");
}

// Published problems with two pawns of a colour on a file are read; the rules' SFEN refuses them.
TEST(MateProblem, TheTsumeSfenAllowsTwoPawnsOnAFile) {
  const std::string nifu = "8k/9/9/9/9/9/8P/8P/9 b G 1";
  EXPECT_FALSE(parse_sfen(nifu).ok());
  const auto setup = parse_sfen(nifu, kTsumeLeniency);
  ASSERT_TRUE(setup.ok()) << setup.error().describe();
  EXPECT_TRUE(make_mate_problem(setup.value()).ok());
}

TEST(MateProblem, DefenderHandCompletedToTheFullSet) {
  const MateProblem p = problem_of("4k4/9/4P4/9/9/9/9/9/9 b G 1");
  EXPECT_EQ(to_sfen(p.setup), "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
  EXPECT_EQ(p.attacker, BLACK);
}

TEST(MateProblem, PromotedPiecesCountAsTheirKind) {
  // A dragon and a tokin on the board: white gets one rook and 17 pawns, not two and 18.
  const MateProblem p = problem_of("4k4/9/4+P4/9/9/9/9/9/+R8 b - 1");
  EXPECT_EQ(p.setup.hands[WHITE].count(ROOK), 1);
  EXPECT_EQ(p.setup.hands[WHITE].count(PAWN), 17);
  EXPECT_EQ(p.setup.hands[BLACK].count(ROOK), 0);
}

TEST(MateProblem, ListedDefenderHandUnchanged) {
  for (const char* sfen : {"9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"})
    EXPECT_EQ(to_sfen(problem_of(sfen).setup), sfen);
}

TEST(MateProblem, AttackerIsTheSideToMove) {
  EXPECT_EQ(problem_of("4k4/9/4P4/9/9/9/9/9/9 b G 1").attacker, BLACK);
  // White attacks a black king: black gets the rest.
  const MateProblem w = problem_of("9/9/9/9/9/9/4p4/9/4K4 w g 1");
  EXPECT_EQ(w.attacker, WHITE);
  EXPECT_EQ(to_sfen(w.setup), "9/9/9/9/9/9/4p4/9/4K4 w 2R2B3G4S4N4L17Pg 1");
}

TEST(MateProblem, BothKingsNotInCheckSideToMoveAttacks) {
  EXPECT_EQ(problem_of("4k4/9/9/9/9/9/9/9/4K4 b G 1").attacker, BLACK);
  EXPECT_EQ(problem_of("4k4/9/9/9/9/9/9/9/4K4 w G 1").attacker, WHITE);
}

TEST(MateProblem, SideToMoveInCheckDefends) {
  // White to move, its king checked by the gold: black attacks and the root is a defence.
  const MateProblem w = problem_of("4k4/4G4/9/9/9/9/9/9/4K4 w - 1");
  EXPECT_EQ(w.attacker, BLACK);
  EXPECT_EQ(w.setup.side_to_move, WHITE);
  // Both kings on the board: a game position, whose hands stand as written.
  EXPECT_EQ(w.setup.hands[WHITE].count(GOLD), 0);
  EXPECT_EQ(w.setup.hands[BLACK].count(GOLD), 0);
  // Black to move, checked by a white gold.
  const MateProblem b = problem_of("4k4/9/9/9/9/9/9/4g4/4K4 b - 1");
  EXPECT_EQ(b.attacker, WHITE);
  EXPECT_EQ(b.setup.hands[BLACK].count(GOLD), 0);
}

TEST(MateProblem, DefenderWithoutKingIsAnError) {
  for (const char* sfen : {"9/9/9/9/9/9/9/9/4K4 b G 1", "4k4/9/9/9/9/9/9/9/9 w G 1", "9/9/9/9/9/9/9/9/9 b G 1"}) {
    const auto p = make_mate_problem(setup_of(sfen));
    ASSERT_FALSE(p.ok()) << sfen;
    EXPECT_NE(p.error().message.find("king"), std::string::npos) << p.error().message;
  }
}

TEST(MateProblem, MorePiecesThanASetIsAnError) {
  // parse_sfen refuses this, so build it by hand: 19 pawns.
  PositionSetup s = setup_of("4k4/9/4P4/9/9/9/9/9/9 b - 1");
  s.hands[BLACK].add(PAWN, 18);
  const auto p = make_mate_problem(s);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("P"), std::string::npos) << p.error().message;
}

}  // namespace
}  // namespace tsumi
