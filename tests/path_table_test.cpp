// Tests of solver/path_table.h: path-dependent disproofs by path key and length, and the path keys.

#include "solver/path_table.h"

#include <cstdint>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

constexpr Key kPath = 0x0123456789abcdefULL;

TEST(PathTable, EmptyTableHoldsNothing) {
  const PathTable t(64);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 1000; ++i) {
    // Odd keys: an empty slot holds key 0 with length 0, so key 0 alone would read as disproven at
    // length 0 (a path key of 0 has probability 2^-64).
    const Key k = rng() | 1;
    EXPECT_FALSE(t.disproven(k, 0).found) << k;
    EXPECT_FALSE(t.disproven(k, 9).found) << k;
  }
}

TEST(PathTable, DisproofCoversItsLengthAndShorter) {
  PathTable t;
  t.store(kPath, 5, 3, Hand());
  for (std::uint16_t r = 0; r <= 5; ++r) EXPECT_TRUE(t.disproven(kPath, r).found) << r;
  EXPECT_FALSE(t.disproven(kPath, 6).found);
  EXPECT_FALSE(t.disproven(kPath, 0xfff0).found);
}

TEST(PathTable, HitCarriesLengthAndLoopPly) {
  PathTable t;
  t.store(kPath, 12, 7, Hand());
  const PathTable::Hit hit = t.disproven(kPath, 4);
  ASSERT_TRUE(hit.found);
  EXPECT_EQ(hit.len, 12);
  EXPECT_EQ(hit.loop_ply, 7);
}

// The disproof hand comes back as stored: the parent's disproof hand is built from it, and a full hand
// in its place let an ancestor's table entry claim "no mate" for hands the disproof never covered.
TEST(PathTable, HitCarriesTheDisproofHand) {
  PathTable t;
  Hand h;
  h.add(ROOK, 1);
  h.add(PAWN, 3);
  t.store(kPath, 12, 7, h);
  const PathTable::Hit hit = t.disproven(kPath, 12);
  ASSERT_TRUE(hit.found);
  EXPECT_EQ(hit.hand, h);
  t.store(kPath, 12, 7, Hand());
  EXPECT_EQ(t.disproven(kPath, 12).hand, Hand());
}

TEST(PathTable, UnlimitedDisproof) {
  PathTable t;
  t.store(kPath, 0xfff0, 3, Hand());
  EXPECT_TRUE(t.disproven(kPath, 0xfff0).found);
  EXPECT_TRUE(t.disproven(kPath, 1).found);
}

TEST(PathTable, OnlyTheSamePathAnswers) {
  PathTable t(1024);
  t.store(kPath, 9, 3, Hand());
  EXPECT_FALSE(t.disproven(kPath + 1, 0).found);
  // Another key in the same slot is not mistaken for the stored one, and replaces it.
  const Key same_slot = kPath + 1024;
  EXPECT_FALSE(t.disproven(same_slot, 0).found);
  t.store(same_slot, 9, 3, Hand());
  EXPECT_TRUE(t.disproven(same_slot, 9).found);
  EXPECT_FALSE(t.disproven(kPath, 0).found);
}

TEST(PathTable, StoreOverwritesTheLength) {
  PathTable t;
  t.store(kPath, 9, 3, Hand());
  t.store(kPath, 3, 3, Hand());
  EXPECT_TRUE(t.disproven(kPath, 3).found);
  EXPECT_FALSE(t.disproven(kPath, 4).found);
}

TEST(PathTable, ManyPathsInABigTable) {
  PathTable t(std::size_t(1) << 16);
  std::mt19937_64 rng(11);
  std::set<Key> stored;
  for (int i = 0; i < 200; ++i) {
    const Key k = rng() | 1;
    t.store(k, 7, 3, Hand());
    stored.insert(k);
  }
  int held = 0;
  for (Key k : stored) held += t.disproven(k, 7).found;
  EXPECT_GE(held, 195);  // direct-mapped: a rare collision loses an entry, never invents one
  for (int i = 0; i < 1000; ++i) {
    const Key k = rng() | 1;
    if (!stored.count(k)) {
      EXPECT_FALSE(t.disproven(k, 0).found);
    }
  }
}

