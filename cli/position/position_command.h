#pragma once
// `tsumi position`: plays --moves through a GameRecord (core/game_record.h) from --sfen or --handicap
// and prints the state of the final position, one fact a line: the SFEN, the side to move, the moves
// played, check and its checkers, the legal-move count, the result (mate, repetition, perpetual check),
// how often the position has appeared, impasse points and the 24-point judgement, and whether the side
// to move may declare a win by the 27-point rule. --json prints the same facts as one object. --kif and
// --csa write the game as a notation file, so that a game read from one notation (--file) goes out in
// another.

#include <iosfwd>
#include <string>

#include "cli/common/position_arg.h"

namespace tsumi::cli {

struct PositionOptions {
  PositionArgs position;
  bool json = false;
  std::string kif_out;     // also write the game (start and every move played) as a KIF file (`-`: on out)
  std::string csa_out;     // the same as a CSA file
  std::string svg_out;     // also draw the final position, its last move marked, as SVG (`-`: on out)
  bool svg_latin = false;  // with Latin letters instead of kanji
};

// Exit 0 with the state on out; 2 with one line on err for a bad SFEN or file, an illegal or malformed
// move, a move after the game has ended, or a file that cannot be written.
int run_position(const PositionOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
