#pragma once
// Turning the command line's position arguments (--sfen, --handicap, --moves) into a position.

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/position.h"

namespace tsumi::cli {

struct PositionArgs {
  std::string sfen;      // SFEN text or a position name ("startpos"); empty: the start position
  std::string handicap;  // a handicap name (see named_positions())
  std::string moves;     // USI moves played from that position (after the file's), separated by spaces
  // A notation file (KIF, KI2, BOD, CSA, SFEN; front/problem_source.h), `-` for `in`: its start
  // position with its recorded moves played, the position a game record ends in.
  std::string file;
  std::istream* in = nullptr;  // what `--file -` reads (main: std::cin)
};

// A position with the moves applied, owning its states.
struct GamePosition {
  std::vector<StateInfo> states;  // reserved up front: the Position links them
  Position pos;
};

// The arguments read but not yet played: the validated start and the move texts, in order.
struct PositionText {
  PositionSetup setup;
  std::vector<std::string> moves;                            // the file's moves first, then --moves
  std::size_t file_moves = 0;                                // how many of them came from the file
  std::vector<std::pair<std::string, std::string>> headers;  // the file's header (notation/kifu.h)
};

// Reads the start position and splits the moves, or returns a message that says what is wrong.
std::optional<std::string> read_position_args(const PositionArgs& args, PositionText& out);

// Builds the position, or returns a message that says what is wrong and where.
std::optional<std::string> build_position(const PositionArgs& args, GamePosition& out);

}  // namespace tsumi::cli
