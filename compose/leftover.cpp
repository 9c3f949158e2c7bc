#include "compose/leftover.h"

#include <algorithm>
#include <cstddef>

#include "compose/soundness_report.h"
#include "solver/proof_hand.h"

namespace tsumi {

void LeftoverCount::attacker_ply(int i, Move m, AtOnce after, const Hand& hand) {
  if (after == AtOnce::kYes && !book_end_) book_end_ = hand;
  // Where the book's line ends, and so its leftover and the kinds of the cooks here, is open.
  if (after == AtOnce::kUnsettled && !book_end_) solves_.unknown(i + 1, m, kFutilityOpen);
}

void LeftoverCount::defender_ply(const Position& pos, int i, std::span<const Move> line, bool drops_only) {
  const std::size_t k = std::size_t(i);
  if (book_end_ || !drops_only || k + 1 >= line.size() || line[k + 1].to() != line[k].to()) return;
  const FutilityVerdict v = judge_.judge(pos, line[k].to());
  if (v.futile) futile_taken_.add(line[k].dropped_piece());         // a futile drop, taken at once
  if (v.unsettled) solves_.unknown(i + 1, line[k], kFutilityOpen);  // the leftover is open
}

Hand LeftoverCount::leftover(const Hand& end) const {
  Hand left = book_end_.value_or(end);
  for (PieceType pt : proof_hand::kHandTypes) left.remove(pt, std::min(futile_taken_.count(pt), left.count(pt)));
  return left;
}

}  // namespace tsumi
