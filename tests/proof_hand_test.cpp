// Tests of solver/proof_hand.h: the hand arithmetic of proof and disproof hands, a property test over
// random hands, and the meaning of a proof (disproof) hand checked with the real search: the attacker
// still mates (still fails) when its hand is replaced by the proof (disproof) hand the search returned.

#include "solver/proof_hand.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "solver/dfpn_search.h"
#include "solver/mate_problem.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::hand_of;

namespace ph = proof_hand;

bool within_capacity(Hand h) {
  for (PieceType pt : ph::kHandTypes)
    if (h.count(pt) > Hand::capacity(pt)) return false;
  // No bit outside the seven fields (a carry out of a field would land in a guard bit).
  Hand rebuilt;
  for (PieceType pt : ph::kHandTypes) rebuilt.set(pt, h.count(pt));
  return rebuilt == h;
}

Hand random_hand(std::mt19937& rng) {
  Hand h;
  for (PieceType pt : ph::kHandTypes) h.set(pt, int(rng() % unsigned(Hand::capacity(pt) + 1)));
  return h;
}

// ---- full, max, min ----

TEST(ProofHand, FullHoldsEveryKindAtCapacity) {
  constexpr Hand f = ph::full();
  EXPECT_EQ(f.count(PAWN), 18);
  EXPECT_EQ(f.count(LANCE), 4);
  EXPECT_EQ(f.count(KNIGHT), 4);
  EXPECT_EQ(f.count(SILVER), 4);
  EXPECT_EQ(f.count(GOLD), 4);
  EXPECT_EQ(f.count(BISHOP), 2);
  EXPECT_EQ(f.count(ROOK), 2);
  EXPECT_TRUE(within_capacity(f));
  EXPECT_TRUE(f.dominates(Hand()));
  EXPECT_TRUE(f.dominates(hand_of({{PAWN, 18}, {ROOK, 2}, {GOLD, 4}})));
}

TEST(ProofHand, MaxAndMinAreFieldwise) {
  const Hand a = hand_of({{PAWN, 3}, {GOLD, 1}, {ROOK, 2}});
  const Hand b = hand_of({{PAWN, 1}, {GOLD, 4}, {SILVER, 2}});
  EXPECT_EQ(ph::max(a, b), hand_of({{PAWN, 3}, {GOLD, 4}, {ROOK, 2}, {SILVER, 2}}));
  EXPECT_EQ(ph::min(a, b), hand_of({{PAWN, 1}, {GOLD, 1}}));
  EXPECT_EQ(ph::max(a, Hand()), a);
  EXPECT_EQ(ph::min(a, Hand()), Hand());
  EXPECT_EQ(ph::max(a, ph::full()), ph::full());
  EXPECT_EQ(ph::min(a, ph::full()), a);
  static_assert(ph::max(Hand(), Hand()) == Hand());
}

// ---- hand_change ----

TEST(ProofHand, HandChangeOfADrop) {
  const ph::HandChange c = ph::hand_change(Move::make_drop(GOLD, SQ_22), NO_PIECE);
  EXPECT_EQ(c.dropped, GOLD);
  EXPECT_EQ(c.captured, NO_PIECE_TYPE);
}

TEST(ProofHand, HandChangeOfACaptureUnpromotes) {
  const Move m = Move::make(SQ_83, SQ_13);
  const ph::HandChange dragon = ph::hand_change(m, make_piece(WHITE, DRAGON));
  EXPECT_EQ(dragon.captured, ROOK);
  EXPECT_EQ(dragon.dropped, NO_PIECE_TYPE);
  EXPECT_EQ(ph::hand_change(m, make_piece(WHITE, PRO_PAWN)).captured, PAWN);
  EXPECT_EQ(ph::hand_change(m, make_piece(WHITE, PRO_SILVER)).captured, SILVER);
  EXPECT_EQ(ph::hand_change(m, make_piece(WHITE, HORSE)).captured, BISHOP);
  EXPECT_EQ(ph::hand_change(m, make_piece(WHITE, GOLD)).captured, GOLD);
  // A promoting capture: the captured piece decides, not the mover.
  EXPECT_EQ(ph::hand_change(Move::make(SQ_24, SQ_23, true), make_piece(WHITE, KNIGHT)).captured, KNIGHT);
}

