#include "notation/kif_writer.h"

#include <deque>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kif_reader.h"
#include "tests/support/kifu_fixture.h"
#include "tests/support/test_data.h"

namespace tsumi::notation {
namespace {

using test::kifu_of;
using test::random_game;
using test::setup_of;

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

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t begin = 0;
  for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1)
    lines.push_back(text.substr(begin, end - begin));
  return lines;
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

TEST(KifMove, BlackMovesWithoutMarksAndWithoutFunari) {
  const char* sfen = "9/8k/9/7S1/9/9/9/9/9 b G 1";
  EXPECT_EQ(kif(sfen, "2d2c+"), "２三銀成(24)");
  EXPECT_EQ(kif(sfen, "2d2c"), "２三銀(24)");  // KIF: no 成 is a non-promotion, 不成 is KI2's
  EXPECT_EQ(kif(sfen, "2d1e"), "１五銀(24)");
  EXPECT_EQ(kif(sfen, "G*3b"), "３二金打");
  EXPECT_EQ(kif("9/8k/6S2/9/9/9/9/9/9 b - 1", "3c2d"), "２四銀(33)");  // out of the zone
  EXPECT_EQ(kif("9/8k/6G2/9/9/9/9/9/9 b - 1", "3c3b"), "３二金(33)");
  EXPECT_EQ(kif("9/8k/1+R7/9/9/9/9/9/9 b - 1", "8c1c"), "１三龍(83)");
}

TEST(KifMove, WhiteMoves) {
  const char* sfen = "4k4/9/9/9/9/4s4/9/9/4K4 w b 1";
  EXPECT_EQ(kif(sfen, "5f5g+"), "５七銀成(56)");
  EXPECT_EQ(kif(sfen, "5f5g"), "５七銀(56)");
  EXPECT_EQ(kif(sfen, "5f4e"), "４五銀(56)");
  EXPECT_EQ(kif(sfen, "B*1a"), "１一角打");
}

TEST(KifMove, SameSquare) {
  EXPECT_EQ(kif("9/8k/7+S1/9/9/9/9/9/9 w - 1", "1b2c", SQ_23), "同　玉(12)");
  EXPECT_EQ(kif("9/8k/6+S2/9/9/9/9/9/9 b - 1", "3c2c", SQ_23), "同成銀(33)");
  EXPECT_EQ(kif("9/8k/6+S2/9/9/9/9/9/9 b - 1", "3c2c", SQ_24), "２三成銀(33)");
}

TEST(KifLines, NumbersInFourColumnsAndMarksSameSquare) {
  const Kifu k = kifu_of("9/8k/9/7S1/9/9/9/9/9 b G 1", {"2d2c+", "1b2c", "G*3b"});
  const std::vector<std::string> expected = {"   1 ２三銀成(24)", "   2 同　玉(12)", "   3 ３二金打"};
  EXPECT_EQ(kif_lines(k.start, k.moves), expected);
}

TEST(KifLines, StopsAtAnIllegalMove) {
  const PositionSetup setup = setup_of("9/8k/9/7S1/9/9/9/9/9 b G 1");
  const std::vector<Move> moves(10, Move::make_drop(GOLD, SQ_32));  // the second: the hand is empty
  const std::vector<std::string> lines = kif_lines(setup, moves);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "   1 ３二金打");
  EXPECT_EQ(lines[1], "   2 (G*3b is not a legal move here)");
}

TEST(HandicapName, NamesKakinokisHandicapsOnly) {
  EXPECT_EQ(handicap_name(setup_of(kStartSfen)), "平手");
  EXPECT_EQ(handicap_name(setup_of(*named_sfen("left-lance"))), "香落ち");
  EXPECT_EQ(handicap_name(setup_of(*named_sfen("right-lance"))), "右香落ち");
  EXPECT_EQ(handicap_name(setup_of(*named_sfen("rook-lance"))), "飛香落ち");
  EXPECT_EQ(handicap_name(setup_of(*named_sfen("10-pieces"))), "十枚落ち");
  EXPECT_EQ(handicap_name(setup_of(*named_sfen("both-lances"))), "");  // no name in Kakinoki's list
  // The start position with white to move, or a piece in hand, is no named position.
  EXPECT_EQ(handicap_name(setup_of("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")), "");
  EXPECT_EQ(handicap_name(setup_of("lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b p 1")), "");
}

TEST(WriteKif, EvenGameWithHeadersAndResignation) {
  Kifu k = kifu_of(kStartSfen, {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}, "投了");
  k.headers = {{"先手", "Sente"}, {"後手", "Gote"}, {"EVENT", "test"}, {"手合割", "平手"}};
  EXPECT_EQ(write_kif(k),
            "# KIF形式棋譜ファイル Generated by tsumi\n"
            "先手：Sente\n"
            "後手：Gote\n"
            "棋戦：test\n"  // CSA's key in KIF's word; the 手合割 header is not copied
            "手合割：平手\n"
            "手数----指手---------消費時間--\n"
            "   1 ７六歩(77)\n"
            "   2 ３四歩(33)\n"
            "   3 ２二角成(88)\n"
            "   4 同　銀(31)\n"
            "   5 ４五角打\n"
            "   6 投了\n"
            "まで5手で先手の勝ち\n");
}

