// Tests of solver/local_expansion.h: one node's children and numbers without running a search (the
// df-pn+ first numbers, min and sum, the child to search and its thresholds, results, repetitions, old
// children and widening for threshold control).

#include "solver/local_expansion.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/usi.h"
#include "solver/mate_problem.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

// A node to expand: the problem's root, its table, path and stacks.
struct ExpandedNode {
  explicit ExpandedNode(std::string_view sfen) : problem(*test::tsume_problem(sfen)) {
    pos.set(problem.setup, &root_state);
    path.reset(pos.board_key(), pos.hand(problem.attacker));
  }
  ExpansionContext context() {
    return ExpansionContext{table, path, paths, children, problem.attacker, false, moves, checks, counters};
  }
  MateProblem problem;
  StateInfo root_state;
  Position pos;
  MateTable table{std::size_t(1) << 20};
  SearchPath path{64};
  PathTable paths;
  ChildStack children;
  Move moves[kMaxMoves], checks[kMaxMoves];
  SearchCounters counters;
};

int find_move(const LocalExpansion& e, std::string_view usi) {
  for (int i = 0; i < e.size(); ++i)
    if (to_usi(e.child(i).key.move) == usi) return i;
  return -1;
}

// The number of legal replies after move m: the df-pn+ first proof number of that check.
std::uint32_t replies_after(Position& pos, Move m) {
  StateInfo st;
  pos.do_move(m, st);
  const auto n = std::uint32_t(legal_move_count(pos));
  pos.undo_move(m);
  return n;
}

NodeResult disproof(std::uint16_t len, std::uint16_t loop_ply) {
  return NodeResult{kInfPn, 0, len, Hand(), Move::none(), loop_ply};
}

constexpr char kMateInOne[] = "4k4/9/4P4/9/9/9/9/9/9 b G 1";  // G*5b mates
constexpr char kNoCheck[] = "4k4/9/9/9/9/9/9/9/8P b - 1";
// Checks that are all answered: a rook from afar, interpositions and king moves.
constexpr char kOpen[] = "9/9/4k4/9/9/9/9/9/9 b R 1";

TEST(LocalExpansion, CheckWithoutReplyProvesTheNodeAtOnce) {
  ExpandedNode n(kMateInOne);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  ASSERT_GE(e.size(), 1);
  EXPECT_EQ(e.child(e.size() - 1).pn, 0u);  // the expansion stopped at the mate
  EXPECT_TRUE(e.next(kInfPn - 1, kInfPn - 1, nullptr, false).stop);
  const NodeResult r = e.result();
  EXPECT_TRUE(r.proven());
  EXPECT_EQ(r.len, 1);
  EXPECT_EQ(to_usi(r.best), "G*5b");
  EXPECT_EQ(r.hand, test::hand_of({{GOLD, 1}}));  // the gold is what the mate needs
  // The mate was stored: the table knows the child.
  const ChildKey c = child_key(n.pos, BLACK, r.best);
  EXPECT_EQ(n.table.probe(c.board_key, c.hand, kUnlimited).pn, 0u);
}

TEST(LocalExpansion, NoCheckDisprovesTheNode) {
  ExpandedNode n(kNoCheck);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  EXPECT_EQ(e.size(), 0);
  EXPECT_TRUE(e.next(kInfPn - 1, kInfPn - 1, nullptr, false).stop);
  const NodeResult r = e.result();
  EXPECT_TRUE(r.disproven());
  EXPECT_EQ(r.len, kInfLen);
  EXPECT_EQ(r.loop_ply, kNoLoop);
  EXPECT_EQ(r.hand, Hand());  // the attacker holds nothing, and a piece would add drops
}

