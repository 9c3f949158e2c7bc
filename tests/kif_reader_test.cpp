#include "notation/kif_reader.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kif_text.h"

namespace tsumi::notation {
namespace {

// The moves of a kifu as USI writes them.
std::string usi_moves(const Kifu& kifu) { return to_usi(kifu.moves); }

Kifu read_kif_ok(std::string_view text) {
  auto kifu = read_kif(text);
  EXPECT_TRUE(kifu) << kifu.error().describe() << "\n" << text;
  return kifu ? *kifu : Kifu{};
}

// A hand as KIF writes it: `金二　歩` or `なし`.
std::string hand_text(Hand hand) {
  std::string s;
  for (PieceType pt : kif_text::kHandOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    if (!s.empty()) s += "　";
    s += kif_text::kBoardName[pt];
    if (n > 10) s += std::string(kif_text::kKanjiNumber[10]) + std::string(kif_text::kKanjiNumber[n - 10]);
    if (n > 1 && n <= 10) s += kif_text::kKanjiNumber[n];
  }
  return s.empty() ? "なし" : s;
}

// The BOD diagram of a SFEN, written here independently of kif_writer.
std::string diagram_of(std::string_view sfen) {
  const auto setup = parse_sfen(sfen, {.allow_nifu = true});
  EXPECT_TRUE(setup) << sfen;
  std::string s = "後手の持駒：" + hand_text(setup->hands[WHITE]) + "\n";
  s += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
  for (int r = 0; r < 9; ++r) {
    s += "|";
    for (int f = 8; f >= 0; --f) {
      const Piece pc = setup->board[make_square(File(f), Rank(r))];
      s += pc == NO_PIECE ? " " : color_of(pc) == WHITE ? "v" : " ";
      s += kif_text::kBoardName[type_of(pc)];
    }
    s += "|" + std::string(kif_text::kKanjiNumber[r + 1]) + "\n";
  }
  s += "+---------------------------+\n先手の持駒：" + hand_text(setup->hands[BLACK]) + "\n";
  if (setup->side_to_move == WHITE) s += "後手番\n";
  return s;
}

constexpr std::string_view kTsumeKif =
    "# tsume with the rest of the pieces in white's hand\n"
    "表題：test problem\n"
    "後手の持駒：残り全部\n"
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
    "+---------------------------+\n"
    "| ・ ・ ・ ・ ・ ・ ・v桂v香|一\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・v玉|二\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・v歩|三\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
    "+---------------------------+\n"
    "先手の持駒：金　銀\n"
    "手数----指手---------消費時間--\n"
    "   1 ２三金打     ( 0:00/00:00:00)\n"
    "*a comment\n"
    "   2 同　玉(12)   ( 0:00/00:00:00)\n"
    "   3 中断\n"
    "   4 ７六歩(77)\n";

TEST(KifReader, TsumeDiagramWithTheRestInHand) {
  const Kifu kifu = read_kif_ok(kTsumeKif);
  EXPECT_EQ(kifu.format, KifuFormat::kif);
  EXPECT_EQ(to_sfen(kifu.start), "7nl/8k/8p/9/9/9/9/9/9 b GS2r2b3g3s3n3l17p 1");
  EXPECT_EQ(usi_moves(kifu), "G*2c 1b2c");
  EXPECT_EQ(kifu.end, "中断");
  ASSERT_EQ(kifu.headers.size(), 1u);
  EXPECT_EQ(kifu.headers[0].first, "表題");
  EXPECT_EQ(kifu.headers[0].second, "test problem");
}

TEST(KifReader, HandicapNamesGiveTheNamedPositions) {
  const std::vector<std::pair<std::string, std::string_view>> names = {
      {"香落ち", "left-lance"}, {"右香落ち", "right-lance"}, {"両香落ち", "both-lances"}, {"角落ち", "bishop"},
      {"飛車落ち", "rook"},     {"飛香落ち", "rook-lance"},  {"二枚落ち", "2-pieces"},    {"四枚落ち", "4-pieces"},
      {"六枚落ち", "6-pieces"}, {"八枚落ち", "8-pieces"},    {"十枚落ち", "10-pieces"},   {"平手", "startpos"}};
  for (const auto& [kif_name, core_name] : names) {
    const Kifu kifu = read_kif_ok("手合割：" + kif_name + "　\n");
    EXPECT_EQ(to_sfen(kifu.start), *named_sfen(core_name)) << kif_name;
    EXPECT_EQ(kifu.start.side_to_move, core_name == "startpos" ? BLACK : WHITE) << kif_name;
    ASSERT_EQ(kifu.headers.size(), 1u);
    EXPECT_EQ(kifu.headers[0].second, kif_name);
  }
  // White moves first in a handicap game: its first move is number 1.
  const Kifu game = read_kif_ok("手合割：角落ち\n手数----指手--\n   1 ３四歩(33)\n   2 ７六歩(77)\n");
  EXPECT_EQ(usi_moves(game), "3c3d 7g7f");
  const auto unknown = read_kif("先手：a\n手合割：九枚落ち\n");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().line, 2u);
}

TEST(KifReader, KifMovesWithSameDropAndPromotion) {
  const Kifu kifu = read_kif_ok(
      "開始日時：2024/01/01\n"
      "手合割：平手\n"
      "先手:sente\n"
      "手数----指手---------消費時間--\n"
      "   1 ７六歩(77)   ( 0:00/00:00:00)\n"
      "   2 ３四歩(33)   ( 0:00/00:00:00)\n"
      "   3 ２二角成(88)   ( 0:00/00:00:00)\n"
      "   4 同　銀(31)   ( 0:00/00:00:00)\n"
      "   5 ４五角打   ( 0:00/00:00:00)\n"
      "   6 投了\n"
      "まで5手で先手の勝ち\n");
  EXPECT_EQ(kifu.format, KifuFormat::kif);
  EXPECT_EQ(usi_moves(kifu), "7g7f 3c3d 8h2b+ 3a2b B*4e");
  EXPECT_EQ(kifu.end, "投了");
  ASSERT_EQ(kifu.headers.size(), 3u);
  EXPECT_EQ(kifu.headers[1].first, "手合割");
  EXPECT_EQ(kifu.headers[2].first, "先手");  // ASCII ':' too
  EXPECT_EQ(kifu.headers[2].second, "sente");
  EXPECT_EQ(to_sfen(kifu.start), kStartSfen);
}

TEST(KifReader, KifLeniency) {
  // Marks, 不成, 同 without a space, half-width digits, no origin, and a branch (read apart).
  const Kifu kifu = read_kif_ok(
      "   1 ▲７六歩(77)\n"
      "   2 △３四歩(33)\n"
      "   3 ☗2二角不成(88)\n"
      "   4 ☖同銀(31)\n"
      "   5 ５八金右\n"
      "変化：4手\n"
      "   4 ３二銀(31)\n");
  EXPECT_EQ(usi_moves(kifu), "7g7f 3c3d 8h2b 3a2b 4i5h");
  EXPECT_TRUE(kifu.end.empty());
  ASSERT_EQ(kifu.variations.size(), 1u);
  EXPECT_EQ(to_usi(kifu.variations[0].moves), "3a3b");
  // Kakinoki's `盤面回転` (show the diagram turned) says nothing of the position (json-kifu-format's
  // parser tests have it).
  EXPECT_EQ(usi_moves(read_kif_ok("盤面回転\n1 ７六歩(77)\n")), "7g7f");
  // A wrong mark is an error.
  const auto wrong = read_kif("   1 ▲７六歩(77)\n   2 ▲３四歩(33)\n");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().line, 2u);
}

