// Tests of solver/mate_table.h: what a probe answers for a stored entry (exact hand and length for
// unknown numbers, a longer limit's numbers as a shorter one's estimates, dominance and length for
// proofs and disproofs), the estimates when nothing is known, the depth an entry keeps with the old
// flag and the floors of other hands it gates (probe_at), and a full one-cluster table that forgets but
// never answers wrongly.

#include "solver/mate_table.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <ostream>
#include <random>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "solver/mate_node.h"
#include "solver/proof_hand.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::hand_of;

MateRecord record(std::uint32_t pn, std::uint32_t dn, std::uint16_t len, Hand hand, Move move = Move::none(),
                  std::uint64_t amount = 1) {
  MateRecord r;
  r.pn = pn;
  r.dn = dn;
  r.len = len;
  r.hand = hand;
  r.move = move;
  r.amount = amount;
  return r;
}
MateRecord proof(Hand hand, std::uint16_t len, Move move = Move::none(), std::uint64_t amount = 1) {
  return record(0, kInfPn, len, hand, move, amount);
}
MateRecord disproof(Hand hand, std::uint16_t len, std::uint64_t amount = 1) {
  return record(kInfPn, 0, len, hand, Move::none(), amount);
}

constexpr Key kKey = 0x123456789abcdef1ULL;
constexpr std::size_t kSmall = std::size_t(1) << 16;  // 256 clusters
const Move kMove = Move::make(SQ_14, SQ_23);

bool proven(const MateProbe& p) { return p.pn == 0; }
bool disproven(const MateProbe& p) { return p.dn == 0; }

TEST(MateTable, SizeInClusters) {
  EXPECT_EQ(MateTable(kSmall).clusters(), kSmall / 256);
  EXPECT_EQ(sizeof(MateEntry), 28u);
  EXPECT_EQ(MateTable(256).clusters(), 1u);
  EXPECT_EQ(MateTable(1).clusters(), 1u);  // at least one cluster
}

TEST(MateTable, UnknownEntryRoundTrip) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}, {PAWN, 2}});
  t.store(kKey, h, record(5, 7, 9, h, kMove, 30));
  const MateProbe p = t.probe(kKey, h, 9, 1, 1);
  EXPECT_TRUE(p.found);
  EXPECT_EQ(p.pn, 5u);
  EXPECT_EQ(p.dn, 7u);
  EXPECT_EQ(p.len, 9);
  EXPECT_EQ(p.hand, h);
  EXPECT_EQ(p.move, kMove);
  // Storing the same node again under the same length replaces the numbers.
  t.store(kKey, h, record(6, 8, 9, h, kMove, 40));
  const MateProbe q = t.probe(kKey, h, 9, 1, 1);
  EXPECT_EQ(q.pn, 6u);
  EXPECT_EQ(q.dn, 8u);
}

MateRecord at_depth(MateRecord r, std::uint16_t depth) {
  r.depth = depth;
  return r;
}

// An unfinished entry keeps the shallowest ply it was stored at; a probe from a deeper ply calls its
// numbers old, one from that ply or higher does not.
TEST(MateTable, AnEntryKeepsItsShallowestDepthAndIsOldBelowIt) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, at_depth(record(5, 7, 9, h), 12));
  EXPECT_FALSE(t.probe_at(kKey, h, 9, 1, 1, kInfLen, 12).old);
  EXPECT_TRUE(t.probe_at(kKey, h, 9, 1, 1, kInfLen, 13).old);
  EXPECT_FALSE(t.probe(kKey, h, 9).old);               // a probe without a ply says nothing of age
  t.store(kKey, h, at_depth(record(6, 8, 9, h), 20));  // met again deeper: the depth stays 12
  const MateProbe deeper = t.probe_at(kKey, h, 9, 1, 1, kInfLen, 13);
  EXPECT_TRUE(deeper.old);
  EXPECT_EQ(deeper.pn, 6u);
  t.store(kKey, h, at_depth(record(6, 9, 9, h), 4));  // met higher up: the depth falls to 4
  EXPECT_TRUE(t.probe_at(kKey, h, 9, 1, 1, kInfLen, 5).old);
  EXPECT_FALSE(t.probe_at(kKey, h, 9, 1, 1, kInfLen, 4).old);
  // The depth is not part of the key: the same node, one entry.
  int entries = 0;
  t.for_each_entry([&](std::size_t, int, const MateEntry& e) { entries += e.depth() == 4; });
  EXPECT_EQ(entries, 1);
}

