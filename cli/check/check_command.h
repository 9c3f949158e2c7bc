#pragma once
// `tsumi check`: is a tsume problem sound? Its main line (the recorded solution, or tsumi's own) and every
// other move at each of its plies, solved on one table: cooks (余詰, 早詰), longer and equal defences (変長,
// 変同), pieces left (駒余り); compose/soundness.h has the definitions. One problem (SFEN or a file), or a
// suite (several files, a folder, a suite file) with a summary table.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/common/problem_args.h"
#include "core/limits.h"

namespace tsumi::cli {

// The problem (ProblemArgs: --sfen, FILE..., --suite, --id): a file's recorded moves (a USI position
// line's too) are its main line; a suite file's problems get tsumi's own. Tsume SFENs may leave the
// defender's hand out.
struct CheckOptions : ProblemArgs {
  std::string line;         // with one problem: the recorded main line, USI moves (replaces a file's)
  double time_s = 0;        // per solve (the problem's and each branch's); 0: no limit
  std::uint64_t nodes = 0;  // per solve; 0: no limit
  double total_time_s = 0;  // per problem, every solve together; 0: no limit
  std::uint64_t total_nodes = 0;
  // Neither total given: the budget that scales with the problem's own solve (kBudgetShare times its
  // nodes, at least kBudgetMinNodes: compose/soundness.h). Either given (0 too): that one alone.
  bool budget = true;
  std::uint64_t first_pass_nodes = 10000;  // --first-pass-nodes (SoundnessLimits::first_pass_nodes)
  std::size_t hash_mb = limits::kDefaultMateHashMb;
  int threads = 1;
  int variation_depth = 0;  // --depth-of-variations (SoundnessLimits::variation_depth)
  bool json = false;        // one JSON object a problem, one a line
  // One JSON object an event as the check goes (front/check_events.h), each problem's report object
  // last (with "event": "report"); a suite's events carry "problem".
  bool json_lines = false;
  bool first_flaw = false;  // stop at the verdict (SoundnessLimits::first_flaw)
  // A progress line on err, redrawn in place (err is a terminal): branches done and left, the verdict
  // so far, the time.
  bool err_tty = false;
  std::string kif_out;  // one problem: the main line and a variation a finding, as KIF (`-`: on out)
};

// Runs the command. One problem in text: its lines as they come (the main line, each finding when it is
// settled, the verdict when a flaw settles it), then the verdict and the totals. Exit code: 0 when
// every problem is sound, 1 when one is not (flawed, unknown, no mate, a bad recorded line), 2 on bad
// input.
int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
