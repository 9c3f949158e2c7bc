#pragma once
// Writers of Kakinoki's KIF, UTF-8, as KIF readers expect it (kif_reader.h has the format): the board
// diagram (BOD) unless the start is a named position (then `手合割：`), move lines `   1 ２三銀成(24)`
// without side marks, a non-promotion written without `成` (`不成` belongs to KI2), and the end word.

#include <span>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "notation/kifu.h"

namespace tsumi::notation {

// The diagram, every line ending in '\n'. The setup must be a valid position (see sfen.h).
std::string board_diagram(const PositionSetup& setup);

// One move of pos (the position before it) as KIF writes it: destination (full-width file digit, kanji
// rank) or `同　` when it is the destination of the move before, the piece as it stood, `成` for a
// promotion, `打` for a drop, and the origin `(24)`. previous_to: SQ_NONE when there is no move before.
std::string kif_move(const Position& pos, Move m, Square previous_to);

// The moves played from setup, one line each: "   1 ２三銀成(24)". A move that is not legal where it
// stands ends the list with a line that says so.
std::vector<std::string> kif_lines(const PositionSetup& setup, std::span<const Move> moves);

// A whole KIF file (headers, diagram or 手合割, moves, `まで9手で詰み`-style closing line when end is 詰み).
std::string write_kif(const Kifu& kifu);

}  // namespace tsumi::notation
