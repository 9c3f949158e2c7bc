// The solver's regression gate: positions/tsume-regression.txt solved at one thread, where node counts
// are the same from run to run. The rule weighs what a user sees (positions/tsume-regression.txt's header
// and solver/README.md, "The regression gate", say it in words):
//
//   - a row (Gate/RegressionGate.Holds/<id>): its total at most 1.5 times its best (kRowSlack), with its
//     verdict, length, book length (futile_length) and line exact. The counts at the first proof and at
//     the shortest proven are printed beside the total, with their ratio to their best, and not held.
//   - a swing group (RegressionGateSwing.Holds/<group>: the rows of one problem at several table sizes,
//     `swing=<group>`): one verdict at every size, the counts within 1.3 times of each other
//     (kSwingSpread), each at most 2 times its best (kSwingSlack). What it guards against is a search
//     whose cost swings with the table size (a stall), not a cost.
//   - the whole (RegressionGateWhole.Holds): the sum of the totals of the rows outside swing groups at
//     most 1.05 times (kWholeSlack) the sum of their `start=` counts, the counts of main when the rule
//     began. A change that raises the sum at all must lower the famous rows' solve times in sum (old and
//     new builds alternating, 2 workers): the test prints the ratio so that the note can say it.
//
// Each row's file fields:
//   hash=MB                  the table of its solve (a node count depends on it);
//   expected=N | nomate      the length counting every defence, proven shortest (or no mate);
//   futile=M                 the length as books count it at the gate's settings (futile_length);
//   first= proven= total=    the best node counts any build gave (the `best=` field names the builds): at
//                            the first proof, when the shortest mate was proven (first + shortest-mate
//                            proof), and in all (lines and the book count's search included). A no-mate
//                            has `total=` alone. A best may only fall: when a build does better, the file
//                            takes its count (the test prints the ratio to the best);
//   start=N                  the row's total when the rule began (the whole's measure);
//   total_held=N             (optional) today's total where it is over 1.5 x best: a debt to repay;
//   swing=<group>            (optional) the row belongs to a swing group, held as a group and not summed.
//
// Release only (not the sanitizers, not Debug): about a minute and a half on the 2-core VM, two at a time.
// Each row is its own ctest test (tests/CMakeLists.txt reads the ids from the file); the swing groups
// and the whole are ctest tests that run after the rows and read their totals from TSUMI_GATE_RESULTS
// (a folder of the build), solving here any row whose result is missing or older than this program.
//   regression_gate_test --gtest_filter=Gate/RegressionGate.Holds/<id>
// Environment: TSUMI_GATE_FILE replaces the file (a scratch list of candidates, measured the same way).

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/mate_line.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

constexpr double kRowSlack = 1.5;     // a row's total against its best
constexpr double kSwingSpread = 1.3;  // a swing group's largest count against its smallest
constexpr double kSwingSlack = 2.0;   // a swing row's total against its best
constexpr double kWholeSlack = 1.05;  // the sum of the rows outside swing groups against their start

std::string gate_path() {
  const char* file = std::getenv("TSUMI_GATE_FILE");
  return file && *file ? file : test::positions_path("tsume-regression.txt");
}

std::vector<MateSuiteEntry> gate_entries() {
  const std::string path = gate_path();
  auto parsed = parse_mate_suite(test::read_file(path));
  if (!parsed) throw std::runtime_error(path + ": " + parsed.error().message);
  return parsed.value();
}

std::optional<std::string> text_field(const MateSuiteEntry& e, std::string_view key) {
  for (const auto& [k, v] : e.fields)
    if (k == key) return v;
  return std::nullopt;
}

std::optional<std::uint64_t> field(const MateSuiteEntry& e, std::string_view key) {
  const auto text = text_field(e, key);
  return text ? std::optional<std::uint64_t>(std::stoull(*text)) : std::nullopt;
}

unsigned long long ull(std::uint64_t n) { return static_cast<unsigned long long>(n); }

// What the swing groups and the whole read of a row: its verdict and total.
struct RowResult {
  MateVerdict verdict = MateVerdict::kTimeout;
  std::uint64_t total = 0;
};

// The row solved as the gate solves it: one thread, its table, untimed, the book search paced.
MateResult solve_row(const MateSuiteEntry& e) {
  const auto problem = test::tsume_problem(e.sfen);
  if (!problem) throw std::runtime_error(e.id + ": not a tsume problem");
  const auto hash = field(e, "hash");
  if (!hash) throw std::runtime_error(e.id + ": no hash=");
  MateSolver solver(*hash);
  MateLimits limits;
  limits.threads = 1;
  // Untimed, as `tsumi mate` runs without --time (a time limit is a budget the book search may spend to
  // its end: MateLimits::book_search). A node limit far above the budget stops a search that would
  // not end; the counts are what is held. The book search at the paced settings its counts were
  // recorded under (after a line with a drop, a tenth of the solve's nodes), not at the untimed default
  // since 096f341 (after every mate, twice the solve's nodes: a different amount of work, measured apart).
  limits.book_search_after = MateLimits::BookSearchAfter::kDrops;
  limits.book_share = MateLimits::kPacedBookShare;
  const auto total = field(e, "total_held") ? field(e, "total_held") : field(e, "total");
  if (!total) throw std::runtime_error(e.id + ": no total=");
  limits.nodes = 4 * std::uint64_t(double(*total) * kSwingSlack);
  return solver.solve(*problem, limits);
}

