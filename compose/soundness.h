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
// This file walks the main line and hands each other move to its branch.
//
// Lengths count every legal defence, interpositions included (MateResult::length), in the main line and
// in every branch alike. The history before a branch is not part of its solve (each branch is the
// problem that its position is).
//
// Thread safety: check_soundness uses the solver it is given (its table is shared by every branch and
// kept afterwards); one call at a time per solver.

#include <span>

#include "compose/branch_solves.h"
#include "compose/soundness_report.h"
#include "core/move.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi {

// Checks `problem`: with `recorded` (non-empty) that line is the main line, else the solver's own.
SoundnessReport check_soundness(MateSolver& solver, const MateProblem& problem, std::span<const Move> recorded,
                                const SoundnessLimits& limits);

}  // namespace tsumi
