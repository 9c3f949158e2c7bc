#pragma once
// Checks a claimed mating line by replaying it: every attacker move is legal and gives check, every
// defender move is legal, no attacker move is a pawn drop that mates, and the line ends with the
// defender to move and no legal move.

#include <optional>
#include <span>
#include <string>

#include "core/move.h"
#include "solver/mate_problem.h"

namespace tsumi {

// nullopt when the line is a correct mate; otherwise what is wrong and at which ply (1-based).
std::optional<std::string> check_mate_line(const MateProblem& problem, std::span<const Move> line);

}  // namespace tsumi
