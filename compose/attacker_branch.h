#pragma once
// The attacker's branches: at an attacker ply i (0-based) of a main line of n plies, another check m
// after which the defender is still mated is a finding (a Cook, soundness_report.h). Its mate_length
// counts m itself (1 + the shortest mate after it), so it compares with the main line's remaining
// n - i plies; a check after which every evasion is a futile drop mates at once (mate_at_once.h,
// mate_length 1), as books count it. Its kind, in this order:
//   short          (早詰)        mate_length < n - i (a search of the short mates alone);
//   last-move      (最終手余詰)  m mates at once, at the last ply or where the main line's own move
//                                mates at once too (its last attacker move as books count): minor;
//   detour         (迂回)        m returns (main_line_return.h) onto the position before it (a loop),
//                                or onto a later position of the main line and m is not a later
//                                attacker move of it: minor;
//   transposition  (手順前後)    m returns onto a later position of the main line and is one of its
//                                later attacker moves: minor;
//   cook           (余詰)        any other.
// A cook whose return search was cut has its kind unsettled (Cook::kind_settled, may_be) and an unknown
// branch beside it.
//
// Thread safety: one check at a time (BranchSolves).

#include "compose/branch_solves.h"
#include "compose/main_line_return.h"
#include "compose/mate_at_once.h"
#include "core/move.h"
#include "core/position.h"
#include "solver/futility_judge.h"

namespace tsumi {

// `pos` is after another check m at the (0-based) attacker ply i of the main line `line` (n plies);
// main_at_once: whether the main line's own move at i mates at once (as at its last ply). Records the
// cook, or the unknown branch, in the check's report, and returns true; false where the first pass's
// cap (BranchPass) cut the search for its mate, which the second pass goes on with.
bool attacker_branch(BranchSolves& solves, FutilityJudge& judge, const MainLinePositions& line, Position& pos, int i,
                     int n, Move m, bool main_at_once, const BranchPass& pass = {});

}  // namespace tsumi
