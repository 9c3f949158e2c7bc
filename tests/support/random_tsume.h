#pragma once
// Random tsume problems of a few plies for the tests that compare the solver with the minimax oracle
// (tests/support/minimax_oracle.h), seeded so that a run can be repeated.
//
// A drawn position is of tools/tsume_generator.cpp's kind: black attacks, with no king, to move; the
// white king on ranks a..c; two to five black and up to three white pieces within three squares of it;
// one to four pieces in black's hand and every other piece of the set in white's. It is kept when the
// rules accept it (setup_fault: no dead piece, no nifu, white not in check), black has a check, and the
// oracle finds a mate within max_plies. (The solver first throws out the drawn problems it proves have
// no mate at all, most of them, which the oracle would each search to its full bound.)
//
// Every other problem is then changed on purpose, the way a flaw creeps into a composition: a piece more
// in black's hand (taken from white's), a white piece taken off the board (to white's hand), or a piece
// of either side, the king included, moved one square. A change is kept only when the result is still a
// legal problem with a mate within max_plies; otherwise another change of the same drawn problem is
// tried, and after a few failures another problem is drawn. So every problem is a mate within
// max_plies: none is a no-mate case (the oracle could not tell no mate from a longer one).

#include <cstdint>
#include <string>
#include <vector>

#include "solver/mate_problem.h"

namespace tsumi::test {

struct RandomTsume {
  std::string sfen;
  MateProblem problem;
  int shortest = 0;     // plies of the shortest mate (the oracle's)
  std::string variant;  // empty for a drawn problem, else the change made to one: "hand+S", "removed 2c",
                        // "moved 3b-3c"
};

// `count` problems for `seed`, each with a shortest mate of max_plies at most; the same list for the
// same arguments on every platform that has the same std::mt19937_64 (the standard fixes it) and draws
// bounded numbers as this file does (by its own modulo, not uniform_int_distribution).
std::vector<RandomTsume> random_tsume_problems(std::uint64_t seed, int count, int max_plies);

}  // namespace tsumi::test
