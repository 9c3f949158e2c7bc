#pragma once
// `tsumi perft-diff`: finds the one move where another engine's move generator disagrees with
// tsumi's, by comparing perft divides and descending into a move whose counts differ.
//
// At each level both sides divide the current position; the reference is an external USI engine
// that understands `go perft N` (see cli/usi/usi_client.h). The moves are matched by their USI text, and:
// - when a move only one side generates has nodes below it, or the reference lists a move twice,
//   the path, the position and the moves of each side alone are printed: that is the answer;
// - otherwise, among the common moves whose counts differ, the one with the smallest subtree is
//   played (the cheapest to descend; generation order breaks ties) and the next level looks one ply
//   shallower. Moves of one side alone with no nodes below them (a move into a mate, at depth 2 or
//   more) are printed as a note first: they do not explain the difference of the counts, which the
//   descent follows to the leaf where it arises. Fairy-Stockfish is the example: it generates a
//   pawn drop that mates at every ply, but only at the last ply does the drop change a count;
// - with no count differing, move sets that still differ are the answer, equal totals agree, and
//   anything else means the reference contradicts itself (its total is not the sum of its moves, or
//   a subtree counted from its parent differs from the same subtree counted on its own).
// At depth 1 every count is 1, so a descent always ends in one of these.
//
// The reference is sent `position sfen <given position> moves <--moves and the path>`, so that it
// reaches each position through its own move making, as inside its own perft.

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/common/position_arg.h"

namespace tsumi::cli {

struct PerftDiffOptions {
  PositionArgs position;                    // --sfen / --handicap / --moves
  std::string engine;                       // command line of the reference engine, run by /bin/sh
  std::vector<std::string> engine_options;  // "NAME=VALUE" each, sent as setoption; "NAME" alone: a button
  int depth = 0;
  double timeout_s = 600;  // longest wait for one answer of the engine (a whole `go perft`)
};

// Runs the comparison; the report goes to out, errors and the engine's complaints to err.
// Returns the exit code: 0 the engines agree, 1 they differ, 2 bad input or an engine error.
int run_perft_diff(const PerftDiffOptions& o, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
