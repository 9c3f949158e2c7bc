#pragma once
// Text for people: the board diagram of Kakinoki's KIF format ("BOD", what shogi GUIs paste and read)
// and moves in KIF notation. UTF-8 throughout.
//
//   後手の持駒：飛二　角二　金二　銀四　桂四　香四　歩十八　
//     ９ ８ ７ ６ ５ ４ ３ ２ １
//   +---------------------------+
//   | ・ ・ ・ ・ ・ ・ ・ ・v玉|一     white pieces have a 'v' before them, empty squares are ' ・'
//   ...
//   +---------------------------+
//   先手の持駒：金二　
//   先手番
//
// A move is `▲２三銀成(24)`: side mark, destination (full-width file digit, kanji rank) or `同　` when
// it is the destination of the move before, the piece as it stood, `成` or `不成` where it could have
// promoted, `打` for a drop, and the origin's file and rank digits.

#include <span>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace tsumi::cli {

// The diagram, every line ending in '\n'. The setup must be a valid position (see sfen.h).
std::string board_diagram(const PositionSetup& setup);

// One move of pos (the position before it) in KIF notation; previous_to is the destination of the
// move before it, SQ_NONE when there is none.
std::string kif_move(const Position& pos, Move m, Square previous_to);

// The moves played from setup, one numbered line each: "1 ▲２三銀成(24)". A move that is not legal
// where it stands ends the list with a line that says so.
std::vector<std::string> kif_lines(const PositionSetup& setup, std::span<const Move> moves);

}  // namespace tsumi::cli
