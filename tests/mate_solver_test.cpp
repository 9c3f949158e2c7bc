// Acceptance tests of the tsume solver.
//
// - MateSuite: every problem of positions/tsume-public.txt, each its own test, solved with one solver
//   (table cleared between problems) and its main line replayed by check_mate_line. Which problems run
//   is chosen by the time KomoringHeights took on one thread (the kh1t field), in milliseconds, between
//   TSUMI_MATE_MIN_KH_MS and TSUMI_MATE_MAX_KH_MS: ctest runs this twice, up to 1000 ms under the
//   label `mate` and the rest under `slow` (with --gtest_filter=Public/*, the other tests run once).
// - MateSolver*: the same answers from a tiny table, the node, time and stop limits, a first mate
//   without the proof of minimality, and the colour-flipped problems.
//
// Environment: TSUMI_MATE_HASH_MB (default 256) sizes the table, TSUMI_MATE_TIME_S (default 120) limits
// each solve, so that a bug fails the test instead of hanging it; a timeout is a failure.

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
#include "core/usi.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_pv.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::hand_after;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::size_t hash_mb() { return std::size_t(test::env_or("TSUMI_MATE_HASH_MB", 256)); }
double time_limit_s() { return double(test::env_or("TSUMI_MATE_TIME_S", 120)); }
// Workers of every solve of these tests (ctest runs the suite with 1, 2 and 8).
int threads() { return int(test::env_or("TSUMI_MATE_THREADS", 1)); }

MateLimits limits(double time_s, std::uint64_t nodes = 0, bool prove_shortest = true) {
  MateLimits l;
  l.time_s = time_s;
  l.nodes = nodes;
  l.prove_shortest = prove_shortest;
  l.threads = threads();
  return l;
}

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

// A problem from a SFEN of the suite (four have nifu: parsed leniently).
std::optional<MateProblem> problem_of(const std::string& sfen, bool flip = false) {
  const auto setup = parse_sfen(sfen, kTsumeLeniency);
  if (!setup) {
    ADD_FAILURE() << sfen << ": " << setup.error().describe();
    return std::nullopt;
  }
  const auto problem = make_mate_problem(flip ? flipped(*setup) : *setup);
  if (!problem) {
    ADD_FAILURE() << sfen << ": " << problem.error().message;
    return std::nullopt;
  }
  return *problem;
}

// The problem with this id in the suites, and its entry; nullopt (a failure recorded) when it is missing.
std::optional<MateProblem> problem_with_id(std::string_view id, const MateSuiteEntry*& entry) {
  entry = find_entry(id);
  if (!entry) {
    ADD_FAILURE() << "no problem has the id " << id;
    return std::nullopt;
  }
  return problem_of(entry->sfen);
}

std::string describe(const MateResult& r) {
  std::string s = std::string(to_string(r.verdict)) + " (stop " + to_string(r.stop) + ") length " +
                  std::to_string(r.length) + ", " + std::to_string(r.nodes) + " nodes, " + std::to_string(r.time_ms) +
                  " ms, pv";
  for (Move m : r.pv) s += " " + to_usi(m);
  return s;
}

// What every mate must satisfy, whether or not its minimality was proven: a main line as long as the
// length, that replays legally into mate, no shorter than the known shortest, and equal to it when the
// result claims minimality.
void expect_correct_mate(const MateSuiteEntry& e, const MateProblem& problem, const MateResult& r) {
  SCOPED_TRACE(e.id + ": " + e.sfen + " -> " + describe(r));
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  ASSERT_TRUE(e.expected) << "the suite says there is no mate";
  if (e.length_proven) {
    EXPECT_GE(r.length, *e.expected) << "shorter than the proven shortest mate";
  }
  if (r.shortest_proven && e.length_proven) {
    EXPECT_EQ(r.length, *e.expected) << "claims a minimality that the suite contradicts";
  }
  EXPECT_EQ(r.pv.size(), std::size_t(r.length));
  EXPECT_EQ(r.length % 2, problem.setup.side_to_move == problem.attacker ? 1 : 0);
  EXPECT_LE(r.futile_length, r.length);
  EXPECT_GE(r.futile_length, problem.setup.side_to_move == problem.attacker ? 1 : 0);
  const auto replay = check_mate_line(problem, r.pv);
  ASSERT_EQ(replay, std::nullopt) << *replay;
  EXPECT_EQ(r.leftover, hand_after(problem, r.pv)) << "leftover is not the attacker's hand after the line";
}

