// Tests of solver/dfpn_search.h: the repetition problems of positions/tsume-public.txt, perpetual check,
// a table shared between problems that share positions (graph history interaction), the length limit,
// moves below the root, and the node, time and stop limits.

#include "solver/dfpn_search.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "solver/mate_problem.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/search_counters.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

constexpr std::size_t kTableBytes = std::size_t(1) << 22;

const MateSuiteEntry* public_entry(std::string_view id) {
  const MateSuiteEntry* e = test::tsume_entry(id);
  if (!e) ADD_FAILURE() << "no problem " << id << " in tsume-public.txt";
  return e;
}

std::optional<MateProblem> public_problem(std::string_view id) {
  const MateSuiteEntry* e = public_entry(id);
  return e ? test::tsume_problem(e->sfen) : std::nullopt;
}

// The verdict and shortest length by the search alone: a first proof, then lower limits (by two plies,
// as MateSolver does) until one disproves.
struct Answer {
  bool mate = false;
  int length = 0;
  bool operator==(const Answer&) const = default;
};

void PrintTo(const Answer& a, std::ostream* os) {
  *os << (a.mate ? "mate in " + std::to_string(a.length) : std::string("no mate"));
}

Answer shortest(DfpnSearch& s) {
  const NodeResult first = s.solve(kUnlimited);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_TRUE(first.proven() || first.disproven());
  if (!first.proven()) return Answer{false, 0};
  std::uint16_t length = first.len;
  while (length >= 2) {
    const NodeResult shorter = s.solve(std::uint16_t(length - 2));
    if (!shorter.proven()) break;
    EXPECT_LE(shorter.len, length - 2);
    length = shorter.len;
  }
  return Answer{true, length};
}

Answer shortest(MateTable& table, const PositionSetup& setup, Color attacker) {
  DfpnSearch s(table, attacker);
  s.set_root(setup);
  return shortest(s);
}

Answer expected_answer(std::string_view id) {
  const MateSuiteEntry* e = public_entry(id);
  if (!e || !e->expected) return Answer{false, 0};
  return Answer{true, *e->expected};
}

// ---- cold probes ----

// A cold probe that gives up leaves its unfinished numbers apart (under the node's key xor kColdSalt),
// where a capped search of the same limit leaves them in the table proper; a probe with room enough
// proves what the plain search proves.
TEST(DfpnSearch, AColdProbeKeepsItsUnfinishedNumbersApart) {
  const MateSuiteEntry* e = public_entry("kongou-25");
  ASSERT_NE(e, nullptr);
  const std::optional<MateProblem> p = test::tsume_problem(e->sfen);
  ASSERT_TRUE(p.has_value());
  const auto first_of = [&](DfpnSearch& s) {
    s.set_root(p->setup);
    const NodeResult first = s.solve(kUnlimited);
    EXPECT_TRUE(first.proven());
    return first.len;
  };
  MateTable cold_table(kTableBytes), plain_table(kTableBytes);
  DfpnSearch cold(cold_table, p->attacker), plain(plain_table, p->attacker);
  const std::uint16_t len = first_of(cold);
  ASSERT_EQ(first_of(plain), len);
  ASSERT_GT(len, 4);
  const auto within = std::uint16_t(len - 2);
  const Key root = cold.node_key();
  const Hand hand = cold.position().hand(p->attacker);
  const NodeResult gave_up = cold.probe_cold(within, 64);
  ASSERT_EQ(cold.aborted(), DfpnSearch::Abort::kNone);
  ASSERT_FALSE(gave_up.proven() || gave_up.disproven()) << "64 nodes settled the pass: pick a dearer one";
  EXPECT_FALSE(cold_table.probe(root, hand, within).found) << "the probe's numbers reached the table proper";
  EXPECT_TRUE(cold_table.probe(root ^ DfpnSearch::kColdSalt, hand, within).found);
  const NodeResult capped = plain.solve_capped(within, 64);
  ASSERT_FALSE(capped.proven() || capped.disproven());
  EXPECT_TRUE(plain_table.probe(root, hand, within).found);
  EXPECT_FALSE(plain_table.probe(root ^ DfpnSearch::kColdSalt, hand, within).found);
  // With room, the probe settles the pass as the plain search does, and its proof is in the table
  // proper (the lines are built from there).
  const NodeResult probed = cold.probe_cold(within, std::uint64_t(1) << 40);
  const NodeResult searched = plain.solve(within);
  ASSERT_TRUE(probed.proven() || probed.disproven());
  EXPECT_EQ(probed.proven(), searched.proven());
  if (probed.proven()) {
    EXPECT_TRUE(cold_table.probe(root, hand, within).found);
  }
}

