#pragma once
// USI move and square text: `7g7f`, `8h2b+` (promotion), `P*5e` (drop; the letter is uppercase for
// both colours). Files are digits 1-9, ranks letters a-i, as in the USI protocol.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/parse_error.h"
#include "core/position.h"

namespace tsumi {

std::string to_usi(Square sq);
std::string to_usi(Move m);
// Moves as USI lists them: separated by single spaces ("7g7f 3c3d"); empty for none.
std::string to_usi(std::span<const Move> moves);

// Parses a move and checks that it is legal in pos; the error says which of the two failed.
ParseResult<Move> parse_usi_move(const Position& pos, std::string_view text);

// The moves of a line as USI text, separated by white space ("R*1b 1a2a 1b2b+"), each legal in turn from
// setup; none for empty text. The error names the move by its number in the line ("move 2 '9a9b': ..."),
// with the offset of its word; more than max_moves moves is an error.
ParseResult<std::vector<Move>> parse_usi_line(const PositionSetup& setup, std::string_view text,
                                              std::size_t max_moves = 1000);

}  // namespace tsumi