// The floors of other hands: a hand with no more than an unfinished entry's takes that entry's pn as a
// floor, one with at least its hand its dn; each only from an entry stored no deeper than the probe,
// and old where it was stored higher up.
TEST(MateTable, OtherHandsGiveFloorsFromEntriesNoDeeper) {
  MateTable t(kSmall);
  const Hand more = hand_of({{GOLD, 1}, {PAWN, 1}}), less = hand_of({{GOLD, 1}}), mine = hand_of({{GOLD, 1}});
  const Hand pawn = hand_of({{PAWN, 1}});
  t.store(kKey, more, at_depth(record(40, 3, kUnlimited, more), 6));
  t.store(kKey, Hand(), at_depth(record(2, 50, kUnlimited, Hand()), 8));
  // `mine` has less than `more` (pn 40 is a floor) and more than the empty hand (dn 50 is a floor).
  const MateProbe p = t.probe_at(kKey, mine, kUnlimited, 1, 1, kInfLen, 8);
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.pn, 40u);
  EXPECT_EQ(p.dn, 50u);
  EXPECT_TRUE(p.old);  // the pn floor's entry was stored at ply 6, above 8
  // From ply 7 the entry stored at 8 is deeper: no dn floor; the pn floor stays.
  const MateProbe q = t.probe_at(kKey, mine, kUnlimited, 1, 1, kInfLen, 7);
  EXPECT_EQ(q.pn, 40u);
  EXPECT_EQ(q.dn, 1u);
  // From ply 5 neither entry is no deeper: the estimates alone.
  const MateProbe r = t.probe_at(kKey, mine, kUnlimited, 1, 1, kInfLen, 5);
  EXPECT_EQ(r.pn, 1u);
  EXPECT_EQ(r.dn, 1u);
  EXPECT_FALSE(r.old);
  // A hand neither below nor above (a pawn alone against a gold alone) takes no floor from `less`'s kind.
  t.store(kKey ^ 2, less, at_depth(record(30, 30, kUnlimited, less), 1));
  const MateProbe s = t.probe_at(kKey ^ 2, pawn, kUnlimited, 1, 1, kInfLen, 9);
  EXPECT_EQ(s.pn, 1u);
  EXPECT_EQ(s.dn, 1u);
  // The plain probe takes no floors.
  EXPECT_EQ(t.probe(kKey, mine, kUnlimited).pn, 1u);
  // A floor never lowers a number.
  EXPECT_EQ(t.probe_at(kKey, mine, kUnlimited, 90, 90, kInfLen, 8).pn, 90u);
}

// A shorter limit's pn floors only from a longer limit's entry (a mate within fewer plies is no
// easier), its dn only from a shorter one's.
TEST(MateTable, FloorsRespectTheLength) {
  MateTable t(kSmall);
  const Hand more = hand_of({{GOLD, 1}, {PAWN, 1}}), mine = hand_of({{GOLD, 1}});
  t.store(kKey, more, at_depth(record(40, 40, 9, more), 0));
  t.store(kKey, Hand(), at_depth(record(60, 60, 9, Hand()), 0));
  const MateProbe shorter = t.probe_at(kKey, mine, 7, 1, 1, kInfLen, 3);
  EXPECT_EQ(shorter.pn, 40u);  // from the longer limit's superior hand
  EXPECT_EQ(shorter.dn, 1u);   // not from a longer limit
  const MateProbe longer = t.probe_at(kKey, mine, 11, 1, 1, kInfLen, 3);
  EXPECT_EQ(longer.pn, 1u);
  EXPECT_EQ(longer.dn, 60u);
}

TEST(MateTable, UnknownEntryIsNotReusedUnderALongerLength) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, record(50, 70, 9, h, kMove));
  for (std::uint16_t remaining : {std::uint16_t(11), kInfLen}) {
    const MateProbe p = t.probe(kKey, h, remaining, 2, 3);
    EXPECT_FALSE(p.found) << remaining;
    EXPECT_EQ(p.pn, 2u) << remaining;
    EXPECT_EQ(p.dn, 3u) << remaining;
    EXPECT_EQ(p.len, remaining);
  }
}

// The shortest-mate proof's passes start warm: a shorter limit takes the nearest longer limit's
// numbers as its estimates, and the node stays new (found false).
TEST(MateTable, AShorterLimitStartsFromTheNearestLongerLimitsNumbers) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}}), other = hand_of({{GOLD, 1}, {PAWN, 1}});
  t.store(kKey, h, record(50, 70, 9, h, kMove));
  t.store(kKey, h, record(30, 90, 21, h, kMove));
  t.store(kKey, h, record(20, 400, kUnlimited, h, kMove));
  const auto expect = [&](std::uint16_t remaining, std::uint32_t pn, std::uint32_t dn) {
    const MateProbe p = t.probe(kKey, h, remaining, 2, 3);
    EXPECT_FALSE(p.found) << remaining;
    EXPECT_EQ(p.pn, pn) << remaining;
    EXPECT_EQ(p.dn, dn) << remaining;
    EXPECT_EQ(p.len, remaining);
    EXPECT_EQ(p.hand, h);
    EXPECT_TRUE(p.move.is_none());
  };
  expect(7, 50, 70);
  expect(15, 30, 90);
  expect(400, 20, 400);
  // The exact length is the node's own entry; another hand's numbers never serve, even a dominating one.
  EXPECT_TRUE(t.probe(kKey, h, 21, 2, 3).found);
  EXPECT_EQ(t.probe(kKey, h, 21, 2, 3).pn, 30u);
  const MateProbe q = t.probe(kKey, other, 7, 2, 3);
  EXPECT_FALSE(q.found);
  EXPECT_EQ(q.pn, 2u);
  EXPECT_EQ(q.dn, 3u);
  // A final entry still answers first.
  t.store(kKey, h, disproof(h, 12));
  EXPECT_EQ(t.probe(kKey, h, 7, 2, 3).dn, 0u);
}

