#pragma once
// `tsumi perftree DEPTH SFEN [MOVES]`: the script protocol of the chess tool perftree
// (github.com/agausmann/perftree), so that such tools can drive tsumi as their reference engine.
// Output: one `<usi move> <count>` line per root move, a blank line, then the total.

#include <iosfwd>
#include <string>

namespace tsumi::cli {

struct PerftreeArgs {
  int depth = 0;
  std::string sfen;   // the position (a name such as startpos is accepted too)
  std::string moves;  // USI moves played first, separated by spaces; may be empty
  int threads = 0;    // 0: every core
};

int run_perftree(const PerftreeArgs& args, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