// Everything a result must satisfy for a suite entry: the verdict, the length and its proof, and a
// main line that replays legally into mate.
void expect_solution(const MateSuiteEntry& e, const MateProblem& problem, const MateResult& r) {
  SCOPED_TRACE(e.id + ": " + e.sfen + " -> " + describe(r));
  ASSERT_NE(r.verdict, MateVerdict::kTimeout) << "no verdict";
  if (!e.expected) {
    EXPECT_EQ(r.verdict, MateVerdict::kNoMate);
    EXPECT_TRUE(r.pv.empty());
    return;
  }
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  if (e.length_proven) {
    EXPECT_EQ(r.length, *e.expected);
    EXPECT_TRUE(r.shortest_proven) << "the minimality proof did not finish";
  } else {
    EXPECT_LE(r.length, *e.expected);
  }
  expect_correct_mate(e, problem, r);
}

// One solver for all the tests of the process, as the suite runner uses it.
MateSolver& shared_solver() {
  static MateSolver solver(hash_mb());
  return solver;
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
  const auto problem = problem_of(c.entry.sfen);
  ASSERT_TRUE(problem);
  MateSolver& solver = shared_solver();
  solver.clear();
  const MateResult r = solver.solve(*problem, limits(time_limit_s()));
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
  const double time_s = std::min(time_limit_s(), 30.0);
  for (const char* id : kSmallIds) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    solver.clear();
    const MateResult r = solver.solve(*problem, limits(time_s));
    expect_solution(*e, *problem, r);
  }
  // Without clear() between problems: the table carries entries of other positions.
  for (const char* id : kSmallIds) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    expect_solution(*e, *problem, solver.solve(*problem, limits(time_s)));
  }
}

// The search's work does not hang on the table's size: a table too small forgets and searches again,
// but no slot shared by two entries may send the search wandering (the stall once seen: 20 times the
// nodes at one size, found in a random cross-check). One worker, so that the counts are exact.
// Node counts are the same in every build: the release and scalar builds check them; the sanitizer
// builds (two minutes for these two tests under ASan) are left out.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitizerBuild = true;
#else
constexpr bool kSanitizerBuild = false;
#endif

