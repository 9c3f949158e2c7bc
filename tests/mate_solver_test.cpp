// Acceptance tests of the tsume solver (mate_solver.h), a solve as a whole. The tests of its phases are
// in the same program, a file a header (root_search_test, shortest_proof_test, main_lines_test,
// proof_record_test, book_count_test, mate_progress_test, progress_reporter_test); what they share and
// the environment they read: tests/support/mate_checks.h.
//
// - MateSuite: every problem of positions/tsume-public.txt, each its own test, solved with one solver
//   (table cleared between problems) and its main line replayed by check_mate_line. Which problems run
//   is chosen by the time KomoringHeights took on one thread (the kh1t field), in milliseconds, between
//   TSUMI_MATE_MIN_KH_MS and TSUMI_MATE_MAX_KH_MS: ctest runs this twice, up to 1000 ms under the
//   label `mate` and the rest under `slow` (with --gtest_filter=Public/*, the other tests run once).
// - MateSolver*: the same answers from a tiny table, the node, time and stop limits, a first mate
//   without the proof of minimality, the famous long problems (under `slow`) and the colour-flipped
//   problems.

#include "solver/mate_solver.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/usi.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_pv.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "tests/support/mate_checks.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::describe;
using test::expect_correct_mate;
using test::expect_solution;
using test::kSanitizerBuild;
using test::mate_limits;
using test::mate_problem_of;
using test::mate_threads;
using test::mate_time_s;
using test::problem_with_id;
using test::shared_solver;

// positions/tsume-public.txt, parsed once; MateSuiteFile.Parses reports an error.
const ParseResult<std::vector<MateSuiteEntry>>& suite_file() {
  static const ParseResult<std::vector<MateSuiteEntry>> suite = [] {
    try {
      return parse_mate_suite(test::read_file(test::positions_path("tsume-public.txt")));
    } catch (const std::exception& e) {
      return ParseResult<std::vector<MateSuiteEntry>>(ParseError{e.what(), 0});
    }
  }();
  return suite;
}

const std::vector<MateSuiteEntry>& suite() {
  static const std::vector<MateSuiteEntry> none;
  return suite_file().ok() ? suite_file().value() : none;
}

const MateSuiteEntry* find_entry(std::string_view id) { return test::tsume_entry(id); }