TEST(ProofHand, HandChangeOfAPlainMoveIsNone) {
  const ph::HandChange c = ph::hand_change(Move::make(SQ_14, SQ_23), NO_PIECE);
  EXPECT_EQ(c.dropped, NO_PIECE_TYPE);
  EXPECT_EQ(c.captured, NO_PIECE_TYPE);
  EXPECT_EQ(ph::before_attack(hand_of({{PAWN, 2}}), c), hand_of({{PAWN, 2}}));
}

// ---- before_attack ----

TEST(ProofHand, BeforeAttackAddsBackADrop) {
  ph::HandChange c;
  c.dropped = SILVER;
  EXPECT_EQ(ph::before_attack(hand_of({{GOLD, 1}}), c), hand_of({{GOLD, 1}, {SILVER, 1}}));
  EXPECT_EQ(ph::before_attack(hand_of({{SILVER, 2}}), c), hand_of({{SILVER, 3}}));
}

TEST(ProofHand, BeforeAttackRemovesACapture) {
  ph::HandChange c;
  c.captured = ROOK;
  EXPECT_EQ(ph::before_attack(hand_of({{ROOK, 2}, {PAWN, 1}}), c), hand_of({{ROOK, 1}, {PAWN, 1}}));
  // The child's proof did not need the captured piece: nothing to take away, and no borrow.
  EXPECT_EQ(ph::before_attack(hand_of({{PAWN, 1}}), c), hand_of({{PAWN, 1}}));
  EXPECT_EQ(ph::before_attack(Hand(), c), Hand());
}

TEST(ProofHand, BeforeAttackStaysWithinCapacity) {
  for (PieceType pt : ph::kHandTypes) {
    ph::HandChange c;
    c.dropped = pt;
    // A disproof hand of full() stays full(): no carry into the next field.
    EXPECT_EQ(ph::before_attack(ph::full(), c), ph::full()) << int(pt);
    Hand h;
    h.set(pt, Hand::capacity(pt));
    EXPECT_EQ(ph::before_attack(h, c), h) << int(pt);
  }
}

// ---- with_interposition_kinds ----

TEST(ProofHand, InterpositionKindsOnlyWhenADropIsPossible) {
  const Hand proof = hand_of({{GOLD, 1}});
  const Hand attacker = hand_of({{GOLD, 2}, {PAWN, 3}, {SILVER, 1}});
  const Hand defender = hand_of({{ROOK, 2}});  // holds no gold, pawn or silver
  EXPECT_EQ(ph::with_interposition_kinds(proof, attacker, defender, false), proof);
  EXPECT_EQ(ph::with_interposition_kinds(proof, attacker, defender, true),
            hand_of({{GOLD, 2}, {PAWN, 3}, {SILVER, 1}}));
}

TEST(ProofHand, InterpositionKindsOnlyForKindsTheDefenderLacks) {
  const Hand proof = hand_of({{PAWN, 1}});
  const Hand attacker = hand_of({{PAWN, 3}, {GOLD, 2}, {LANCE, 1}});
  const Hand defender = hand_of({{PAWN, 15}, {LANCE, 3}});  // lacks gold only
  EXPECT_EQ(ph::with_interposition_kinds(proof, attacker, defender, true), hand_of({{PAWN, 1}, {GOLD, 2}}));
}

TEST(ProofHand, InterpositionKindsNeverLower) {
  // A child's proof may need more than the attacker holds now (it captures on the way).
  const Hand proof = hand_of({{GOLD, 3}, {BISHOP, 1}});
  const Hand attacker = hand_of({{GOLD, 1}});
  EXPECT_EQ(ph::with_interposition_kinds(proof, attacker, Hand(), true), proof);
  EXPECT_EQ(ph::with_interposition_kinds(proof, Hand(), Hand(), true), proof);
}

