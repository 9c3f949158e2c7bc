// Tests of solver/line_crew.h: the helpers a line builder borrows search the lead's node on the lead's
// path and answer what the lead alone would (a proof within the same plies), the ancestors above that
// node are none of their search's (a line's positions are proven: a cut-off to them would never end),
// the line's node budget counts the helpers' nodes, so does a search's own budget, and a line built
// with helpers replays as a mate.
// Also under ThreadSanitizer (label parallel).

#include "solver/line_crew.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/usi.h"
#include "solver/dfpn_search.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_pv.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

constexpr std::size_t kTableBytes = std::size_t(32) << 20;

std::optional<MateProblem> public_problem(const char* id, int& expected) {
  const MateSuiteEntry* e = test::tsume_entry(id);
  if (!e || !e->expected) return std::nullopt;
  expected = *e->expected;
  return test::tsume_problem(e->sfen);
}

std::string line_text(const std::vector<Move>& moves) {
  std::string s;
  for (Move m : moves) s += " " + to_usi(m);
  return s;
}

std::chrono::steady_clock::time_point in_seconds(int s) {
  return std::chrono::steady_clock::now() + std::chrono::seconds(s);
}

// The first `plies` moves of the problem's proven line, from a search of its own table.
std::vector<Move> line_start(const MateProblem& p, int expected, std::size_t plies) {
  MateTable table{kTableBytes};
  DfpnSearch s(table, p.attacker);
  s.set_root(p.setup);
  const NodeResult r = s.solve(std::uint16_t(expected));
  EXPECT_TRUE(r.proven());
  std::vector<Move> moves = build_mate_line(s, r.len, false).moves;
  moves.resize(std::min(moves.size(), plies));
  return moves;
}

// Two plies into kongou-6's line (mate in 15), over a table that holds only the two positions above as
// proven (a line's positions are): the crew's searches of the node disprove a mate within 9 plies (what
// a line's search asks of a defence to show it the longest) and prove one within 13, the lead is where
// it was, and the helpers searched. The lead first searched from the root, as a line's lead has, so its
// path remembers the plies above with their lengths: a cut-off to a proven line position above the node
// would send the workers up past the node they search, again and again (the deadline then cuts them).
TEST(LineCrew, TheHelpersSearchTheLeadsNodeAndNothingAbove) {
  int expected = 0;
  const auto p = public_problem("kongou-6", expected);
  ASSERT_TRUE(p);
  const std::vector<Move> start = line_start(*p, expected, 2);
  ASSERT_EQ(start.size(), 2u);
  for (const int helpers : {1, 3}) {
    SCOPED_TRACE(std::to_string(helpers) + " helpers");
    MateTable table{kTableBytes};
    DfpnSearch lead(table, p->attacker);
    lead.set_root(p->setup);
    ASSERT_TRUE(lead.solve(std::uint16_t(expected)).proven());
    table.clear();
    for (int ply = 0; ply < 2; ++ply) {
      const NodeKeys n = lead.path_node(ply);
      table.store(n.board_key, n.hand,
                  MateRecord{0, kInfPn, std::uint16_t(expected - ply), n.hand, start[std::size_t(ply)], 1000});
      lead.do_move(start[std::size_t(ply)]);
    }
    LineCrew crew(table, p->setup, p->attacker, helpers);
    lead.set_assist(&LineCrew::assist, &crew);
    crew.set_limits(lead, in_seconds(60), true, 0, nullptr);
    const NodeResult none = lead.solve_assisted(std::uint16_t(expected - 6));
    EXPECT_EQ(lead.aborted(), DfpnSearch::Abort::kNone);
    EXPECT_TRUE(none.disproven());
    const NodeResult mate = lead.solve_assisted(std::uint16_t(expected - 2));
    EXPECT_EQ(lead.aborted(), DfpnSearch::Abort::kNone);
    ASSERT_TRUE(mate.proven());
    EXPECT_LE(mate.len, expected - 2);
    EXPECT_EQ(lead.ply(), 2);
    EXPECT_GE(crew.searches(), 1u) << "the node needed no more than LineCrew::kAloneNodes";
    EXPECT_GT(crew.nodes(), 0u);
    ASSERT_EQ(crew.busy_us().size(), std::size_t(helpers));
    for (const std::uint64_t us : crew.busy_us()) EXPECT_GT(us, 0u);
  }
}