TEST(MateSolverTable, NodeCountsHardlyDependOnTheTableSize) {
  if (threads() != 1) GTEST_SKIP() << "node counts of several workers vary from run to run";
  if (kSanitizerBuild) GTEST_SKIP() << "node counts: the release and scalar builds check them";
  for (const char* id : {"kongou-14", "kongou-40", "kongou-44"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    std::uint64_t least = ~std::uint64_t(0), most = 0;
    for (const std::size_t mb : {4, 32, 256}) {
      MateSolver solver(mb);
      const MateResult r = solver.solve(*problem, limits(time_limit_s()));
      SCOPED_TRACE(std::string(id) + " at " + std::to_string(mb) + " MB");
      expect_solution(*e, *problem, r);
      least = std::min(least, r.nodes), most = std::max(most, r.nodes);
    }
    EXPECT_LE(most, 2 * least) << id << ": " << least << " to " << most << " nodes across 4, 32 and 256 MB";
  }
}

// The book count's search (futile interpositions no defences) spends at most its share of the nodes
// the solve spent before it.
TEST(MateSolverBook, SearchStaysWithinItsShare) {
  if (threads() != 1) GTEST_SKIP() << "node counts of several workers vary from run to run";
  if (kSanitizerBuild) GTEST_SKIP() << "node counts: the release and scalar builds check them";
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-21", e);  // 23 plies; a futile drop on its main line
  ASSERT_TRUE(problem);
  MateSolver solver(64);
  MateLimits plain = limits(time_limit_s());
  plain.book_search = false;
  const MateResult before = solver.solve(*problem, plain);
  expect_solution(*e, *problem, before);
  for (const double share : {0.0, 0.25}) {
    solver.clear();
    MateLimits l = limits(time_limit_s());
    l.book_share = share;
    const MateResult r = solver.solve(*problem, l);
    SCOPED_TRACE("share " + std::to_string(share));
    expect_solution(*e, *problem, r);
    EXPECT_LE(r.futile_length, r.length);
    const auto budget = std::max<std::uint64_t>(MateLimits::kBookMinNodes, std::uint64_t(share * double(before.nodes)));
    // The limits are looked at every few thousand nodes, and the book line is built after the search.
    EXPECT_LE(r.nodes, before.nodes + budget + 100000) << "book search beyond its share";
  }
}

// kongou-9 (15 plies): without a time limit the book search stops at its share of nodes (book_capped:
// the paced share of USI `go mate` and `tsumi check`, a tenth of the solve's; a time limit lets it go
// on); with one, or untimed at the default share (twice the solve's nodes), it runs to its
// end and proves the book length shortest. One thread: with several workers the share's cut falls
// elsewhere from run to run.
TEST(MateSolverBook, ATimeLimitLetsItSettle) {
  if (threads() != 1) GTEST_SKIP() << "node counts of several workers vary from run to run";
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-9", e);
  ASSERT_TRUE(problem);
  MateSolver solver(16);
  MateLimits paced = limits(0, 50'000'000);
  paced.book_share = MateLimits::kPacedBookShare;
  const MateResult capped = solver.solve(*problem, paced);
  expect_solution(*e, *problem, capped);
  EXPECT_TRUE(capped.futile_cut);
  EXPECT_TRUE(capped.book_capped);
  EXPECT_FALSE(capped.futile_proven);
  solver.clear();
  const MateResult timed = solver.solve(*problem, limits(time_limit_s()));
  expect_solution(*e, *problem, timed);
  EXPECT_FALSE(timed.futile_cut);
  EXPECT_FALSE(timed.book_capped);
  EXPECT_TRUE(timed.futile_proven);
  EXPECT_GT(timed.book_nodes, capped.book_nodes);
  solver.clear();
  const MateResult untimed = solver.solve(*problem, limits(0, 50'000'000));
  expect_solution(*e, *problem, untimed);
  EXPECT_FALSE(untimed.futile_cut);
  EXPECT_TRUE(untimed.futile_proven);
  EXPECT_EQ(untimed.futile_length, timed.futile_length);
}

// The main line's futile cycles (mate_line.h) are left out of the book length, which the book search
// does not find by itself: its rule judges single drops where drops are all the defender has, and a
// cycle's drops are made where the king can move. The position is 木星の旅's (positions/tsume-famous.txt)
// after 357 plies of its 435-ply main line (mate_line_test.cpp), where its four cycles begin, with the
// defender's four golds taken off and three pawns and a knight left in its hand: both kings are on the
// board, so the hands stand as written. It is then a mate in 54 with one cycle, `P*3e 4f3e 1c1b 3e4e
// 1b1c 4e4f`, so 48 as books count, though the book search proves nothing under 54. Under `slow`: about
// a minute with one thread.
TEST(MateSolverBook, TheLineWithoutItsFutileCyclesIsTheBookLength) {
  if (!std::getenv("TSUMI_MATE_SLOW")) GTEST_SKIP() << "under `slow` (TSUMI_MATE_SLOW)";
  const auto problem = problem_of("3pl3p/1+Pn3+Rr1/8k/3+p5/1K2+p3P/3+Bp+Bl2/5S1+ll/4PN3/3S1+sSPN w 3Pn3p 1");
  ASSERT_TRUE(problem);
  MateSolver solver(256);
  const MateResult r = solver.solve(*problem, limits(0, 200'000'000));
  ASSERT_EQ(r.verdict, MateVerdict::kMate) << describe(r);
  EXPECT_EQ(r.length, 54);
  EXPECT_TRUE(r.shortest_proven);
  ASSERT_EQ(r.pv.size(), 54u);
  EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
  const std::vector<PlySpan> cycles = futile_cycles(*problem, r.pv);
  ASSERT_EQ(cycles.size(), 1u);
  EXPECT_EQ(cycles[0].size(), 6u);
  EXPECT_GT(r.futility.judged, 0u) << "the book count was not searched";
  EXPECT_EQ(r.futile_length, 48);
  EXPECT_FALSE(r.futile_proven) << "no search proves the line without its cycles";
  EXPECT_EQ(r.futile_pv, cut_spans(r.pv, cycles));
  EXPECT_EQ(check_mate_line(*problem, r.futile_pv), std::nullopt);
}

// kongou-1 (9 plies): its main line has no interposition by drop. With kDrops, timed or not, the book
// count is not searched, and the main length stands for it unproven; by default (after every mate),
// timed or not, it is proven.
TEST(MateSolverBook, SearchedAfterEveryMateByDefault) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-1", e);
  ASSERT_TRUE(problem);
  MateSolver solver(16);
  for (const bool timed : {false, true}) {
    SCOPED_TRACE(timed ? "timed" : "untimed");
    // Untimed, a node limit only keeps a broken build finite.
    MateLimits l = timed ? limits(time_limit_s()) : limits(0, 50'000'000);
    solver.clear();
    const MateResult always = solver.solve(*problem, l);
    expect_solution(*e, *problem, always);
    EXPECT_GT(always.futility.judged, 0u);
    EXPECT_EQ(always.futile_length, always.length);
    EXPECT_TRUE(always.futile_proven);
    EXPECT_FALSE(always.futile_cut);
    solver.clear();
    l.book_search_after = MateLimits::BookSearchAfter::kDrops;
    const MateResult plain = solver.solve(*problem, l);
    expect_solution(*e, *problem, plain);
    EXPECT_EQ(plain.futility.judged, 0u);
    EXPECT_EQ(plain.futile_length, plain.length);
    EXPECT_FALSE(plain.futile_proven);
  }
}