// The results folder the rows write to (TSUMI_GATE_RESULTS; none: nothing is kept between tests).
std::optional<std::filesystem::path> results_dir() {
  const char* dir = std::getenv("TSUMI_GATE_RESULTS");
  if (!dir || !*dir) return std::nullopt;
  return std::filesystem::path(dir);
}

// A row's result file says which row it was solved as (the SFEN and the table), so that a file of an
// edited row is not read as today's.
std::string row_key(const MateSuiteEntry& e) { return e.sfen + "\thash=" + text_field(e, "hash").value_or(""); }

void keep(const MateSuiteEntry& e, const MateResult& r) {
  const auto dir = results_dir();
  if (!dir) return;
  std::filesystem::create_directories(*dir);
  std::ofstream out(*dir / e.id);
  out << static_cast<int>(r.verdict) << ' ' << r.nodes << '\n' << row_key(e) << '\n';
}

// A row's result as the row's own test kept it, or solved here where there is none newer than this
// program (the test run alone, or before the rows).
RowResult result_of(const MateSuiteEntry& e) {
  if (const auto dir = results_dir()) {
    const auto file = *dir / e.id;
    std::error_code ec;
    const auto kept = std::filesystem::last_write_time(file, ec);
    const auto program = std::filesystem::last_write_time("/proc/self/exe", ec);
    if (!ec && kept >= program) {
      std::ifstream in(file);
      int verdict = -1;
      RowResult r;
      std::string key;
      in >> verdict >> r.total;
      in.ignore(1);
      std::getline(in, key);
      if (in && key == row_key(e)) {
        r.verdict = static_cast<MateVerdict>(verdict);
        return r;
      }
    }
  }
  const MateResult solved = solve_row(e);
  keep(e, solved);
  return {solved.verdict, solved.nodes};
}

// A count printed beside its best, and held to `slack` times it where `slack` is given.
void report(const MateSuiteEntry& e, const std::string& what, std::uint64_t count, std::optional<double> slack) {
  const std::optional<std::uint64_t> best = field(e, what);
  if (!best) {
    std::printf("%s %s %llu (no best recorded)\n", e.id.c_str(), what.c_str(), ull(count));
    if (slack) ADD_FAILURE() << e.id << ": no " << what << "= to hold";
    return;
  }
  if (!slack) {
    std::printf("%s %s %llu, best %llu (%.3fx), printed, not held\n", e.id.c_str(), what.c_str(), ull(count),
                ull(*best), double(count) / double(*best));
    return;
  }
  const std::optional<std::uint64_t> held = field(e, what + "_held");
  const auto budget = held ? *held : std::uint64_t(double(*best) * *slack);
  std::printf("%s %s %llu, best %llu (%.3fx), budget %llu%s\n", e.id.c_str(), what.c_str(), ull(count), ull(*best),
              double(count) / double(*best), ull(budget), held ? " (held: a debt)" : "");
  EXPECT_LE(count, budget) << e.id << ": " << what << " over its budget (" << (held ? "held" : "its best x slack")
                           << ")";
}

class RegressionGate : public ::testing::TestWithParam<MateSuiteEntry> {};

TEST_P(RegressionGate, Holds) {
  const MateSuiteEntry& e = GetParam();
  const MateResult r = solve_row(e);
  keep(e, r);
  std::printf(
      "%s: %s length %d futile %d in %.0f ms; total %llu = first %llu + shortest %llu + line %llu + book %llu\n",
      e.id.c_str(), to_string(r.verdict), r.length, r.futile_length, r.time_ms, ull(r.nodes), ull(r.first_mate_nodes),
      ull(r.shortest_nodes), ull(r.line_nodes), ull(r.book_nodes));
  const bool swing = text_field(e, "swing").has_value();
  if (!e.expected) {
    EXPECT_EQ(r.verdict, MateVerdict::kNoMate) << e.id;
    report(e, "total", r.nodes, swing ? kSwingSlack : kRowSlack);
    return;
  }
  ASSERT_EQ(r.verdict, MateVerdict::kMate) << e.id;
  EXPECT_EQ(r.length, *e.expected) << e.id;
  EXPECT_TRUE(r.shortest_proven) << e.id;
  EXPECT_TRUE(r.line_exact) << e.id;
  EXPECT_EQ(std::optional<std::uint64_t>(std::uint64_t(r.futile_length)), field(e, "futile")) << e.id;
  EXPECT_EQ(check_mate_line(*test::tsume_problem(e.sfen), r.pv), std::nullopt) << e.id;
  report(e, "first", r.first_mate_nodes, std::nullopt);
  report(e, "proven", r.first_mate_nodes + r.shortest_nodes, std::nullopt);
  report(e, "total", r.nodes, swing ? kSwingSlack : kRowSlack);
}

