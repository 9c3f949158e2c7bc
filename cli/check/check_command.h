#pragma once
// `tsumi check`: is a tsume problem sound? Its main line (the recorded solution, or tsumi's own) and every
// other move at each of its plies, solved on one table: cooks (余詰, 早詰), longer and equal defences (変長,
// 変同), pieces left (駒余り); solver/soundness.h has the definitions. One problem (SFEN or a file), or a
// suite (several files, a folder, a suite file) with a summary table.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/limits.h"

namespace tsumi::cli {

struct CheckOptions {
  std::string sfen;                // the problem; tsume SFENs may leave the defender's hand out
  std::string line;                // with --sfen or one file: the recorded main line, USI moves
  std::vector<std::string> files;  // notation files (their recorded moves are the main line), `-`, folders
  std::istream* in = nullptr;      // what the file `-` reads
  std::string suite;               // a suite file (solver/mate_suite.h): tsumi's own main lines
  std::string ids;                 // with a suite: only these ids (comma-separated)
  double time_s = 0;               // per solve (the problem's and each branch's); 0: no limit
  std::uint64_t nodes = 0;         // per solve; 0: no limit
  double total_time_s = 0;         // per problem, every solve together; 0: no limit
  std::uint64_t total_nodes = 0;
  std::size_t hash_mb = limits::kDefaultMateHashMb;
  int threads = 1;
  int variation_depth = 0;  // --depth-of-variations (SoundnessLimits::variation_depth)
  bool json = false;        // one JSON object a problem, one a line
  std::string kif_out;      // one problem: the main line and a variation a finding, as KIF (`-`: on out)
};

// Runs the command. Exit code: 0 when every problem is sound, 1 when one is not (flawed, unknown, no
// mate, a bad recorded line), 2 on bad input.
int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