// The public problems whose book length an earlier futility rule (a drop futile wherever V(s) is
// mated, at any length) made shorter than published: each gets its published length, proven, at
// default settings (futility_judge_test.cpp, ADropWhoseV_sIsMatedOnlyLaterIsADefence: tanuki3-172).
TEST(MateSolverBook, TheBookLengthIsThePublishedOne) {
  for (const char* id : {"tanuki3-172", "tanuki3-457", "tanuki5-280", "tanuki7-42", "tanuki9-8", "tanuki9-11"}) {
    SCOPED_TRACE(id);
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem);
    MateSolver solver(16);
    const MateResult r = solver.solve(*problem, limits(time_limit_s()));
    expect_solution(*e, *problem, r);
    EXPECT_EQ(r.futile_length, r.length);
    EXPECT_TRUE(r.futile_proven);
    EXPECT_GT(r.futility.judged, 0u);
  }
}

// The shortest-mate proof's passes, as the answer lists them: each searches two plies below the mate
// proven before it, their nodes sum to the phase's, and the last one either proves the answer shortest
// (nothing found, not cut) or was cut.
void expect_passes_add_up(const MateResult& r) {
  SCOPED_TRACE(describe(r));
  std::uint64_t sum = 0;
  int before = r.first_mate_length;
  for (std::size_t i = 0; i < r.shortest_passes.size(); ++i) {
    const MateResult::ShortestPass& p = r.shortest_passes[i];
    SCOPED_TRACE("pass " + std::to_string(i));
    EXPECT_EQ(p.within, before - 2);
    EXPECT_LE(p.length, p.within);
    if (i + 1 < r.shortest_passes.size()) {
      EXPECT_GT(p.length, 0) << "a pass that proves nothing is the last";
      EXPECT_FALSE(p.cut);
    }
    if (p.length > 0) before = p.length;
    EXPECT_LE(p.cold_nodes, p.nodes) << "a pass's cold probe is part of it";
    sum += p.nodes;
  }
  EXPECT_EQ(sum, r.shortest_nodes);
  if (r.verdict != MateVerdict::kMate) return;
  EXPECT_EQ(before, r.length) << "the last mate a pass proved is the answer's length";
  if (r.shortest_proven && r.length >= 2) {
    ASSERT_FALSE(r.shortest_passes.empty());
    EXPECT_EQ(r.shortest_passes.back().length, 0);
    EXPECT_FALSE(r.shortest_passes.back().cut);
  }
}