TEST(LocalExpansion, OrNodeNumbersAreMinAndSum) {
  ExpandedNode n(kOpen);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  ASSERT_GT(e.size(), 2);
  std::uint32_t least = kInfPn, second = kInfPn;
  int named = 0;
  for (int i = 0; i < e.size(); ++i) {
    const ExpandedChild& c = e.child(i);
    // df-pn+: the defender's replies, with the drops between king and checker merged a square at a time.
    const std::uint32_t replies = replies_after(n.pos, c.key.move);
    if (to_usi(c.key.move) == "R*5i") {
      EXPECT_LT(c.pn, replies) << "seven kinds on five squares stand in line";
      ++named;
    } else if (to_usi(c.key.move) == "R*5d") {
      EXPECT_EQ(c.pn, replies) << "nothing to drop between";
      ++named;
    }
    EXPECT_LE(c.pn, replies) << to_usi(c.key.move);
    EXPECT_GE(c.pn, 1u) << to_usi(c.key.move);
    EXPECT_EQ(c.dn, kUnknownDn);
    if (c.pn < least)
      second = least, least = c.pn;
    else if (c.pn < second)
      second = c.pn;
  }
  EXPECT_EQ(named, 2);
  const NodeResult r = e.result();
  EXPECT_EQ(r.pn, least);
  EXPECT_EQ(r.dn, std::uint32_t(e.size()));
  // The child with the least pn runs until it passes the second best by a quarter.
  const LocalExpansion::Step step = e.next(kInfPn - 1, kInfPn - 1, nullptr, false);
  ASSERT_FALSE(step.stop);
  EXPECT_EQ(e.child(step.index).pn, least);
  EXPECT_EQ(step.thpn, second + 1 + second / 4);
  EXPECT_EQ(step.thdn, kInfPn - 1 - std::uint32_t(e.size()) + 1);
  // Under a threshold the node's pn already reaches, the search of the node is over.
  EXPECT_TRUE(e.next(least, kInfPn - 1, nullptr, false).stop);
}

// Among equally good children a lone search, worker 0 and the even-numbered helpers take the first, the
// odd-numbered helpers the last (a position with a tie: else both would take the same child).
TEST(LocalExpansion, TieBreakingByWorker) {
  ExpandedNode n(kOpen);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const int first = e.next(kInfPn - 1, kInfPn - 1, nullptr, false).index;
  const int last = e.next(kInfPn - 1, kInfPn - 1, nullptr, true).index;
  int least = 0;  // the children as good as the first pick: the position must have a tie to break
  for (int i = 0; i < e.size(); ++i) least += e.child(i).pn == e.child(first).pn;
  ASSERT_GE(least, 2) << "no two children alike: the test needs another position";
  EXPECT_EQ(e.child(first).pn, e.child(last).pn);
  EXPECT_LT(first, last);
}

TEST(LocalExpansion, VirtualNumbersSteerAwayFromABusyChild) {
  ExpandedNode n(kOpen);
  ExpansionContext ctx = n.context();
  ctx.marks = true;
  LocalExpansion e(ctx, n.pos, kUnlimited);
  BusyMarks busy;
  const int alone = e.next(kInfPn - 1, kInfPn - 1, &busy, false).index;
  busy.enter(e.child(alone).mark);
  busy.enter(e.child(alone).mark);
  const LocalExpansion::Step shared = e.next(kInfPn - 1, kInfPn - 1, &busy, false);
  EXPECT_NE(shared.index, alone);
  // Unless the node's own threshold lets only the best child run: then the true best is taken.
  const std::uint32_t least = e.child(alone).pn;
  bool others_below = false;
  for (int i = 0; i < e.size(); ++i) others_below |= i != alone && e.child(i).pn < least + 1;
  if (!others_below) {
    EXPECT_EQ(e.next(least + 1, kInfPn - 1, &busy, false).index, alone);
  }
}

TEST(LocalExpansion, EveryCheckRefutedDisprovesWithTheShortestLength) {
  ExpandedNode n(kOpen);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  for (int i = 0; i < e.size(); ++i) e.update(i, disproof(std::uint16_t(10 + i), kNoLoop));
  const NodeResult r = e.result();
  EXPECT_TRUE(r.disproven());
  EXPECT_EQ(r.len, 11);  // no mate within 10 + 1 plies: the weakest refutation bounds it
  EXPECT_EQ(r.loop_ply, kNoLoop);
}

