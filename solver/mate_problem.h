#pragma once
// A tsume problem as the solver takes it: a position and the side that attacks.
//
// Tsume convention: the defender owns every piece that is neither on the board nor in the attacker's
// hand, so a SFEN may leave the defender's hand out; make_mate_problem() hands it the missing pieces.
// With both kings on the board (a real-game position) the hands stand as written, and the side to
// move attacks unless it is in check; then the other side attacks and the root is a defence (an AND
// node).

#include "core/parse_error.h"
#include "core/position.h"

namespace tsumi {

struct MateProblem {
  PositionSetup setup;  // with the defender's hand completed
  Color attacker = BLACK;
};

// Builds the problem; the error says why the position cannot be one (no defender king, the side to
// move in check with no king to attack, more pieces than a set holds).
ParseResult<MateProblem> make_mate_problem(const PositionSetup& setup);

}  // namespace tsumi