// A probe starts afresh: a worker's search that ended with an abort (a crew's kYielded, here a stop)
// does not cut the probe after it. 木星の旅 at 2 workers lost its shortest-mate proof to a one-node
// probe that way.
TEST(DfpnSearch, AColdProbeStartsAfreshAfterAnAbort) {
  const std::optional<MateProblem> p = public_problem("kongou-25");
  ASSERT_TRUE(p.has_value());
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  const NodeResult first = s.solve(kUnlimited);
  ASSERT_TRUE(first.proven());
  std::atomic<bool> stop{true};
  s.set_limits({}, false, 0, &stop);
  s.solve(std::uint16_t(first.len - 2));
  ASSERT_EQ(s.aborted(), DfpnSearch::Abort::kStopped);
  stop = false;
  const NodeResult probed = s.probe_cold(std::uint16_t(first.len - 2), std::uint64_t(1) << 40);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_TRUE(probed.proven() || probed.disproven());
}

// Shortest mates found with every pass a cold probe agree with the expected answers.
TEST(DfpnSearch, ColdProbedPassesFindTheShortestMate) {
  for (const char* id : {"kongou-4", "kongou-9", "kongou-25"}) {
    const MateSuiteEntry* e = public_entry(id);
    ASSERT_NE(e, nullptr);
    const std::optional<MateProblem> p = test::tsume_problem(e->sfen);
    ASSERT_TRUE(p.has_value());
    MateTable table(kTableBytes);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    const NodeResult first = s.solve(kUnlimited);
    ASSERT_TRUE(first.proven()) << id;
    std::uint16_t length = first.len;
    while (length >= 2) {
      const NodeResult shorter = s.probe_cold(std::uint16_t(length - 2), std::uint64_t(1) << 40);
      ASSERT_EQ(s.aborted(), DfpnSearch::Abort::kNone) << id;
      ASSERT_TRUE(shorter.proven() || shorter.disproven()) << id;
      if (!shorter.proven()) break;
      length = shorter.len;
    }
    EXPECT_EQ((Answer{true, length}), expected_answer(id)) << id;
  }
}

// ---- repetition ----