// A book count's search (DfpnSearch::set_book) handed to helpers that never searched before: each is
// set at the root before it takes the book count's keys (set_book keys the path's root by the
// helper's position; a helper with no position yet crashed there), and the crew proves kongou-6's
// book count within the problem's length.
TEST(LineCrew, FreshHelpersJoinABookCountsSearch) {
  int expected = 0;
  const auto p = public_problem("kongou-6", expected);
  ASSERT_TRUE(p);
  MateTable table{kTableBytes};
  DfpnSearch lead(table, p->attacker);
  lead.set_root(p->setup);
  lead.set_book(true);
  LineCrew crew(table, p->setup, p->attacker, 2);
  lead.set_assist(&LineCrew::assist, &crew);
  crew.set_limits(lead, in_seconds(60), true, 0, nullptr);
  const NodeResult r = lead.solve_assisted(std::uint16_t(expected));
  EXPECT_EQ(lead.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_TRUE(r.proven());
  EXPECT_LE(r.len, expected);
  EXPECT_GE(crew.searches(), 1u) << "the search needed no more than LineCrew::kAloneNodes";
}

// Without helpers the assisted search is the lead's own.
TEST(LineCrew, NoHelpersIsTheLeadAlone) {
  int expected = 0;
  const auto p = public_problem("kongou-25", expected);
  ASSERT_TRUE(p);
  std::uint64_t nodes[2] = {};
  for (const bool assisted : {false, true}) {
    MateTable table{kTableBytes};
    DfpnSearch lead(table, p->attacker);
    lead.set_root(p->setup);
    LineCrew crew(table, p->setup, p->attacker, 0);
    if (assisted) lead.set_assist(&LineCrew::assist, &crew);
    const NodeResult r = lead.solve_assisted(std::uint16_t(expected));
    EXPECT_TRUE(r.proven());
    EXPECT_EQ(crew.searches(), 0u);
    EXPECT_EQ(crew.nodes(), 0u);
    nodes[assisted] = lead.nodes();
  }
  EXPECT_EQ(nodes[0], nodes[1]);
}

// The line's node budget (MateLimits::line_nodes) holds for the lead and its helpers together: over an
// empty table kongou-33's exact line must search (each defence shown the longest), and the build is cut
// within a look at the limits of each worker past the budget.
TEST(LineCrew, TheLinesBudgetCountsTheHelpers) {
  int expected = 0;
  const auto p = public_problem("kongou-33", expected);
  ASSERT_TRUE(p);
  MateTable table{kTableBytes};
  LineBuilder lines(table, p->setup, p->attacker, nullptr, 1);
  const std::uint64_t budget = 4 * LineCrew::kAloneNodes;
  EXPECT_FALSE(lines.build(std::uint16_t(expected), true, {}, false, false, budget).has_value());
  EXPECT_EQ(lines.aborted(), DfpnSearch::Abort::kNodes);
  EXPECT_GE(lines.nodes(), budget);
  EXPECT_LE(lines.nodes(), budget + 4 * DfpnSearch::kLimitInterval);
  ASSERT_EQ(lines.helper_busy_us().size(), 1u);
  EXPECT_GT(lines.helper_busy_us()[0], 0u) << "the helper never searched";
}

// A search with a node budget (DfpnSearch::solve_assisted, as a line's futile-pair judge asks one): the
// helpers join it past kAloneNodes, the budget counts their nodes with the lead's, and at its end the
// search gives up with no abort (kongou-33 from its root over an empty table needs far more); a
// second budget goes on to the proof and is lowered by what it spent. The line's own limit, reached
// first, still cuts the search (kNodes).
TEST(LineCrew, ABudgetCountsTheHelpersAndEndsWithoutAnAbort) {
  int expected = 0;
  const auto p = public_problem("kongou-33", expected);
  ASSERT_TRUE(p);
  for (const int helpers : {0, 1, 3}) {
    SCOPED_TRACE(std::to_string(helpers) + " helpers");
    MateTable table{kTableBytes};
    DfpnSearch lead(table, p->attacker);
    lead.set_root(p->setup);
    LineCrew crew(table, p->setup, p->attacker, helpers);
    if (helpers > 0) lead.set_assist(&LineCrew::assist, &crew);
    crew.set_limits(lead, in_seconds(60), true, 0, nullptr);
    const std::uint64_t given = 3 * LineCrew::kAloneNodes;
    std::uint64_t budget = given;
    const NodeResult cut = lead.solve_assisted(std::uint16_t(expected), &budget);
    EXPECT_FALSE(cut.proven() || cut.disproven());
    EXPECT_EQ(lead.aborted(), DfpnSearch::Abort::kNone);
    EXPECT_EQ(budget, 0u);
    const std::uint64_t spent = lead.nodes() + crew.nodes();
    EXPECT_GE(spent, given);
    EXPECT_LE(spent, given + std::uint64_t(helpers + 1) * DfpnSearch::kLimitInterval);
    EXPECT_EQ(crew.searches(), helpers > 0 ? 1u : 0u);
    EXPECT_EQ(crew.nodes() > 0, helpers > 0);

    budget = std::uint64_t(1) << 40;
    const NodeResult mate = lead.solve_assisted(std::uint16_t(expected), &budget);
    EXPECT_EQ(lead.aborted(), DfpnSearch::Abort::kNone);
    ASSERT_TRUE(mate.proven());
    EXPECT_LE(mate.len, expected);
    EXPECT_EQ((std::uint64_t(1) << 40) - budget, lead.nodes() + crew.nodes() - spent);

    table.clear();
    const std::uint64_t line_end = lead.nodes() + crew.nodes() + given;
    crew.set_limits(lead, in_seconds(60), true, line_end, nullptr);
    budget = 4 * given;
    lead.solve_assisted(std::uint16_t(expected), &budget);
    EXPECT_EQ(lead.aborted(), DfpnSearch::Abort::kNodes);
  }
}

// A line built with helpers over an empty table, by the exact rules (each defence shown the longest by
// a search) and by the longest known defences: a mate of the problem's length.
TEST(LineCrew, ALineBuiltWithHelpersIsAMate) {
  for (const char* id : {"kongou-6", "kongou-9"}) {
    SCOPED_TRACE(id);
    int expected = 0;
    const auto p = public_problem(id, expected);
    ASSERT_TRUE(p);
    for (const bool exact : {true, false}) {
      MateTable table{kTableBytes};
      LineBuilder lines(table, p->setup, p->attacker, nullptr, 1);
      const auto line = lines.build(std::uint16_t(expected), exact, in_seconds(60), true);
      ASSERT_TRUE(line.has_value());
      EXPECT_EQ(check_mate_line(*p, line->moves), std::nullopt) << line_text(line->moves);
      if (exact) {
        EXPECT_EQ(int(line->moves.size()), expected) << line_text(line->moves);
      }
    }
  }
}

}  // namespace
}  // namespace tsumi