TEST(KifReader, FirstMoveNumberOrMarkTellsTheSide) {
  const std::string diagram = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b - 1");
  const Kifu even = read_kif_ok(diagram + "手数----指手--\n  10 ５二玉(51)\n  11 ５八玉(59)\n");
  EXPECT_EQ(even.start.side_to_move, WHITE);
  EXPECT_EQ(usi_moves(even), "5a5b 5i5h");
  const Kifu marked = read_kif_ok(diagram + "△５二玉 ▲５八玉\n");
  EXPECT_EQ(marked.format, KifuFormat::ki2);
  EXPECT_EQ(marked.start.side_to_move, WHITE);
}

TEST(KifReader, Ki2MovesSeveralALine) {
  const Kifu kifu = read_kif_ok(
      "手合割：平手\n"
      "▲７六歩 △３四歩　▲２二角成\n"
      "△同　銀 ▲４五角\n"
      "まで5手で先手の勝ち\n");
  EXPECT_EQ(kifu.format, KifuFormat::ki2);
  EXPECT_EQ(usi_moves(kifu), "7g7f 3c3d 8h2b+ 3a2b B*4e");
}

// The KI2 moves from a SFEN, or the error's message.
std::string ki2(std::string_view sfen, std::string_view moves) {
  const auto kifu = read_kif(diagram_of(sfen) + std::string(moves) + "\n");
  return kifu ? to_usi(kifu->moves) : "error: " + kifu.error().describe();
}