TEST(MateSolverProof, ThePassesOfTheShortestMateProofAddUp) {
  MateSolver& solver = shared_solver();
  bool shortened = false;   // some problem's first mate was not its shortest
  bool cut_tested = false;  // some problem's pass was cut
  for (const char* id : {"tanuki9-11", "kongou-4", "kongou-9", "kongou-25"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    SCOPED_TRACE(id);
    solver.clear();
    const MateResult r = solver.solve(*problem, limits(time_limit_s()));
    expect_solution(*e, *problem, r);
    expect_passes_add_up(r);
    shortened = shortened || r.first_mate_length > r.length;
    if (threads() != 1) continue;
    // The same solve cut halfway through its dearest pass (the limits are looked at every so many
    // nodes, so a pass of a few nodes cannot be cut halfway): that pass is the last, and says so.
    std::size_t dearest = 0;
    std::uint64_t before = r.first_mate_nodes;
    for (std::size_t i = 0; i < r.shortest_passes.size(); ++i)
      if (r.shortest_passes[i].nodes > r.shortest_passes[dearest].nodes) dearest = i;
    if (r.shortest_passes.empty() || r.shortest_passes[dearest].nodes < 10000) continue;
    for (std::size_t i = 0; i < dearest; ++i) before += r.shortest_passes[i].nodes;
    solver.clear();
    const MateResult cut =
        solver.solve(*problem, limits(time_limit_s(), before + r.shortest_passes[dearest].nodes / 2));
    expect_passes_add_up(cut);
    ASSERT_EQ(cut.verdict, MateVerdict::kMate) << describe(cut);
    EXPECT_FALSE(cut.shortest_proven);
    ASSERT_EQ(cut.shortest_passes.size(), dearest + 1);
    EXPECT_TRUE(cut.shortest_passes.back().cut);
    EXPECT_EQ(cut.shortest_passes.back().length, 0);
    cut_tested = true;
  }
  if (threads() != 1) return;  // which mate a worker proves first varies with several
  EXPECT_TRUE(shortened) << "no problem here had a shorter mate than its first: the passes that find one went untested";
  EXPECT_TRUE(cut_tested) << "no pass was long enough to cut";
}

// Cold probes (mate_solver.cpp): a pass begins with one exactly when no probe of the proof has given up
// yet, the pass before proved a mate, and either its own probe settled it, or it shortened the mate by
// two plies only at a cost of more than 4 x 2^14 nodes after its probe. How often the rule's two sides
// met: passes probed, and dear passes of two plies left unprobed because a probe had given up.
struct ProbeRuleSeen {
  int probed = 0, held_back = 0;
};
ProbeRuleSeen expect_probes_follow_the_rule(const MateResult& r) {
  constexpr std::uint64_t kDearPass = 4 * (std::uint64_t(1) << 14);
  ProbeRuleSeen seen;
  int before = r.first_mate_length;
  bool probe = false, gave_up = false;
  for (std::size_t i = 0; i < r.shortest_passes.size(); ++i) {
    const MateResult::ShortestPass& p = r.shortest_passes[i];
    SCOPED_TRACE("pass within " + std::to_string(p.within));
    EXPECT_EQ(p.cold_nodes > 0, probe);
    if (p.cold_nodes > 0) ++seen.probed;
    const bool settled_cold = p.cold_nodes > 0 && p.cold_nodes == p.nodes;
    gave_up = gave_up || (p.cold_nodes > 0 && !settled_cold);
    const bool dear = p.length > 0 && before - p.length == 2 && p.nodes - p.cold_nodes > kDearPass;
    probe = !gave_up && p.length > 0 && (settled_cold || dear);
    if (gave_up && dear) ++seen.held_back;
    if (p.length > 0) before = p.length;
  }
  return seen;
}

// rand-409 and rand-144 (positions/tsume-random.txt) keep their expected answers. At one worker rand-409
// has a dear pass of two plies (within 15: 75 k nodes for 15) and so probes; rand-144's probe within 21
// gives up, and its pass within 19, dear again, is not probed.
TEST(MateSolverProof, ADearPassOfTwoPliesIsFollowedByColdProbes) {
  MateSolver& solver = shared_solver();
  ProbeRuleSeen seen;
  for (const char* id : {"rand-409", "rand-144"}) {
    SCOPED_TRACE(id);
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem);
    solver.clear();
    const MateResult r = solver.solve(*problem, limits(time_limit_s()));
    expect_solution(*e, *problem, r);
    expect_passes_add_up(r);
    const ProbeRuleSeen here = expect_probes_follow_the_rule(r);
    seen.probed += here.probed, seen.held_back += here.held_back;
  }
  if (threads() == 1) {
    EXPECT_GT(seen.probed, 0) << "no pass was probed: the cold probes went untested";
    EXPECT_GT(seen.held_back, 0) << "no dear pass came after a probe gave up: that side of the rule went untested";
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
  const MateResult r = solver.solve(*long_problem, limits(time_limit_s(), 50));
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
  const MateResult cut = solver.solve(*problem, limits(time_limit_s(), 50));
  SCOPED_TRACE(describe(cut));
  if (cut.verdict == MateVerdict::kTimeout) {
    EXPECT_EQ(cut.stop, MateStop::kNodes);
  } else {
    expect_correct_mate(*e, *problem, cut);
  }
  // The limit does not stick: the same solver then solves it.
  solver.clear();
  expect_solution(*e, *problem, solver.solve(*problem, limits(time_limit_s())));
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
    const MateResult r = solver.solve(*problem, limits(limit_s));
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
  const MateResult r = solver.solve(problem, limits(time_limit_s()));
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
    expect_solution(*e, *problem, solver.solve(*problem, limits(limit_s)));
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
  expect_solution(*small, *small_problem, solver.solve(*small_problem, limits(time_limit_s())));
}

TEST(MateSolverProgress, ReportsNodesAndTheLineTheTableSuggests) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-17", e);
  ASSERT_TRUE(problem) << "kongou-17";
  MateSolver solver(64);
  std::vector<MateProgress> reports;
  // A node limit rather than a time limit: sanitizer builds search a hundred times slower.
  solver.set_progress([&reports](const MateProgress& p) { reports.push_back(p); }, 1);
  const MateResult r = solver.solve(*problem, limits(time_limit_s(), 20000));
  solver.set_progress(nullptr, 0);
  ASSERT_GE(reports.size(), 3u) << describe(r);
  std::uint64_t last_nodes = 0;
  bool some_line = false;
  for (const MateProgress& p : reports) {
    EXPECT_GE(p.nodes, last_nodes) << "node counts go back";
    last_nodes = p.nodes;
    EXPECT_GT(p.time_ms, 0.0);
    EXPECT_LE(p.time_ms, r.time_ms + 1);
    EXPECT_LE(p.pv.size(), 64u);
    if (p.pv.empty()) continue;
    some_line = true;
    // The line starts with a legal check.
    StateInfo st;
    Position pos;
    pos.set(problem->setup, &st);
    MoveList checks;
    generate<CHECKS>(pos, checks);
    EXPECT_TRUE(checks.contains(p.pv[0])) << to_usi(p.pv[0]);
  }
  EXPECT_TRUE(some_line) << "no report carried a line";
  EXPECT_LE(last_nodes, r.nodes);
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
    const MateResult r = solver.solve(*problem, limits(time_limit_s(), 0, false));
    expect_correct_mate(*e, *problem, r);
  }
}

