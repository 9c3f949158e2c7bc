#pragma once
// A position as an SVG picture: the board with its coordinates (files 9..1 above, ranks 一..九 at the
// right, as shogi diagrams print them), both hands (black's, ☗, at the lower right; white's, ☖, at the
// upper left), white's pieces turned upside down, promoted pieces in red, and the last move marked
// (its square shaded, and the square it came from outlined). What Jupyter shows for tsumi.Position
// (_repr_svg_) and `tsumi position/mate --svg` write.
//
// The picture is a standalone SVG 1.1 document, valid XML, UTF-8; its text is the pieces' one-character
// names (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍), or with `latin` the letters of SFEN (P L N S G B R K, a
// promoted piece with +). Fonts: the viewer's, by family names that Debian, Windows and macOS have.

#include <span>
#include <string>
#include <utility>

#include "core/move.h"
#include "core/position.h"

namespace tsumi::notation {

struct BoardSvgOptions {
  Move last_move = Move::none();  // marked on the board (its destination shaded, its origin outlined)
  bool latin = false;             // Latin letters instead of kanji
  int square = 40;                // the side of a square, in pixels (at least 16)
};

std::string board_svg(const PositionSetup& setup, const BoardSvgOptions& options = {});

// Several boards side by side in one picture, left to right (`tsumi mate --svg`: the problem and the
// position its main line ends in).
std::string boards_svg(std::span<const std::pair<PositionSetup, BoardSvgOptions>> boards);

// The geometry, for tests and for anything drawn on top: the pixel box of a square and of each hand.
struct SvgBox {
  int x = 0, y = 0, width = 0, height = 0;
};
SvgBox board_svg_square(Square sq, const BoardSvgOptions& options = {});
SvgBox board_svg_hand(Color c, const BoardSvgOptions& options = {});
SvgBox board_svg_size(const BoardSvgOptions& options = {});

}  // namespace tsumi::notation