TEST(KifReader, Ki2RelativeWordsForGolds) {
  // Golds on 6b (sideways to 5b), 5c (up), 5a (back); kings far away.
  const std::string_view three = "k3G4/3G5/4G4/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(three, "▲５二金寄"), "6b5b");
  EXPECT_EQ(ki2(three, "▲５二金上"), "5c5b");
  EXPECT_EQ(ki2(three, "▲５二金引"), "5a5b");
  EXPECT_NE(ki2(three, "▲５二金").find("ambiguous"), std::string::npos);
  // Golds on 6c, 5c, 4c all go up to 5b: 右 左 直.
  const std::string_view row = "k8/9/3GGG3/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(row, "▲５二金右"), "4c5b");
  EXPECT_EQ(ki2(row, "▲５二金左"), "6c5b");
  EXPECT_EQ(ki2(row, "▲５二金直"), "5c5b");
  EXPECT_NE(ki2(row, "▲５二金上").find("ambiguous"), std::string::npos);
}

TEST(KifReader, Ki2RelativeWordsFromWhitesSide) {
  // White's golds on 6g and 4g go to 5h; white's right is toward file 9.
  const std::string_view sfen = "4k4/9/9/9/9/9/3g1g3/9/K8 w - 1";
  EXPECT_EQ(ki2(sfen, "△５八金右"), "6g5h");
  EXPECT_EQ(ki2(sfen, "△５八金左"), "4g5h");
  // A white gold on 5i goes back (引) to 5h; one on 6h sideways (寄).
  const std::string_view back = "4k4/9/9/9/9/9/9/3g5/K3g4 w - 1";
  EXPECT_EQ(ki2(back, "△５八金引"), "5i5h");
  EXPECT_EQ(ki2(back, "△５八金寄"), "6h5h");
}

TEST(KifReader, Ki2SilversDragonsAndDrops) {
  // Silvers on 6c and 4c go up to 5b, one on 4a goes back to it.
  const std::string_view silvers = "k4S3/9/3S1S3/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(silvers, "▲５二銀右上"), "4c5b");
  EXPECT_EQ(ki2(silvers, "▲５二銀左"), "6c5b");
  EXPECT_EQ(ki2(silvers, "▲５二銀引"), "4a5b");
  // Dragons on 9e and 1e both reach 5e.
  const std::string_view dragons = "4k4/9/9/9/+R7+R/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(dragons, "▲５五龍右"), "1e5e");
  EXPECT_EQ(ki2(dragons, "▲５五竜左"), "9e5e");
  // A gold that could be dropped or moved: 打 for the drop, nothing for the move.
  const std::string_view both = "k8/9/4G4/9/9/9/9/9/4K4 b G 1";
  EXPECT_EQ(ki2(both, "▲５二金打"), "G*5b");
  EXPECT_EQ(ki2(both, "▲５二金"), "5c5b");
  EXPECT_EQ(ki2(both, "▲５八金"), "G*5h");
}

TEST(KifReader, Ki2PromotionWords) {
  const std::string_view sfen = "k8/9/9/6S2/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(sfen, "▲３三銀成"), "3d3c+");
  EXPECT_EQ(ki2(sfen, "▲３三銀不成"), "3d3c");
  EXPECT_EQ(ki2(sfen, "▲３三銀生"), "3d3c");
  EXPECT_EQ(ki2(sfen, "▲３三銀"), "3d3c");
  EXPECT_EQ(ki2("k8/9/6+S2/9/9/9/9/9/4K4 b - 1", "▲３二成銀"), "3c3b");
  EXPECT_EQ(ki2("k8/9/6+S2/9/9/9/9/9/4K4 b - 1", "▲３二全"), "3c3b");
}