// A mate proven is never answered without its line: the line recorded the moment the proof ended
// stands when the table is cleared between the proof and the line (by the progress callback, which is
// called as soon as a mate is proven, before its line is built) and the builds of lines over the empty
// table are cut (MateLimits::line_nodes: at the first check of the limits, 1024 nodes in).
TEST(MateSolverLine, TheLineRecordedAtTheProofStandsWhenNoLineCanBeBuilt) {
  int recorded = 0;
  for (const char* id : {"act-no-yume", "kongou-20", "kongou-14"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    MateSolver solver(256);
    bool cleared = false;
    solver.set_progress(
        [&](const MateProgress& p) {
          if (p.first_mate_length > 0 && !cleared) solver.table().clear(), cleared = true;
        },
        1);
    MateLimits l = limits(time_limit_s());
    l.line_nodes = 1;
    // One worker: the recorded line needs every node of the proof still in the table when the root is
    // proven, and the proof tree is protected only from then on (several workers' runs lose a node of it
    // now and then before that).
    l.threads = 1;
    const MateResult r = solver.solve(*problem, l);
    SCOPED_TRACE(std::string(id) + ": " + describe(r));
    ASSERT_EQ(r.verdict, MateVerdict::kMate) << "a proven mate answered without a line";
    EXPECT_EQ(r.length, r.mate_bound);
    // The line read off the table may end sooner than the proof's length where the table holds a
    // shorter proof of a position on it; it is labelled then, and the length stays the proven one.
    EXPECT_LE(r.pv.size(), std::size_t(r.length));
    EXPECT_EQ(r.line_of_length, r.pv.size() == std::size_t(r.length));
    EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
    EXPECT_EQ(r.leftover, hand_after(*problem, r.pv));
    if (r.stop == MateStop::kNodes) {  // the first line's build was cut: the search ended there
      ++recorded;
      EXPECT_EQ(r.length, r.first_mate_length);
      EXPECT_FALSE(r.shortest_proven);
      EXPECT_FALSE(r.line_exact);
    }
  }
  EXPECT_GT(recorded, 0) << "no build was cut: the test tests nothing";
}

// The first proof's tree is protected from the moment it is proven (protect_proof) until the answer's
// lines are built: a collection of every other entry at the first proof (from the progress callback)
// leaves its line readable, the solve still answers the proven shortest mate with its line, and when
// it returns no entry is left protected (a solver reused for the next problem collects as before).
TEST(MateSolverLine, TheProofTreeIsProtectedUntilTheLinesAreBuilt) {
  for (const char* id : {"kongou-25", "tanuki9-16"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    ASSERT_TRUE(e->expected) << id;
    MateSolver solver(16);
    bool collected = false;
    std::size_t line_after = 0;
    solver.set_progress(
        [&](const MateProgress& p) {
          if (p.first_mate_length == 0 || collected) return;
          collected = true;
          solver.table().collect_below(MateTable::kProtectedCode + MateTable::kFinalBonus - 1);
          line_after = proof_line(solver.table(), problem->setup, problem->attacker, p.first_mate_length).size();
        },
        1);
    MateLimits l = limits(time_limit_s());
    l.threads = 1;
    const MateResult r = solver.solve(*problem, l);
    SCOPED_TRACE(std::string(id) + ": " + describe(r));
    ASSERT_TRUE(collected);
    EXPECT_GT(line_after, 0u) << "the protected proof lost its line";
    ASSERT_EQ(r.verdict, MateVerdict::kMate);
    EXPECT_EQ(r.length, *e->expected);
    EXPECT_TRUE(r.shortest_proven);
    EXPECT_TRUE(r.line_of_length);
    EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
    std::size_t still = 0;
    solver.table().for_each_entry(
        [&](std::size_t, int, const MateEntry& entry) { still += (entry.tag_lo & 0xff) == MateTable::kProtectedCode; });
    EXPECT_EQ(still, 0u);
  }
}

// Under a node limit that cuts the shortest-mate proof, the length is the shortest mate proven, never a
// shorter line whose defences are not the longest (rand-652 once answered 15 under a bound of 25).
TEST(MateSolverLine, ACutNeverUndercutsTheMateProven) {
  if (kSanitizerBuild) GTEST_SKIP() << "many solves: the release and scalar builds run them";
  MateSolver& solver = shared_solver();
  // rand-652 (positions/tsume-random.txt: a mate in 25), and the kongou problems of 15 plies or more.
  std::vector<MateSuiteEntry> entries;
  const auto random = parse_mate_suite(test::read_file(test::positions_path("tsume-random.txt")));
  ASSERT_TRUE(random.ok()) << random.error().message;
  for (const auto& e : random.value())
    if (e.id == "rand-652") entries.push_back(e);
  ASSERT_EQ(entries.size(), 1u);
  for (const auto& e : test::tsume_suite())
    if (e.expected && *e.expected >= 15 && e.id.starts_with("kongou-")) entries.push_back(e);
  int cut = 0;
  for (const auto& e : entries) {
    const auto problem = problem_of(e.sfen);
    ASSERT_TRUE(problem);
    for (const std::uint64_t nodes : {30000u, 300000u}) {
      solver.clear();
      const MateResult r = solver.solve(*problem, limits(time_limit_s(), nodes));
      if (r.verdict != MateVerdict::kMate) continue;
      SCOPED_TRACE(e.id + " with " + std::to_string(nodes) + " nodes: " + describe(r));
      cut += !r.shortest_proven;
      EXPECT_EQ(r.length, r.mate_bound);
      EXPECT_GE(r.length, *e.expected);
      EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt);
      if (r.line_of_length) {
        EXPECT_EQ(r.pv.size(), std::size_t(r.length));
      }
    }
  }
  EXPECT_GT(cut, 0) << "no limit cut a shortest-mate proof: the test tests nothing";
}

// ---------------------------------------------------------------------------------------------------
// Thread counts: the verdict and the proven shortest length do not depend on how many workers search.

TEST(MateSolverThreads, EveryThreadCountGivesTheSameAnswer) {
  MateSolver solver(64);
  for (const char* id : {"tanuki7-104", "tanuki9-16", "tanuki11-3", "ghi-2", "hm-perp-2", "hm-uchifu-1", "mudaai-1",
                         "shtsume-uchifu-1", "kongou-1", "kongou-2"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    MateResult serial;
    for (int n : {1, 2, 8}) {
      MateLimits l = limits(time_limit_s());
      l.threads = n;
      solver.clear();
      const MateResult r = solver.solve(*problem, l);
      SCOPED_TRACE(std::string(id) + " with " + std::to_string(n) + " threads: " + describe(r));
      expect_solution(*e, *problem, r);
      if (n == 1) {
        serial = r;
        continue;
      }
      EXPECT_EQ(r.verdict, serial.verdict);
      EXPECT_EQ(r.length, serial.length);
      EXPECT_EQ(r.shortest_proven, serial.shortest_proven);
    }
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
    const MateResult r = solver.solve(*problem, limits(time_limit_s()));
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
    const auto problem = problem_of(e->sfen);
    const auto mirror = problem_of(e->sfen, true);
    ASSERT_TRUE(problem && mirror);
    EXPECT_EQ(mirror->attacker, ~problem->attacker) << id;
    solver.clear();
    const MateResult r = solver.solve(*problem, limits(time_limit_s()));
    solver.clear();
    const MateResult f = solver.solve(*mirror, limits(time_limit_s()));
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
