#pragma once
// Sennichite: the same position (board, hands, side to move) appearing for the fourth time ends the
// game in a draw, unless one side gave check with every one of its moves since the first of those
// four appearances: that side loses (JSA rules, "perpetual check" / renzoku-ote no sennichite).
//
// The judge takes the positions of a game as (key, in-check) pairs, oldest first; the key must cover
// board, hands and side to move (Position::key()).

#include <cstdint>
#include <span>

#include "core/types.h"
#include "core/zobrist.h"

namespace tsumi {

struct HistoryEntry {
  Key key;        // Position::key() of the position
  bool in_check;  // the side to move there is in check, i.e. the move that led to it gave check
  Color side_to_move;
};

struct RepetitionStatus {
  enum Kind : std::uint8_t { NONE, DRAW, PERPETUAL_CHECK };
  Kind kind = NONE;
  Color loser = BLACK;  // for PERPETUAL_CHECK: the side that gave every check
  int occurrences = 1;  // how often the last position has appeared, itself included
};

// Judges the last position of the history.
RepetitionStatus judge_repetition(std::span<const HistoryEntry> history);

}  // namespace tsumi