TEST(KifReader, BodDiagramAlone) {
  const std::string text = "後手：gote\n" + diagram_of("4k4/9/9/9/9/9/9/9/4K4 w 2P 1") + "手数＝12  ▲５八玉  まで\n";
  const Kifu kifu = read_kif_ok(text);
  EXPECT_EQ(kifu.format, KifuFormat::bod);
  EXPECT_EQ(to_sfen(kifu.start), "4k4/9/9/9/9/9/9/9/4K4 w 2P 13");
  EXPECT_TRUE(kifu.moves.empty());
}

TEST(KifReader, HandicapDiagramNamesAndHandCounts) {
  std::string text = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b - 1");
  text.replace(text.find("後手の持駒：なし"), std::string("後手の持駒：なし").size(), "上手の持駒：歩十八　金四");
  text.replace(text.find("先手の持駒：なし"), std::string("先手の持駒：なし").size(), "下手の持駒：飛二 角 香２");
  const Kifu kifu = read_kif_ok(text);
  EXPECT_EQ(to_sfen(kifu.start), "4k4/9/9/9/9/9/9/9/4K4 w 2RB2L4g18p 1");  // 上手 moves first
  const Kifu black = read_kif_ok(text + "下手番\n");
  EXPECT_EQ(black.start.side_to_move, BLACK);
}

TEST(KifReader, ClosingLineGivesTheEnd) {
  const Kifu kifu = read_kif_ok(diagram_of("4k4/9/4P4/9/9/9/9/9/9 b G 1") + "▲５二金打\nまで1手で詰み\n");
  EXPECT_EQ(usi_moves(kifu), "G*5b");
  EXPECT_EQ(kifu.end, "詰み");
}

// The error of a text that must not read.
ParseError error_of(std::string_view text) {
  const auto kifu = read_kif(text);
  EXPECT_FALSE(kifu) << text;
  return kifu ? ParseError{} : kifu.error();
}

TEST(KifReader, ErrorsGiveLineAndColumn) {
  ParseError e = error_of("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(77)\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.offset, 5u);
  EXPECT_NE(e.message.find("３四歩(77)"), std::string::npos) << e.message;
  e = error_of("   1 ７六歩(77)\n   3 ３四歩(33)\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.offset, 3u);
  e = error_of("   1 ７六歩(77)\n   2 ３四と(33)\n");
  EXPECT_EQ(e.line, 2u);
  e = error_of("   1 ７x歩(77)\n");
  EXPECT_EQ(e.offset, 6u);
  e = error_of("▲７六歩 △３四歩 ▲２二角x\n");
  EXPECT_EQ(e.offset, 14u);
  e = error_of("▲７六歩 △３四歩 ▲７五\n");
  EXPECT_EQ(e.offset, 13u);
  e = error_of("手合割：平手\nhello\n");
  EXPECT_EQ(e.line, 2u);
  e = error_of("同　歩\n");  // KI2 without a mark, or nothing at all
  EXPECT_EQ(e.line, 1u);
  e = error_of("▲同　歩\n");
  EXPECT_NE(e.message.find("同"), std::string::npos);
  // A diagram row with a bad square; a diagram with 8 rows; a start position that is not one of shogi.
  std::string bad = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b - 1");
  std::string row = bad;
  row.replace(row.find("| ・ ・ ・ ・v玉"), std::string("| ・ ・ ・ ・v玉").size(), "| ・ ・ ・ ・v猫");
  e = error_of(row);
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.offset, 10u);
  std::string short_board = bad;
  short_board.erase(short_board.find("| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"),
                    std::string("| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n").size());
  EXPECT_NE(error_of(short_board).message.find("8 rows"), std::string::npos);
  std::string pawn = bad;
  pawn.replace(pawn.find("| ・ ・ ・ ・v玉"), std::string("| ・ ・ ・ ・v玉").size(), "| ・ ・ ・ ・ 歩");
  e = error_of(pawn);  // a black pawn on rank 1 can never move
  EXPECT_EQ(e.line, 4u);
  EXPECT_NE(e.message.find("not one of shogi"), std::string::npos);
  const std::string both_kif_ki2 = "   1 ７六歩(77)\n△３四歩\n";
  EXPECT_EQ(error_of(both_kif_ki2).line, 2u);
}

// ---- branches (変化) ----

// A branch as "ply parent: moves (end) [comment]".
std::string branch_text(const KifuVariation& v) {
  std::string s = std::to_string(v.ply) + " " + std::to_string(v.parent) + ":";
  if (!v.moves.empty()) s += " " + to_usi(v.moves);
  if (!v.end.empty()) s += " (" + v.end + ")";
  if (!v.comment.empty()) s += " [" + v.comment + "]";
  return s;
}

std::vector<std::string> branches_of(const Kifu& kifu) {
  std::vector<std::string> out;
  for (const KifuVariation& v : kifu.variations) out.push_back(branch_text(v));
  return out;
}

// Written by tsshogi 2.2.0's exportKIF (ShogiHome's rules library) from a record built move by move:
// a branch at move 3 with its own branch at move 4, then branches at moves 2 and 1 (Kakinoki's order),
// `+` after a move with a later sibling, an end word in a branch, comments after the fifth move of a
// branch (skipped) and after the first move of one (kept).
constexpr std::string_view kTsshogiBranches = R"(手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:00/00:00:00)+
   2 ３四歩(33)   ( 0:00/00:00:00)+
   3 ２二角成(88) ( 0:00/00:00:00)+
   4 同　銀(31)   ( 0:00/00:00:00)
   5 ４五角打     ( 0:00/00:00:00)
   6 投了         ( 0:00/00:00:00)

変化：3手
   3 ２六歩(27)   ( 0:00/00:00:00)
   4 ８四歩(83)   ( 0:00/00:00:00)+
   5 ２五歩(26)   ( 0:00/00:00:00)
*居飛車

変化：4手
   4 ３二金(41)   ( 0:00/00:00:00)

変化：2手
   2 ８四歩(83)   ( 0:00/00:00:00)
   3 ２六歩(27)   ( 0:00/00:00:00)
   4 中断         ( 0:00/00:00:00)

変化：1手
   1 ２六歩(27)   ( 0:00/00:00:00)
*初手２六歩
*二行目
)";