// ---- keeping_defender_drops ----

TEST(ProofHand, KeepingDefenderDropsLeavesTheDefenderOneOfEveryKindItHolds) {
  const Hand attacker = hand_of({{PAWN, 1}, {GOLD, 1}});
  const Hand defender = hand_of({{PAWN, 15}, {SILVER, 2}});
  // Pawns: at most 1 + 15 - 1; silvers: at most 0 + 2 - 1; gold: the defender holds none, no cap.
  EXPECT_EQ(ph::keeping_defender_drops(ph::full(), attacker, defender),
            hand_of({{PAWN, 15}, {LANCE, 4}, {KNIGHT, 4}, {SILVER, 1}, {GOLD, 4}, {BISHOP, 2}, {ROOK, 2}}));
  // Never raised.
  EXPECT_EQ(ph::keeping_defender_drops(hand_of({{PAWN, 3}}), attacker, defender), hand_of({{PAWN, 3}}));
  // A defender with an empty hand drops nothing: no cap at all.
  EXPECT_EQ(ph::keeping_defender_drops(ph::full(), attacker, Hand()), ph::full());
}

TEST(ProofHand, KeepingDefenderDropsOfOneKind) {
  const Hand attacker = hand_of({{PAWN, 1}, {ROOK, 1}});
  const Hand defender = hand_of({{PAWN, 15}, {GOLD, 4}});
  // Only the dropped kind is capped.
  EXPECT_EQ(ph::keeping_defender_drops(ph::full(), attacker, defender, PAWN),
            hand_of({{PAWN, 15}, {LANCE, 4}, {KNIGHT, 4}, {SILVER, 4}, {GOLD, 4}, {BISHOP, 2}, {ROOK, 2}}));
  EXPECT_EQ(ph::keeping_defender_drops(hand_of({{PAWN, 16}, {ROOK, 1}}), attacker, defender, PAWN),
            hand_of({{PAWN, 15}, {ROOK, 1}}));
  EXPECT_EQ(ph::keeping_defender_drops(hand_of({{GOLD, 4}}), attacker, defender, GOLD), hand_of({{GOLD, 3}}));
}

TEST(ProofHand, KeepingDefenderDropsOnRandomHands) {
  std::mt19937 rng(99);
  for (int i = 0; i < 20000; ++i) {
    const Hand d = random_hand(rng), attacker = random_hand(rng), defender = random_hand(rng);
    const Hand capped = ph::keeping_defender_drops(d, attacker, defender);
    ASSERT_TRUE(d.dominates(capped));
    ASSERT_TRUE(within_capacity(capped));
    for (PieceType pt : ph::kHandTypes) {
      // With the attacker at the capped count, the defender (holding the rest of this split) keeps one.
      const int most = defender.count(pt) > 0 ? attacker.count(pt) + defender.count(pt) - 1 : d.count(pt);
      ASSERT_EQ(capped.count(pt), std::min(d.count(pt), most)) << int(pt);
    }
  }
}

// ---- without_absent_kinds ----

TEST(ProofHand, WithoutAbsentKindsClearsWhatTheAttackerLacks) {
  const Hand attacker = hand_of({{PAWN, 1}, {ROOK, 1}});
  EXPECT_EQ(ph::without_absent_kinds(ph::full(), attacker), hand_of({{PAWN, 18}, {ROOK, 2}}));
  EXPECT_EQ(ph::without_absent_kinds(hand_of({{PAWN, 2}, {GOLD, 1}}), attacker), hand_of({{PAWN, 2}}));
  EXPECT_EQ(ph::without_absent_kinds(ph::full(), Hand()), Hand());
}

// ---- properties over random hands ----

