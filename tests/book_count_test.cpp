// The book count's search (book_count.h): which lines call for it, and what it answers as a solve runs
// it (the length as books count it, its cap, its proof, the futile cycles left out).

#include "solver/book_count.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/move.h"
#include "solver/main_lines.h"
#include "solver/mate_limits.h"
#include "solver/mate_line.h"
#include "solver/mate_node.h"
#include "solver/mate_solver.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/root_search.h"
#include "solver/shortest_proof.h"
#include "tests/support/mate_checks.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::describe;
using test::expect_solution;
using test::kSanitizerBuild;
using test::mate_limits;
using test::mate_problem_of;
using test::mate_threads;
using test::mate_time_s;
using test::problem_with_id;

// mudaai-1 (7 plies, 5 as its source counts: a futile interposition) and shtsume-mudaai (5 plies, 3):
// over the workers' proof of the main length, the book count's search finds the book length and proves
// it shortest, gives the workers back their count and limits, and the book line then has that length.
TEST(BookCount, SearchesTheBookLengthBelowTheMainOne) {
  for (const auto& [id, book_length] : {std::pair{"mudaai-1", 5}, std::pair{"shtsume-mudaai", 3}}) {
    SCOPED_TRACE(id);
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem && e->expected);
    test::SearchedRoot searched(*problem, mate_threads());
    const NodeResult first = searched.search();
    ASSERT_TRUE(first.proven());
    MateResult result;
    const std::uint16_t length = prove_shortest(
        searched.root, first.len, true, [](std::uint16_t) {}, result);
    ASSERT_EQ(length, *e->expected);

    const MateLimits limits;
    const SolveClock clock(limits);
    const std::atomic<bool> stop{false};
    BookCount book(searched.root, limits, clock, stop);
    EXPECT_TRUE(book.wanted(std::vector<Move>{})) << "after every mate by default";
    const bool lined = book.search(length, length, length, result);
    EXPECT_FALSE(lined);
    EXPECT_EQ(result.futile_length, book_length);
    EXPECT_TRUE(result.futile_proven);
    EXPECT_FALSE(result.futile_cut);
    EXPECT_GT(result.futility.futile, 0u);
    EXPECT_FALSE(searched.root.book()) << "the workers are given their count back";

    MainLines lines(searched.table, searched.paths, *problem, clock, stop, 0);
    const auto line = lines.book(std::uint16_t(result.futile_length), true, false);
    ASSERT_TRUE(line);
    EXPECT_EQ(int(line->moves.size()), book_length);
  }
}

// After drops only: a line without a defender's drop asks for no book count.
TEST(BookCount, AfterDropsOnlyALineWithoutOneAsksForNone) {
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-1", e);
  ASSERT_TRUE(problem);
  test::SearchedRoot searched(*problem, 1, 1);
  MateLimits limits;
  limits.book_search_after = MateLimits::BookSearchAfter::kDrops;
  const SolveClock clock(limits);
  const std::atomic<bool> stop{false};
  const BookCount book(searched.root, limits, clock, stop);
  const std::vector<Move> checks_only{Move::make(SQ_51, SQ_52), Move::make(SQ_53, SQ_54), Move::make(SQ_55, SQ_56)};
  EXPECT_FALSE(book.wanted(checks_only));
  const std::vector<Move> with_drop{Move::make(SQ_51, SQ_52), Move::make_drop(PAWN, SQ_53), Move::make(SQ_55, SQ_56)};
  EXPECT_TRUE(book.wanted(with_drop));
}

// A defender's drop is an interposition wherever it stands, and only the defender's plies are read: from
// a root where the attacker moves first they are the odd plies (the 2nd, the 4th, ...), else the even.
TEST(BookCount, OnlyTheDefendersDropsAreInterpositions) {
  const Move attacker_drop = Move::make_drop(GOLD, SQ_52);
  const Move defender_drop = Move::make_drop(PAWN, SQ_53);
  const Move step = Move::make(SQ_51, SQ_52);
  EXPECT_FALSE(has_interposition(std::vector<Move>{}, true));
  EXPECT_FALSE(has_interposition(std::vector<Move>{attacker_drop, step, attacker_drop}, true));
  EXPECT_TRUE(has_interposition(std::vector<Move>{attacker_drop, defender_drop, attacker_drop}, true));
  // The same line from a root where the defender moves first: its drops are now the attacker's.
  EXPECT_FALSE(has_interposition(std::vector<Move>{step, defender_drop, step}, false));
  EXPECT_TRUE(has_interposition(std::vector<Move>{defender_drop, step}, false));
}

// The book count's search (futile interpositions no defences) spends at most its share of the nodes
// the solve spent before it.
TEST(MateSolverBook, SearchStaysWithinItsShare) {
  if (mate_threads() != 1) GTEST_SKIP() << "node counts of several workers vary from run to run";
  if (kSanitizerBuild) GTEST_SKIP() << "node counts: the release and scalar builds check them";
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-21", e);  // 23 plies; a futile drop on its main line
  ASSERT_TRUE(problem);
  MateSolver solver(64);
  MateLimits plain = mate_limits(mate_time_s());
  plain.book_search = false;
  const MateResult before = solver.solve(*problem, plain);
  expect_solution(*e, *problem, before);
  for (const double share : {0.0, 0.25}) {
    solver.clear();
    MateLimits l = mate_limits(mate_time_s());
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
  if (mate_threads() != 1) GTEST_SKIP() << "node counts of several workers vary from run to run";
  const MateSuiteEntry* e = nullptr;
  const auto problem = problem_with_id("kongou-9", e);
  ASSERT_TRUE(problem);
  MateSolver solver(16);
  MateLimits paced = mate_limits(0, 50'000'000);
  paced.book_share = MateLimits::kPacedBookShare;
  const MateResult capped = solver.solve(*problem, paced);
  expect_solution(*e, *problem, capped);
  EXPECT_TRUE(capped.futile_cut);
  EXPECT_TRUE(capped.book_capped);
  EXPECT_FALSE(capped.futile_proven);
  solver.clear();
  const MateResult timed = solver.solve(*problem, mate_limits(mate_time_s()));
  expect_solution(*e, *problem, timed);
  EXPECT_FALSE(timed.futile_cut);
  EXPECT_FALSE(timed.book_capped);
  EXPECT_TRUE(timed.futile_proven);
  EXPECT_GT(timed.book_nodes, capped.book_nodes);
  solver.clear();
  const MateResult untimed = solver.solve(*problem, mate_limits(0, 50'000'000));
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
  const auto problem = mate_problem_of("3pl3p/1+Pn3+Rr1/8k/3+p5/1K2+p3P/3+Bp+Bl2/5S1+ll/4PN3/3S1+sSPN w 3Pn3p 1");
  ASSERT_TRUE(problem);
  MateSolver solver(256);
  const MateResult r = solver.solve(*problem, mate_limits(0, 200'000'000));
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
    MateLimits l = timed ? mate_limits(mate_time_s()) : mate_limits(0, 50'000'000);
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
    const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
    expect_solution(*e, *problem, r);
    EXPECT_EQ(r.futile_length, r.length);
    EXPECT_TRUE(r.futile_proven);
    EXPECT_GT(r.futility.judged, 0u);
  }
}

}  // namespace
}  // namespace tsumi
