#pragma once
// Readers of the data in positions/ for tests and benchmarks.

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "perft/perft.h"
#include "perft/perft_suite.h"
#include "solver/mate_problem.h"
#include "solver/mate_suite.h"

namespace tsumi {

// Hands print as "{ P2 G1 }" in GoogleTest's failure messages (found by argument-dependent lookup).
void PrintTo(const Hand& h, std::ostream* os);

}  // namespace tsumi

namespace tsumi::test {

// Absolute path of a file in positions/.
std::string positions_path(std::string_view file);
// Whole file contents; throws std::runtime_error if it cannot be read.
std::string read_file(const std::string& path);

// positions/perft-suite.epd, parsed.
std::vector<PerftSuiteEntry> perft_suite();
// The SFEN of every problem in positions/tsume-public.txt (four have nifu: parse with kTsumeLeniency).
std::vector<std::string> tsume_sfens();

// positions/tsume-public.txt parsed once (empty if it cannot be read or parsed: tests then fail).
const std::vector<MateSuiteEntry>& tsume_suite();
// positions/tsume-famous.txt (the long famous problems), the same way.
const std::vector<MateSuiteEntry>& famous_suite();
// positions/tsume-random.txt (generated problems with KomoringHeights' answers), the same way.
const std::vector<MateSuiteEntry>& random_suite();
// The problem with this id in any of the three files, or nullptr.
const MateSuiteEntry* tsume_entry(std::string_view id);
// The problem of a SFEN (nifu allowed), or nullopt when it is not one.
std::optional<MateProblem> tsume_problem(std::string_view sfen);

// A hand from (kind, count) pairs.
Hand hand_of(std::initializer_list<std::pair<PieceType, int>> counts);
// The attacker's hand after playing a (legal) line from the problem.
Hand hand_after(const MateProblem& problem, const std::vector<Move>& line);

// A command run through the shell under `timeout`, stdout and stderr together; code 124 means it hung.
struct ProcessResult {
  int code;
  std::string output;
};
ProcessResult run_process(const std::string& command_line, int timeout_s);

#ifdef TSUMI_EXE
// The tsumi executable under test (TSUMI_EXE, set by tests/CMakeLists.txt) with `args`, through
// run_process.
inline ProcessResult run_tsumi(const std::string& args, int timeout_s = 60) {
  return run_process(std::string(TSUMI_EXE) + " " + args, timeout_s);
}
#endif

// What an in-process command (run_perft, run_mate, run_perft_diff, run_bench) wrote and returned.
struct CommandResult {
  int code;
  std::string out, err;
};
template <class Options, class Run>
CommandResult run_command(Run run, const Options& options) {
  std::ostringstream out, err;
  const int code = run(options, out, err);
  return {code, out.str(), err.str()};
}

// A path in the test's temporary directory, named per process (ctest runs tests side by side).
std::string temp_path(const std::string& name);
// `path`, with `path`.tmp, removed when the test program ends (ctest runs each test as a program of its
// own; files the tests make would otherwise pile up in the temporary directory).
std::string removed_at_exit(const std::string& path);
// A file of `contents` at temp_path(name); its path.
std::string temp_file(const std::string& name, const std::string& contents);

// perft_run options (designated initialisers would trip -Wmissing-field-initializers on GCC 12).
inline PerftOptions perft_options(int threads, PerftTable* table = nullptr, bool stats = false) {
  PerftOptions o;
  o.threads = threads;
  o.table = table;
  o.stats = stats;
  return o;
}

// An environment variable as an integer, or the fallback when unset or malformed.
std::uint64_t env_or(const char* name, std::uint64_t fallback);

// A position set from SFEN, owning its root state; throws std::invalid_argument on a bad SFEN.
struct SfenPosition {
  explicit SfenPosition(std::string_view sfen, SfenLeniency leniency = {}) {
    const auto setup = parse_sfen(sfen, leniency);
    if (!setup) throw std::invalid_argument("bad SFEN '" + std::string(sfen) + "' " + setup.error().describe());
    pos.set(*setup, &root);
  }
  SfenPosition(const SfenPosition&) = delete;
  SfenPosition& operator=(const SfenPosition&) = delete;

  StateInfo root;
  Position pos;
};

// The moves as sorted USI strings, for comparing sets.
template <class Range>
std::vector<std::string> sorted_usi(const Range& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_usi(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The SFEN of problem `id` of positions/tsume-public.txt, or "missing problem ID" (which no SFEN parser
// reads) when the file has no such problem.
inline std::string public_sfen(std::string_view id) {
  const MateSuiteEntry* e = tsume_entry(id);
  return e ? e->sfen : "missing problem " + std::string(id);
}

// Whether `part` occurs in `text` (a command's output, an error message).
inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// An SFEN without its move number (the last field).
inline std::string without_move_number(const std::string& sfen) { return sfen.substr(0, sfen.rfind(' ')); }

}  // namespace tsumi::test