TEST(ProofHand, RandomHandsLatticeProperties) {
  std::mt19937 rng(20240611);
  for (int i = 0; i < 20000; ++i) {
    const Hand a = random_hand(rng), b = random_hand(rng);
    const Hand hi = ph::max(a, b), lo = ph::min(a, b);
    ASSERT_TRUE(hi.dominates(a) && hi.dominates(b)) << ::testing::PrintToString(a) << ::testing::PrintToString(b);
    ASSERT_TRUE(a.dominates(lo) && b.dominates(lo)) << ::testing::PrintToString(a) << ::testing::PrintToString(b);
    ASSERT_TRUE(within_capacity(hi));
    ASSERT_TRUE(within_capacity(lo));
    ASSERT_EQ(hi, ph::max(b, a));
    ASSERT_EQ(lo, ph::min(b, a));
    ASSERT_EQ(ph::max(a, b) == a, a.dominates(b));
    ASSERT_EQ(ph::min(a, b) == a, b.dominates(a));
    // The transfer functions keep counts in range too.
    for (PieceType pt : ph::kHandTypes) {
      ph::HandChange drop, capture;
      drop.dropped = pt;
      capture.captured = pt;
      ASSERT_TRUE(within_capacity(ph::before_attack(a, drop)));
      ASSERT_TRUE(within_capacity(ph::before_attack(a, capture)));
      ASSERT_TRUE(ph::before_attack(a, drop).dominates(a));
      ASSERT_TRUE(a.dominates(ph::before_attack(a, capture)));
    }
    const Hand raised = ph::with_interposition_kinds(a, b, random_hand(rng), true);
    ASSERT_TRUE(raised.dominates(a));
    ASSERT_TRUE(within_capacity(raised));
    const Hand cleared = ph::without_absent_kinds(a, b);
    ASSERT_TRUE(a.dominates(cleared));
  }
}

// ---- the meaning of proof and disproof hands, with the real search ----

NodeResult solve(const PositionSetup& setup, Color attacker, std::uint16_t remaining) {
  MateTable table(std::size_t(1) << 20);  // ample for these small problems, and cheap to clear
  DfpnSearch search(table, attacker);
  search.set_root(setup);
  const NodeResult r = search.solve(remaining);
  EXPECT_EQ(search.aborted(), DfpnSearch::Abort::kNone);
  return r;
}

int total(const PositionSetup& s, PieceType pt) {
  int n = s.hands[BLACK].count(pt) + s.hands[WHITE].count(pt);
  for (Piece pc : s.board)
    if (pc != NO_PIECE && unpromote(type_of(pc)) == pt) ++n;
  return n;
}

// A proof hand P: the attacker mates (within the proof's length) holding exactly P, the defender
// holding the rest.
TEST(ProofHand, ProofHandOfTheSearchStillMates) {
  int checked = 0;
  for (const MateSuiteEntry& e : test::tsume_suite()) {
    if (e.category != "graded-1" && e.category != "graded-3") continue;
    const auto problem = test::tsume_problem(e.sfen);
    if (!problem) continue;
    const Color att = problem->attacker, def = ~att;
    const NodeResult r = solve(problem->setup, att, kUnlimited);
    ASSERT_TRUE(r.proven()) << e.id;
    const Hand held = problem->setup.hands[att];
    EXPECT_TRUE(held.dominates(r.hand)) << e.id << ": proof hand " << ::testing::PrintToString(r.hand)
                                        << " exceeds the attacker's " << ::testing::PrintToString(held);
    if (!held.dominates(r.hand)) continue;

    PositionSetup reduced = problem->setup;
    reduced.hands[att] = r.hand;
    for (PieceType pt : ph::kHandTypes) reduced.hands[def].add(pt, held.count(pt) - r.hand.count(pt));
    for (PieceType pt : ph::kHandTypes) ASSERT_EQ(total(reduced, pt), total(problem->setup, pt));
    const NodeResult again = solve(reduced, att, r.len);
    EXPECT_TRUE(again.proven()) << e.id << " with the attacker's hand reduced to the proof hand "
                                << ::testing::PrintToString(r.hand) << ": " << to_sfen(reduced);
    if (again.proven()) {
      EXPECT_LE(again.len, r.len) << e.id;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 40);
}

// A disproof hand D: the attacker still fails holding more, up to D, the defender giving up what it
// takes. Kinds are raised only as far as the defender's hand allows (a hand between the attacker's and
// D is covered by the claim just as D itself).
TEST(ProofHand, DisproofHandOfTheSearchStillFails) {
  const char* ids[] = {"hm-uchifu-1",      "antma-no_tsume3-1", "antma-no_tsume3-2", "antma-pawn_drop_no_mate-1",
                       "shtsume-uchifu-1", "hm-perp-1",         "hm-perp-2"};
  for (const char* id : ids) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    ASSERT_NE(e, nullptr) << id;
    ASSERT_FALSE(e->expected.has_value()) << id;
    const auto problem = test::tsume_problem(e->sfen);
    if (!problem) continue;
    const Color att = problem->attacker, def = ~att;
    const NodeResult r = solve(problem->setup, att, kUnlimited);
    ASSERT_TRUE(r.disproven()) << id;
    const Hand held = problem->setup.hands[att];
    EXPECT_TRUE(r.hand.dominates(held)) << id << ": disproof hand " << ::testing::PrintToString(r.hand)
                                        << " below the attacker's " << ::testing::PrintToString(held);
    if (!r.hand.dominates(held)) continue;

    PositionSetup raised = problem->setup;
    for (PieceType pt : ph::kHandTypes) {
      const int moved = std::min(r.hand.count(pt) - held.count(pt), raised.hands[def].count(pt));
      raised.hands[att].add(pt, moved);
      raised.hands[def].remove(pt, moved);
    }
    const NodeResult again = solve(raised, att, kUnlimited);
    EXPECT_TRUE(again.disproven()) << id << " with the attacker's hand raised towards the disproof hand "
                                   << ::testing::PrintToString(r.hand) << ": " << to_sfen(raised);
  }
}