TEST(LocalExpansion, ProvenCheckGivesTheShortestMate) {
  ExpandedNode n(kOpen);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const int a = find_move(e, "R*5a"), b = find_move(e, "R*5i");
  ASSERT_GE(a, 0);
  ASSERT_GE(b, 0);
  e.update(a, NodeResult{0, kInfPn, 9, test::hand_of({{PAWN, 1}}), Move::none(), kNoLoop});
  e.update(b, NodeResult{0, kInfPn, 5, Hand(), Move::none(), kNoLoop});
  const NodeResult r = e.result();
  EXPECT_TRUE(r.proven());
  EXPECT_EQ(r.len, 6);
  EXPECT_EQ(to_usi(r.best), "R*5i");
  EXPECT_EQ(r.hand, test::hand_of({{ROOK, 1}}));  // the rook dropped is part of the proof
}

// A repetition below the node keeps it path-dependent; one of the node itself does not.
TEST(LocalExpansion, LoopPlyClearsAtTheNodeItReturnsTo) {
  ExpandedNode n(kOpen);
  n.path.push(0x1234, Hand());  // the node now stands at ply 2 of a path
  n.path.push(0x5678, Hand());
  const ExpansionContext ctx = n.context();
  {
    LocalExpansion e(ctx, n.pos, kUnlimited);
    for (int i = 0; i < e.size(); ++i) e.update(i, disproof(kInfLen, i == 0 ? 1 : kNoLoop));
    EXPECT_EQ(e.result().loop_ply, 1);  // returns above the node: valid on this path only
  }
  {
    LocalExpansion e(ctx, n.pos, kUnlimited);
    for (int i = 0; i < e.size(); ++i) e.update(i, disproof(kInfLen, i == 0 ? 2 : kNoLoop));
    EXPECT_EQ(e.result().loop_ply, kNoLoop);  // returns to the node itself: valid on every path
  }
}

TEST(LocalExpansion, ChildDominatedByAnAncestorIsARepetition) {
  ExpandedNode n(kOpen);
  const Move drop = *parse_usi_move(n.pos, "R*5a");
  const ChildKey child = child_key(n.pos, BLACK, drop);
  // An ancestor two plies up had the child's board with more in hand (a rook and a pawn).
  SearchPath path(64);
  path.reset(child.board_key, test::hand_of({{ROOK, 1}, {PAWN, 1}}));
  path.push(n.pos.board_key(), n.pos.hand(BLACK));
  ExpansionContext ctx = n.context();
  const ExpansionContext with_path{ctx.table, path,    ctx.paths, ctx.children, BLACK,
                                   false,     n.moves, n.checks,  n.counters};
  LocalExpansion e(with_path, n.pos, kUnlimited);
  const int i = find_move(e, "R*5a");
  ASSERT_GE(i, 0);
  EXPECT_EQ(e.child(i).dn, 0u);
  EXPECT_EQ(e.child(i).loop_ply, 0);
  for (int j = 0; j < e.size(); ++j)
    if (j != i) {
      EXPECT_NE(e.child(j).dn, 0u) << to_usi(e.child(j).key.move);
    }
}

TEST(LocalExpansion, PathTableDisproofCarriesItsLoopPly) {
  ExpandedNode n(kOpen);
  n.path.push(0x1234, Hand());
  n.path.push(0x5678, Hand());  // the node stands at ply 2
  const Move drop = *parse_usi_move(n.pos, "R*5a");
  const ChildKey ck = child_key(n.pos, n.problem.attacker, drop);
  const Key child = SearchPath::node_hash(ck.board_key, ck.hand);
  Hand disproof_hand;
  disproof_hand.add(GOLD, 2);
  // Its repetitions are of positions among the 2 plies above the child (plies 1 and 2).
  n.paths.store(child, n.path.child_segment_key(child, 2), 30, 2, disproof_hand);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, 20);
  const int i = find_move(e, "R*5a");
  ASSERT_GE(i, 0);
  EXPECT_EQ(e.child(i).dn, 0u);
  EXPECT_EQ(e.child(i).len, 30);
  EXPECT_EQ(e.child(i).loop_ply, 1);
  // The disproof hand it was stored with, not a full hand: the node's own disproof hand is built from
  // it (before 9f6cd49 a full hand here gave 木星の旅 false no-mates).
  EXPECT_EQ(e.child(i).hand, disproof_hand);
  LocalExpansion longer(ctx, n.pos, 40);  // the stored disproof does not cover 39 plies
  EXPECT_NE(longer.child(find_move(longer, "R*5a")).dn, 0u);
}