// A warm limit leaves out the numbers of longer limits; 0 leaves out every one (a cold probe,
// DfpnSearch::probe_cold).
TEST(MateTable, AWarmLimitLeavesOutTheLongerLimitsNumbers) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, record(30, 90, 21, h, kMove));
  t.store(kKey, h, record(20, 400, kUnlimited, h, kMove));
  const std::uint16_t no_first = kUnlimited - 1;
  MateProbe p = t.probe(kKey, h, 15, 2, 3, no_first);  // the limited pass's numbers still serve
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.pn, 30u);
  EXPECT_EQ(p.dn, 90u);
  p = t.probe(kKey, h, 400, 2, 3, no_first);  // only the first pass's are longer: the caller's estimates
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.pn, 2u);
  EXPECT_EQ(p.dn, 3u);
  EXPECT_EQ(p.len, 400);
  p = t.probe(kKey, h, 400, 2, 3, kInfLen);
  EXPECT_EQ(p.pn, 20u);
  EXPECT_EQ(p.dn, 400u);
  p = t.probe(kKey, h, 15, 2, 3, 20);  // nothing searched under 20 plies or fewer is longer than 15
  EXPECT_EQ(p.pn, 2u);
  EXPECT_EQ(p.dn, 3u);
  p = t.probe(kKey, h, 15, 2, 3, 0);  // a cold probe: no longer limit's numbers at all
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.pn, 2u);
  EXPECT_EQ(p.dn, 3u);
  // The limit never hides the exact length's entry or a final one.
  EXPECT_TRUE(t.probe(kKey, h, 21, 2, 3, no_first).found);
  EXPECT_TRUE(t.probe(kKey, h, 21, 2, 3, 0).found);
  t.store(kKey, h, disproof(h, 500));
  EXPECT_EQ(t.probe(kKey, h, 400, 2, 3, 0).dn, 0u);
}

TEST(MateTable, EstimatesWhenNothingIsKnown) {
  MateTable t(kSmall);
  const Hand h = hand_of({{ROOK, 1}});
  MateProbe p = t.probe(kKey, h, 5, 12, 34);
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.pn, 12u);
  EXPECT_EQ(p.dn, 34u);
  EXPECT_EQ(p.len, 5);
  EXPECT_EQ(p.hand, h);
  EXPECT_TRUE(p.move.is_none());
  // Another board in the same table: still nothing.
  t.store(kKey, h, proof(Hand(), 1));
  p = t.probe(kKey ^ 1, h, 5, 12, 34);
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.pn, 12u);
  EXPECT_EQ(p.dn, 34u);
}

TEST(MateTable, ProofAnswersForEveryDominatingHand) {
  MateTable t(kSmall);
  const Hand p_hand = hand_of({{GOLD, 1}, {PAWN, 1}});
  t.store(kKey, p_hand, proof(p_hand, 5, kMove, 100));
  for (Hand h :
       {p_hand, hand_of({{GOLD, 1}, {PAWN, 1}, {ROOK, 1}}), hand_of({{GOLD, 4}, {PAWN, 18}}), proof_hand::full()}) {
    const MateProbe p = t.probe(kKey, h, 5, 1, 1);
    EXPECT_TRUE(p.found) << ::testing::PrintToString(h);
    EXPECT_EQ(p.pn, 0u) << ::testing::PrintToString(h);
    EXPECT_EQ(p.dn, kInfPn);
    EXPECT_EQ(p.len, 5);
    EXPECT_EQ(p.hand, p_hand);  // the proof hand, not the probed hand
    EXPECT_EQ(p.move, kMove);
  }
  // Smaller or incomparable hands: no proof.
  for (Hand h : {Hand(), hand_of({{GOLD, 1}}), hand_of({{PAWN, 1}}), hand_of({{GOLD, 2}, {ROOK, 2}}),
                 hand_of({{PAWN, 18}, {SILVER, 4}})}) {
    const MateProbe p = t.probe(kKey, h, 5, 1, 1);
    EXPECT_FALSE(proven(p)) << ::testing::PrintToString(h);
    EXPECT_FALSE(disproven(p)) << ::testing::PrintToString(h);
    EXPECT_FALSE(p.found) << ::testing::PrintToString(h);
  }
}

TEST(MateTable, ProofAnswersOnlyWithinItsLength) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, proof(h, 5));
  EXPECT_FALSE(proven(t.probe(kKey, h, 4, 1, 1)));
  EXPECT_FALSE(proven(t.probe(kKey, h, 3, 1, 1)));
  EXPECT_FALSE(proven(t.probe(kKey, h, 0, 1, 1)));
  for (std::uint16_t remaining : {std::uint16_t(5), std::uint16_t(6), std::uint16_t(100), kInfLen})
    EXPECT_TRUE(proven(t.probe(kKey, h, remaining, 1, 1))) << remaining;
}

TEST(MateTable, ShortestApplicableProofWins) {
  MateTable t(kSmall);
  t.store(kKey, hand_of({{GOLD, 1}}), proof(hand_of({{GOLD, 1}}), 7, kMove));
  const Move other = Move::make_drop(GOLD, SQ_22);
  t.store(kKey, hand_of({{GOLD, 2}}), proof(hand_of({{GOLD, 2}}), 3, other));
  const MateProbe p = t.probe(kKey, hand_of({{GOLD, 2}}), 9, 1, 1);
  ASSERT_TRUE(proven(p));
  EXPECT_EQ(p.len, 3);
  EXPECT_EQ(p.move, other);
  // With one gold only the longer proof applies.
  const MateProbe q = t.probe(kKey, hand_of({{GOLD, 1}}), 9, 1, 1);
  ASSERT_TRUE(proven(q));
  EXPECT_EQ(q.len, 7);
}

TEST(MateTable, DisproofAnswersForEveryDominatedHand) {
  MateTable t(kSmall);
  const Hand d = hand_of({{PAWN, 3}, {GOLD, 1}});
  t.store(kKey, d, disproof(d, 7));
  for (Hand h : {d, Hand(), hand_of({{PAWN, 2}}), hand_of({{GOLD, 1}}), hand_of({{PAWN, 3}})}) {
    const MateProbe p = t.probe(kKey, h, 7, 1, 1);
    EXPECT_TRUE(p.found) << ::testing::PrintToString(h);
    EXPECT_EQ(p.dn, 0u) << ::testing::PrintToString(h);
    EXPECT_EQ(p.pn, kInfPn);
    EXPECT_EQ(p.len, 7);
    EXPECT_EQ(p.hand, d);
  }
  for (Hand h : {hand_of({{PAWN, 4}}), hand_of({{GOLD, 2}}), hand_of({{ROOK, 1}}), hand_of({{PAWN, 1}, {LANCE, 1}})}) {
    const MateProbe p = t.probe(kKey, h, 7, 1, 1);
    EXPECT_FALSE(disproven(p)) << ::testing::PrintToString(h);
    EXPECT_FALSE(proven(p)) << ::testing::PrintToString(h);
  }
}

