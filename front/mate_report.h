#pragma once
// One solver answer, checked and put into words for every front that shows it: the text and JSON of
// `tsumi mate` (one problem and suites) and the lines that end a USI `go mate` (`tsumi usi`).
//
// Checked: a mate's line is replayed (solver/mate_line.h check_mate_line) before anything shows it. A
// line that does not replay as a correct mate is never printed as one: every form answers "timeout"
// and names the fault, as a GUI must never receive a wrong `checkmate` line.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/move.h"
#include "notation/kifu.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi::front {

struct MateReport {
  MateResult result;
  Color attacker = BLACK;
  // For a mate: what is wrong with its line, at which ply (nullopt: the line replays as a correct mate).
  std::optional<std::string> line_fault;

  // The verdict shown: the solver's, or timeout for a mate whose line is at fault.
  MateVerdict verdict() const { return line_fault ? MateVerdict::kTimeout : result.verdict; }
};

// The report of a result for its problem, with the mate line replayed.
MateReport make_mate_report(const MateProblem& problem, MateResult result);

// Milliseconds rounded to a whole number, as every report writes them.
std::int64_t whole_ms(double ms);

// `tsumi mate`'s text for one problem: "checkmate <usi moves>|nomate|timeout", then for a mate the
// length and what is proven of it, the futile-interposition length and the leftover hand where they
// say something; the first mate; the limit that stopped a timeout; nodes, time, nps, hashfull and the
// table's collections. A line at fault adds "bad line <what>" after the checkmate line.
std::string mate_text(const MateReport& report);

// The fields of `tsumi mate --json` that come from the result (the command adds the problem's and the
// table's): result, length, shortest_proven, mate_bound, line_exact, futile_length, pv, leftover,
// nodes, first_mate_nodes, shortest_nodes, line_nodes, book_nodes (nodes by phase), shortest_passes
// (the shortest-mate proof's passes: within, length, cut, nodes, ms), time_ms, nps,
// hashfull, stop, first_mate_ms, first_mate_length, collections, collected,
// collection_ms; and line_fault when the line is at fault.
void add_mate_json(const MateReport& report, nlohmann::ordered_json& j);

// The table's fields of `tsumi mate --json`: hash_mb, table_alloc_ms, huge_pages.
void add_table_json(const MateSolver& solver, nlohmann::ordered_json& j);
// The same in `tsumi mate`'s text: "table 4096 MB allocated in 812 ms (huge pages: transparent)".
std::string table_text(const MateSolver& solver);

// The problem and its solution as a notation file (`tsumi mate --kif/--csa`; check_report.h's
// check_kifu is the check's): the source's headers, the diagram with the defender's hand completed, the
// mate line and 詰み (nothing after the diagram for no mate or a timeout).
notation::Kifu mate_kifu(const MateProblem& problem, const MateReport& report, const notation::Kifu& source);

// The process's peak resident memory so far, in MiB (0 where the system does not say).
long peak_rss_mb();

// The whole object of `tsumi mate --json` for one problem (also the Python module's `mate`): the
// report's fields, sfen (the defender's hand completed), threads, the table's, and peak_rss_mb.
void add_problem_json(const MateProblem& problem, const MateReport& report, const MateSolver& solver, int threads,
                      nlohmann::ordered_json& j);

// A long solve's progress in one line (the live line of `tsumi mate` on stderr, USI's `info string`):
// elapsed time, nodes and rate, hashfull and collections, the root's proof and disproof numbers, the
// first mate and the shortest proven so far, and what the search does with its nodes (the share of
// expansions that re-expand a node the table held, that store a new node, that evict one).
std::string mate_progress_text(const MateProgress& p);
// Where the expansions went (SearchCounters' profiles), in whole percent, slots under 1% of all
// expansions left out: "expansions by ply (%) 0-63:12 64-127:40 ...; re-expanded in each (%) 0+:20
// 64+:45 ...; a child other than the last one searched (%) 30; by defender drops in a row (%) 0:81 1:12
// ...": the bands' shares of the expansions, the share of each band's expansions that re-expanded a
// node, the share of descents that went into another child than the node's last. The progress log (not
// the live line of a terminal) ends with it, for the expansions since the line before (a node's
// re-expansion counts when it returns, so over an interval a band the search only returns through can
// show nearly 100%).
std::string mate_profile_text(const SearchCounters& c);

// USI: `info time T nodes N nps R hashfull H [pv ...]`, the progress and the statistics line.
std::string usi_info_line(std::uint64_t nodes, double time_ms, int hashfull, const std::vector<Move>& pv);

// USI: the lines that end a `go mate` (time_ms and node_limit as the GUI and the options set them, for
// the words that say which limit stopped it): an `info string` that says why, the statistics line, and
// the one `checkmate` line.
std::string usi_mate_answer(const MateReport& report, std::int64_t time_ms, std::uint64_t node_limit);

}  // namespace tsumi::front
