// The solver's regression gate: positions/tsume-regression.txt solved at one thread, where node counts
// are the same from run to run, each held to its budget.
//
// The solve is untimed, at default settings otherwise, but for the book search's (paced: see below).
//
// Every line of the file is a problem the solver has been fast on in some build and slow on in another
// (mid-size masterpieces, the problems that exercised repetition, the stalls found). It carries:
//   hash=MB                  the table of its solve (a node count depends on it);
//   expected=N | nomate      the length counting every defence, proven shortest (or no mate);
//   futile=M                 the length as books count it at the gate's settings (futile_length);
//   first= proven= total=    the best node counts any build of the last weeks gave (the `best=` field
//                            names the builds): at the first proof, when the shortest mate was proven
//                            (first + shortest-mate proof), and in all (the lines' builds and the book
//                            search included). A no-mate has `total=` alone.
// The budget of each is 1.25 times that best (kSlack), or, where today's search does not meet that,
// `<count>_held=N`: today's count, a debt that the search changes must repay (then the field goes). A
// count over its budget, a length changed or a line that does not replay fails the test. A budget may
// only fall: when a build does better, the file takes its counts (the test prints them, and the ratio
// to the best).
//
// Release only (not the sanitizers, not Debug): about a minute on the 2-core VM, two at a time.
// Each problem is its own ctest test (tests/CMakeLists.txt reads the ids from the file):
//   regression_gate_test --gtest_filter=Gate/RegressionGate.Holds/<id>
// Environment: TSUMI_GATE_FILE replaces the file (a scratch list of candidates, measured the same way).

#include <cstdint>
#include <cstdlib>
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

constexpr double kSlack = 1.25;

std::vector<MateSuiteEntry> gate_entries() {
  const char* file = std::getenv("TSUMI_GATE_FILE");
  const std::string path = file && *file ? file : test::positions_path("tsume-regression.txt");
  auto parsed = parse_mate_suite(test::read_file(path));
  if (!parsed) throw std::runtime_error(path + ": " + parsed.error().message);
  return parsed.value();
}

std::optional<std::uint64_t> field(const MateSuiteEntry& e, std::string_view key) {
  for (const auto& [k, v] : e.fields)
    if (k == key) return std::stoull(v);
  return std::nullopt;
}

// One count against its best: the budget kSlack times the best, or the count held; the line printed
// either way.
void hold(const MateSuiteEntry& e, const std::string& what, std::uint64_t count) {
  const std::string& id = e.id;
  const std::optional<std::uint64_t> best = field(e, what);
  if (!best) {
    std::printf("%s %s %llu (no best recorded)\n", id.c_str(), what.c_str(), static_cast<unsigned long long>(count));
    return;
  }
  const std::optional<std::uint64_t> held = field(e, what + "_held");
  const auto budget = held ? *held : std::uint64_t(double(*best) * kSlack);
  std::printf("%s %s %llu, best %llu (%.3fx), budget %llu%s\n", id.c_str(), what.c_str(),
              static_cast<unsigned long long>(count), static_cast<unsigned long long>(*best),
              double(count) / double(*best), static_cast<unsigned long long>(budget), held ? " (held: a debt)" : "");
  EXPECT_LE(count, budget) << id << ": " << what << " over its budget (" << (held ? "held" : "1.25 x best") << ")";
}

class RegressionGate : public ::testing::TestWithParam<MateSuiteEntry> {};

TEST_P(RegressionGate, Holds) {
  const MateSuiteEntry& e = GetParam();
  const auto problem = test::tsume_problem(e.sfen);
  ASSERT_TRUE(problem) << e.id;
  const auto hash = field(e, "hash");
  ASSERT_TRUE(hash) << e.id << ": no hash=";
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
  ASSERT_TRUE(total) << e.id << ": no total=";
  limits.nodes = 4 * std::uint64_t(double(*total) * kSlack);
  const MateResult r = solver.solve(*problem, limits);
  std::printf("%s: %s length %d futile %d in %.0f ms; first %llu shortest %llu line %llu book %llu\n", e.id.c_str(),
              to_string(r.verdict), r.length, r.futile_length, r.time_ms,
              static_cast<unsigned long long>(r.first_mate_nodes), static_cast<unsigned long long>(r.shortest_nodes),
              static_cast<unsigned long long>(r.line_nodes), static_cast<unsigned long long>(r.book_nodes));
  if (!e.expected) {
    EXPECT_EQ(r.verdict, MateVerdict::kNoMate) << e.id;
    hold(e, "total", r.nodes);
    return;
  }
  ASSERT_EQ(r.verdict, MateVerdict::kMate) << e.id;
  EXPECT_EQ(r.length, *e.expected) << e.id;
  EXPECT_TRUE(r.shortest_proven) << e.id;
  EXPECT_TRUE(r.line_exact) << e.id;
  EXPECT_EQ(std::optional<std::uint64_t>(std::uint64_t(r.futile_length)), field(e, "futile")) << e.id;
  EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt) << e.id;
  hold(e, "first", r.first_mate_nodes);
  hold(e, "proven", r.first_mate_nodes + r.shortest_nodes);
  hold(e, "total", r.nodes);
}

// The test's name: the id with '-' as '_' (GoogleTest's names; tests/CMakeLists.txt does the same).
std::string gate_name(const ::testing::TestParamInfo<MateSuiteEntry>& info) {
  std::string name = info.param.id;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Gate, RegressionGate, ::testing::ValuesIn(gate_entries()), gate_name);

// Every line has what the gate needs: an id, a table, lengths for a mate, and the best counts.
TEST(RegressionGateFile, EveryLineIsComplete) {
  const auto entries = gate_entries();
  EXPECT_GE(entries.size(), 8u);
  for (const MateSuiteEntry& e : entries) {
    EXPECT_FALSE(e.id.empty()) << "line " << e.line;
    EXPECT_TRUE(field(e, "hash")) << e.id;
    EXPECT_TRUE(field(e, "total")) << e.id;
    if (!e.expected) continue;
    EXPECT_TRUE(field(e, "futile")) << e.id;
    EXPECT_TRUE(field(e, "first")) << e.id;
    EXPECT_TRUE(field(e, "proven")) << e.id;
    EXPECT_LE(field(e, "first").value_or(0), field(e, "proven").value_or(0)) << e.id;
    EXPECT_LE(field(e, "proven").value_or(0), field(e, "total").value_or(0)) << e.id;
    for (const char* count : {"first", "proven", "total"})  // a held count is a debt above the 1.25 x best budget
      if (const auto held = field(e, std::string(count) + "_held")) {
        EXPECT_GT(double(*held), double(field(e, count).value_or(0)) * kSlack) << e.id << " " << count;
      }
  }
}

}  // namespace
}  // namespace tsumi
