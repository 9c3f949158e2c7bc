#pragma once
// The defender's branches: at a defender ply i (0-based, odd) of a main line of n plies, every other
// evasion d that is a defence (a futile drop is none: futility_judge.h's rule) is solved. Mated with
// mate_length = 1 + L plies (L the shortest mate after d) against the main line's remaining n - i:
//   longer          (変長)        more: the main line is not the longest defence;
//   equal           (変同)        as many, and the variation's line ends with the attacker's hand empty;
//   equal-leftover  (変同駒余り)  as many, with pieces left: the main line is the right choice (minor);
//   longer-leftover (2手変長駒余り) two plies more, with pieces left: as long as the main line by the
//                   composers' order (solver/book_line.h), which takes the line that leaves nothing
//                   (minor).
// A shorter defence is no finding. A defence after which there is no mate breaks a recorded line
// (bad-line); on tsumi's own line it is an unknown. Where the attacker has several shortest mates in a
// variation, equal or equal-leftover follows the one the line builder takes (solver/mate_pv.h).
//
// Thread safety: one check at a time (BranchSolves).

#include "compose/branch_solves.h"
#include "core/move.h"
#include "core/position.h"

namespace tsumi {

// `pos` is after another defence m at the (0-based) defender ply i of a main line of n plies. Records
// the defence, the bad line or the unknown branch in the check's report, and returns true; false where
// the first pass's cap (BranchPass) cut the search for a mate longer than the main line's rest, which
// the second pass goes on with.
bool defender_branch(BranchSolves& solves, Position& pos, int i, int n, Move m, const BranchPass& pass = {});

}  // namespace tsumi
