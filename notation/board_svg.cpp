#include "notation/board_svg.h"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "notation/kif_text.h"

namespace tsumi::notation {

namespace {

// The layout, in squares of s pixels: a margin of s/2 above (the file numbers), a column of 1.25 s at
// each side (white's hand at the left, the rank numerals and black's hand at the right).
struct Layout {
  int s;
  int left() const { return s + s / 4; }  // the board's left edge
  int top() const { return s * 3 / 4; }   // its top edge
  int board() const { return 9 * s; }     // its side
  int width() const { return left() + board() + s / 2 + s + s / 4; }
  int height() const { return top() + board() + s / 4; }
};

constexpr std::array<std::string_view, PIECE_TYPE_NB> kLatin = {"",  "P",  "L",  "N",  "S",  "B",  "R", "G",
                                                                "K", "+P", "+L", "+N", "+S", "+B", "+R"};

std::string num(int v) { return std::to_string(v); }

// A hand count of 2 to 18: 二..十, 十一..十八 (as KIF writes them), or digits.
std::string count_text(int n, bool latin) {
  if (latin) return num(n);
  if (n <= 10) return std::string(kif_text::kKanjiNumber[std::size_t(n)]);
  return "十" + std::string(kif_text::kKanjiNumber[std::size_t(n - 10)]);
}

std::string piece_text(PieceType pt, bool latin) { return std::string(latin ? kLatin[pt] : kif_text::kBoardName[pt]); }

// A text centred on (x, y), turned 180 degrees about that point for white.
std::string text_at(int x, int y, int size, const std::string& text, const char* fill, bool turned) {
  std::string s = "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) + "\" fill=\"" + fill +
                  "\" text-anchor=\"middle\" dominant-baseline=\"central\"";
  if (turned) s += " transform=\"rotate(180 " + num(x) + " " + num(y) + ")\"";
  return s + ">" + text + "</text>\n";
}

std::string rect(const SvgBox& b, const char* style) {
  return "<rect x=\"" + num(b.x) + "\" y=\"" + num(b.y) + "\" width=\"" + num(b.width) + "\" height=\"" +
         num(b.height) + "\" " + style + "/>\n";
}

}  // namespace

SvgBox board_svg_square(Square sq, const BoardSvgOptions& options) {
  const Layout l{std::max(16, options.square)};
  const int column = 8 - int(file_of(sq));  // file 9 at the left
  return {l.left() + column * l.s, l.top() + int(rank_of(sq)) * l.s, l.s, l.s};
}

SvgBox board_svg_hand(Color c, const BoardSvgOptions& options) {
  const Layout l{std::max(16, options.square)};
  const int width = l.s;
  if (c == WHITE) return {(l.left() - width) / 2, l.top(), width, l.board()};
  return {l.left() + l.board() + l.s / 2, l.top(), width, l.board()};
}

SvgBox board_svg_size(const BoardSvgOptions& options) {
  const Layout l{std::max(16, options.square)};
  return {0, 0, l.width(), l.height()};
}

namespace {

// The document's first lines, for a picture of width x height.
std::string svg_start(int width, int height) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
         "width=\"" +
         num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
         "\" font-family=\"Noto Sans CJK JP, IPAexGothic, IPAGothic, Yu Gothic, Hiragino Sans, sans-serif\">\n" +
         rect({0, 0, width, height}, "fill=\"#ffffff\"");
}

// One board's elements, in a group moved right by x.
std::string board_group(const PositionSetup& setup, const BoardSvgOptions& options, int offset) {
  const Layout l{std::max(16, options.square)};
  const int s = l.s;
  std::string out = "<g transform=\"translate(" + num(offset) + " 0)\">\n";
  out += rect({l.left(), l.top(), l.board(), l.board()}, "fill=\"#f3d9a4\" stroke=\"#000000\" stroke-width=\"2\"");
  // The last move: its destination shaded, its origin outlined.
  if (!options.last_move.is_none()) {
    out += rect(board_svg_square(options.last_move.to(), options), "fill=\"#f0a848\"");
    if (!options.last_move.is_drop()) {
      SvgBox from = board_svg_square(options.last_move.from(), options);
      from.x += 2, from.y += 2, from.width -= 4, from.height -= 4;
      out += rect(from, "fill=\"none\" stroke=\"#d07010\" stroke-width=\"3\"");
    }
  }
  for (int i = 1; i < 9; ++i) {
    const std::string a = num(l.left() + i * s), b = num(l.top() + i * s);
    out += "<line x1=\"" + a + "\" y1=\"" + num(l.top()) + "\" x2=\"" + a + "\" y2=\"" + num(l.top() + l.board()) +
           "\" stroke=\"#000000\" stroke-width=\"1\"/>\n";
    out += "<line x1=\"" + num(l.left()) + "\" y1=\"" + b + "\" x2=\"" + num(l.left() + l.board()) + "\" y2=\"" + b +
           "\" stroke=\"#000000\" stroke-width=\"1\"/>\n";
  }
  // Coordinates: files 9..1 above, ranks at the right.
  for (int f = 0; f < 9; ++f) {
    const int x = l.left() + (8 - f) * s + s / 2;
    out += text_at(x, l.top() - s / 4 - 2, s * 2 / 5, options.latin ? num(f + 1) : std::string(kif_text::kFileDigit[f]),
                   "#000000", false);
  }
  for (int r = 0; r < 9; ++r) {
    const int y = l.top() + r * s + s / 2;
    out += text_at(l.left() + l.board() + s / 4, y, s * 2 / 5,
                   options.latin ? std::string(1, char('a' + r)) : std::string(kif_text::kKanjiNumber[r + 1]),
                   "#000000", false);
  }
  for (int sq = 0; sq < SQ_NB; ++sq) {
    const Piece pc = setup.board[sq];
    if (pc == NO_PIECE) continue;
    const SvgBox b = board_svg_square(Square(sq), options);
    const PieceType pt = type_of(pc);
    out += text_at(b.x + s / 2, b.y + s / 2, options.latin && is_promoted(pt) ? s / 2 : s * 3 / 4,
                   piece_text(pt, options.latin), is_promoted(pt) ? "#c00000" : "#000000", color_of(pc) == WHITE);
  }
  // The hands, each a column of its mark and then each kind with its count: black's at the lower right,
  // its last entry at the bottom; white's at the upper left, from the top, turned as white sees it.
  for (const Color c : {BLACK, WHITE}) {
    std::vector<std::string> labels = {c == BLACK ? "☗" : "☖"};
    std::vector<bool> counted = {false};  // a label with a count, in a smaller font to fit the column
    for (const PieceType pt : kif_text::kHandOrder)
      if (const int n = setup.hands[c].count(pt); n > 0) {
        labels.push_back(piece_text(pt, options.latin) + (n > 1 ? count_text(n, options.latin) : ""));
        counted.push_back(n > 1);
      }
    const SvgBox h = board_svg_hand(c, options);
    const int step = s * 3 / 4, n = int(labels.size());
    const int first = c == BLACK ? h.y + h.height - s / 2 - (n - 1) * step : h.y + s / 2;
    for (int i = 0; i < n; ++i)
      out += text_at(h.x + h.width / 2, first + i * step, counted[std::size_t(i)] ? s * 2 / 5 : s * 3 / 5,
                     labels[std::size_t(i)], "#000000", c == WHITE);
  }
  return out + "</g>\n";
}

}  // namespace

std::string board_svg(const PositionSetup& setup, const BoardSvgOptions& options) {
  const SvgBox size = board_svg_size(options);
  return svg_start(size.width, size.height) + board_group(setup, options, 0) + "</svg>\n";
}

std::string boards_svg(std::span<const std::pair<PositionSetup, BoardSvgOptions>> boards) {
  int width = 0, height = 0;
  std::string body;
  for (const auto& [setup, options] : boards) {
    const SvgBox size = board_svg_size(options);
    body += board_group(setup, options, width);
    width += size.width, height = std::max(height, size.height);
  }
  return svg_start(width, height) + body + "</svg>\n";
}

}  // namespace tsumi::notation