TEST(KifReaderBranches, TsshogiExport) {
  const Kifu kifu = read_kif_ok(kTsshogiBranches);
  EXPECT_EQ(usi_moves(kifu), "7g7f 3c3d 8h2b+ 3a2b B*4e");
  EXPECT_EQ(kifu.end, "投了");
  const std::vector<std::string> expected = {"3 -1: 2g2f 8c8d 2f2e", "4 0: 4a3b", "2 -1: 8c8d 2g2f (中断)",
                                             "1 -1: 2g2f [初手２六歩\n二行目]"};
  EXPECT_EQ(branches_of(kifu), expected);
}

TEST(KifReaderBranches, TheMainLineIsTheSameWithOrWithoutThem) {
  const std::string_view text = kTsshogiBranches;
  const Kifu without = read_kif_ok(text.substr(0, text.find("\n変化")));
  const Kifu with = read_kif_ok(text);
  EXPECT_TRUE(without.variations.empty());
  EXPECT_EQ(usi_moves(with), usi_moves(without));
  EXPECT_EQ(with.end, without.end);
  EXPECT_EQ(to_sfen(with.start), to_sfen(without.start));
}

TEST(KifReaderBranches, KifuForWindowsOrderAndSiblings) {
  // The shape of a Kifu for Windows file (half-width digits and colon, no time fields): the main line,
  // its branch at 4, a second branch at 2 with a branch of its own at 4, a third branch at 2 (a sibling
  // of the second: its parent is the main line), and a branch of the main line's first move.
  const Kifu kifu = read_kif_ok(
      "手合割：平手\n"
      "1 7六歩(77)+\n2 3四歩(33)+\n3 2六歩(27)\n4 8四歩(83)+\n5 2五歩(26)\n"
      "まで5手で中断\n"
      "\n変化:4手\n4 4四歩(43)\n"
      "\n変化:2手\n2 8四歩(83)+\n3 2六歩(27)\n4 3二金(41)+\n5 2五歩(26)\n"
      "\n変化:4手\n4 8五歩(84)\n"
      "\n変化:2手\n2 1四歩(13)\n3 1六歩(17)\n"
      "\n変化:1手\n1 2六歩(27)\n");
  EXPECT_EQ(usi_moves(kifu), "7g7f 3c3d 2g2f 8c8d 2f2e");
  EXPECT_EQ(kifu.end, "中断");
  const std::vector<std::string> expected = {"4 -1: 4c4d", "2 -1: 8c8d 2g2f 4a3b 2f2e", "4 1: 8d8e", "2 -1: 1c1d 1g1f",
                                             "1 -1: 2g2f"};
  EXPECT_EQ(branches_of(kifu), expected);
}