// The test's name: the id with '-' as '_' (GoogleTest's names; tests/CMakeLists.txt does the same).
std::string gate_name(const ::testing::TestParamInfo<MateSuiteEntry>& info) {
  std::string name = info.param.id;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Gate, RegressionGate, ::testing::ValuesIn(gate_entries()), gate_name);

std::vector<std::string> swing_groups() {
  std::vector<std::string> groups;
  for (const MateSuiteEntry& e : gate_entries())
    if (const auto g = text_field(e, "swing"); g && std::find(groups.begin(), groups.end(), *g) == groups.end())
      groups.push_back(*g);
  return groups;
}

// One problem at several table sizes: one verdict, counts within kSwingSpread of each other.
class RegressionGateSwing : public ::testing::TestWithParam<std::string> {};

TEST_P(RegressionGateSwing, Holds) {
  const std::string& group = GetParam();
  std::optional<MateVerdict> verdict;
  std::uint64_t least = UINT64_MAX, most = 0;
  int rows = 0;
  for (const MateSuiteEntry& e : gate_entries()) {
    if (text_field(e, "swing") != group) continue;
    const RowResult r = result_of(e);
    std::printf("%s %s: %s, %llu nodes at hash %s\n", group.c_str(), e.id.c_str(), to_string(r.verdict), ull(r.total),
                text_field(e, "hash").value_or("?").c_str());
    if (!verdict) verdict = r.verdict;
    EXPECT_EQ(r.verdict, *verdict) << e.id << ": another verdict than the group's first row";
    least = std::min(least, r.total);
    most = std::max(most, r.total);
    ++rows;
  }
  ASSERT_GE(rows, 2) << group << ": a swing group needs two table sizes at least";
  std::printf("%s: spread %.3fx (at most %.2fx)\n", group.c_str(), double(most) / double(least), kSwingSpread);
  EXPECT_LE(double(most), double(least) * kSwingSpread) << group << ": the counts swing with the table size";
}

std::string swing_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Swing, RegressionGateSwing, ::testing::ValuesIn(swing_groups()), swing_name);

// The sum of the totals outside swing groups against the sum of their start= counts.
TEST(RegressionGateWhole, Holds) {
  std::uint64_t sum = 0, start = 0;
  for (const MateSuiteEntry& e : gate_entries()) {
    if (text_field(e, "swing")) continue;
    const auto row_start = field(e, "start");
    ASSERT_TRUE(row_start) << e.id << ": no start=";
    const RowResult r = result_of(e);
    std::printf("%s: %llu against %llu at the start (%.3fx)\n", e.id.c_str(), ull(r.total), ull(*row_start),
                double(r.total) / double(*row_start));
    sum += r.total;
    start += *row_start;
  }
  const double ratio = double(sum) / double(start);
  std::printf("the whole: %llu against %llu at the start: %.4fx (at most %.2fx)%s\n", ull(sum), ull(start), ratio,
              kWholeSlack, sum > start ? "; it rose: the famous rows' solve times must fall to pay for it" : "");
  EXPECT_LE(double(sum), double(start) * kWholeSlack) << "the sum of the totals is over the whole's budget";
}

// Every line has what the gate needs: an id, a table, lengths for a mate, the best counts, and a start
// outside swing groups.
TEST(RegressionGateFile, EveryLineIsComplete) {
  const auto entries = gate_entries();
  EXPECT_GE(entries.size(), 8u);
  for (const MateSuiteEntry& e : entries) {
    EXPECT_FALSE(e.id.empty()) << "line " << e.line;
    EXPECT_TRUE(field(e, "hash")) << e.id;
    EXPECT_TRUE(field(e, "total")) << e.id;
    if (text_field(e, "swing")) {
      EXPECT_FALSE(field(e, "start")) << e.id << ": a swing row is not summed";
    } else {
      EXPECT_TRUE(field(e, "start")) << e.id;
    }
    for (const char* gone : {"first_held", "proven_held"}) {  // first and proven are printed, not held
      EXPECT_FALSE(field(e, gone)) << e.id << ": " << gone;
    }
    if (const auto held = field(e, "total_held")) {  // a debt above the budget
      EXPECT_GT(double(*held), double(field(e, "total").value_or(0)) * kRowSlack) << e.id;
    }
    if (!e.expected) continue;
    EXPECT_TRUE(field(e, "futile")) << e.id;
    EXPECT_TRUE(field(e, "first")) << e.id;
    EXPECT_TRUE(field(e, "proven")) << e.id;
    EXPECT_LE(field(e, "first").value_or(0), field(e, "proven").value_or(0)) << e.id;
    EXPECT_LE(field(e, "proven").value_or(0), field(e, "total").value_or(0)) << e.id;
  }
  for (const std::string& group : swing_groups()) {
    int rows = 0;
    for (const MateSuiteEntry& e : entries) rows += text_field(e, "swing") == group;
    EXPECT_GE(rows, 2) << group;
  }
}

}  // namespace
}  // namespace tsumi
