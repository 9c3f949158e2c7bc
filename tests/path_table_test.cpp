// Tests of solver/path_table.h: path-dependent disproofs by node and segment, by length.

#include "solver/path_table.h"

#include <cstdint>
#include <random>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

constexpr Key kNode = 0x0123456789abcdefULL;
constexpr Key kSegment = 0x7edcba9876543211ULL;

TEST(PathTable, EmptyTableHoldsNothing) {
  const PathTable t(64);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 1000; ++i) {
    // Odd keys: an empty slot holds key 0 with length 0, so key 0 alone would read as disproven at
    // length 0 (a segment key of 0 has probability 2^-64).
    const Key k = rng() | 1;
    EXPECT_EQ(t.distance(k), 0) << k;
    EXPECT_FALSE(t.disproven(kNode, k, 0).found) << k;
    EXPECT_FALSE(t.disproven(kNode, k, 9).found) << k;
  }
}

TEST(PathTable, TheNodeKeepsItsDistance) {
  PathTable t;
  t.store(kNode, kSegment, 5, 3, Hand());
  EXPECT_EQ(t.distance(kNode), 3);
  EXPECT_EQ(t.distance(kNode + 1), 0);
  EXPECT_EQ(t.distance(kSegment), 0);              // the entry is not a marker
  t.store(kNode, kSegment ^ 0x100, 5, 6, Hand());  // the last stored wins
  EXPECT_EQ(t.distance(kNode), 6);
}

TEST(PathTable, DisproofCoversItsLengthAndShorter) {
  PathTable t;
  t.store(kNode, kSegment, 5, 3, Hand());
  for (std::uint16_t r = 0; r <= 5; ++r) EXPECT_TRUE(t.disproven(kNode, kSegment, r).found) << r;
  EXPECT_FALSE(t.disproven(kNode, kSegment, 6).found);
  EXPECT_FALSE(t.disproven(kNode, kSegment, 0xfff0).found);
}

TEST(PathTable, HitCarriesLengthAndDistance) {
  PathTable t;
  t.store(kNode, kSegment, 12, 7, Hand());
  const PathTable::Hit hit = t.disproven(kNode, kSegment, 4);
  ASSERT_TRUE(hit.found);
  EXPECT_EQ(hit.len, 12);
  EXPECT_EQ(hit.distance, 7);
}

// The disproof hand comes back as stored: the parent's disproof hand is built from it, and a full hand
// in its place let an ancestor's table entry claim "no mate" for hands the disproof never covered.
TEST(PathTable, HitCarriesTheDisproofHand) {
  PathTable t;
  Hand h;
  h.add(ROOK, 1);
  h.add(PAWN, 3);
  t.store(kNode, kSegment, 12, 7, h);
  const PathTable::Hit hit = t.disproven(kNode, kSegment, 12);
  ASSERT_TRUE(hit.found);
  EXPECT_EQ(hit.hand, h);
  t.store(kNode, kSegment, 12, 7, Hand());
  EXPECT_EQ(t.disproven(kNode, kSegment, 12).hand, Hand());
}

TEST(PathTable, UnlimitedDisproof) {
  PathTable t;
  t.store(kNode, kSegment, 0xfff0, 3, Hand());
  EXPECT_TRUE(t.disproven(kNode, kSegment, 0xfff0).found);
  EXPECT_TRUE(t.disproven(kNode, kSegment, 1).found);
}

TEST(PathTable, OnlyTheSameSegmentAnswers) {
  PathTable t(1024);
  t.store(kNode, kSegment, 9, 3, Hand());
  EXPECT_FALSE(t.disproven(kNode, kSegment + 1, 0).found);
  // Another segment of the same node in the same slot (the low bits of the entry key are the segment's
  // XOR the node's mix) is not mistaken for the stored one, and replaces it.
  const Key same_slot = kSegment + 1024;
  EXPECT_FALSE(t.disproven(kNode, same_slot, 0).found);
  t.store(kNode, same_slot, 9, 3, Hand());
  EXPECT_TRUE(t.disproven(kNode, same_slot, 9).found);
  EXPECT_FALSE(t.disproven(kNode, kSegment, 0).found);
}

// The same set of positions ends at different nodes on different paths (X A N and N A X): a probe for
// N must not get X's disproof. Keyed by the segment alone, it did, and 新桃花源 (a mate in 1215) was
// answered "no mate" after 60 s.
TEST(PathTable, TheSegmentOfAnotherNodeDoesNotAnswer) {
  PathTable t;
  t.store(kNode, kSegment, 9, 2, Hand());
  EXPECT_TRUE(t.disproven(kNode, kSegment, 9).found);
  EXPECT_FALSE(t.disproven(kNode + 1, kSegment, 0).found);
}

TEST(PathTable, StoreOverwritesTheLength) {
  PathTable t;
  t.store(kNode, kSegment, 9, 3, Hand());
  t.store(kNode, kSegment, 3, 3, Hand());
  EXPECT_TRUE(t.disproven(kNode, kSegment, 3).found);
  EXPECT_FALSE(t.disproven(kNode, kSegment, 4).found);
}