// Regression test of a solver bug this test found (fixed in e9102ca by keeping_defender_drops()).
//
// Handmade: the white king on 1a is walled in by its own lance (2a) and pawn (2b); every other piece
// but pawns stands on black's side of the board, far away, and a black pawn on 1i forbids black pawn
// drops on file 1. Black holds R + P, white the 15 other pawns. Every check is a rook drop on file 1,
// answered by a white pawn dropped between (or by Kx1b after R*1b), and then black has no mate. The
// disproof hand once came out {R1 P16}, claiming that black fails also when holding all of white's
// pawns: then white has nothing to interpose and R*1c mates at once. The AND-node disproof copied the
// refuting child's disproof hand (D = Dc) although the refutation was a drop that needs the defender
// to keep a pawn. DfpnSearch.SharedTableKeepsAnInterpositionDisproofToItsHand shows the wrong answer
// that gave through the table.
constexpr const char* kPawnInterposition = "7lk/7p1/9/9/BGGS5/BGGS5/RSSN5/LLLNN4/N7P b RP 1";

TEST(ProofHand, DisproofHandLeavesTheDefenderItsInterposingPiece) {
  const auto setup = parse_sfen(kPawnInterposition);
  ASSERT_TRUE(setup.ok());
  const auto problem = make_mate_problem(*setup);
  ASSERT_TRUE(problem.ok());
  const Color att = problem->attacker, def = ~att;
  ASSERT_EQ(problem->setup.hands[def], hand_of({{PAWN, 15}}));
  const NodeResult r = solve(problem->setup, att, kUnlimited);
  ASSERT_TRUE(r.disproven());
  EXPECT_TRUE(r.hand.dominates(problem->setup.hands[att]));

  // All of white's pawns in black's hand: a mate in one (R*1c, nothing to interpose).
  PositionSetup raised = problem->setup;
  raised.hands[att].add(PAWN, 15);
  raised.hands[def] = Hand();
  const NodeResult mate = solve(raised, att, 1);
  ASSERT_TRUE(mate.proven()) << to_sfen(raised);
  EXPECT_FALSE(r.hand.dominates(raised.hands[att])) << "the disproof hand " << ::testing::PrintToString(r.hand)
                                                    << " claims no mate for " << to_sfen(raised) << ", a mate in one";
}

}  // namespace
}  // namespace tsumi
