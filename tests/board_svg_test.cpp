// Tests of notation/board_svg.h: every piece drawn at its square's centre, white's turned, promoted ones
// red, the hands with their counts, the last move marked, the coordinates, Latin letters, and a
// well-formed document. (tests/python/test_svg.py renders the picture with rsvg-convert and looks at it.)

#include "notation/board_svg.h"

#include <string>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi::notation {
namespace {

PositionSetup setup_of(const char* sfen) {
  const auto s = parse_sfen(sfen);
  EXPECT_TRUE(s) << sfen;
  return s ? *s : PositionSetup{};
}

// The <text> element drawn at (x, y), or "" when there is none.
std::string text_at(const std::string& svg, int x, int y) {
  const std::string key = "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\"";
  const auto at = svg.find(key);
  return at == std::string::npos ? "" : svg.substr(at, svg.find("</text>", at) + 7 - at);
}

std::string on_square(const std::string& svg, const char* usi_square, const BoardSvgOptions& o = {}) {
  const Square sq = Square((usi_square[0] - '1') * 9 + (usi_square[1] - 'a'));
  const SvgBox b = board_svg_square(sq, o);
  return text_at(svg, b.x + b.width / 2, b.y + b.height / 2);
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(BoardSvg, PiecesStandOnTheirSquares) {
  // After 7g7f 3c3d 8h2b+: black's promoted bishop on 2b, white's king on 5a.
  const std::string svg = board_svg(setup_of("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"));
  EXPECT_TRUE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_EQ(count(svg, "<svg"), 1);
  EXPECT_EQ(count(svg, "<text"), count(svg, "</text>"));
  EXPECT_NE(on_square(svg, "5a").find(">玉<"), std::string::npos);
  EXPECT_NE(on_square(svg, "5a").find("rotate(180"), std::string::npos);  // white's: turned
  EXPECT_NE(on_square(svg, "5i").find(">玉<"), std::string::npos);
  EXPECT_EQ(on_square(svg, "5i").find("rotate"), std::string::npos);
  EXPECT_NE(on_square(svg, "2b").find(">馬<"), std::string::npos);
  EXPECT_NE(on_square(svg, "2b").find("#c00000"), std::string::npos);  // promoted: red
  EXPECT_EQ(on_square(svg, "5e"), "");
  // 40 pieces less the two bishops, one of them in black's hand, plus the hand's mark and bishop, white's
  // mark, 9 file digits and 9 rank numerals.
  EXPECT_EQ(count(svg, "<text"), 39 + 2 + 1 + 18);
  EXPECT_NE(svg.find(">☗<"), std::string::npos);
  EXPECT_NE(svg.find(">一<"), std::string::npos);
  EXPECT_NE(svg.find(">９<"), std::string::npos);
}

TEST(BoardSvg, HandsCountAndLatinLetters) {
  BoardSvgOptions latin;
  latin.latin = true;
  const std::string svg = board_svg(setup_of("8k/9/9/9/9/9/9/9/9 b 2R4G18P 1"), latin);
  EXPECT_NE(svg.find(">R2<"), std::string::npos);
  EXPECT_NE(svg.find(">G4<"), std::string::npos);
  EXPECT_NE(svg.find(">P18<"), std::string::npos);
  EXPECT_NE(on_square(svg, "1a", latin).find(">K<"), std::string::npos);
  const std::string kanji = board_svg(setup_of("8k/9/9/9/9/9/9/9/9 b 2R4G18P 1"));
  EXPECT_NE(kanji.find(">歩十八<"), std::string::npos);
  EXPECT_NE(kanji.find(">金四<"), std::string::npos);
}

TEST(BoardSvg, TheLastMoveIsMarked) {
  const PositionSetup before = setup_of(std::string(kStartSfen).c_str());
  StateInfo st;
  Position pos;
  pos.set(before, &st);
  BoardSvgOptions o;
  o.last_move = *parse_usi_move(pos, "7g7f");
  const std::string svg = board_svg(before, o);
  const SvgBox to = board_svg_square(Square(6 * 9 + 5), o);  // 7f
  EXPECT_NE(svg.find("<rect x=\"" + std::to_string(to.x) + "\" y=\"" + std::to_string(to.y) + "\""), std::string::npos);
  EXPECT_EQ(count(svg, "#f0a848"), 1);  // the destination's shade
  EXPECT_EQ(count(svg, "#d07010"), 1);  // the origin's outline
}

TEST(BoardSvg, SeveralBoardsSideBySide) {
  const PositionSetup a = setup_of("8k/9/9/9/9/9/9/9/9 b G 1");
  const std::pair<PositionSetup, BoardSvgOptions> boards[] = {{a, {}}, {a, {}}};
  const std::string svg = boards_svg(boards);
  EXPECT_EQ(count(svg, "<g transform=\"translate("), 2);
  EXPECT_NE(svg.find("width=\"" + std::to_string(2 * board_svg_size().width) + "\""), std::string::npos);
}

}  // namespace
}  // namespace tsumi::notation