TEST(PathTable, ManyDisproofsInABigTable) {
  PathTable t(std::size_t(1) << 16);
  std::mt19937_64 rng(11);
  std::set<Key> nodes, segments;
  std::vector<std::pair<Key, Key>> stored;
  for (int i = 0; i < 200; ++i) {
    const Key node = rng() | 1, segment = rng() | 1;
    t.store(node, segment, 7, 3, Hand());
    nodes.insert(node), segments.insert(segment), stored.emplace_back(node, segment);
  }
  int held = 0, marked = 0;
  for (const auto& [node, segment] : stored) held += t.disproven(node, segment, 7).found;
  for (Key k : nodes) marked += t.distance(k) == 3;
  EXPECT_GE(held, 190);  // direct-mapped: a rare collision loses an entry, never invents one
  EXPECT_GE(marked, 190);
  for (int i = 0; i < 1000; ++i) {
    const Key k = rng() | 1;
    if (!segments.count(k)) {
      EXPECT_FALSE(t.disproven(kNode, k, 0).found);
    }
    if (!nodes.count(k)) {
      EXPECT_EQ(t.distance(k), 0);
    }
  }
}

TEST(PathTable, ClearForgets) {
  PathTable t(128);
  for (Key k = 1; k <= 300; ++k) t.store(k, k * 0x9e3779b97f4a7c15ULL, 9, 3, Hand());
  t.clear();
  for (Key k = 1; k <= 300; ++k) {
    EXPECT_FALSE(t.disproven(k, k * 0x9e3779b97f4a7c15ULL, 0).found) << k;
    EXPECT_EQ(t.distance(k), 0) << k;
  }
}

// The shared table's filter: never a false "not held" for a stored node.
TEST(PathTable, TheFilterNeverDeniesAStoredNode) {
  PathTable t(1024, std::size_t(1) << 12);
  std::mt19937_64 rng(5);
  EXPECT_FALSE(t.maybe_holds(rng()));
  std::vector<Key> nodes;
  for (int i = 0; i < 300; ++i) nodes.push_back(rng());
  for (Key k : nodes) t.store(k, rng() | 1, 9, 2, Hand());
  for (Key k : nodes) EXPECT_TRUE(t.maybe_holds(k)) << k;
  int maybe = 0;
  for (int i = 0; i < 1000; ++i) maybe += t.maybe_holds(rng());
  EXPECT_LT(maybe, 200);  // 300 of 4096 bits set: a filter, not "yes" to everything
}

// Shared by several threads (the workers of one solve): writers race on the same slots, and a reader
// finds either nothing or an entry exactly as some writer stored it, never one torn between two.
TEST(PathTable, ConcurrentWritersNeverTearAnEntry) {
  PathTable t(64);  // few slots: the writers collide all the time
  // An entry's length, distance and hand are all functions of its key, so a torn one shows.
  const auto len_of = [](Key k) { return std::uint16_t(k >> 48 | 1); };
  const auto distance_of = [](Key k) { return std::uint16_t(k >> 32 | 1); };
  const auto hand_of = [](Key k) { return Hand(std::uint32_t(k) & 0x0fffffffu); };
  constexpr int kThreads = 4, kRounds = 20000;
  std::vector<std::thread> threads;
  std::vector<int> bad(kThreads, 0), hits(kThreads, 0);
  for (int w = 0; w < kThreads; ++w)
    threads.emplace_back([&, w] {
      std::mt19937_64 rng(100 + w);
      std::vector<Key> keys;
      for (int i = 0; i < 256; ++i) keys.push_back(rng() | 1);
      for (int i = 0; i < kRounds; ++i) {
        const Key k = keys[std::size_t(i / 2) % keys.size()];  // stored, then read back
        if (i % 2 == 0) {
          t.store(~k, k, len_of(k), distance_of(k), hand_of(k));
        } else if (const PathTable::Hit h = t.disproven(~k, k, 0); h.found) {
          ++hits[std::size_t(w)];
          bad[std::size_t(w)] += h.len != len_of(k) || h.distance != distance_of(k) || h.hand != hand_of(k);
        }
      }
    });
  for (std::thread& th : threads) th.join();
  int all_hits = 0;
  for (int w = 0; w < kThreads; ++w) {
    EXPECT_EQ(bad[std::size_t(w)], 0) << "thread " << w;
    all_hits += hits[std::size_t(w)];
  }
  EXPECT_GT(all_hits, 0) << "no reader found an entry: the test tests nothing";
}

TEST(PathTable, UsedUntilCleared) {
  PathTable t(64);
  EXPECT_FALSE(t.used());
  t.store(kNode, kSegment, 3, 1, Hand());
  EXPECT_TRUE(t.used());
  t.clear();
  EXPECT_FALSE(t.used());
  EXPECT_EQ(t.entries(), 64u);
}

}  // namespace
}  // namespace tsumi