// A path disproof holds wherever the positions it relies on are on the path: reached by another way
// in (another root, one more ply above) it still answers, at the ply where that segment now starts;
// with another position in the segment it does not.
TEST(LocalExpansion, PathTableDisproofFollowsItsSegmentNotThePath) {
  ExpandedNode n(kOpen);
  n.path.push(0x1234, Hand());
  n.path.push(0x5678, Hand());
  const Move drop = *parse_usi_move(n.pos, "R*5a");
  const ChildKey ck = child_key(n.pos, n.problem.attacker, drop);
  const Key child = SearchPath::node_hash(ck.board_key, ck.hand);
  n.paths.store(child, n.path.child_segment_key(child, 2), 30, 2, Hand());

  ExpandedNode other(kOpen);
  other.path.reset(0x9999, Hand());  // another root
  other.path.push(0x4321, Hand());
  other.path.push(0x1234, Hand());
  other.path.push(0x5678, Hand());  // the node at ply 3 now
  other.paths.store(child, n.path.child_segment_key(child, 2), 30, 2, Hand());
  const ExpansionContext ctx = other.context();
  LocalExpansion e(ctx, other.pos, 20);
  const int i = find_move(e, "R*5a");
  ASSERT_GE(i, 0);
  EXPECT_EQ(e.child(i).dn, 0u);
  EXPECT_EQ(e.child(i).loop_ply, 2);

  ExpandedNode changed(kOpen);
  changed.path.push(0x1235, Hand());  // not the position the disproof relies on
  changed.path.push(0x5678, Hand());
  changed.paths.store(child, n.path.child_segment_key(child, 2), 30, 2, Hand());
  const ExpansionContext changed_ctx = changed.context();
  LocalExpansion f(changed_ctx, changed.pos, 20);
  EXPECT_NE(f.child(find_move(f, "R*5a")).dn, 0u);
}

// The defender in check from a distant rook, with every other piece in hand to drop between.
constexpr char kInterpose[] = "4k4/9/9/9/9/9/9/9/4R4 w - 1";

NodeResult proof() { return NodeResult{0, kInfPn, 3, Hand(), Move::none(), kNoLoop}; }

// The first drop that counts in the node's numbers, or -1.
int first_active_drop(const LocalExpansion& e) {
  for (int i = 0; i < e.size(); ++i)
    if (e.child(i).key.move.is_drop() && e.child(i).active) return i;
  return -1;
}

TEST(LocalExpansion, DropsOnOneSquareStandInLine) {
  ExpandedNode n(kInterpose);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  ASSERT_FALSE(e.or_node());
  int active_drops[SQ_NB] = {}, drops[SQ_NB] = {};
  std::uint32_t active_pn = 0;
  for (int i = 0; i < e.size(); ++i) {
    const ExpandedChild& c = e.child(i);
    if (c.active) active_pn += c.pn;
    if (!c.key.move.is_drop()) {
      EXPECT_TRUE(c.active) << to_usi(c.key.move);
      continue;
    }
    ++drops[c.key.move.to()];
    active_drops[c.key.move.to()] += c.active;
  }
  int squares = 0;
  for (int sq = 0; sq < SQ_NB; ++sq) {
    if (drops[sq] == 0) continue;
    ++squares;
    EXPECT_EQ(active_drops[sq], 1) << sq;  // one drop of each square counts, the others wait
  }
  EXPECT_EQ(squares, 7);  // 5b..5h
  EXPECT_EQ(e.result().pn, active_pn);
}

TEST(LocalExpansion, ProvenDropLetsTheNextOfItsSquareIn) {
  ExpandedNode n(kInterpose);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const int first = first_active_drop(e);
  ASSERT_GE(first, 0);
  const int next = e.child(first).next;
  ASSERT_GE(next, 0);
  EXPECT_FALSE(e.child(next).active);
  e.update(first, proof());
  EXPECT_TRUE(e.child(next).active);
  // Every child proven, line after line: only then is the node proven.
  for (int round = 0; round < 100 && !e.result().proven(); ++round)
    for (int i = 0; i < e.size(); ++i)
      if (e.child(i).active && !e.child(i).is_final()) e.update(i, proof());
  EXPECT_TRUE(e.result().proven());
  for (int i = 0; i < e.size(); ++i) EXPECT_EQ(e.child(i).pn, 0u) << to_usi(e.child(i).key.move);
}

