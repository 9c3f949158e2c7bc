#include "compose/mate_at_once.h"

#include "core/movegen.h"

namespace tsumi {

AtOnce mated_at_once(FutilityJudge& judge, const Position& pos) {
  if (!has_legal_move(pos)) return AtOnce::kYes;
  Hand proof;
  bool open = false;
  if (judge.mated_by_futility(pos, proof, true, &open)) return AtOnce::kYes;
  return open ? AtOnce::kUnsettled : AtOnce::kNo;
}

}  // namespace tsumi
