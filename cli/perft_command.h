#pragma once
// `tsumi perft`: counts of one position, or a whole suite checked against its expected counts.

#include <cstdint>
#include <iosfwd>
#include <string>

#include "cli/position_arg.h"

namespace tsumi::cli {

struct PerftOptions {
  PositionArgs position;
  int depth = 0;
  bool divide = false;
  std::string suite;                     // a suite file: check every count in it
  std::uint64_t max_nodes = UINT64_MAX;  // with a suite: skip counts above this
};

// Runs the command; results go to out, errors and timings to err. Returns the process exit code.
int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