TEST(PathTable, ClearForgets) {
  PathTable t(128);
  for (Key k = 1; k <= 300; ++k) t.store(k * 0x9e3779b97f4a7c15ULL, 9, 3, Hand());
  t.clear();
  for (Key k = 1; k <= 300; ++k) EXPECT_FALSE(t.disproven(k * 0x9e3779b97f4a7c15ULL, 0).found) << k;
}

// Shared by several threads (the workers of one solve): writers race on the same slots, and a reader
// finds either nothing or an entry exactly as some writer stored it, never one torn between two.
TEST(PathTable, ConcurrentWritersNeverTearAnEntry) {
  PathTable t(64);  // few slots: the writers collide all the time
  // An entry's length, loop ply and hand are all functions of its key, so a torn one shows.
  const auto len_of = [](Key k) { return std::uint16_t(k >> 48 | 1); };
  const auto loop_of = [](Key k) { return std::uint16_t(k >> 32); };
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
          t.store(k, len_of(k), loop_of(k), hand_of(k));
        } else if (const PathTable::Hit h = t.disproven(k, 0); h.found) {
          ++hits[std::size_t(w)];
          bad[std::size_t(w)] += h.len != len_of(k) || h.loop_ply != loop_of(k) || h.hand != hand_of(k);
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
  t.store(kPath, 3, 1, Hand());
  EXPECT_TRUE(t.used());
  t.clear();
  EXPECT_FALSE(t.used());
  EXPECT_EQ(t.entries(), 64u);
}

TEST(PathTable, ExtendIsDeterministic) {
  EXPECT_EQ(PathTable::extend(kPath, 1234), PathTable::extend(kPath, 1234));
  EXPECT_NE(PathTable::extend(kPath, 1234), kPath);
}

TEST(PathTable, ExtendDiffersByMove) {
  for (Key parent : {Key(0), kPath, ~Key(0)}) {
    std::set<Key> children;
    for (std::uint32_t raw = 0; raw <= 0xffff; ++raw) children.insert(PathTable::extend(parent, std::uint16_t(raw)));
    EXPECT_EQ(children.size(), 0x10000u) << parent;
  }
}

TEST(PathTable, ExtendDiffersByParent) {
  std::mt19937_64 rng(17);
  for (std::uint16_t move : {std::uint16_t(0), std::uint16_t(0x4321), std::uint16_t(0xffff)}) {
    std::set<Key> children;
    std::set<Key> parents;
    for (int i = 0; i < 20000; ++i) {
      const Key parent = rng();
      if (!parents.insert(parent).second) continue;
      children.insert(PathTable::extend(parent, move));
    }
    EXPECT_EQ(children.size(), parents.size()) << move;
  }
  // Nearby parents too (path keys of sibling nodes differ in few bits only when unlucky).
  std::set<Key> children;
  for (Key parent = 0; parent < 20000; ++parent) children.insert(PathTable::extend(parent, 77));
  EXPECT_EQ(children.size(), 20000u);
}

TEST(PathTable, ExtendDependsOnMoveOrder) {
  const std::uint16_t a = 0x0123, b = 0x0456;
  EXPECT_NE(PathTable::extend(PathTable::extend(kPath, a), b), PathTable::extend(PathTable::extend(kPath, b), a));
  // A path is not its own extension by a move and its undoing (a -> b -> a differs from a).
  EXPECT_NE(PathTable::extend(PathTable::extend(PathTable::extend(kPath, a), b), a), PathTable::extend(kPath, a));
}

TEST(PathTable, ExtendMixesWell) {
  // Flipping one bit of the parent flips about half the bits of the child.
  std::mt19937_64 rng(23);
  double total = 0;
  int n = 0;
  for (int i = 0; i < 2000; ++i) {
    const Key parent = rng();
    const auto move = std::uint16_t(rng());
    const Key child = PathTable::extend(parent, move);
    for (int bit = 0; bit < 64; bit += 7) {
      total += __builtin_popcountll(child ^ PathTable::extend(parent ^ (Key(1) << bit), move));
      ++n;
    }
  }
  EXPECT_NEAR(total / n, 32.0, 1.0);
}

}  // namespace
}  // namespace tsumi
