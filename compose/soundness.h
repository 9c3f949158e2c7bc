#pragma once
// Whether a tsume problem is sound, the way composers and judges check one: a main line (the recorded
// solution, or tsumi's own), then every other move at each of its plies solved on the one shared table.
// compose/README.md gives the definitions with examples; one concern a file:
//   attacker_branch.h   another check at an attacker ply: cooks and their kinds;
//   main_line_return.h  whether such a check comes back onto the main line (detour, transposition);
//   defender_branch.h   another defence at a defender ply: longer and equal defences;
//   leftover.h          the pieces left after the main line as books count it;
//   verdict.h           the verdict the findings give;
//   branch_solves.h     the limits, and every solve a check makes (probes, shortest-mate proofs);
//   soundness_report.h  what a check answers.
// This file walks the main line and hands each other move to its branch, in passes ordered so that the
// verdict is known as early as it can be (a composer checks a draft many times an evening):
//   0. each ply's other moves, and the pieces left after the main line (a flaw found without a solve);
//   1. every branch, with its search without a length bound capped (SoundnessLimits::first_pass_nodes,
//      10,000 nodes by default; docs/checks.md gives what it costs and saves): the short mates,
//      the equal defences and the quick cooks of a flawed draft settle the verdict here;
//   2. the branches that cap cut, each search going on where it stopped (the table keeps its numbers)
//      with a cap ten times the last, 100 times the first at most, and then without one: a branch that
//      no search settles soon is left for last, so that it cannot spend the budget before the others.
//      The passes whose cap is at most SoundnessLimits::owed_nodes (100,000) run whatever the budget
//      that scales with the problem has left: every branch gets that much search before any dear one
//      can spend the budget (a mate in 82 k nodes at ply 7 of an 11-ply draft was once left unknown,
//      "total nodes", behind disproofs of the plies before it);
//   3. the variations (--depth-of-variations), which change no verdict.
// A flaw settles the verdict (flawed) at once where the main line is proven (for a recorded line once
// every defence is settled: one that escapes mate makes it bad-line); with SoundnessLimits::first_flaw
// the check ends there. The observer (check_observer.h) is told each finding as it is settled.
//
// Lengths count every legal defence, interpositions included (MateResult::length), in the main line and
// in every branch alike. The history before a branch is not part of its solve (each branch is the
// problem that its position is).
//
// Thread safety: check_soundness uses the solver it is given (its table is shared by every branch and
// kept afterwards); one call at a time per solver.

#include <cstdint>
#include <span>

#include "compose/branch_solves.h"
#include "compose/check_observer.h"
#include "compose/soundness_report.h"
#include "core/move.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi {

// The default budget of `tsumi check` and Python's tsumi.check (SoundnessLimits::budget_share and
// budget_min_nodes) where no total limit is given: docs/checks.md gives the public set's checks
// against their solves, on which these were chosen.
inline constexpr std::uint64_t kBudgetShare = 100;
inline constexpr std::uint64_t kBudgetMinNodes = 10000000;

// Checks `problem`: with `recorded` (non-empty) that line is the main line, else the solver's own. The
// observer, where given, is told the findings as they come.
SoundnessReport check_soundness(MateSolver& solver, const MateProblem& problem, std::span<const Move> recorded,
                                const SoundnessLimits& limits, CheckObserver* observer = nullptr);

}  // namespace tsumi