TEST(MateTable, DisproofAnswersOnlyUpToItsLength) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, disproof(h, 7));
  for (std::uint16_t remaining : {0, 1, 5, 7}) EXPECT_TRUE(disproven(t.probe(kKey, h, remaining, 1, 1))) << remaining;
  for (std::uint16_t remaining : {std::uint16_t(8), std::uint16_t(9), kInfLen})
    EXPECT_FALSE(disproven(t.probe(kKey, h, remaining, 1, 1))) << remaining;
}

TEST(MateTable, InfiniteDisproofAnswersAnyLength) {
  MateTable t(kSmall);
  const Hand h = hand_of({{PAWN, 1}});
  t.store(kKey, h, disproof(h, kInfLen));
  for (std::uint16_t remaining :
       {std::uint16_t(0), std::uint16_t(1), std::uint16_t(1001), std::uint16_t(0xfff0), kInfLen}) {
    const MateProbe p = t.probe(kKey, h, remaining, 1, 1);
    EXPECT_TRUE(disproven(p)) << remaining;
    EXPECT_EQ(p.len, kInfLen);
  }
}

TEST(MateTable, ZeroAmountIsStillStored) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, record(4, 4, 3, h, kMove, 0));
  EXPECT_TRUE(t.probe(kKey, h, 3, 1, 1).found);
}

TEST(MateTable, ClearForgets) {
  MateTable t(kSmall);
  const Hand h = hand_of({{GOLD, 1}});
  t.store(kKey, h, proof(h, 1));
  t.store(kKey + 1, h, disproof(h, kInfLen));
  t.store(kKey + 2, h, record(3, 3, 5, h));
  t.clear();
  EXPECT_FALSE(t.probe(kKey, h, 9, 1, 1).found);
  EXPECT_FALSE(t.probe(kKey + 1, h, 9, 1, 1).found);
  EXPECT_FALSE(t.probe(kKey + 2, h, 5, 1, 1).found);
  EXPECT_EQ(t.hashfull(), 0);
}

TEST(MateTable, HashfullGrowsFromZero) {
  MateTable one(256);
  EXPECT_EQ(one.hashfull(), 0);
  for (int i = 1; i <= 14; ++i) {
    one.store(Key(i) * 0x9e3779b97f4a7c15ULL, Hand(), record(1, 1, 3, Hand()));
    EXPECT_EQ(one.hashfull(), std::min(i, MateTable::kClusterSize) * 1000 / MateTable::kClusterSize) << i;
  }

  MateTable t(kSmall);
  std::mt19937_64 rng(5);
  int last = t.hashfull();
  EXPECT_EQ(last, 0);
  for (int i = 0; i < 4000; ++i) {
    t.store(rng(), Hand(), record(1, 1, 3, Hand()));
    const int now = t.hashfull();
    ASSERT_GE(now, last);
    ASSERT_LE(now, 1000);
    last = now;
  }
  EXPECT_GT(last, 500);
}

TEST(MateTable, ReplacementKeepsTheLargestAmounts) {
  MateTable t(256);
  ASSERT_EQ(t.clusters(), 1u);
  ASSERT_EQ(MateTable::kClusterSize, 9);
  const Hand h = hand_of({{GOLD, 1}});
  // Nine entries fill the cluster; amounts 10..90 in a shuffled order.
  const int amounts[9] = {30, 80, 10, 50, 70, 20, 60, 90, 40};
  for (int a : amounts) t.store(Key(1000 + a), h, record(2, 2, 5, h, kMove, std::uint64_t(a)));
  for (int a : amounts) EXPECT_TRUE(t.probe(Key(1000 + a), h, 5, 1, 1).found) << a;
  // A tenth takes the place of the least effort.
  t.store(7, h, record(2, 2, 5, h, kMove, 45));
  EXPECT_FALSE(t.probe(Key(1010), h, 5, 1, 1).found);
  EXPECT_TRUE(t.probe(7, h, 5, 1, 1).found);
  // Many cheap entries go through the cluster without touching the large ones.
  for (int i = 0; i < 100; ++i) t.store(Key(5000 + i), h, record(2, 2, 5, h, kMove, 1));
  for (int a : {30, 40, 50, 60, 70, 80, 90}) EXPECT_TRUE(t.probe(Key(1000 + a), h, 5, 1, 1).found) << a;
  EXPECT_TRUE(t.probe(7, h, 5, 1, 1).found);
  EXPECT_TRUE(t.probe(Key(5099), h, 5, 1, 1).found);  // the newest is held
}

// One board met with many attacker hands (明日香 meets boards with dozens): its home cluster holds
// nine, the rest spill into the next cluster, and every one is found again, also after a collection
// that spares them and after the table is saved and restored slot by slot.
Hand nth_hand(int i) { return hand_of({{PAWN, i % 19}, {GOLD, i / 19}}); }

