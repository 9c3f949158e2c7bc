#pragma once
// `tsumi position`: plays --moves through a GameRecord (core/game_record.h) from --sfen or --handicap
// and prints the state of the final position, one fact a line: the SFEN, the side to move, the moves
// played, check and its checkers, the legal-move count, the result (mate, repetition, perpetual check),
// how often the position has appeared, impasse points and the 24-point judgement, and whether the side
// to move may declare a win by the 27-point rule. --json prints the same facts as one object.

#include <iosfwd>

#include "cli/common/position_arg.h"

namespace tsumi::cli {

struct PositionOptions {
  PositionArgs position;
  bool json = false;
};

// Exit 0 with the state on out; 2 with one line on err for a bad SFEN, an illegal or malformed move,
// or a move after the game has ended.
int run_position(const PositionOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
