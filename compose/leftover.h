#pragma once
// Pieces left (駒余り): the attacker's hand after the main line as books count it. That is the hand
// where the line first mates at once as books count (mate_at_once.h: kongou-2 at ply 9 of 11, whose
// last two plies are a futile lance drop and its capture), less the pieces taken from futile drops
// played before that (a futile drop and its capture are no play in a book). The recorded line and
// tsumi's own are counted alike.
//
// Thread safety: one thread, with the judge of the check that counts.

#include <optional>
#include <span>

#include "core/hand.h"
#include "core/move.h"
#include "core/position.h"
#include "solver/futility_judge.h"

namespace tsumi {

class LeftoverCount {
 public:
  explicit LeftoverCount(FutilityJudge& judge) : judge_(judge) {}

  // After the main line's move at an attacker ply, in order: whether the defender is then mated at once
  // as books count (`after`), the attacker holding `hand`.
  void attacker_ply(bool after, const Hand& hand);
  // At the (0-based) defender ply i, `pos` before the main line's move there: where the defender has
  // drops only and the main line's next move takes the drop on its square, the drop is judged, and a
  // futile one's piece is no gain (before the book's line ended).
  void defender_ply(const Position& pos, int i, std::span<const Move> line, bool drops_only);
  // The leftover, `end` being the attacker's hand after the whole main line.
  Hand leftover(const Hand& end) const;

 private:
  FutilityJudge& judge_;
  std::optional<Hand> book_end_;  // the hand where the book's line ends, once known
  Hand futile_taken_;             // the pieces of futile drops taken before that
};

}  // namespace tsumi