TEST(MateTable, CrowdedBoardSpillsIntoTheNextCluster) {
  MateTable t(kSmall);
  constexpr int kHands = 15;
  for (int i = 0; i < kHands; ++i) t.store(kKey, nth_hand(i), record(3 + i, 4 + i, 9, nth_hand(i), kMove, 1000));
  const auto all_found = [&](const MateTable& table) {
    for (int i = 0; i < kHands; ++i) {
      const MateProbe p = table.probe(kKey, nth_hand(i), 9, 1, 1);
      EXPECT_TRUE(p.found) << i;
      EXPECT_EQ(p.pn, std::uint32_t(3 + i)) << i;
      EXPECT_EQ(p.dn, std::uint32_t(4 + i)) << i;
      EXPECT_TRUE(table.parent(kKey, nth_hand(i)).found) << i;
    }
  };
  all_found(t);
  // An update of a spilled node goes to its entry, not to a second one.
  t.store(kKey, nth_hand(kHands - 1), record(77, 88, 9, nth_hand(kHands - 1), kMove, 1000));
  EXPECT_EQ(t.probe(kKey, nth_hand(kHands - 1), 9, 1, 1).pn, 77u);
  t.store(kKey, nth_hand(kHands - 1), record(3 + kHands - 1, 4 + kHands - 1, 9, nth_hand(kHands - 1), kMove, 1000));
  int used = 0;
  t.for_each_entry([&](std::size_t, int, const MateEntry&) { ++used; });
  EXPECT_EQ(used, kHands);

  // Saved and restored slot by slot (the table file's way).
  MateTable restored(kSmall);
  t.for_each_entry([&](std::size_t c, int s, const MateEntry& e) { EXPECT_TRUE(restored.put_entry(c, s, e)); });
  all_found(restored);

  // A collection of smaller entries spares them; one of everything empties the table.
  for (int i = 0; i < 3000; ++i) t.store(Key(i) * 0x9e3779b97f4a7c15ULL, nth_hand(0), record(2, 2, 9, nth_hand(0)));
  t.collect_below(1);  // the amount code of one node, unfinished
  all_found(t);
  t.collect_below(255 + MateTable::kFinalBonus);
  for (int i = 0; i < kHands; ++i) EXPECT_FALSE(t.probe(kKey, nth_hand(i), 9, 1, 1).found) << i;
}

// Spilling takes an empty slot of the next cluster, or an entry there worth less than the home's least;
// the next cluster's own boards keep their worthier entries.
TEST(MateTable, SpillingSparesTheNextClustersWorthierEntries) {
  MateTable t(kSmall);
  const std::size_t home = table_index(kKey, t.clusters());
  ASSERT_LT(home + 1, t.clusters());
  Key next = 1;
  while (table_index(next, t.clusters()) != home + 1) next = next * 0x9e3779b97f4a7c15ULL + 1;
  for (int i = 0; i < 5; ++i) t.store(next, nth_hand(i), record(2, 2, 9, nth_hand(i), kMove, i < 4 ? 500 : 2));
  for (int i = 0; i < 20; ++i) t.store(kKey, nth_hand(i), record(2, 2, 9, nth_hand(i), kMove, 500));
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(t.probe(next, nth_hand(i), 9, 1, 1).found) << i;
  EXPECT_FALSE(t.probe(next, nth_hand(4), 9, 1, 1).found) << "worth less than the crowded home's least";
  int found = 0;
  for (int i = 0; i < 20; ++i) found += t.probe(kKey, nth_hand(i), 9, 1, 1).found;
  EXPECT_EQ(found, 9 + 5);  // the home's nine, the next cluster's four empty slots and its cheap entry
  EXPECT_TRUE(t.probe(kKey, nth_hand(19), 9, 1, 1).found) << "the newest is held";
}

TEST(MateTable, AmountCodesAreLogarithmicAndMonotone) {
  EXPECT_EQ(amount_code(0), 0);
  EXPECT_EQ(amount_code(1), 1);
  EXPECT_EQ(amount_code(2), 9);   // eight steps to a doubling
  EXPECT_EQ(amount_code(3), 13);  // halfway in between
  EXPECT_EQ(amount_code(std::uint64_t(1) << 20), 161);
  EXPECT_EQ(amount_code(~std::uint64_t(0)), MateTable::kProtectedCode - 1);  // the top code is a protection's
  int last = 0;
  for (std::uint64_t a = 1; a < (std::uint64_t(1) << 40); a += a / 7 + 1) {
    const int code = amount_code(a);
    ASSERT_GE(code, last) << a;
    ASSERT_LT(code, MateTable::kProtectedCode);
    last = code;
  }
}