// The milliseconds of the kh1t field (`mate9/82ms/26363n`, `nomate/1ms/6n`); 0 when it is missing.
std::uint64_t kh_ms(const MateSuiteEntry& e) {
  for (const auto& [key, value] : e.fields) {
    if (key != "kh1t") continue;
    const std::size_t slash = value.find('/');
    if (slash == std::string::npos) return 0;
    std::uint64_t ms = 0;
    for (std::size_t i = slash + 1; i < value.size() && std::isdigit(static_cast<unsigned char>(value[i])); ++i)
      ms = ms * 10 + std::uint64_t(value[i] - '0');
    return ms;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------------
// The whole suite.

struct Case {
  MateSuiteEntry entry;
  std::string name;
  std::uint64_t kh_ms = 0;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.entry.id << " (" << c.entry.sfen << ")"; }

// The entries whose kh1t time lies in [TSUMI_MATE_MIN_KH_MS, TSUMI_MATE_MAX_KH_MS], named by id.
std::vector<Case> cases() {
  const std::uint64_t lo = test::env_or("TSUMI_MATE_MIN_KH_MS", 0);
  const std::uint64_t hi = test::env_or("TSUMI_MATE_MAX_KH_MS", UINT64_MAX);
  std::vector<Case> out;
  std::set<std::string> names;
  for (const MateSuiteEntry& e : suite()) {
    Case c;
    c.entry = e;
    c.kh_ms = kh_ms(e);
    if (c.kh_ms < lo || c.kh_ms > hi) continue;
    for (char ch : e.id.empty() ? "line" + std::to_string(e.line) : e.id)
      c.name.push_back(std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_');
    if (!names.insert(c.name).second) c.name += "_line" + std::to_string(e.line);
    names.insert(c.name);
    out.push_back(std::move(c));
  }
  return out;
}

TEST(MateSuiteFile, Parses) {
  ASSERT_TRUE(suite_file().ok()) << suite_file().error().message;
  EXPECT_GE(suite().size(), 250u);
  for (const MateSuiteEntry& e : suite()) EXPECT_FALSE(e.id.empty()) << "line " << e.line;
}

class MateSuite : public ::testing::TestWithParam<Case> {};

TEST_P(MateSuite, Solves) {
  const Case& c = GetParam();
  const auto problem = mate_problem_of(c.entry.sfen);
  ASSERT_TRUE(problem);
  MateSolver& solver = shared_solver();
  solver.clear();
  const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
  expect_solution(c.entry, *problem, r);
}

INSTANTIATE_TEST_SUITE_P(Public, MateSuite, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& param) { return param.param.name; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MateSuite);

// ---------------------------------------------------------------------------------------------------
// Limits and consistency.

// Short graded problems (1 to 11 plies, real-game ones, two without mate).
constexpr const char* kSmallIds[] = {"tanuki1-1",   "tanuki3-30",     "tanuki5-32", "tanuki5-280",     "tanuki7-1",
                                     "tanuki7-104", "tanuki9-7",      "tanuki9-11", "tanuki9-16",      "tanuki11-3",
                                     "yo-mate7-2",  "antma-tsume9-3", "hm-perp-2",  "shtsume-uchifu-1"};
// The longest problem of the suite: 25 plies, 38 s and 15.6 M nodes for KomoringHeights.
constexpr const char* kLongId = "kongou-24";

TEST(MateSolverTable, TinyTableGivesTheSameAnswers) {
  // 1 MiB fills up at once: replacement and garbage collection must never change an answer.
  MateSolver solver(1);
  // Problems KomoringHeights solves in under 20,000 nodes: 30 s is plenty even for a thrashing table.
  const double time_s = std::min(mate_time_s(), 30.0);
  for (const char* id : kSmallIds) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    solver.clear();
    const MateResult r = solver.solve(*problem, mate_limits(time_s));
    expect_solution(*e, *problem, r);
  }
  // Without clear() between problems: the table carries entries of other positions.
  for (const char* id : kSmallIds) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    expect_solution(*e, *problem, solver.solve(*problem, mate_limits(time_s)));
  }
}

// The search's work does not hang on the table's size: a table too small forgets and searches again,
// but no slot shared by two entries may send the search wandering (the stall once seen: 20 times the
// nodes at one size, found in a random cross-check). One worker, so that the counts are exact; the
// sanitizer builds (two minutes for these two tests under ASan) leave it out.
TEST(MateSolverTable, NodeCountsHardlyDependOnTheTableSize) {
  if (mate_threads() != 1) GTEST_SKIP() << "node counts of several workers vary from run to run";
  if (kSanitizerBuild) GTEST_SKIP() << "node counts: the release and scalar builds check them";
  for (const char* id : {"kongou-14", "kongou-40", "kongou-44"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    std::uint64_t least = ~std::uint64_t(0), most = 0;
    for (const std::size_t mb : {4, 32, 256}) {
      MateSolver solver(mb);
      const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
      SCOPED_TRACE(std::string(id) + " at " + std::to_string(mb) + " MB");
      expect_solution(*e, *problem, r);
      least = std::min(least, r.nodes), most = std::max(most, r.nodes);
    }
    EXPECT_LE(most, 2 * least) << id << ": " << least << " to " << most << " nodes across 4, 32 and 256 MB";
  }
}

TEST(MateSolverLimits, NodeLimit) {
  MateSolver& solver = shared_solver();
  // The longest problem needs millions of nodes for a first mate: 50 stop it, give or take how often
  // the solver looks at its limits.
  const MateSuiteEntry* long_entry = nullptr;
  const auto long_problem = problem_with_id(kLongId, long_entry);
  ASSERT_TRUE(long_problem) << kLongId;
  solver.clear();
  const MateResult r = solver.solve(*long_problem, mate_limits(mate_time_s(), 50));
  EXPECT_EQ(r.verdict, MateVerdict::kTimeout) << describe(r);
  EXPECT_EQ(r.stop, MateStop::kNodes) << describe(r);
  EXPECT_LT(r.nodes, 100000u) << "a limit of 50 nodes stopped at " << r.nodes;

  // A 9-ply problem (9123 nodes for KomoringHeights) under the same limit: no verdict, or a first
  // mate found before the limit was looked at, which must then be correct and not claim minimality
  // it did not prove.
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("tanuki9-11", e);
  ASSERT_TRUE(problem) << "tanuki9-11";
  solver.clear();
  const MateResult cut = solver.solve(*problem, mate_limits(mate_time_s(), 50));
  SCOPED_TRACE(describe(cut));
  if (cut.verdict == MateVerdict::kTimeout) {
    EXPECT_EQ(cut.stop, MateStop::kNodes);
  } else {
    expect_correct_mate(*e, *problem, cut);
  }
  // The limit does not stick: the same solver then solves it.
  solver.clear();
  expect_solution(*e, *problem, solver.solve(*problem, mate_limits(mate_time_s())));
}

// The longest problem, under a time limit: no verdict when the limit comes before any mate is found;
// a later one may cut the proof of minimality instead, leaving a correct mate.
TEST(MateSolverLimits, TimeLimit) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id(kLongId, e);
  ASSERT_TRUE(problem) << kLongId;
  MateSolver& solver = shared_solver();
  for (double limit_s : {0.02, 0.2}) {
    SCOPED_TRACE("time limit " + std::to_string(limit_s) + " s");
    solver.clear();
    const auto start = Clock::now();
    const MateResult r = solver.solve(*problem, mate_limits(limit_s));
    const double elapsed = seconds_since(start);
    EXPECT_LT(elapsed, limit_s + 2.5) << "a " << limit_s << " s limit took " << elapsed << " s";
    if (limit_s < 0.1 || r.verdict != MateVerdict::kMate) {
      // The time stops it: before its first mate (about 21,500 nodes, 20 ms on the 2-core VM: a faster
      // machine finds it within the short limit), or after it, its shortest not proven.
      EXPECT_TRUE(r.verdict == MateVerdict::kTimeout || (r.verdict == MateVerdict::kMate && !r.shortest_proven))
          << describe(r);
      EXPECT_EQ(r.stop, MateStop::kTime) << describe(r);
      // A timeout after a mate was proven still says how short a mate is proven.
      if (r.verdict == MateVerdict::kTimeout) {
        EXPECT_EQ(r.mate_bound > 0, r.first_mate_length > 0) << describe(r);
      }
      if (r.first_mate_length > 0) {
        EXPECT_LE(r.mate_bound, r.first_mate_length) << describe(r);
      }
    } else {
      expect_correct_mate(*e, *problem, r);
    }
  }
}

// Solves the longest problem while another thread calls request_stop() after delay_ms; returns the
// result and how long solve() took to return after the request (negative: it returned before).
std::pair<MateResult, double> solve_and_stop_after(MateSolver& solver, const MateProblem& problem, int delay_ms) {
  solver.clear();
  std::atomic<bool> returned{false};
  bool stopped_while_running = false;
  Clock::time_point stop_time;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    stopped_while_running = !returned.load();
    stop_time = Clock::now();
    solver.request_stop();
  });
  const MateResult r = solver.solve(problem, mate_limits(mate_time_s()));
  const auto return_time = Clock::now();
  returned = true;
  stopper.join();
  return {r, stopped_while_running ? std::chrono::duration<double>(return_time - stop_time).count() : -1.0};
}

