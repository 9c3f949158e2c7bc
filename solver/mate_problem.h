#pragma once
// A tsume problem as the solver takes it: a position and the side that attacks.
//
// Tsume convention: the defender owns every piece that is neither on the board nor in the attacker's
// hand, so a SFEN may leave the defender's hand out; make_mate_problem() hands it the missing pieces.
// With both kings on the board (a real-game position) the hands stand as written, and the side to
// move attacks unless it is in check; then the other side attacks and the root is a defence (an AND
// node).

#include <string_view>

#include "core/parse_error.h"
#include "core/position.h"
#include "core/sfen.h"

namespace tsumi {

struct MateProblem {
  PositionSetup setup;  // with the defender's hand completed
  Color attacker = BLACK;
};

// How every front reads a tsume problem's SFEN: the rules' SFEN (core/sfen.h) with two unpromoted pawns
// of a colour on a file allowed. Four published problems of positions/tsume-public.txt have such a
// board; the solver plays on it by the rules (it never drops a pawn onto such a file).
inline constexpr SfenLeniency kTsumeLeniency{.allow_nifu = true};

// The SFEN in `text`: without leading spaces and a leading "sfen " (the word of USI's `position sfen`,
// which copied text often keeps).
std::string_view strip_sfen_prefix(std::string_view text);

// Builds the problem; the error says why the position cannot be one (no defender king, the side to
// move in check with no king to attack, more pieces than a set holds).
ParseResult<MateProblem> make_mate_problem(const PositionSetup& setup);

}  // namespace tsumi