TEST(KifReaderBranches, SameSquareAfterTheBranchPoint) {
  // 同 on a branch's first move is the destination of the move before it, the parent's.
  const Kifu kifu = read_kif_ok(
      "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n"
      "変化：4手\n   4 同　飛(82)\n   5 ４五角打\n");
  EXPECT_EQ(branches_of(kifu), std::vector<std::string>{"4 -1: 8b2b B*4e"});
}

TEST(KifReaderBranches, EndWordsCommentsAndWhatFollowsAnEnd) {
  const std::string diagram = diagram_of("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
  const Kifu kifu = read_kif_ok(diagram +
                                "手数----指手---------消費時間--\n"
                                "   1 １三龍(83)\n   2 詰み\n   3 ９九玉(11)\n"  // skipped: after the end
                                "まで1手で詰み\n"
                                "\n変化：1手\n   1 １一銀成(22)\n*余詰\n*second line\n   2 詰み\n*skipped\n"
                                "\n変化：1手\n   1 ２三龍(83)\n   2 同　玉(12)\n*skipped\n   3 中断\n"
                                "\n変化：2手\n   2 投了\n*resigns\n");
  EXPECT_EQ(usi_moves(kifu), "8c1c");
  EXPECT_EQ(kifu.end, "詰み");
  const std::vector<std::string> expected = {"1 -1: 2b1a+ (詰み) [余詰\nsecond line]", "1 -1: 8c2c 1b2c (中断)",
                                             "2 1: (投了) [resigns]"};
  EXPECT_EQ(branches_of(kifu), expected);
}

TEST(KifReaderBranches, Ki2) {
  const Kifu kifu = read_kif_ok(
      "手合割：平手\n"
      "▲７六歩 △３四歩 ▲２二角成 △同　銀\n"
      "まで4手で中断\n"
      "\n変化：3手\n▲２六歩 △８四歩\n"
      "\n変化：2手\n△８四歩 ▲２六歩\nまで3手で中断\n");
  EXPECT_EQ(kifu.format, KifuFormat::ki2);
  EXPECT_EQ(usi_moves(kifu), "7g7f 3c3d 8h2b+ 3a2b");
  EXPECT_EQ(kifu.end, "中断");
  const std::vector<std::string> expected = {"3 -1: 2g2f 8c8d", "2 -1: 8c8d 2g2f (中断)"};
  EXPECT_EQ(branches_of(kifu), expected);
}

TEST(KifReaderBranches, MoveNumbersCountFromTheFirstMove) {
  // A KIF that starts at move 10 numbers its branches the same way; Kifu plies count from 1.
  const std::string diagram = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b - 1");
  const Kifu kifu = read_kif_ok(diagram + "  10 ５二玉(51)\n  11 ５八玉(59)\n変化：11手\n  11 ４八玉(59)\n");
  EXPECT_EQ(branches_of(kifu), std::vector<std::string>{"2 -1: 5i4h"});
  const std::size_t diagram_lines = std::size_t(std::count(diagram.begin(), diagram.end(), '\n'));
  EXPECT_EQ(error_of(diagram + "  10 ５二玉(51)\n変化：9手\n   9 ５八玉(59)\n").line, diagram_lines + 2);
}

TEST(KifReaderBranches, ABranchInTheHeaderIsSkipped) {
  // ShogiHome once wrote `変化：` in the header; before the first move it means nothing.
  const Kifu kifu = read_kif_ok("変化：3手\n手合割：平手\n   1 ７六歩(77)\n");
  EXPECT_EQ(usi_moves(kifu), "7g7f");
  EXPECT_TRUE(kifu.variations.empty());
}

TEST(KifReaderBranches, Errors) {
  const std::string main_line = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n";
  // An illegal move in a branch: its line and column.
  ParseError e = error_of(main_line + "\n変化：2手\n   2 ８四歩(83)\n   3 ２二角成(88)\n");
  EXPECT_EQ(e.line, 8u);
  EXPECT_EQ(e.offset, 5u);
  EXPECT_NE(e.message.find("not a legal move"), std::string::npos) << e.message;
  // A branch's moves are numbered on from its first.
  e = error_of(main_line + "変化：2手\n   3 ２六歩(27)\n");
  EXPECT_EQ(e.line, 6u);
  EXPECT_NE(e.message.find("expected 2"), std::string::npos) << e.message;
  // Past the end of the line read before it: move 3 of a branch of 1 move at 2.
  e = error_of(main_line + "変化：2手\n   2 ８四歩(83)\n変化：4手\n   4 ８五歩(84)\n");
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.offset, 3u);
  EXPECT_NE(e.message.find("ends at move 2"), std::string::npos) << e.message;
  // Past the last move only where the line ends in an end word (the branch replaces it).
  e = error_of(main_line + "変化：2手\n   2 ８四歩(83)\n変化：3手\n   3 ２六歩(27)\n");
  EXPECT_EQ(e.line, 7u);
  const Kifu after_end = read_kif_ok(main_line + "変化：2手\n   2 ８四歩(83)\n   3 中断\n変化：3手\n   3 ２六歩(27)\n");
  EXPECT_EQ(branches_of(after_end), (std::vector<std::string>{"2 -1: 8c8d (中断)", "3 0: 2g2f"}));
  e = error_of(main_line + "変化：2手\n   2 ８四歩(83)\n   3 中断\n変化：4手\n   4 ２六歩(27)\n");
  EXPECT_NE(e.message.find("ends at move 2 (3 中断)"), std::string::npos) << e.message;
  e = error_of(main_line + "変化：0手\n   0 ２六歩(27)\n");
  EXPECT_EQ(e.line, 5u);
  // Without a number, or without a move.
  EXPECT_EQ(error_of(main_line + "変化：\n").line, 5u);
  e = error_of(main_line + "変化：2手\n変化：3手\n   3 ２六歩(27)\n");
  EXPECT_EQ(e.line, 5u);
  EXPECT_NE(e.message.find("without a move"), std::string::npos) << e.message;
  EXPECT_EQ(error_of(main_line + "変化：2手\n*only a comment\n").line, 5u);
}