TEST(LocalExpansion, DisprovenDropDisprovesTheNodeWhateverWaits) {
  ExpandedNode n(kInterpose);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const int first = first_active_drop(e);
  ASSERT_GE(first, 0);
  e.update(first, disproof(7, kNoLoop));
  const NodeResult r = e.result();
  EXPECT_TRUE(r.disproven());
  EXPECT_EQ(r.best, e.child(first).key.move);
}

// A rook that checks entering the promotion zone: its non-promotion waits behind the promotion.
TEST(LocalExpansion, NonPromotionWaitsBehindThePromotion) {
  ExpandedNode n("4k4/9/9/9/9/9/9/9/3R5 b - 1");
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const int promo = find_move(e, "6i6a+"), plain = find_move(e, "6i6a");
  ASSERT_GE(promo, 0);
  ASSERT_GE(plain, 0);
  EXPECT_EQ(e.child(promo).next, plain);
  EXPECT_TRUE(e.child(promo).active);
  EXPECT_FALSE(e.child(plain).active);
  e.update(promo, disproof(9, kNoLoop));
  EXPECT_TRUE(e.child(plain).active);
  EXPECT_FALSE(e.result().disproven());  // the non-promotion is still open
}

// ---- double counting: children counted by max (solver/README.md, "Double counting") ----

// Stores the AND node's child after `usi` in the table with pn and dn (and the shared flag).
void stored_child(ExpandedNode& n, std::string_view usi, std::uint32_t pn, std::uint32_t dn, bool shared) {
  const Move m = *parse_usi_move(n.pos, usi);
  const ChildKey c = child_key(n.pos, BLACK, m);
  n.table.store(c.board_key, c.hand,
                MateRecord{pn, dn, kUnlimited, c.hand, Move::none(), 10, ParentLink::of(n.pos, m).with_shared(shared)});
}

std::uint32_t and_pn(ExpandedNode& n) {
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  EXPECT_FALSE(e.or_node());
  return e.result().pn;
}

TEST(LocalExpansion, TwoRoutesToOneSubtreeCountOnceWhenShared) {
  // Two king moves whose numbers come from one subtree (pn 40 and 70): summed they count it twice.
  ExpandedNode n(kInterpose);
  stored_child(n, "5a4b", 40, 3, false);
  stored_child(n, "5a6b", 70, 3, false);
  const std::uint32_t summed = and_pn(n);
  // Marked shared (a merge found below them), they count by max: 70, not 110.
  stored_child(n, "5a4b", 40, 3, true);
  stored_child(n, "5a6b", 70, 3, true);
  EXPECT_EQ(and_pn(n), summed - 40);
}

TEST(LocalExpansion, CountByMaxMarksAChildOfALiveExpansion) {
  ExpandedNode n(kInterpose);
  stored_child(n, "5a4b", 40, 3, false);
  stored_child(n, "5a6b", 70, 3, false);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const std::uint32_t before = e.result().pn;
  const int a = find_move(e, "5a4b"), b = find_move(e, "5a6b");
  ASSERT_GE(a, 0);
  ASSERT_GE(b, 0);
  EXPECT_EQ(e.find(e.child(a).key.board_key, e.child(a).key.hand), a);
  e.count_by_max(a);
  e.count_by_max(b);
  EXPECT_EQ(e.result().pn, before - 40);
}

