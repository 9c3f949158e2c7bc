// Self-checks of the independent mailbox rules oracle in tests/support/reference_rules.h: hand-made rule
// positions, internal consistency on every reference position, and the oracle's perft against the small
// counts of positions/perft-suite.epd (the oracle is slow, so only counts up to kMaxPerftNodes leaves).

#include "tests/support/reference_rules.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/test_data.h"

namespace tsumi::reference {
namespace {

constexpr std::uint64_t kMaxPerftNodes = 300000;

const std::string kStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// A tsume-style position without a black king; not in the perft suite.
const std::string kNoBlackKing = "7k1/9/7P1/9/9/9/9/9/9 b G 1";

// Every SFEN of the perft suite, plus the kingless position.
std::vector<std::string> consistency_sfens() {
  std::vector<std::string> out;
  for (const PerftSuiteEntry& e : test::perft_suite()) out.push_back(e.sfen);
  out.push_back(kNoBlackKing);
  return out;
}

// The SFEN with its hands rewritten in canonical order (R B G S N L P, black first), computed without the oracle.
std::string with_canonical_hands(const std::string& sfen) {
  std::istringstream in(sfen);
  std::string board, side, hands, number;
  in >> board >> side >> hands >> number;
  if (hands == "-") return sfen;
  std::map<char, int> counts;
  int n = 0;
  for (char c : hands) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      n = n * 10 + (c - '0');
    } else {
      counts[c] += n == 0 ? 1 : n;
      n = 0;
    }
  }
  std::string canonical;
  for (char c : std::string_view("RBGSNLPrbgsnlp")) {
    const auto it = counts.find(c);
    if (it == counts.end()) continue;
    if (it->second > 1) canonical += std::to_string(it->second);
    canonical += c;
  }
  return board + " " + side + " " + canonical + " " + number;
}

std::string join(const std::vector<std::string>& moves) {
  std::vector<std::string> sorted = moves;
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const std::string& m : sorted) out += (out.empty() ? "" : " ") + m;
  return "{" + out + "}";
}

