#pragma once
// Whether the defender to move is mated at once as books count it: no evasion at all, or none but
// futile drops (futility_judge.h: no defences, as problem books count them). A check after which it is
// mates in one ply whatever the defender could interpose; the main line's move after which it is ends
// the book's line (leftover.h), and another move that mates at once beside it is a last-move cook
// (attacker_branch.h).
//
// Thread safety: one thread, with the judge of the check that asks.

#include "core/position.h"
#include "solver/futility_judge.h"

namespace tsumi {

bool mated_at_once(FutilityJudge& judge, const Position& pos);

}  // namespace tsumi