// A time limit the clock cannot hold, NaN, or infinity is no limit (a deadline once overflowed into the
// past and every such search stopped at once).
TEST(MateSolverLimits, TimeLimitBeyondTheClockIsNone) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("tanuki9-11", e);
  ASSERT_TRUE(problem) << "tanuki9-11";
  MateSolver& solver = shared_solver();
  for (double limit_s : {1e10, 1e300, std::numeric_limits<double>::infinity(), std::nan("")}) {
    SCOPED_TRACE("time limit " + std::to_string(limit_s) + " s");
    solver.clear();
    expect_solution(*e, *problem, solver.solve(*problem, mate_limits(limit_s)));
  }
}

TEST(MateSolverLimits, RequestStopFromAnotherThread) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id(kLongId, e);
  ASSERT_TRUE(problem) << kLongId;
  MateSolver& solver = shared_solver();

  // Early: no verdict, stop kStopped, within a second; or, where the first mate came as the request did
  // (a fast machine finds it in a few ms; the workers see the request at their next poll), that mate
  // with its line, still within a second.
  {
    const auto [r, latency] = solve_and_stop_after(solver, *problem, 20);
    SCOPED_TRACE("stop after 20 ms: " + describe(r));
    ASSERT_GE(latency, 0.0) << "solve() returned before the stop request";
    EXPECT_LT(latency, 1.0) << "solve() returned " << latency << " s after request_stop()";
    EXPECT_EQ(r.stop, MateStop::kStopped);
    if (r.verdict == MateVerdict::kMate) {
      expect_correct_mate(*e, *problem, r);
    } else {
      EXPECT_EQ(r.verdict, MateVerdict::kTimeout);
    }
  }
  // Later, perhaps while the minimality proof or the main line is under way: no verdict, or a mate
  // that is still correct (its line, built within a short grace after the request, not shorter than
  // the mate); within a second either way.
  {
    const auto [r, latency] = solve_and_stop_after(solver, *problem, 300);
    SCOPED_TRACE("stop after 300 ms: " + describe(r));
    if (latency >= 0) {
      EXPECT_LT(latency, 1.0) << "solve() returned " << latency << " s after request_stop()";
    }
    if (r.verdict == MateVerdict::kMate) {
      expect_correct_mate(*e, *problem, r);
    } else {
      EXPECT_EQ(r.verdict, MateVerdict::kTimeout);
      EXPECT_EQ(r.stop, MateStop::kStopped);
    }
  }

  // The stop does not stick: the next solve runs to its answer.
  const MateSuiteEntry* small = nullptr;
  const auto small_problem = problem_with_id("tanuki7-104", small);
  ASSERT_TRUE(small_problem) << "tanuki7-104";
  solver.clear();
  expect_solution(*small, *small_problem, solver.solve(*small_problem, mate_limits(mate_time_s())));
}