::testing::AssertionResult has_move(const std::vector<std::string>& moves, const std::string& move) {
  if (std::find(moves.begin(), moves.end(), move) != moves.end()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << move << " missing from " << join(moves);
}

::testing::AssertionResult lacks_move(const std::vector<std::string>& moves, const std::string& move) {
  if (std::find(moves.begin(), moves.end(), move) == moves.end()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << move << " unexpectedly in " << join(moves);
}

int count_drops(const std::string& sfen, char letter) {
  int n = 0;
  for (const std::string& m : legal_moves(sfen)) n += m[0] == letter;
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Applying moves.

TEST(ReferenceRules, ApplyMoveAdvancesSideAndMoveNumber) {
  EXPECT_EQ(apply_move(kStart, "7g7f"), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
      << kStart << " 7g7f";
}

TEST(ReferenceRules, StartPositionIsNotInCheck) { EXPECT_FALSE(in_check(kStart)) << kStart; }

TEST(ReferenceRules, IsLegalRejectsMovesThatAreNotPseudoLegal) {
  for (const std::string move : {"5i5a", "junk", "P*5e"}) EXPECT_FALSE(is_legal(kStart, move)) << kStart << " " << move;
}

TEST(ReferenceRules, CapturedPieceGoesToHandUnpromoted) {
  // Hands print in order R B G S N L P.
  const std::string sfen = "4k4/9/4+r4/9/4R4/9/9/9/4K4 b Pg 5";
  EXPECT_EQ(apply_move(sfen, "5e5c"), "4k4/9/4R4/9/9/9/9/9/4K4 w RPg 6") << sfen << " 5e5c";
}

TEST(ReferenceRules, PawnDropsUseAnUppercaseLetterForBothColors) {
  const std::string black = "4k4/9/9/9/9/9/9/9/4K4 b 2P 1";
  EXPECT_EQ(apply_move(black, "P*5e"), "4k4/9/9/9/4P4/9/9/9/4K4 w P 2") << black << " P*5e";
  const std::string white = "4k4/9/9/9/9/9/9/9/4K4 w p 7";
  EXPECT_EQ(apply_move(white, "P*5e"), "4k4/9/9/9/4p4/9/9/9/4K4 b - 8") << white << " P*5e";
}

TEST(ReferenceRules, BishopPromotesEnteringTheZone) {
  const std::string sfen = "4k4/9/9/9/9/9/9/1B7/4K4 b - 1";
  EXPECT_EQ(apply_move(sfen, "8h2b+"), "4k4/7+B1/9/9/9/9/9/9/4K4 w - 2") << sfen << " 8h2b+";
}

// ---------------------------------------------------------------------------------------------------------------
// Promotion: optional in the zone (also for pawns), compulsory on dead squares.

TEST(ReferenceRules, PromotionIsOptionalInTheZone) {
  const std::string pawn = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1";
  EXPECT_TRUE(has_move(legal_moves(pawn), "5d5c")) << pawn;
  EXPECT_TRUE(has_move(legal_moves(pawn), "5d5c+")) << pawn;
  const std::string knight = "4k4/9/9/9/7N1/9/9/9/4K4 b - 1";
  EXPECT_TRUE(has_move(pseudo_legal_moves(knight), "2e1c+")) << knight;
  EXPECT_TRUE(has_move(pseudo_legal_moves(knight), "2e1c")) << knight << " (third rank)";
  const std::string bishop = "4k4/7B1/9/9/9/9/9/9/4K4 b - 1";
  EXPECT_TRUE(has_move(legal_moves(bishop), "2b6f+")) << bishop << " (leaving the zone)";
  EXPECT_TRUE(has_move(legal_moves(bishop), "2b6f")) << bishop << " (leaving the zone)";
}

TEST(ReferenceRules, PawnAndLanceMustPromoteOnTheLastRank) {
  for (const std::string sfen : {"4k4/8P/9/9/9/9/9/9/4K4 b - 1", "4k4/8L/9/9/9/9/9/9/4K4 b - 1"}) {
    EXPECT_TRUE(has_move(pseudo_legal_moves(sfen), "1b1a+")) << sfen;
    EXPECT_TRUE(lacks_move(pseudo_legal_moves(sfen), "1b1a")) << sfen;
  }
  const std::string white = "4k4/9/9/9/9/9/9/p8/4K4 w - 1";
  EXPECT_TRUE(has_move(pseudo_legal_moves(white), "9h9i+")) << white;
  EXPECT_TRUE(lacks_move(pseudo_legal_moves(white), "9h9i")) << white;
}

TEST(ReferenceRules, KnightMustPromoteOnTheLastTwoRanks) {
  const std::string sfen = "4k4/9/7N1/9/9/9/9/9/4K4 b - 1";
  const std::vector<std::string> moves = pseudo_legal_moves(sfen);
  EXPECT_TRUE(has_move(moves, "2c1a+")) << sfen;
  EXPECT_TRUE(has_move(moves, "2c3a+")) << sfen;
  EXPECT_TRUE(lacks_move(moves, "2c1a")) << sfen;
  EXPECT_TRUE(lacks_move(moves, "2c3a")) << sfen;
}

TEST(ReferenceRules, GoldNeverPromotes) {
  const std::string sfen = "4k4/9/9/4G4/9/9/9/9/4K4 b - 1";
  EXPECT_TRUE(has_move(pseudo_legal_moves(sfen), "5d5c")) << sfen;
  EXPECT_TRUE(lacks_move(pseudo_legal_moves(sfen), "5d5c+")) << sfen;
}

// ---------------------------------------------------------------------------------------------------------------
// Drops: empty squares only, none on dead squares; nifu.

TEST(ReferenceRules, DropsGoOnlyToEmptySquaresThatAreNotDead) {
  EXPECT_EQ(count_drops("4k4/9/9/9/9/9/9/9/4K4 b N 1", 'N'), 62) << "black knight drops";
  EXPECT_EQ(count_drops("4k4/9/9/9/9/9/9/9/4K4 b L 1", 'L'), 71) << "black lance drops";
  EXPECT_EQ(count_drops("4k4/9/9/9/9/9/9/9/4K4 w n 1", 'N'), 62) << "white knight drops";
  EXPECT_EQ(count_drops("4k4/9/9/9/9/9/9/9/4K4 b G 1", 'G'), 79) << "gold drops";
}

TEST(ReferenceRules, NifuIsPseudoLegalButIllegal) {
  const std::string sfen = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
  EXPECT_TRUE(has_move(pseudo_legal_moves(sfen), "P*5d")) << sfen;
  EXPECT_FALSE(is_legal(sfen, "P*5d")) << sfen << " P*5d";
  EXPECT_TRUE(is_legal(sfen, "P*4d")) << sfen << " P*4d (another file)";
}

TEST(ReferenceRules, NifuCountsOnlyOwnUnpromotedPawns) {
  const std::string tokin = "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1";
  EXPECT_TRUE(is_legal(tokin, "P*5d")) << tokin << " P*5d";
  const std::string enemy = "4k4/4p4/9/9/9/9/9/9/4K4 b P 1";
  EXPECT_TRUE(is_legal(enemy, "P*5d")) << enemy << " P*5d";
}

// ---------------------------------------------------------------------------------------------------------------
// Pawn-drop mate is illegal; pawn-move mate and pawn-drop checks that are not mate are fine.

TEST(ReferenceRules, PawnDropMateIsIllegal) {
  const std::string sfen = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
  EXPECT_TRUE(has_move(pseudo_legal_moves(sfen), "P*1b")) << sfen;
  EXPECT_FALSE(is_legal(sfen, "P*1b")) << sfen << " P*1b";
  EXPECT_TRUE(gives_check(sfen, "P*1b")) << sfen << " P*1b";
}

TEST(ReferenceRules, PawnDropMateIsIllegalInVariants) {
  for (const std::string sfen : {
           "7lk/9/8S/9/9/9/9/7L1/9 b P 1",    // without an attacking king
           "7lk/9/7G1/9/9/9/9/9/8K b P 1",    // the pawn protected by a gold
           "R6gk/9/8S/9/9/9/9/7L1/8K b P 1",  // the only capturer is pinned
           "8k/9/9/9/9/9/9/9/7RL b P 1",      // a lance guards the pawn from behind
       }) {
    EXPECT_FALSE(is_legal(sfen, "P*1b")) << sfen << " P*1b";
  }
}

TEST(ReferenceRules, PawnDropCheckThatIsNotMateIsLegal) {
  for (const std::string sfen : {
           "8k/9/9/9/9/9/9/9/8K b P 1",      // the king has escapes
           "7gk/9/8S/9/9/9/9/7L1/8K b P 1",  // a gold can capture the pawn
           "8k/9/9/9/9/9/9/9/6R1L b P 1",    // the king escapes to 2a
       }) {
    EXPECT_TRUE(is_legal(sfen, "P*1b")) << sfen << " P*1b";
  }
}

TEST(ReferenceRules, PawnMoveMateIsLegal) {
  const std::string sfen = "7lk/9/7GP/9/9/9/9/9/8K b - 1";
  EXPECT_TRUE(is_legal(sfen, "1c1b")) << sfen << " 1c1b";
  EXPECT_TRUE(is_legal(sfen, "1c1b+")) << sfen << " 1c1b+";
  const std::string mated = apply_move(sfen, "1c1b");
  EXPECT_TRUE(in_check(mated)) << mated;
  EXPECT_TRUE(legal_moves(mated).empty()) << mated << " " << join(legal_moves(mated));
  EXPECT_EQ(perft(mated, 1), 0u) << mated;
  EXPECT_EQ(perft(mated, 3), 0u) << mated;
}

// ---------------------------------------------------------------------------------------------------------------
// King safety: pins, moving along the checking line, discovered checks.

TEST(ReferenceRules, PinnedPieceMovesOnlyAlongThePin) {
  const std::string sfen = "4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1";
  EXPECT_TRUE(has_move(pseudo_legal_moves(sfen), "5g4g")) << sfen;
  EXPECT_FALSE(is_legal(sfen, "5g4g")) << sfen << " 5g4g";
  EXPECT_TRUE(is_legal(sfen, "5g5f")) << sfen << " 5g5f";
}

TEST(ReferenceRules, KingMayNotStepBackAlongTheCheckingLine) {
  const std::string sfen = "4r3k/9/9/9/4K4/9/9/9/9 b - 1";
  EXPECT_TRUE(in_check(sfen)) << sfen;
  EXPECT_FALSE(is_legal(sfen, "5e5f")) << sfen << " 5e5f";
  EXPECT_TRUE(is_legal(sfen, "5e4e")) << sfen << " 5e4e";
}

TEST(ReferenceRules, DiscoveredCheck) {
  const std::string sfen = "4k4/9/9/9/9/9/4S4/9/4R3K b - 1";
  EXPECT_TRUE(gives_check(sfen, "5g4f")) << sfen << " 5g4f";
  EXPECT_TRUE(gives_check(sfen, "5g6h")) << sfen << " 5g6h";
  EXPECT_FALSE(gives_check(sfen, "5g5f")) << sfen << " 5g5f";
  EXPECT_TRUE(in_check(apply_move(sfen, "5g4f"))) << sfen << " 5g4f: gives_check disagrees with in_check";
}

// ---------------------------------------------------------------------------------------------------------------
// Positions without a king on one side.

TEST(ReferenceRules, SideWithoutAKingIsNeverInCheck) {
  EXPECT_FALSE(in_check(kNoBlackKing)) << kNoBlackKing;
  const std::string no_white_king = "9/9/9/9/9/9/9/9/4K4 b R 1";
  EXPECT_FALSE(gives_check(no_white_king, "R*5a")) << no_white_king << " R*5a";
}

TEST(ReferenceRules, GoldDropMatesWithoutAnAttackingKing) {
  EXPECT_TRUE(gives_check(kNoBlackKing, "G*2b")) << kNoBlackKing << " G*2b";
  EXPECT_TRUE(is_legal(kNoBlackKing, "G*2b")) << kNoBlackKing << " G*2b";
  EXPECT_EQ(perft(apply_move(kNoBlackKing, "G*2b"), 1), 0u) << kNoBlackKing << " G*2b";
  EXPECT_GT(perft(apply_move(kNoBlackKing, "G*1b"), 1), 0u) << kNoBlackKing << " G*1b";
}

TEST(ReferenceRules, SideWithNoPiecesHasNoMoves) {
  const std::string sfen = "9/9/9/9/9/9/9/9/4K4 w - 1";
  EXPECT_TRUE(legal_moves(sfen).empty()) << sfen << " " << join(legal_moves(sfen));
}

// ---------------------------------------------------------------------------------------------------------------
// Malformed input.

TEST(ReferenceRules, ParseSfenRejectsMalformedInput) {
  for (const std::string sfen : {
           "",                            // empty
           "9/9/9 b - 1",                 // short board
           "9/9/9/9/9/9/9/9/4K5 b - 1",   // long rank
           "9/9/9/9/9/9/9/9/4K4 x - 1",   // bad side
           "9/9/9/9/9/9/9/9/3+K4 b - 1",  // +K
           "9/9/9/9/9/9/9/9/4K4 b 0P 1",  // zero count
           "9/9/9/9/9/9/9/9/4K4 b K 1",   // king in hand
           "9/9/9/9/9/9/9/9/4K4 b - 0",   // move 0
       }) {
    EXPECT_THROW(parse_sfen(sfen), std::invalid_argument) << "'" << sfen << "'";
  }
}

TEST(ReferenceRules, ApplyMoveRejectsMovesThatCannotBeCarriedOut) {
  const std::string sfen = "9/9/9/9/9/9/9/9/4K4 b - 1";
  EXPECT_THROW(apply_move(sfen, "5e5d"), std::invalid_argument) << sfen << " 5e5d (from an empty square)";
  EXPECT_THROW(apply_move(sfen, "P*5e"), std::invalid_argument) << sfen << " P*5e (not in hand)";
  EXPECT_THROW(apply_move(sfen, "5i5h+"), std::invalid_argument) << sfen << " 5i5h+ (promoting a king)";
  EXPECT_THROW(gives_check(sfen, "xx"), std::invalid_argument) << sfen << " xx (malformed USI)";
}

// ---------------------------------------------------------------------------------------------------------------
// Consistency on every reference position.

TEST(ReferenceRulesConsistency, SfenRoundTripIsCanonical) {
  for (const std::string& sfen : consistency_sfens()) {
    // Two suite positions (matsuri, peeper_mid91) list their hands out of order; to_sfen writes them in the
    // canonical order R B G S N L P, black first.
    const std::string canonical = with_canonical_hands(sfen);
    EXPECT_EQ(to_sfen(parse_sfen(sfen)), canonical) << sfen;
    EXPECT_EQ(to_sfen(parse_sfen(canonical)), canonical) << canonical;
  }
}

TEST(ReferenceRulesConsistency, SfenDefaultsTheMoveNumberAndReadsLargeHandCounts) {
  EXPECT_EQ(to_sfen(parse_sfen("9/9/9/9/4k4/9/9/9/4K4 b 18p")), "9/9/9/9/4k4/9/9/9/4K4 b 18p 1");
}

TEST(ReferenceRulesConsistency, MoveListsHaveNoDuplicates) {
  for (const std::string& sfen : consistency_sfens()) {
    const std::vector<std::string> legal = legal_moves(sfen);
    const std::vector<std::string> pseudo = pseudo_legal_moves(sfen);
    EXPECT_EQ(std::set<std::string>(legal.begin(), legal.end()).size(), legal.size()) << sfen << " legal";
    EXPECT_EQ(std::set<std::string>(pseudo.begin(), pseudo.end()).size(), pseudo.size()) << sfen << " pseudo-legal";
  }
}

TEST(ReferenceRulesConsistency, PseudoLegalMovesFilteredByIsLegalAreTheLegalMoves) {
  for (const std::string& sfen : consistency_sfens()) {
    const std::vector<std::string> legal = legal_moves(sfen);
    std::vector<std::string> filtered;
    for (const std::string& move : pseudo_legal_moves(sfen)) {
      if (is_legal(sfen, move)) filtered.push_back(move);
    }
    EXPECT_EQ(std::set<std::string>(filtered.begin(), filtered.end()),
              std::set<std::string>(legal.begin(), legal.end()))
        << sfen;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Perft against positions/perft-suite.epd.

TEST(ReferenceRulesPerft, MatchesTheSuiteUpToThreeHundredThousandLeaves) {
  const std::vector<PerftSuiteEntry> suite = test::perft_suite();
  ASSERT_FALSE(suite.empty());
  int checked = 0;
  for (const PerftSuiteEntry& e : suite) {
    for (const PerftExpectation& x : e.expected) {
      if (x.nodes > kMaxPerftNodes) continue;
      EXPECT_EQ(perft(e.sfen, x.depth), x.nodes) << e.id << " depth " << x.depth << ": " << e.sfen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0) << "no count of the suite is small enough";
}

}  // namespace
}  // namespace tsumi::reference
