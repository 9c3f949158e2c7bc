#include "notation/kif_writer.h"

#include <algorithm>
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

// ---- branches (変化) ----

// The first `plies` moves on the path of a line of k (-1 the main line): those of the lines it branches
// from up to its ply, then its own.
std::vector<Move> path_to(const Kifu& k, int line, std::size_t plies) {
  if (line < 0) return {k.moves.begin(), k.moves.begin() + std::ptrdiff_t(plies)};
  const KifuVariation& v = k.variations[line];
  std::vector<Move> path = path_to(k, v.parent, std::size_t(v.ply - 1));
  path.insert(path.end(), v.moves.begin(), v.moves.begin() + std::ptrdiff_t(plies - path.size()));
  return path;
}

// A branch of line `parent` of k from move `ply`, its moves in USI.
KifuVariation branch_of(const Kifu& k, int parent, int ply, const std::vector<std::string>& usi, std::string end = "",
                        std::string comment = "") {
  KifuVariation v;
  v.ply = ply;
  v.parent = parent;
  v.end = std::move(end);
  v.comment = std::move(comment);
  std::deque<StateInfo> states(1);
  Position pos;
  pos.set(k.start, &states.back());
  for (Move m : path_to(k, parent, std::size_t(ply - 1))) pos.do_move(m, states.emplace_back());
  for (const std::string& u : usi) {
    const auto m = parse_usi_move(pos, u);
    if (!m) {
      ADD_FAILURE() << u << ": " << m.error().message;
      break;
    }
    v.moves.push_back(*m);
    pos.do_move(*m, states.emplace_back());
  }
  return v;
}

// The even game of EvenGameWithHeadersAndResignation with four branches: two at move 4 (the first
// with a comment and a branch of its own at move 5), one at move 2 that ends.
Kifu game_with_branches() {
  Kifu k = kifu_of(kStartSfen, {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}, "投了");
  k.variations.push_back(branch_of(k, -1, 4, {"8b2b", "B*5e"}, "", "余詰: 同飛"));
  k.variations.push_back(branch_of(k, -1, 2, {"8c8d"}, "中断"));
  k.variations.push_back(branch_of(k, 0, 5, {"B*4e"}));
  k.variations.push_back(branch_of(k, -1, 4, {"4a3b"}));
  return k;
}

TEST(WriteKif, BranchesInKakinokisOrder) {
  // The later branch point first, a branch's own branches before its next sibling, siblings in kifu
  // order; `同` after the move before on the branch's path.
  EXPECT_EQ(write_kif(game_with_branches()),
            "# KIF形式棋譜ファイル Generated by tsumi\n"
            "手合割：平手\n"
            "手数----指手---------消費時間--\n"
            "   1 ７六歩(77)\n"
            "   2 ３四歩(33)\n"
            "   3 ２二角成(88)\n"
            "   4 同　銀(31)\n"
            "   5 ４五角打\n"
            "   6 投了\n"
            "まで5手で先手の勝ち\n"
            "\n"
            "変化：4手\n"
            "   4 同　飛(82)\n"
            "*余詰: 同飛\n"
            "   5 ５五角打\n"
            "\n"
            "変化：5手\n"
            "   5 ４五角打\n"
            "\n"
            "変化：4手\n"
            "   4 ３二金(41)\n"
            "\n"
            "変化：2手\n"
            "   2 ８四歩(83)\n"
            "   3 中断\n");
}