// Truncations and random byte changes of valid texts: each either reads or gives an error inside the
// text, and never crashes or hangs.
TEST(KifReader, GarbageNeverCrashes) {
  const std::vector<std::string> texts = {
      std::string(kTsumeKif), std::string(kTsshogiBranches),
      "手合割：平手\n▲７六歩 △３四歩　▲２二角成\n△同　銀 ▲４五角\nまで5手で先手の勝ち\n\n変化：3手\n▲２六歩\n",
      "手合割：香落ち\n   1 ３四歩(33)\n   2 ７六歩(77)\n   3 同　歩\n",
      diagram_of("k3G4/3G5/4G4/9/9/9/9/9/4K4 b 2P 1") + "▲５二金寄 △９二玉\n"};
  std::mt19937 rng(12345);
  int read = 0;
  for (const std::string& text : texts) {
    for (std::size_t n = 0; n <= text.size(); ++n) {
      const auto kifu = read_kif(std::string_view(text).substr(0, n));
      if (kifu) {
        ++read;
      } else {
        EXPECT_GE(kifu.error().line, 1u);
      }
    }
    for (int i = 0; i < 400; ++i) {
      std::string mutated = text;
      for (int k = 0; k < 3; ++k) {
        const std::size_t at = rng() % mutated.size();
        mutated[at] = char(rng() % 3 == 0 ? std::string_view("|v1(同▲")[rng() % 8] : char(rng() & 0xFF));
      }
      const auto kifu = read_kif(mutated);
      if (kifu) {
        ++read;
      } else {
        EXPECT_GE(kifu.error().line, 1u);
      }
    }
  }
  EXPECT_GT(read, 0);
}

}  // namespace
}  // namespace tsumi::notation
