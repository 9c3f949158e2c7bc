#include "core/usi.h"

#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;

TEST(Usi, FormatsSquaresAndMoves) {
  EXPECT_EQ(to_usi(SQ_77), "7g");
  EXPECT_EQ(to_usi(SQ_11), "1a");
  EXPECT_EQ(to_usi(SQ_99), "9i");
  EXPECT_EQ(to_usi(Move::make(SQ_77, SQ_76)), "7g7f");
  EXPECT_EQ(to_usi(Move::make(SQ_88, SQ_22, true)), "8h2b+");
  EXPECT_EQ(to_usi(Move::make_drop(PAWN, SQ_55)), "P*5e");
  EXPECT_EQ(to_usi(Move::make_drop(GOLD, SQ_11)), "G*1a");
  EXPECT_EQ(to_usi(Move::make_drop(ROOK, SQ_99)), "R*9i");
}

TEST(Usi, EveryLegalMoveRoundTrips) {
  for (const PerftSuiteEntry& e : test::perft_suite()) {
    SfenPosition p(e.sfen);
    MoveList moves;
    generate<LEGAL>(p.pos, moves);
    for (Move m : moves) {
      const auto parsed = parse_usi_move(p.pos, to_usi(m));
      ASSERT_TRUE(parsed) << e.id << " " << to_usi(m) << ": " << parsed.error().message;
      ASSERT_EQ(*parsed, m);
    }
  }
}

TEST(Usi, RefusesMalformedAndIllegalMoves) {
  SfenPosition p("lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1");
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "not a USI move"},         {"7g7", "not a USI move"},      {"7g7f++", "not a USI move"},
      {"0g7f", "bad from-square"},    {"7j7f", "bad from-square"},    {"7g7z", "bad to-square"},
      {"X*5e", "unknown drop piece"}, {"p*5e", "unknown drop piece"}, {"K*5e", "unknown drop piece"},
      {"P*5z", "bad square"},         {"7g7e", "not a legal move"},   {"7g7f+", "not a legal move"},
      {"P*5e", "not a legal move"},   {"G*5e", "not a legal move"},   {"5a5b", "not a legal move"},
      {"8h2b", "not a legal move"},   {"7g7f ", "not a USI move"},
  };
  for (const Case& c : cases) {
    const auto r = parse_usi_move(p.pos, c.text);
    ASSERT_FALSE(r) << c.text;
    EXPECT_NE(r.error().message.find(c.message), std::string::npos) << c.text << ": " << r.error().message;
  }
  // The same drop is fine on a file without a black pawn.
  SfenPosition q("4k4/9/9/9/9/9/9/9/4K4 b P 1");
  EXPECT_TRUE(parse_usi_move(q.pos, "P*5e"));
}

TEST(Usi, MoveListsAreSpaceSeparated) {
  SfenPosition p(kStartSfen);
  std::vector<Move> moves;
  EXPECT_EQ(to_usi(moves), "");
  moves.push_back(*parse_usi_move(p.pos, "7g7f"));
  EXPECT_EQ(to_usi(moves), "7g7f");
  StateInfo st;
  p.pos.do_move(moves[0], st);
  moves.push_back(*parse_usi_move(p.pos, "3c3d"));
  EXPECT_EQ(to_usi(moves), "7g7f 3c3d");
}

// A line is read move by move from its position: each move must be legal after the ones before it.
TEST(Usi, LinesAreReadMoveByMoveFromTheirPosition) {
  const auto setup = parse_sfen(kStartSfen);
  ASSERT_TRUE(setup);
  const auto line = parse_usi_line(*setup, "  7g7f\t3c3d 8h2b+\n 3a2b ");
  ASSERT_TRUE(line) << line.error().message;
  EXPECT_EQ(to_usi(*line), "7g7f 3c3d 8h2b+ 3a2b");
  const auto none = parse_usi_line(*setup, " ");
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());

  // 8h2b+ is legal only once both diagonals are open; the error names the move and its word's offset.
  const auto early = parse_usi_line(*setup, "7g7f 8h2b+");
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().message, "move 2 '8h2b+' is not a legal move in this position");
  EXPECT_EQ(early.error().offset, 5U);
  const auto garbled = parse_usi_line(*setup, "7g7f x");
  ASSERT_FALSE(garbled);
  EXPECT_NE(garbled.error().message.find("move 2 'x' is not a USI move"), std::string::npos) << garbled.error().message;

  // The cap on the number of moves.
  EXPECT_TRUE(parse_usi_line(*setup, "7g7f 3c3d", 2));
  const auto long_line = parse_usi_line(*setup, "7g7f 3c3d 2g2f", 2);
  ASSERT_FALSE(long_line);
  EXPECT_EQ(long_line.error().message, "more than 2 moves");
  EXPECT_EQ(long_line.error().offset, 10U);
}

}  // namespace
}  // namespace tsumi