// Each branch of a kifu as its path, moves, end and comment, sorted: what stays when the branches are
// reordered (read_kif() gives them in the order write_kif() wrote them).
std::vector<std::string> branch_set(const Kifu& k) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < k.variations.size(); ++i) {
    const KifuVariation& v = k.variations[i];
    out.push_back(to_usi(path_to(k, int(i), std::size_t(v.ply - 1))) + " | " + to_usi(v.moves) + " | " + v.end + " | " +
                  v.comment);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(KifRoundTrip, BranchesReadBackAsWritten) {
  const Kifu k = game_with_branches();
  const std::string text = write_kif(k);
  const auto back = read_kif(text);
  ASSERT_TRUE(back) << back.error().describe() << "\n" << text;
  EXPECT_EQ(to_usi(back->moves), to_usi(k.moves));
  EXPECT_EQ(back->end, k.end);
  // In file order: the branch at 5 is the fourth's, read third.
  ASSERT_EQ(back->variations.size(), 4u);
  const std::vector<int> order = {0, 2, 3, 1};
  for (std::size_t i = 0; i < order.size(); ++i) {
    const KifuVariation& want = k.variations[order[i]];
    const KifuVariation& got = back->variations[i];
    SCOPED_TRACE(i);
    EXPECT_EQ(got.ply, want.ply);
    EXPECT_EQ(got.parent, want.parent < 0 ? -1 : 0);
    EXPECT_EQ(to_usi(got.moves), to_usi(want.moves));
    EXPECT_EQ(got.end, want.end);
    EXPECT_EQ(got.comment, want.comment);
  }
  EXPECT_EQ(write_kif(*back), text);
}

TEST(KifRoundTrip, KakinokiTextWrittenAgain) {
  // Two branches, one of them a branch of the other, with time fields and `+` marks: read, written by
  // tsumi, read again, the same.
  const auto first = read_kif(
      "手合割：平手\n"
      "手数----指手---------消費時間--\n"
      "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
      "   2 ３四歩(33)   ( 0:01/00:00:01)+\n"
      "   3 ２六歩(27)   ( 0:01/00:00:02)\n"
      "   4 ８四歩(83)   ( 0:01/00:00:02)\n"
      "\n"
      "変化：2手\n"
      "   2 ８四歩(83)   ( 0:01/00:00:01)\n"
      "   3 ２六歩(27)   ( 0:01/00:00:02)+\n"
      "   4 ８五歩(84)   ( 0:01/00:00:02)\n"
      "\n"
      "変化：3手\n"
      "   3 ６八銀(79)   ( 0:01/00:00:02)\n"
      "*矢倉\n"
      "   4 投了         ( 0:01/00:00:02)\n");
  ASSERT_TRUE(first) << first.error().describe();
  ASSERT_EQ(first->variations.size(), 2u);
  EXPECT_EQ(first->variations[1].parent, 0);
  const std::string text = write_kif(*first);
  const auto second = read_kif(text);
  ASSERT_TRUE(second) << second.error().describe() << "\n" << text;
  EXPECT_EQ(to_usi(second->moves), to_usi(first->moves));
  EXPECT_EQ(branch_set(*second), branch_set(*first));
  for (std::size_t i = 0; i < 2; ++i) EXPECT_EQ(second->variations[i].parent, first->variations[i].parent);
}

TEST(KifRoundTrip, RandomBranchTrees) {
  std::mt19937 rng(20250301);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::vector<std::string_view> starts = {kStartSfen, "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1",
                                                *named_sfen("2-pieces")};
  for (int game = 0; game < 60; ++game) {
    Kifu k;
    k.start = setup_of(starts[game % starts.size()]);
    k.moves = random_game(k.start, rng, pick(0, 30));
    if (game % 3 == 0) k.end = "中断";
    for (int b = pick(0, 12); b > 0; --b) {
      // A random line and a move of it after its first (a branch of a branch's first move would be read
      // back as that branch's sibling), or its end word.
      const int parent = pick(-1, int(k.variations.size()) - 1);
      const int first = parent < 0 ? 1 : k.variations[parent].ply + 1;
      const int last = parent < 0 ? int(k.moves.size()) + !k.end.empty()
                                  : k.variations[parent].ply + int(k.variations[parent].moves.size()) - 1 +
                                        !k.variations[parent].end.empty();
      if (first > last) continue;
      KifuVariation v;
      v.parent = parent;
      v.ply = pick(first, last);
      std::deque<StateInfo> states(1);
      Position pos;
      pos.set(k.start, &states.back());
      for (Move m : path_to(k, parent, std::size_t(v.ply - 1))) pos.do_move(m, states.emplace_back());
      v.moves = random_game(setup_of(to_sfen(pos)), rng, pick(0, 8));
      if (v.moves.empty() || pick(0, 3) == 0) v.end = pick(0, 1) ? "詰み" : "中断";
      if (pick(0, 2) == 0) v.comment = pick(0, 1) ? "余詰" : "a\n\nb";
      k.variations.push_back(std::move(v));
    }
    SCOPED_TRACE("game " + std::to_string(game));
    const std::string text = write_kif(k);
    const auto back = read_kif(text);
    ASSERT_TRUE(back) << back.error().describe() << "\n" << text;
    EXPECT_EQ(to_usi(back->moves), to_usi(k.moves));
    EXPECT_EQ(back->end, k.end);
    EXPECT_EQ(branch_set(*back), branch_set(k)) << text;
    EXPECT_EQ(write_kif(*back), text);
  }
}

TEST(WriteKif, BranchesThatDoNotFit) {
  Kifu k = kifu_of(kStartSfen, {"7g7f", "3c3d"});
  KifuVariation past_the_end;  // move 3 of a line of 2 moves without an end
  past_the_end.ply = 3;
  past_the_end.moves = {Move::make_drop(GOLD, SQ_55)};
  KifuVariation empty;  // nothing in KIF, but its branch is written
  empty.ply = 2;
  k.variations = {past_the_end, empty, branch_of(k, -1, 2, {"8c8d"})};
  k.variations[2].parent = 1;
  const std::string text = write_kif(k);
  const std::string tail =
      "   2 ３四歩(33)\n"
      "\n変化：3手\n   3 (the line this branches from has no move 3)\n"
      "\n変化：2手\n   2 ８四歩(83)\n";
  ASSERT_GE(text.size(), tail.size());
  EXPECT_EQ(text.substr(text.size() - tail.size()), tail) << text;
}

}  // namespace
}  // namespace tsumi::notation