TEST(WriteKif, HandicapGamesNameTheHandicapAndTheSides) {
  const Kifu k = kifu_of(*named_sfen("2-pieces"), {"5a4b", "7g7f"}, "%TORYO");
  const std::vector<std::string> lines = lines_of(write_kif(k));
  ASSERT_EQ(lines.size(), 7u) << write_kif(k);
  EXPECT_EQ(lines[1], "手合割：二枚落ち");
  EXPECT_EQ(lines[3], "   1 ４二玉(51)");
  EXPECT_EQ(lines[5], "   3 投了");            // CSA's end in KIF's word
  EXPECT_EQ(lines[6], "まで2手で下手の勝ち");  // white (上手), to move, resigned
}

TEST(WriteKif, OtherStartsAreDrawnWithTheSideToMove) {
  const std::string both_lances = write_kif(kifu_of(*named_sfen("both-lances"), {}));
  EXPECT_EQ(both_lances.find("手合割"), std::string::npos) << both_lances;
  EXPECT_NE(both_lances.find("\n| ・v桂v銀v金v玉v金v銀v桂 ・|一\n"), std::string::npos) << both_lances;
  EXPECT_NE(both_lances.find("\n後手番\n手数----指手---------消費時間--\n"), std::string::npos) << both_lances;
}

TEST(WriteKif, TsumeProblemEndsInMate) {
  Kifu k = kifu_of("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1", {"8c1c"}, "詰み");
  k.headers = {{"作者", "tanuki"}};
  const std::string text = write_kif(k);
  EXPECT_EQ(text.rfind("# KIF形式棋譜ファイル Generated by tsumi\n作者：tanuki\n後手の持駒：飛　角二", 0), 0u) << text;
  const std::string tail = "先手番\n手数----指手---------消費時間--\n   1 １三龍(83)\n   2 詰み\nまで1手で詰み\n";
  ASSERT_GE(text.size(), tail.size());
  EXPECT_EQ(text.substr(text.size() - tail.size()), tail) << text;
}

TEST(WriteKif, ClosingLines) {
  const auto last_line = [](const Kifu& k) { return lines_of(write_kif(k)).back(); };
  Kifu k = kifu_of(kStartSfen, {"7g7f"}, "中断");
  EXPECT_EQ(last_line(k), "まで1手で中断");
  k.end = "%SENNICHITE";
  EXPECT_EQ(last_line(k), "まで1手で千日手");
  k.end = "切れ負け";
  EXPECT_EQ(last_line(k), "まで1手で時間切れにより先手の勝ち");
  k.end = "%-ILLEGAL_ACTION";  // white, to move, is at fault
  EXPECT_EQ(lines_of(write_kif(k)).end()[-2], "   2 反則負け");
  EXPECT_EQ(last_line(k), "まで1手で後手の反則負け");
  k.end = "";
  EXPECT_EQ(last_line(k), "   1 ７六歩(77)");
}

// read_kif(write_kif(k)) gives k back: the start, the moves and the end (KIF keeps no move number: k's
// is 1).
void expect_kif_round_trip(const Kifu& k) {
  const std::string text = write_kif(k);
  const auto back = read_kif(text);
  ASSERT_TRUE(back) << back.error().describe() << "\n" << text;
  EXPECT_EQ(to_sfen(back->start), to_sfen(k.start)) << text;
  EXPECT_EQ(to_usi(back->moves), to_usi(k.moves)) << text;
  EXPECT_EQ(back->end, k.end) << text;
}

TEST(KifRoundTrip, RandomGamesFromEveryNamedPosition) {
  std::mt19937 rng(20240611);
  for (const NamedPosition& p : named_positions())
    for (int game = 0; game < 4; ++game) {
      Kifu k;
      k.start = setup_of(p.sfen);
      k.moves = random_game(k.start, rng, 150);
      k.end = game % 2 == 0 ? "投了" : "";
      SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(game));
      expect_kif_round_trip(k);
    }
}

TEST(KifRoundTrip, EveryPublicTsumeProblemWithAFewMoves) {
  std::mt19937 rng(7);
  for (const std::string& sfen : test::tsume_sfens()) {
    Kifu k;
    k.start = setup_of(sfen);
    k.start.game_ply = 1;
    k.moves = random_game(k.start, rng, 3);
    SCOPED_TRACE(sfen);
    expect_kif_round_trip(k);
  }
}

}  // namespace
}  // namespace tsumi::notation
