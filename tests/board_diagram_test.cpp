#include "cli/mate/board_diagram.h"

#include <deque>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

PositionSetup setup_of(const char* sfen) {
  const auto setup = parse_sfen(sfen);
  if (!setup) ADD_FAILURE() << sfen << ": " << setup.error().describe();
  return setup ? *setup : PositionSetup{};
}

// The KIF text of a USI move in the position.
std::string kif(const char* sfen, const char* usi, Square previous_to = SQ_NONE) {
  test::SfenPosition p(sfen);
  const auto m = parse_usi_move(p.pos, usi);
  if (!m) {
    ADD_FAILURE() << usi << ": " << m.error().message;
    return "";
  }
  return kif_move(p.pos, *m, previous_to);
}

TEST(BoardDiagram, TsumeProblem) {
  // tanuki1-1 of positions/tsume-public.txt: the defender holds every other piece.
  const std::string expected =
      "後手の持駒：飛　角二　金四　銀三　桂四　香四　歩十八　\n"
      "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
      "+---------------------------+\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n"
      "| ・ ・ ・ ・ ・ ・ ・ 銀v玉|二\n"
      "| ・ 龍 ・ ・ ・ ・ ・ ・ ・|三\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
      "+---------------------------+\n"
      "先手の持駒：なし\n"
      "先手番\n";
  EXPECT_EQ(board_diagram(setup_of("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1")), expected);
}

TEST(BoardDiagram, PromotedPiecesAndWhiteToMove) {
  const std::string d = board_diagram(setup_of("4k4/1r5b1/p+p+l+n+s+b+r2/9/9/9/9/9/4K4 w G2p 1"));
  EXPECT_EQ(d.substr(0, d.find('\n')), "後手の持駒：歩二　");
  EXPECT_NE(d.find("\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"), std::string::npos) << d;
  EXPECT_NE(d.find("\n| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n"), std::string::npos) << d;
  EXPECT_NE(d.find("\n|v歩vとv杏v圭v全v馬v龍 ・ ・|三\n"), std::string::npos) << d;
  EXPECT_NE(d.find("\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"), std::string::npos) << d;
  EXPECT_NE(d.find("\n先手の持駒：金　\n後手番\n"), std::string::npos) << d;
}

TEST(KifMove, BlackMoves) {
  const char* sfen = "9/8k/9/7S1/9/9/9/9/9 b G 1";
  EXPECT_EQ(kif(sfen, "2d2c+"), "▲２三銀成(24)");
  EXPECT_EQ(kif(sfen, "2d2c"), "▲２三銀不成(24)");  // into the zone
  EXPECT_EQ(kif(sfen, "2d1e"), "▲１五銀(24)");      // outside it: no 不成
  EXPECT_EQ(kif(sfen, "G*3b"), "▲３二金打");
  EXPECT_EQ(kif("9/8k/6S2/9/9/9/9/9/9 b - 1", "3c2d"), "▲２四銀不成(33)");  // out of the zone
  EXPECT_EQ(kif("9/8k/6G2/9/9/9/9/9/9 b - 1", "3c3b"), "▲３二金(33)");      // a gold never promotes
  EXPECT_EQ(kif("9/8k/1+R7/9/9/9/9/9/9 b - 1", "8c1c"), "▲１三龍(83)");
}

TEST(KifMove, WhiteMoves) {
  const char* sfen = "4k4/9/9/9/9/4s4/9/9/4K4 w b 1";
  EXPECT_EQ(kif(sfen, "5f5g+"), "△５七銀成(56)");
  EXPECT_EQ(kif(sfen, "5f5g"), "△５七銀不成(56)");
  EXPECT_EQ(kif(sfen, "5f4e"), "△４五銀(56)");
  EXPECT_EQ(kif(sfen, "B*1a"), "△１一角打");
}

TEST(KifMove, SameSquare) {
  EXPECT_EQ(kif("9/8k/7+S1/9/9/9/9/9/9 w - 1", "1b2c", SQ_23), "△同　玉(12)");
  EXPECT_EQ(kif("9/8k/6+S2/9/9/9/9/9/9 b - 1", "3c2c", SQ_23), "▲同成銀(33)");
  EXPECT_EQ(kif("9/8k/6+S2/9/9/9/9/9/9 b - 1", "3c2c", SQ_24), "▲２三成銀(33)");
}

TEST(KifLines, NumbersTheMovesAndMarksSameSquare) {
  const char* sfen = "9/8k/9/7S1/9/9/9/9/9 b G 1";
  test::SfenPosition p(sfen);
  std::deque<StateInfo> states;
  std::vector<Move> moves;
  for (const char* usi : {"2d2c+", "1b2c", "G*3b"}) {
    const auto m = parse_usi_move(p.pos, usi);
    ASSERT_TRUE(m) << usi;
    moves.push_back(*m);
    p.pos.do_move(*m, states.emplace_back());
  }
  const std::vector<std::string> expected = {"1 ▲２三銀成(24)", "2 △同　玉(12)", "3 ▲３二金打"};
  EXPECT_EQ(kif_lines(setup_of(sfen), moves), expected);
}

TEST(KifLines, PadsNumbersAndStopsAtAnIllegalMove) {
  const PositionSetup setup = setup_of("9/8k/9/7S1/9/9/9/9/9 b G 1");
  test::SfenPosition p("9/8k/9/7S1/9/9/9/9/9 b G 1");
  const Move drop = *parse_usi_move(p.pos, "G*3b");
  const std::vector<Move> moves(10, drop);  // the second drop is not legal: the hand is empty
  const std::vector<std::string> lines = kif_lines(setup, moves);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], " 1 ▲３二金打");
  EXPECT_EQ(lines[1], " 2 (G*3b is not a legal move here)");
}

}  // namespace
}  // namespace tsumi::cli
