#include "compose/leftover.h"

#include <algorithm>
#include <cstddef>

#include "solver/proof_hand.h"

namespace tsumi {

void LeftoverCount::attacker_ply(bool after, const Hand& hand) {
  if (after && !book_end_) book_end_ = hand;
}

void LeftoverCount::defender_ply(const Position& pos, int i, std::span<const Move> line, bool drops_only) {
  const std::size_t k = std::size_t(i);
  if (book_end_ || !drops_only || k + 1 >= line.size() || line[k + 1].to() != line[k].to()) return;
  if (judge_.judge(pos, line[k].to()).futile) futile_taken_.add(line[k].dropped_piece());  // taken at once
}

Hand LeftoverCount::leftover(const Hand& end) const {
  Hand left = book_end_.value_or(end);
  for (PieceType pt : proof_hand::kHandTypes) left.remove(pt, std::min(futile_taken_.count(pt), left.count(pt)));
  return left;
}

}  // namespace tsumi
