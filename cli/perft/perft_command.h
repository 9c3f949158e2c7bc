#pragma once
// `tsumi perft`: counts of one position, or a whole suite checked against its expected counts.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "cli/common/position_arg.h"

namespace tsumi::cli {

struct PerftCommandOptions {
  PositionArgs position;
  int depth = 0;
  bool divide = false;
  int threads = 0;                       // worker threads; 0: every core
  std::size_t hash_mb = 0;               // transposition table size; 0: none
  bool stats = false;                    // captures, promotions, drops, checks, mates at the leaves
  bool json = false;                     // one JSON object on out instead of text
  bool progress = false;                 // a progress line on err for runs over a second
  std::string suite;                     // a suite file: check every count in it
  std::uint64_t max_nodes = UINT64_MAX;  // with a suite: skip counts above this
};

// Runs the command; results go to out, errors, timings and progress to err. Returns the exit code.
int run_perft(const PerftCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