TEST(DfpnSearch, RepetitionProblemsSolve) {
  for (const char* id : {"ghi-2", "ghi-3", "hm-perp-1", "hm-perp-2"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    MateTable table(kTableBytes);
    EXPECT_EQ(shortest(table, p->setup, p->attacker), expected_answer(id)) << id;
  }
}

TEST(DfpnSearch, RepetitionProblemsUnderTheirExactLength) {
  for (const char* id : {"ghi-2", "ghi-3"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    const int len = expected_answer(id).length;
    MateTable table(kTableBytes);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    const NodeResult shorter = s.solve(std::uint16_t(len - 2));
    EXPECT_TRUE(shorter.disproven()) << id;
    const NodeResult exact = s.solve(std::uint16_t(len));
    EXPECT_TRUE(exact.proven()) << id;
    EXPECT_EQ(exact.len, len) << id;
  }
}

// A lone dragon against a king in the open: every check can be answered forever, and the search only
// ends because a check that repeats a position of the path is a failure.
TEST(DfpnSearch, PerpetualCheckIsDisproven) {
  for (const char* id : {"hm-perp-1", "hm-perp-2"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    MateTable table(kTableBytes);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    const NodeResult r = s.solve(kUnlimited);
    EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone) << id;
    EXPECT_TRUE(r.disproven()) << id;
    // Asked again with the same search (its path table now knows the root), and with a fresh one over
    // the same main table: still no mate.
    EXPECT_TRUE(s.solve(kUnlimited).disproven()) << id;
    DfpnSearch again(table, p->attacker);
    again.set_root(p->setup);
    EXPECT_TRUE(again.solve(kUnlimited).disproven()) << id;
  }
}

// Mates whose search meets many disproofs that rely on a repetition. Such a disproof holds on every
// path only at the node the repetition returns to; shared from any node below it (the unsound variant
// that clears loop_ply everywhere), it turns these mates into false no-mates: kongou-25 in 39 ms,
// kongou-9 and kongou-4 in 1–3 s of that variant.
TEST(DfpnSearch, RepetitionDisproofsAreSharedOnlyWhereTheyHold) {
  for (const char* id : {"kongou-25", "kongou-9", "kongou-4"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    MateTable table(std::size_t(64) << 20);
    EXPECT_EQ(shortest(table, p->setup, p->attacker), expected_answer(id)) << id;
  }
}

// A path table shared by two searches of the same root (as MateSolver shares one between its workers and
// its line builder): what the first disproved through a repetition, the second reads back instead of
// searching it again, and its answer does not change. The second search runs over an empty main table,
// so only the path table carries anything from the first.
TEST(DfpnSearch, ASharedPathTableHandsOnRepetitionDisproofs) {
  for (const char* id : {"kongou-25", "kongou-9", "kongou-4"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    PathTable shared(std::size_t(1) << 16);
    MateTable first_table(std::size_t(64) << 20);
    DfpnSearch first(first_table, p->attacker);
    first.share_paths(shared, 1);  // every path disproof, however cheap
    first.set_root(p->setup);
    EXPECT_EQ(shortest(first), expected_answer(id)) << id;
    ASSERT_GT(first.counters().path_stores, 0u) << id << ": no disproof rested on a repetition";

    const auto second_search = [&](bool share) {
      MateTable table(std::size_t(64) << 20);
      DfpnSearch s(table, p->attacker);
      if (share) s.share_paths(shared, 1);
      s.set_root(p->setup);
      EXPECT_EQ(shortest(s), expected_answer(id)) << id << (share ? " with" : " without") << " the shared table";
      return std::pair{s.nodes(), s.counters()};
    };
    const auto [alone_nodes, alone] = second_search(false);
    const auto [shared_nodes, with_shared] = second_search(true);
    EXPECT_LT(with_shared.path_stores, alone.path_stores) << id << ": the disproofs were searched again";
    EXPECT_LT(shared_nodes, alone_nodes) << id;
  }
}

// A position that repeats an ancestor's board with less in the attacker's hand is a repetition: the
// perpetual-check no-mate below (a king walking between two squares while the attacker spends
// lances) was not settled in 120 s before; with the rule it takes a fraction of a
// second. The node limit makes the test fail rather than hang without the rule.
TEST(DfpnSearch, DominatedRepetitionEndsACycleOfChecks) {
  const auto p = test::tsume_problem("5l3/3k5/2n2N3/1+LP+S1s3/2g3S2/9/9/9/9 b 2L2r2b3gs2n17p 1");
  ASSERT_TRUE(p);
  MateTable table(std::size_t(64) << 20);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  s.set_limits(std::chrono::steady_clock::time_point{}, false, 5'000'000, nullptr);
  const NodeResult r = s.solve(kUnlimited);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_TRUE(r.disproven());         // KomoringHeights 1.1.0: nomate
  EXPECT_EQ(s.contradictions(), 0u);  // counted in builds with assertions (StoredResultsNeverContradictTheTable)
}

// Every final result a search stores agrees with the final entries the table already holds: no proof
// within len that a covering disproof denies, no disproof that a covering proof denies. Builds with
// assertions count such stores (DfpnSearch::contradictions); Release does not look. The problems are
// those whose searches lean most on repetitions and on the path table (and the cycle of
// DominatedRepetitionEndsACycleOfChecks checks its count too), where a path-dependent
// disproof read back with a full disproof hand once let an ancestor's entry deny real mates (until
// 9f6cd49, 木星の旅's shortest-mate search disproved its own root).
TEST(DfpnSearch, StoredResultsNeverContradictTheTable) {
#ifdef NDEBUG
  GTEST_SKIP() << "counted only in builds with assertions";
#else
  for (const char* id : {"ghi-2", "ghi-3", "hm-perp-1", "hm-perp-2", "kongou-25"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    MateTable table(std::size_t(64) << 20);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    EXPECT_EQ(shortest(s), expected_answer(id)) << id;
    EXPECT_EQ(s.contradictions(), 0u) << id;
  }
#endif
}

// Graph history interaction: after a problem is solved, its table is reused for the problems that start
// one move later, or one move pair later (positions the first search went through, some of them on
// cycles).
// Each must get the answer a fresh table gives: a disproof that relied on the first search's path must
// not have been stored where the second search finds it. After an interposing drop the position is
// mostly a hard no-mate, so the move pairs are those where the defender moves a piece; every search
// runs under a node limit, and a position that either search cannot settle within it is skipped.
constexpr std::uint64_t kPairNodes = 1024;

std::optional<Answer> shortest_within(MateTable& table, const PositionSetup& setup, Color attacker) {
  DfpnSearch s(table, attacker);
  s.set_root(setup);
  s.set_limits(std::chrono::steady_clock::time_point{}, false, kPairNodes, nullptr);
  const NodeResult first = s.solve(kUnlimited);
  if (s.aborted() != DfpnSearch::Abort::kNone) return std::nullopt;
  if (!first.proven()) return Answer{false, 0};
  std::uint16_t length = first.len;
  while (length >= 2) {
    const NodeResult shorter = s.solve(std::uint16_t(length - 2));
    if (s.aborted() != DfpnSearch::Abort::kNone) return std::nullopt;
    if (!shorter.proven()) break;
    length = shorter.len;
  }
  return Answer{true, length};
}

// Compares the shared table's answer with a fresh table's; false when either gave none.
bool agrees(MateTable& shared, const PositionSetup& setup, Color attacker, const std::string& what) {
  const std::optional<Answer> a = shortest_within(shared, setup, attacker);
  MateTable fresh(std::size_t(1) << 18);
  const std::optional<Answer> b = shortest_within(fresh, setup, attacker);
  if (!a || !b) return false;
  EXPECT_EQ(*a, *b) << what << ": shared table vs fresh table, " << to_sfen(setup);
  return true;
}

void expect_shared_table_agrees(const char* id, bool pairs) {
  const auto p = public_problem(id);
  ASSERT_TRUE(p) << id;
  MateTable shared(kTableBytes);
  EXPECT_EQ(shortest(shared, p->setup, p->attacker), expected_answer(id)) << id;

  StateInfo st[3];
  Position pos;
  pos.set(p->setup, &st[0]);
  MoveList checks;
  generate<CHECKS>(pos, checks);
  ASSERT_FALSE(checks.empty()) << id;
  int compared = 0, skipped = 0;
  for (Move m : checks) {
    pos.do_move(m, st[1]);
    const std::string after = std::string(id) + " after " + to_usi(m);
    if (!pairs) {
      agrees(shared, pos.setup(), p->attacker, after) ? ++compared : ++skipped;
      pos.undo_move(m);
      continue;
    }
    MoveList evasions;
    generate<EVASIONS>(pos, evasions);
    for (Move e : evasions) {
      if (e.is_drop()) continue;
      pos.do_move(e, st[2]);
      agrees(shared, pos.setup(), p->attacker, after + " " + to_usi(e)) ? ++compared : ++skipped;
      pos.undo_move(e);
    }
    pos.undo_move(m);
  }
  EXPECT_GE(compared, 2 * skipped) << id << ": " << compared << " compared, " << skipped << " skipped";
  // And the root once more over everything the table now holds.
  EXPECT_EQ(shortest(shared, p->setup, p->attacker), expected_answer(id)) << id;
}

TEST(DfpnSearch, SharedTableAgreesAfterOneMoveOfGhi3) { expect_shared_table_agrees("ghi-3", false); }
TEST(DfpnSearch, SharedTableAgreesAfterOneMovePairOfGhi3) { expect_shared_table_agrees("ghi-3", true); }
TEST(DfpnSearch, SharedTableAgreesBelowGhi2) {
  expect_shared_table_agrees("ghi-2", false);
  expect_shared_table_agrees("ghi-2", true);
}
TEST(DfpnSearch, SharedTableAgreesBelowPerpetualCheck) {
  expect_shared_table_agrees("hm-perp-1", false);
  expect_shared_table_agrees("hm-perp-1", true);
}

// The same, along the main line of ghi-3: the position after its first move pair is a mate in one.
TEST(DfpnSearch, SharedTableSolvesTheProblemOneMovePairLater) {
  const auto p = public_problem("ghi-3");
  ASSERT_TRUE(p);
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  const NodeResult root = s.solve(3);
  ASSERT_TRUE(root.proven());
  ASSERT_EQ(root.len, 3);
  s.do_move(root.best);
  const NodeResult defence = s.solve(2);
  ASSERT_TRUE(defence.proven());
  const Move longest = defence.best;
  s.undo_move(root.best);

  StateInfo st[3];
  Position pos;
  pos.set(p->setup, &st[0]);
  pos.do_move(root.best, st[1]);
  pos.do_move(longest, st[2]);
  const PositionSetup later = pos.setup();
  DfpnSearch second(table, p->attacker);
  second.set_root(later);
  const NodeResult r = second.solve(kUnlimited);
  ASSERT_TRUE(r.proven()) << to_sfen(later);
  EXPECT_EQ(r.len, 1) << to_sfen(later);
  // Then the first problem again, over the table the second search added to.
  DfpnSearch third(table, p->attacker);
  third.set_root(p->setup);
  EXPECT_TRUE(third.solve(1).disproven());
  const NodeResult again = third.solve(3);
  EXPECT_TRUE(again.proven());
  EXPECT_EQ(again.len, 3);
}

// Regression test of a solver bug this test found (fixed in e9102ca). The first problem is no mate: black's only checks
// are rook drops on file 1, each answered by a white pawn dropped between. The second is the same board with all of
// white's pawns in black's hand, a mate in one (R*1c): white has nothing left to interpose. Solved after the first over
// the same table, it came out "no mate", because the first stored disproofs whose disproof hands covered a black hand
// of sixteen pawns (the AND-node disproof hand ignored that the refuting drop needs a pawn in white's hand; see
// ProofHand.DisproofHandLeavesTheDefenderItsInterposingPiece in proof_hand_test.cpp).
TEST(DfpnSearch, SharedTableKeepsAnInterpositionDisproofToItsHand) {
  const auto no_mate = parse_sfen("7lk/7p1/9/9/BGGS5/BGGS5/RSSN5/LLLNN4/N7P b RP 1");
  const auto mate = parse_sfen("7lk/7p1/9/9/BGGS5/BGGS5/RSSN5/LLLNN4/N7P b R16P 1");
  ASSERT_TRUE(no_mate.ok() && mate.ok());
  const auto a = make_mate_problem(*no_mate);
  const auto b = make_mate_problem(*mate);
  ASSERT_TRUE(a.ok() && b.ok());
  {
    MateTable fresh(kTableBytes);
    EXPECT_EQ(shortest(fresh, b->setup, b->attacker), (Answer{true, 1}));
  }
  MateTable shared(kTableBytes);
  EXPECT_EQ(shortest(shared, a->setup, a->attacker), (Answer{false, 0}));
  EXPECT_EQ(shortest(shared, b->setup, b->attacker), (Answer{true, 1}))
      << "a no-mate solved first over the same table turns this mate in one into a no-mate";
}

// ---- the length limit ----

TEST(DfpnSearch, LengthLimitOfAMateInThree) {
  const auto p = public_problem("tanuki3-1");
  ASSERT_TRUE(p);
  {
    MateTable table(kTableBytes);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    EXPECT_TRUE(s.solve(0).disproven());
    EXPECT_TRUE(s.solve(1).disproven());
    EXPECT_TRUE(s.solve(2).disproven());
    const NodeResult three = s.solve(3);
    ASSERT_TRUE(three.proven());
    EXPECT_EQ(three.len, 3);
    // The shorter disproofs did not stop the proof, and the proof does not answer for them.
    EXPECT_TRUE(s.solve(1).disproven());
    const NodeResult five = s.solve(5);
    ASSERT_TRUE(five.proven());
    EXPECT_LE(five.len, 5);
  }
  {
    // The other order over a fresh table.
    MateTable table(kTableBytes);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    const NodeResult three = s.solve(3);
    ASSERT_TRUE(three.proven());
    EXPECT_EQ(three.len, 3);
    EXPECT_TRUE(s.solve(1).disproven());
    const NodeResult unlimited = s.solve(kUnlimited);
    ASSERT_TRUE(unlimited.proven());
    EXPECT_EQ(unlimited.len, 3);
  }
}

TEST(DfpnSearch, LengthLimitOfAMateInOne) {
  const auto p = public_problem("tanuki1-1");
  ASSERT_TRUE(p);
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  EXPECT_TRUE(s.solve(0).disproven());
  const NodeResult one = s.solve(1);
  ASSERT_TRUE(one.proven());
  EXPECT_EQ(one.len, 1);
  EXPECT_FALSE(one.best.is_none());
}

TEST(DfpnSearch, NomateIsDisprovenUnderEveryLimit) {
  const auto p = public_problem("antma-no_tsume3-1");
  ASSERT_TRUE(p);
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  for (std::uint16_t r : {std::uint16_t(1), std::uint16_t(3), std::uint16_t(5), std::uint16_t(9), kUnlimited})
    EXPECT_TRUE(s.solve(r).disproven()) << r;
}

// ---- moves below the root ----

TEST(DfpnSearch, MovesBelowTheRootKeepTheRoot) {
  const auto p = public_problem("tanuki3-1");
  ASSERT_TRUE(p);
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  const std::string root_sfen = to_sfen(s.position());
  const Key root_key = s.position().key();
  EXPECT_EQ(s.ply(), 0);
  EXPECT_TRUE(s.is_attacker_to_move());

  const NodeResult r = s.solve(3);
  ASSERT_TRUE(r.proven());
  EXPECT_EQ(to_sfen(s.position()), root_sfen);
  EXPECT_EQ(s.ply(), 0);
  EXPECT_TRUE(s.probe_child(r.best, 2).proven());

  s.do_move(r.best);
  EXPECT_EQ(s.ply(), 1);
  EXPECT_FALSE(s.is_attacker_to_move());
  const NodeResult defence = s.solve(2);
  ASSERT_TRUE(defence.proven());
  EXPECT_EQ(defence.len, 2);
  EXPECT_EQ(s.ply(), 1);
  s.do_move(defence.best);
  EXPECT_EQ(s.ply(), 2);
  const NodeResult last = s.solve(1);
  ASSERT_TRUE(last.proven());
  EXPECT_EQ(last.len, 1);
  s.do_move(last.best);
  EXPECT_FALSE(has_legal_move(s.position()));  // mate
  s.undo_move(last.best);
  s.undo_move(defence.best);
  s.undo_move(r.best);
  EXPECT_EQ(s.ply(), 0);
  EXPECT_EQ(to_sfen(s.position()), root_sfen);
  EXPECT_EQ(s.position().key(), root_key);
  std::string why;
  EXPECT_TRUE(s.position().is_ok(&why)) << why;
  // The root searched again after the excursion: same answer.
  const NodeResult again = s.solve(3);
  ASSERT_TRUE(again.proven());
  EXPECT_EQ(again.len, 3);
}

TEST(DfpnSearch, SolveLeavesTheRootIntactOnRepetitionProblems) {
  for (const char* id : {"ghi-2", "hm-perp-2"}) {
    const auto p = public_problem(id);
    ASSERT_TRUE(p) << id;
    MateTable table(kTableBytes);
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    const std::string root_sfen = to_sfen(s.position());
    s.solve(kUnlimited);
    EXPECT_EQ(s.ply(), 0) << id;
    EXPECT_EQ(to_sfen(s.position()), root_sfen) << id;
  }
}

// ---- limits ----

// kongou-3: a mate in 11 whose first proof takes several times the 1024 nodes between two looks at the
// limits (about 15,000 nodes).
constexpr const char* kLimitsId = "kongou-3";

// A search of its own table, at the root of `p`.
struct RootSearch {
  MateTable table{kTableBytes};
  DfpnSearch s;
  explicit RootSearch(const MateProblem& p) : s(table, p.attacker) { s.set_root(p.setup); }
};

TEST(DfpnSearch, NodeLimitAborts) {
  const auto p = public_problem(kLimitsId);
  ASSERT_TRUE(p);
  {
    RootSearch whole(*p);
    ASSERT_TRUE(whole.s.solve(kUnlimited).proven());
    ASSERT_GT(whole.s.nodes(), 2048u) << "too easy to test the limits";
  }
  RootSearch root(*p);
  DfpnSearch& s = root.s;
  s.set_limits(std::chrono::steady_clock::time_point{}, false, 10, nullptr);
  const NodeResult r = s.solve(kUnlimited);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNodes);
  EXPECT_FALSE(r.proven());
  EXPECT_FALSE(r.disproven());
  EXPECT_LE(s.nodes(), 2048u);  // limits are looked at every 1024 nodes
  EXPECT_EQ(s.ply(), 0);
  // Lifting the limit lets the search finish.
  s.clear_abort();
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  s.set_limits(std::chrono::steady_clock::time_point{}, false, 0, nullptr);
  const NodeResult done = s.solve(kUnlimited);
  EXPECT_TRUE(done.proven());
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
}

// solve_capped gives up past its budget and leaves no abort behind, so the search goes on (the line
// builder's futility checks); the limit set_limits gave still cuts it, and then it says so.
TEST(DfpnSearch, ACappedSolveGivesUpWithoutAborting) {
  const auto p = public_problem(kLimitsId);
  ASSERT_TRUE(p);
  RootSearch root(*p);
  DfpnSearch& s = root.s;
  const NodeResult capped = s.solve_capped(kUnlimited, 10);
  EXPECT_FALSE(capped.proven());
  EXPECT_FALSE(capped.disproven());
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_LE(s.nodes(), 2048u);  // limits are looked at every 1024 nodes
  EXPECT_EQ(s.ply(), 0);
  // The outer limit, below the cap, cuts it as an abort.
  s.set_limits(std::chrono::steady_clock::time_point{}, false, s.nodes() + 10, nullptr);
  EXPECT_FALSE(s.solve_capped(kUnlimited, 1'000'000'000).proven());
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNodes);
  // A budget larger than the search needs: the proof.
  s.clear_abort();
  s.set_limits(std::chrono::steady_clock::time_point{}, false, 0, nullptr);
  EXPECT_TRUE(s.solve_capped(kUnlimited, 1'000'000'000).proven());
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
}

// solve_budgeted: within the smaller of its cap and the budget, which it lowers by the nodes spent;
// without a budget, the cap alone; with neither, the whole solve.
TEST(DfpnSearch, ABudgetedSolveSpendsTheSmallerOfCapAndBudget) {
  const auto p = public_problem(kLimitsId);
  ASSERT_TRUE(p);
  RootSearch root(*p);
  DfpnSearch& s = root.s;
  std::uint64_t budget = 3000;
  EXPECT_FALSE(s.solve_budgeted(kUnlimited, 1024, &budget).proven());  // the cap, below the budget
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_EQ(budget, 3000 - s.nodes());
  const std::uint64_t before = s.nodes();
  EXPECT_FALSE(s.solve_budgeted(kUnlimited, 1'000'000, &budget).proven());  // the budget, below the cap
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_EQ(budget, 0u);
  EXPECT_GE(s.nodes() - before, 3000 - before);
  EXPECT_TRUE(s.solve_budgeted(kUnlimited, 0, nullptr).proven());
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
}

// Cut-offs (a crew's worker): once the table holds the node at ply 1 of the path final, as another
// worker's proof or disproof would, the worker learns it at its next look at the limits and returns to
// the root, which reads its children again. Without cut-offs it searches on under the settled node, and
// every node it searched there from the look before counts as late.
TEST(DfpnSearch, ACrewWorkerReturnsFromASettledAncestor) {
  const auto p = public_problem("kongou-6");  // 7,000 nodes to the first proof
  ASSERT_TRUE(p);
  WorkerTally with_cut, without;
  for (const bool cut : {true, false}) {
    SCOPED_TRACE(cut ? "cut-offs" : "no cut-offs");
    MateTable table{kTableBytes};
    DfpnCrew crew;
    crew.cutoffs = cut;
    DfpnSearch s(table, p->attacker);
    s.set_root(p->setup);
    s.join(&crew, 0);
    // At each look deep enough, the node at ply 2 of the path becomes final (a disproof of every
    // length, for its hand): what another worker's search would have stored.
    struct Settle {
      DfpnSearch* s;
      MateTable* t;
      int settled = 0;
    } settle{&s, &table};
    s.set_tick(
        [](void* ctx) {
          Settle& x = *static_cast<Settle*>(ctx);
          if (x.s->ply() < 4) return;
          ++x.settled;
          const NodeKeys n = x.s->path_node(2);
          x.t->store(n.board_key, n.hand, MateRecord{kInfPn, 0, kUnlimited, n.hand, Move::none(), 1});
        },
        &settle);
    s.solve(kUnlimited);
    ASSERT_GT(settle.settled, 0) << "the search never went 4 plies deep at a look";
    (cut ? with_cut : without) = s.tally();
  }
  EXPECT_GE(with_cut.cutoffs, 1u);
  EXPECT_GT(with_cut.late_nodes, 0u);
  EXPECT_LE(with_cut.late_nodes, 2 * DfpnSearch::kLimitInterval);  // found at the next look
  EXPECT_EQ(without.cutoffs, 0u);
  EXPECT_GT(without.late_nodes, with_cut.late_nodes);
}

// A crew's search of a node below the root (a line's position, LineCrew) looks up no ply above that
// node: those are the line's positions, proven, and a cut-off to one would unwind past the node being
// searched at every look, for good. Here the worker searched from the root first (its path keeps the
// lengths of the plies above), the table then forgot all but the two line positions above, and the
// worker, alone in its crew, disproves a mate within 9 plies two plies down kongou-6's line (mate in 15).
TEST(DfpnSearch, ACrewWorkerLeavesThePliesAboveItsSearchAlone) {
  const auto p = public_problem("kongou-6");
  ASSERT_TRUE(p);
  MateTable table{kTableBytes};
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  const NodeResult mate = s.solve(15);
  ASSERT_TRUE(mate.proven());
  Move line[2] = {mate.best, Move::none()};
  s.do_move(line[0]);
  line[1] = s.solve(14).best;
  s.undo_move(line[0]);
  table.clear();
  for (int ply = 0; ply < 2; ++ply) {
    const NodeKeys n = s.path_node(ply);
    table.store(n.board_key, n.hand, MateRecord{0, kInfPn, std::uint16_t(15 - ply), n.hand, line[ply], 1000});
    s.do_move(line[ply]);
  }
  DfpnCrew crew;
  s.join(&crew, 0);
  s.set_limits(std::chrono::steady_clock::now() + std::chrono::seconds(20), true, 0, nullptr);
  const std::uint64_t before = s.nodes();
  const NodeResult none = s.solve(9);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  EXPECT_TRUE(none.disproven());
  EXPECT_GT(s.nodes() - before, DfpnSearch::kLimitInterval) << "no look at the ancestors";
  EXPECT_EQ(s.ply(), 2);
}

// A lone search (no crew) looks up no ancestor and tallies no late node.
TEST(DfpnSearch, ALoneSearchTalliesNoLateNodes) {
  const auto p = public_problem(kLimitsId);
  ASSERT_TRUE(p);
  MateTable table{kTableBytes};
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  ASSERT_TRUE(s.solve(kUnlimited).proven());
  const WorkerTally t = s.tally();
  EXPECT_EQ(t.nodes, s.nodes());
  EXPECT_EQ(t.late_nodes, 0u);
  EXPECT_EQ(t.cutoffs, 0u);
  EXPECT_EQ(s.worker(), 0);
}

TEST(DfpnSearch, StopFlagAborts) {
  const auto p = public_problem(kLimitsId);
  ASSERT_TRUE(p);
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  std::atomic<bool> stop{true};
  s.set_limits(std::chrono::steady_clock::time_point{}, false, 0, &stop);
  const NodeResult r = s.solve(kUnlimited);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kStopped);
  EXPECT_FALSE(r.proven());
  EXPECT_FALSE(r.disproven());
  EXPECT_EQ(s.ply(), 0);
  stop = false;
  s.clear_abort();
  EXPECT_TRUE(s.solve(kUnlimited).proven());
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
}

TEST(DfpnSearch, PastDeadlineAborts) {
  const auto p = public_problem(kLimitsId);
  ASSERT_TRUE(p);
  MateTable table(kTableBytes);
  DfpnSearch s(table, p->attacker);
  s.set_root(p->setup);
  s.set_limits(std::chrono::steady_clock::now() - std::chrono::seconds(1), true, 0, nullptr);
  const NodeResult r = s.solve(kUnlimited);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kTime);
  EXPECT_FALSE(r.proven() || r.disproven());
}

// ---- the counters' profiles ----

// The counters of a search of `problem` within 200,000 nodes.
SearchCounters counters_of(const std::optional<MateProblem>& problem) {
  EXPECT_TRUE(problem.has_value());
  if (!problem) return SearchCounters{};
  MateTable table(kTableBytes);
  DfpnSearch s(table, problem->attacker);
  s.set_root(problem->setup);
  s.set_limits({}, false, 200000, nullptr);
  s.solve(kUnlimited);
  return s.counters();
}

// kongou-21 (23 plies, 19 as books count it: two futile interpositions): the expansions below the
// defender's drops are counted by how many drops the defender made in a row, and every expansion falls
// in one slot of each profile.
TEST(DfpnSearch, ExpansionsAreProfiledByPlyAndByTheDefendersDropsInARow) {
  const SearchCounters c = counters_of(public_problem("kongou-21"));
  ASSERT_GT(c.expansions, 0u);
  std::uint64_t by_ply = 0, by_drops = 0;
  for (std::uint64_t n : c.by_ply_band) by_ply += n;
  for (std::uint64_t n : c.by_drop_chain) by_drops += n;
  EXPECT_EQ(by_ply, c.expansions);
  EXPECT_EQ(by_drops, c.expansions);
  EXPECT_GT(c.by_drop_chain[0], 0u);  // the root, and below any defender's move that was no drop
  EXPECT_GT(c.by_drop_chain[1], 0u);  // below one interposition
  EXPECT_GT(c.by_drop_chain[2], 0u);  // below two in a row (the attacker's move between them keeps the run)
}

// The re-expansions are profiled by ply as the expansions are, and the descents that went into another
// child than the node's last are some of the descents: kongou-21's search comes back to nodes and
// trades siblings.
TEST(DfpnSearch, ReexpansionsAndSwitchesAreCounted) {
  const SearchCounters c = counters_of(public_problem("kongou-21"));
  std::uint64_t again = 0;
  for (std::size_t i = 0; i < c.reexpanded_by_ply_band.size(); ++i) {
    again += c.reexpanded_by_ply_band[i];
    EXPECT_LE(c.reexpanded_by_ply_band[i], c.by_ply_band[i]) << "band " << i;
  }
  EXPECT_EQ(again, c.reexpansions);
  EXPECT_GT(c.reexpansions, 0u);
  EXPECT_GT(c.child_searches, 0u);
  EXPECT_GT(c.switches, 0u);
  EXPECT_LT(c.switches, c.child_searches);
}

// Without a piece to drop for the defender (every piece is on the board or in the attacker's hand)
// no expansion lies below a defender's drop.
TEST(DfpnSearch, NoDropsNoRunsOfDrops) {
  const SearchCounters c = counters_of(test::tsume_problem("8k/9/8+P/9/9/9/9/9/9 b 2R2B4G4S4N4L17P 1"));
  ASSERT_GT(c.expansions, 0u);
  EXPECT_EQ(c.by_drop_chain[0], c.expansions);
}

}  // namespace
}  // namespace tsumi
