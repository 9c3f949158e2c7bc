#include "compose/mate_at_once.h"

#include "core/movegen.h"

namespace tsumi {

bool mated_at_once(FutilityJudge& judge, const Position& pos) {
  if (!has_legal_move(pos)) return true;
  Hand proof;
  return judge.mated_by_futility(pos, proof);
}

}  // namespace tsumi