TEST(MateTable, CollectionEmptiesTheLeastWorthAndSparesFinalResults) {
  MateTable t(256);
  const Hand h = hand_of({{GOLD, 1}});
  // Unknown entries of amounts 1, 2, 4, 8 (codes 1, 9, 17, 25); a proof and a disproof of amount 2.
  for (int i = 0; i < 4; ++i) t.store(Key(100 + i), h, record(3, 3, 5, h, kMove, std::uint64_t(1) << i));
  t.store(Key(200), h, proof(h, 5, kMove, 2));
  t.store(Key(201), h, disproof(h, 5, 2));
  // Worth 17 or less: the unknown entries of codes 1, 9 and 17 go; the final ones are worth 9 + 16.
  EXPECT_EQ(t.collect_below(17), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(t.probe(Key(100 + i), h, 5, 1, 1).found) << i;
  EXPECT_TRUE(t.probe(Key(103), h, 5, 1, 1).found);
  EXPECT_TRUE(proven(t.probe(Key(200), h, 5, 1, 1)));
  EXPECT_TRUE(disproven(t.probe(Key(201), h, 5, 1, 1)));
  EXPECT_EQ(t.collect_below(25), 3u);
  EXPECT_EQ(t.hashfull(), 0);
}

// A protected proof (the answer's proof tree, mate_pv.h's protect_proof) outlives the replacement and
// the collections that take every other entry, and gets its own worth back when unprotected.
TEST(MateTable, AProtectedProofOutlivesReplacementAndCollection) {
  MateTable t(256);
  ASSERT_EQ(t.clusters(), 1u);
  const Hand h = hand_of({{GOLD, 1}});
  const Hand more = hand_of({{GOLD, 2}});
  t.store(Key(1), h, proof(h, 7, kMove, 2));     // the proof to protect
  t.store(Key(2), h, proof(h, 7, kMove, 1000));  // a costlier proof of another node, not protected
  t.store(Key(3), h, proof(h, 9, kMove, 2));     // a proof too long for the probe below
  std::vector<MateTable::Raised> raised;
  EXPECT_FALSE(t.protect(Key(1), more, 7, raised));  // what a probe with more in hand would answer from
  EXPECT_FALSE(t.protect(Key(3), more, 7, raised));  // a proof longer than the plies left is not the answer's
  EXPECT_FALSE(t.protect(Key(4), more, 7, raised));  // nothing held
  ASSERT_EQ(raised.size(), 1u);
  EXPECT_TRUE(t.protect(Key(1), more, 7, raised));  // raised once only, and said so
  ASSERT_EQ(raised.size(), 1u);
  // Costlier entries pour through the one cluster: the protected proof stays, the other proofs go.
  for (int i = 0; i < 50; ++i) t.store(Key(100 + i), h, record(2, 2, 5, h, kMove, 1000000));
  EXPECT_TRUE(proven(t.probe(Key(1), more, 7)));
  EXPECT_FALSE(t.probe(Key(2), h, 7).found);
  // A collection of everything below the top worth spares it; so does the largest one collect() picks.
  t.collect_below(MateTable::kProtectedCode + MateTable::kFinalBonus - 1);
  EXPECT_TRUE(proven(t.probe(Key(1), more, 7)));
  for (int i = 0; i < 9; ++i) t.store(Key(300 + i), h, proof(h, 3, kMove, 1));
  EXPECT_TRUE(proven(t.probe(Key(1), more, 7)));
  // A table saved and restored (a long solve resumed) holds no protection: that was the saving solve's.
  MateTable copy(256);
  t.for_each_entry([&](std::size_t c, int s, const MateEntry& e) { copy.put_entry(c, s, e); });
  int top = 0;
  copy.for_each_entry(
      [&](std::size_t, int, const MateEntry& e) { top += (e.tag_lo & 0xff) == MateTable::kProtectedCode; });
  EXPECT_EQ(top, 0);
  EXPECT_TRUE(proven(copy.probe(Key(1), more, 7)));
  // Unprotected, it is worth what its amount says: the next cheap store may take its place.
  t.unprotect(raised);
  t.collect_below(2 + MateTable::kFinalBonus + 8);
  EXPECT_FALSE(t.probe(Key(1), more, 7).found);
}

TEST(MateTable, CollectionStartsWhenFullAndHalvesTheTable) {
  MateTable t(std::size_t(1) << 20);  // 4096 clusters
  std::mt19937_64 rng(11);
  const Hand h = hand_of({{PAWN, 1}});
  const int entries = int(t.clusters()) * MateTable::kClusterSize;
  std::vector<Key> big;
  for (int i = 0; i < entries / 2; ++i) {  // half full: nothing to collect
    const Key k = rng();
    t.store(k, h, record(5, 5, 9, h, kMove, 1 + rng() % 1000));
  }
  EXPECT_FALSE(t.collect());
  EXPECT_EQ(t.collections().runs, 0u);
  for (int i = 0; i < 4 * entries; ++i) {
    const Key k = rng();
    const bool large = i % 97 == 0;
    t.store(k, h, record(5, 5, 9, h, kMove, large ? 1000000 : 1 + rng() % 1000));
    if (large) big.push_back(k);
  }
  ASSERT_GE(t.hashfull(), MateTable::kCollectAt);
  EXPECT_TRUE(t.collect());
  const MateCollections gc = t.collections();
  EXPECT_EQ(gc.runs, 1u);
  EXPECT_GE(double(gc.removed), 0.4 * entries);
  EXPECT_LT(t.hashfull(), 650);
  // The entries with the most work below them stay (those the stores after them did not push out).
  int kept = 0;
  for (Key k : big) kept += t.probe(k, h, 9, 1, 1).found;
  EXPECT_GT(kept, int(big.size()) * 9 / 10);
  // A table below the mark again does not collect.
  EXPECT_FALSE(t.collect());
}

// A full one-cluster table under random traffic. The stored facts agree with a hidden truth per board
// (mate within r plies iff the hand dominates T and r >= L), so a final answer can be checked two ways:
// some stored final record must allow it by the table's rule, and the truth must agree.
struct Truth {
  Hand threshold;
  std::uint16_t len;
  bool mates(Hand h, std::uint16_t remaining) const { return h.dominates(threshold) && remaining >= len; }
};

struct StoredFinal {
  Key key;
  MateRecord r;
};

Hand small_random_hand(std::mt19937& rng) {
  Hand h;
  h.set(PAWN, int(rng() % 4));
  h.set(GOLD, int(rng() % 3));
  h.set(SILVER, int(rng() % 2));
  return h;
}

// With one cluster (a cluster that cannot spill), two (each spills into the other) and three, with
// collections now and then.
class MateTableUnderTraffic : public ::testing::TestWithParam<std::size_t> {};

TEST_P(MateTableUnderTraffic, FullClustersForgetButNeverAnswerWrongly) {
  MateTable t(256 * GetParam());
  ASSERT_EQ(t.clusters(), GetParam());
  std::mt19937 rng(42);
  constexpr int kBoards = 6;
  Key keys[kBoards];
  Truth truth[kBoards];
  for (int b = 0; b < kBoards; ++b) {
    keys[b] = (Key(b + 1) << 40) * 0x9e3779b97f4a7c15ULL + 1;
    truth[b] = Truth{small_random_hand(rng), std::uint16_t(1 + 2 * (rng() % 4))};
  }
  std::vector<StoredFinal> finals;
  const std::uint16_t lengths[] = {1, 3, 5, 7, 9, kInfLen};
  int answered_proven = 0, answered_disproven = 0;

  for (int step = 0; step < 3000; ++step) {
    if (GetParam() > 1 && step % 700 == 350) t.collect_below(int(rng() % 40));
    const int b = int(rng() % kBoards);
    const Truth& tr = truth[b];
    const unsigned kind = rng() % 10;
    const std::uint64_t amount = 1 + rng() % 200;
    MateRecord r;
    if (kind < 7) {
      // Unknown numbers, sometimes on a board outside the truth set (a random key).
      const Hand h = small_random_hand(rng);
      r = record(1 + rng() % 500, 1 + rng() % 500, lengths[rng() % 5], h, kMove, amount);
      const Key key = kind == 0 ? Key(rng()) << 32 | rng() : keys[b];
      t.store(key, h, r);
      const MateProbe p = t.probe(key, h, r.len, 1, 1);
      if (!proven(p) && !disproven(p)) {
        EXPECT_TRUE(p.found) << step;
        EXPECT_GE(p.pn, r.pn) << step;
        EXPECT_GE(p.dn, r.dn) << step;
      }
      if (kind == 0) continue;
    } else if (kind < 8) {
      // A proof: any hand over the threshold, any length from the truth's up.
      Hand p_hand = proof_hand::max(tr.threshold, small_random_hand(rng));
      if (rng() % 2) p_hand = tr.threshold;
      r = proof(p_hand, std::uint16_t(tr.len + 2 * (rng() % 3)), Move::make_drop(GOLD, Square(rng() % 81)), amount);
      t.store(keys[b], p_hand, r);
      finals.push_back(StoredFinal{keys[b], r});
      const MateProbe p = t.probe(keys[b], p_hand, r.len, 1, 1);
      EXPECT_TRUE(proven(p)) << "a proof just stored is forgotten at step " << step;
      EXPECT_LE(p.len, r.len);
    } else {
      // A disproof: a hand that lacks the threshold (any length), or any hand below the truth's length.
      Hand d_hand = small_random_hand(rng);
      std::uint16_t len;
      if (!d_hand.dominates(tr.threshold) && rng() % 2)
        len = kInfLen;
      else if (tr.len >= 2)
        len = std::uint16_t(tr.len - 1 - 2 * (rng() % ((tr.len + 1) / 2)));
      else
        continue;
      if (len > tr.len && d_hand.dominates(tr.threshold)) continue;
      r = disproof(d_hand, len, amount);
      t.store(keys[b], d_hand, r);
      finals.push_back(StoredFinal{keys[b], r});
      const MateProbe p = t.probe(keys[b], d_hand, len, 1, 1);
      EXPECT_TRUE(disproven(p)) << "a disproof just stored is forgotten at step " << step;
      EXPECT_GE(p.len, len);
    }

    // Probe every board with a few hands and lengths; every final answer must be justified.
    for (int q = 0; q < 8; ++q) {
      const int qb = int(rng() % kBoards);
      const Hand h = small_random_hand(rng);
      const std::uint16_t remaining = lengths[rng() % 6];
      const MateProbe p = t.probe(keys[qb], h, remaining, 1, 1);
      if (proven(p)) {
        ++answered_proven;
        EXPECT_TRUE(truth[qb].mates(h, remaining)) << step;
        bool justified = false;
        for (const StoredFinal& f : finals)
          justified |= f.key == keys[qb] && f.r.pn == 0 && f.r.hand == p.hand && f.r.len == p.len &&
                       f.r.move == p.move && h.dominates(f.r.hand) && f.r.len <= remaining;
        EXPECT_TRUE(justified) << "unjustified proof at step " << step << " for " << ::testing::PrintToString(h);
        EXPECT_TRUE(p.found);
      } else if (disproven(p)) {
        ++answered_disproven;
        EXPECT_FALSE(truth[qb].mates(h, remaining)) << step;
        bool justified = false;
        for (const StoredFinal& f : finals)
          justified |= f.key == keys[qb] && f.r.dn == 0 && f.r.hand == p.hand && f.r.len == p.len &&
                       f.r.hand.dominates(h) && f.r.len >= remaining;
        EXPECT_TRUE(justified) << "unjustified disproof at step " << step << " for " << ::testing::PrintToString(h);
        EXPECT_TRUE(p.found);
      }
    }
  }
  // The test did exercise both kinds of answer.
  EXPECT_GT(answered_proven, 20);
  EXPECT_GT(answered_disproven, 20);
  EXPECT_EQ(t.hashfull(), 1000);
}

INSTANTIATE_TEST_SUITE_P(Clusters, MateTableUnderTraffic, ::testing::Values(1, 2, 3));

// Concurrent use (several workers over one table, set_concurrent(true)): every entry a probe reads is
// one some thread stored whole, never a mix of two stores. Each thread stores records whose fields
// all derive from one number, on few boards so that threads keep meeting in the same clusters.
TEST(MateTable, ConcurrentStoresAndProbesSeeWholeEntries) {
  MateTable t(4 * 256);  // four clusters
  t.set_concurrent(true);
  constexpr int kThreads = 4;
  constexpr int kSteps = 20000;
  // An unknown result whose numbers follow from v; one hand per board, so a probe reads one entry.
  const auto record_of = [](std::uint32_t v, int board) {
    return MateRecord{v + 1, 2 * v + 1, 7, hand_of({{PAWN, board}}), Move::none(), v + 1};
  };
  std::vector<int> torn(kThreads, 0), seen(kThreads, 0);
  std::vector<std::thread> workers;
  for (int w = 0; w < kThreads; ++w)
    workers.emplace_back([&, w] {
      std::mt19937 rng(std::uint32_t(w + 1));
      for (int step = 0; step < kSteps; ++step) {
        const int board = int(rng() % 8);
        const Key key = 0x1000 + std::uint64_t(board) * 0x9e3779b97f4a7c15ULL;
        const MateRecord r = record_of(rng() % 1000, board);
        if (rng() % 2) {
          t.store(key, r.hand, r);
        } else {
          const MateProbe p = t.probe(key, r.hand, 7, 1, 1);
          if (!p.found) continue;
          ++seen[std::size_t(w)];
          if (p.dn != 2 * (p.pn - 1) + 1 || p.len != 7) ++torn[std::size_t(w)];
        }
      }
    });
  for (std::thread& th : workers) th.join();
  for (int w = 0; w < kThreads; ++w) {
    EXPECT_EQ(torn[std::size_t(w)], 0) << "thread " << w;
    EXPECT_GT(seen[std::size_t(w)], 0) << "thread " << w << " never found an entry";
  }
  EXPECT_GT(t.hashfull(), 0);
}

// Lock waits: counted only where a lock was found held (stores by several threads into one cluster),
// never by a lone thread nor by probes, which take no lock (the sequence lock): threads that only probe
// a cluster another thread keeps storing into wait for no lock, and read whole entries.
TEST(MateTable, OnlyContendedStoresWaitAndProbesTakeNoLock) {
  MateTable t(4 * 256);
  t.set_concurrent(true);
  const Key key = 0x9e3779b97f4a7c15ULL;
  const Hand h = hand_of({{PAWN, 1}});
  for (std::uint32_t v = 0; v < 1000; ++v) t.store(key, h, MateRecord{v + 1, 2 * v + 1, 7, h, Move::none(), 1});
  EXPECT_EQ(t.lock_waits(MateTable::lock_slot()).waits, 0u) << "one thread never waits";

  // Probers beside one storer: all outside any arena, so they share the slot lock_slot() gives (0).
  std::atomic<bool> stop{false};
  std::atomic<int> torn{0}, seen{0};
  std::vector<std::thread> probers;
  for (int w = 0; w < 3; ++w)
    probers.emplace_back([&] {
      while (!stop.load(std::memory_order_relaxed)) {
        const MateProbe p = t.probe(key, h, 7, 1, 1);
        if (!p.found) continue;
        seen.fetch_add(1, std::memory_order_relaxed);
        if (p.dn != 2 * (p.pn - 1) + 1) torn.fetch_add(1, std::memory_order_relaxed);
      }
    });
  for (std::uint32_t v = 0; v < 200000 || (seen.load() < 1000 && v < 50'000'000); ++v)
    t.store(key, h, MateRecord{v % 5000 + 1, 2 * (v % 5000) + 1, 7, h, Move::none(), 1});
  stop = true;
  for (std::thread& th : probers) th.join();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GT(seen.load(), 0);
  EXPECT_EQ(t.lock_waits(0).waits, 0u) << "a probe waited for a lock, or took one the storer waited for";

  // Storers into one cluster: some store finds the lock held (they go on until one does, up to a cap).
  std::vector<std::thread> storers;
  for (int w = 0; w < 4; ++w)
    storers.emplace_back([&, w] {
      for (std::uint32_t v = 0; v < 20'000'000 && t.lock_waits(0).waits == 0; ++v)
        t.store(key, h, MateRecord{v % 5000 + 1, 2 * (v % 5000) + 1, 7, h, Move::none(), std::uint64_t(w + 1)});
    });
  for (std::thread& th : storers) th.join();
  EXPECT_GT(t.lock_waits(0).waits, 0u);
}

// A collection sweeping while workers store and probe: they never see a torn entry, and each
// collection is made by one caller at a time (collect() refuses a second one at once).
TEST(MateTable, CollectionsRunBesideTheWorkers) {
  MateTable t(64 * 256);
  t.set_concurrent(true);
  constexpr int kThreads = 3;
  std::atomic<bool> done{false};
  std::atomic<int> torn{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < kThreads; ++w)
    workers.emplace_back([&, w] {
      std::mt19937_64 rng(std::uint64_t(w + 7));
      // Work on until the collector has swept a few times beside us: on a loaded machine it may
      // not be scheduled at all during a fixed number of steps. The cap ends a table that never
      // fills, and then the expectation below fails.
      for (int step = 0; step < 4'000'000 && (step < 40000 || t.collections().runs < 3); ++step) {
        const Key key = rng() % 2000 * 0x9e3779b97f4a7c15ULL;
        const auto v = std::uint32_t(rng() % 1000);
        const Hand h = hand_of({{PAWN, int(key % 5)}});
        if (step % 3 != 0) {
          t.store(key, h, MateRecord{v + 1, 2 * v + 1, 9, h, Move::none(), 1 + rng() % 5000});
        } else {
          const MateProbe p = t.probe(key, h, 9, 1, 1);
          if (p.found && (p.dn != 2 * (p.pn - 1) + 1 || p.len != 9)) ++torn;
        }
      }
    });
  std::thread collector([&] {
    while (!done.load()) t.collect();
  });
  for (std::thread& th : workers) th.join();
  done = true;
  collector.join();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GE(t.collections().runs, 3u);
}

}  // namespace
}  // namespace tsumi