TEST(MateSolverLimits, FirstMateWithoutMinimalityProof) {
  // A mate found without proving that none is shorter: correct, possibly longer.
  MateSolver& solver = shared_solver();
  for (const char* id : {"tanuki9-11", "tanuki9-16", "antma-tsume5-3", "yo-mate7-2", "mudaai-1", "kongou-1"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    ASSERT_TRUE(e->expected) << id;
    solver.clear();
    const MateResult r = solver.solve(*problem, mate_limits(mate_time_s(), 0, false));
    expect_correct_mate(*e, *problem, r);
  }
}

// ---------------------------------------------------------------------------------------------------
// The famous long problems (positions/tsume-famous.txt), under `slow`: the ids in TSUMI_MATE_FAMOUS
// (comma-separated), each with TSUMI_MATE_THREADS workers, 4096 MiB and TSUMI_MATE_TIME_S seconds.
// A mate must be found and replay as a legal mate, of the accepted length: `expected` there is the
// book length (counting=book), so the length without futile interpositions must equal it.

TEST(MateSolverFamous, SolvesTheNamedProblems) {
  const char* ids = std::getenv("TSUMI_MATE_FAMOUS");
  if (!ids || !*ids) GTEST_SKIP() << "TSUMI_MATE_FAMOUS names no problem";
  MateSolver solver(4096);
  std::string_view rest(ids);
  while (!rest.empty()) {
    const std::string id(rest.substr(0, rest.find(',')));
    rest.remove_prefix(std::min(rest.size(), id.size() + 1));
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    ASSERT_TRUE(e->expected) << id;
    solver.clear();
    const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
    SCOPED_TRACE(id + " -> " + to_string(r.verdict) + " length " + std::to_string(r.length) + " in " +
                 std::to_string(r.time_ms) + " ms");
    ASSERT_EQ(r.verdict, MateVerdict::kMate);
    EXPECT_TRUE(e->book_length);
    EXPECT_EQ(r.futile_length, *e->expected);
    EXPECT_TRUE(r.shortest_proven);
    EXPECT_EQ(r.pv.size(), std::size_t(r.length));
    EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
  }
}

// ---------------------------------------------------------------------------------------------------
// Colour symmetry: the same problem seen from the other side has the same answer.

TEST(MateSolverSymmetry, FlippedProblemsHaveTheSameAnswer) {
  MateSolver& solver = shared_solver();
  for (const char* id : {"tanuki3-1", "tanuki7-104", "tanuki9-16", "yo-mate5-2", "ghi-2", "hm-uchifu-1", "hm-perp-2",
                         "antma-tsume1_nifu-1", "mudaai-1"}) {
    const MateSuiteEntry* e = find_entry(id);
    ASSERT_NE(e, nullptr) << id;
    const auto problem = mate_problem_of(e->sfen);
    const auto mirror = mate_problem_of(e->sfen, true);
    ASSERT_TRUE(problem && mirror);
    EXPECT_EQ(mirror->attacker, ~problem->attacker) << id;
    solver.clear();
    const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
    solver.clear();
    const MateResult f = solver.solve(*mirror, mate_limits(mate_time_s()));
    SCOPED_TRACE(std::string(id) + ": " + describe(r) + " / flipped: " + describe(f));
    expect_solution(*e, *problem, r);
    expect_solution(*e, *mirror, f);
    EXPECT_EQ(f.verdict, r.verdict);
    EXPECT_EQ(f.length, r.length);
    EXPECT_EQ(f.futile_length, r.futile_length);
  }
}

}  // namespace
}  // namespace tsumi