TEST(LocalExpansion, HugeNumbersCountByMaxAndNeverWrap) {
  ExpandedNode n(kInterpose);
  // Three children of 1.5 G each: summed they would pass 2^32; counted by max they add 1.5 G once.
  stored_child(n, "5a4b", 1'500'000'000, 3, false);
  stored_child(n, "5a6b", 1'500'000'000, 4, false);
  stored_child(n, "5a4a", 1'500'000'000, 5, false);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  std::uint32_t others = 0;
  for (int i = 0; i < e.size(); ++i)
    if (e.child(i).active && e.child(i).pn < 1'500'000'000) others += e.child(i).pn;
  EXPECT_EQ(e.result().pn, others + 1'500'000'000u);
}

TEST(LocalExpansion, AChildThatCannotRunUnderItsThresholdStopsTheNode) {
  // Saturated sums understate the node's number; the child with the least dn is one of them, and its
  // pn threshold (the node's less the others) is below its own pn: the node must return, not descend
  // into a child that would come back at once, unchanged.
  ExpandedNode n(kInterpose);
  stored_child(n, "5a4b", kInfPn - 2, 1, false);
  stored_child(n, "5a6b", kInfPn - 2, 2, false);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  ASSERT_LT(e.result().pn, kInfPn - 1);
  EXPECT_TRUE(e.next(kInfPn - 1, kInfPn - 1, nullptr, false).stop);
}

TEST(LocalExpansion, ChildrenAreGivenBackWhenTheNodeReturns) {
  ExpandedNode n(kOpen);
  const ChildStack::Mark before = n.children.mark();
  {
    const ExpansionContext ctx = n.context();
    LocalExpansion e(ctx, n.pos, kUnlimited);
    EXPECT_NE(n.children.mark().used, before.used);
  }
  EXPECT_EQ(n.children.mark().used, before.used);
  EXPECT_EQ(n.children.mark().block, before.block);
}

// ---- threshold control: old children (dfpn_search.cpp, descend) ----

// Stores the AND node's child after `usi` with pn and dn, as stored at ply `depth`.
void stored_child_at(ExpandedNode& n, std::string_view usi, std::uint32_t pn, std::uint32_t dn, std::uint16_t depth) {
  const Move m = *parse_usi_move(n.pos, usi);
  const ChildKey c = child_key(n.pos, BLACK, m);
  MateRecord r{pn, dn, kUnlimited, c.hand, Move::none(), 10, ParentLink::of(n.pos, m)};
  r.depth = depth;
  n.table.store(c.board_key, c.hand, r);
}

// The root's children are at ply 1: an unfinished entry stored at ply 0 is old to them, one stored at
// ply 1 or deeper is not. A child read from its own entry is visited; one the table does not know is
// a first visit.
TEST(LocalExpansion, AChildStoredHigherUpIsOld) {
  ExpandedNode fresh(kInterpose);
  stored_child_at(fresh, "5a4b", 40, 3, 1);
  {
    const ExpansionContext ctx = fresh.context();
    LocalExpansion e(ctx, fresh.pos, kUnlimited);
    EXPECT_FALSE(e.has_old_child());
    const int known = find_move(e, "5a4b"), other = find_move(e, "5a6b");
    ASSERT_GE(known, 0);
    ASSERT_GE(other, 0);
    EXPECT_TRUE(e.child(known).visited);
    EXPECT_FALSE(e.child(other).visited);
    e.update(other, NodeResult{5, 5, kUnlimited, e.child(other).key.hand, Move::none(), kNoLoop});
    EXPECT_TRUE(e.child(other).visited);
  }
  ExpandedNode old(kInterpose);
  stored_child_at(old, "5a4b", 40, 3, 0);
  const ExpansionContext ctx = old.context();
  LocalExpansion e(ctx, old.pos, kUnlimited);
  EXPECT_TRUE(e.has_old_child());
}

// Widening: a node whose pn passed its threshold searches on when told to widen (threshold control),
// up to its pn + 1.
TEST(LocalExpansion, WideningLetsANodeAtItsThresholdRunOn) {
  ExpandedNode n(kInterpose);
  const ExpansionContext ctx = n.context();
  LocalExpansion e(ctx, n.pos, kUnlimited);
  const NodeResult now = e.result();
  ASSERT_GT(now.pn, 1u);
  EXPECT_TRUE(e.next(now.pn, kInfPn - 1, nullptr, false).stop);
  const LocalExpansion::Step widened = e.next(now.pn, kInfPn - 1, nullptr, false, true);
  EXPECT_FALSE(widened.stop);
  EXPECT_LE(widened.thpn, now.pn + 1);
}

}  // namespace
}  // namespace tsumi
