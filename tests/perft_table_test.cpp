#include "perft/perft_table.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;

TEST(PerftTable, SizeFollowsTheMegabytes) {
  EXPECT_EQ(PerftTable(1).size_bytes(), std::size_t(1) << 20);
  EXPECT_EQ(PerftTable(0).bucket_count(), 1u);
  EXPECT_EQ(PerftTable(3).bucket_count(), (std::size_t(3) << 20) / 64);
}

TEST(PerftTable, StoresAndFindsByKeyFingerprintAndDepth) {
  PerftTable t(1);
  std::uint64_t nodes = 0;
  EXPECT_FALSE(t.probe(42, 7, 3, nodes));
  t.store(42, 7, 3, 123456789);
  ASSERT_TRUE(t.probe(42, 7, 3, nodes));
  EXPECT_EQ(nodes, 123456789u);
  EXPECT_FALSE(t.probe(42, 7, 4, nodes)) << "another depth";
  EXPECT_FALSE(t.probe(42, 8, 3, nodes)) << "another fingerprint";
  t.clear();
  EXPECT_FALSE(t.probe(42, 7, 3, nodes));
  EXPECT_EQ(t.hashfull(), 0);
}

TEST(PerftTable, RefusesWhatItCannotHold) {
  PerftTable t(1);
  std::uint64_t nodes = 0;
  t.store(1, 1, 0, 5);
  EXPECT_FALSE(t.probe(1, 1, 0, nodes));
  t.store(1, 1, 300, 5);
  EXPECT_FALSE(t.probe(1, 1, 300, nodes));
  t.store(1, 1, 2, std::uint64_t(1) << 56);
  EXPECT_FALSE(t.probe(1, 1, 2, nodes));
  t.store(1, 1, 2, (std::uint64_t(1) << 56) - 1);
  ASSERT_TRUE(t.probe(1, 1, 2, nodes));
  EXPECT_EQ(nodes, (std::uint64_t(1) << 56) - 1);
}

TEST(PerftTable, AFullBucketKeepsTheBiggestCounts) {
  PerftTable t(0);  // one bucket: every store competes
  for (std::uint64_t i = 1; i <= PerftTable::kWays; ++i) t.store(i, i, 2, 1000 * i);
  t.store(99, 99, 2, 500);  // replaces the smallest count (1000)
  std::uint64_t nodes = 0;
  EXPECT_FALSE(t.probe(1, 1, 2, nodes));
  ASSERT_TRUE(t.probe(99, 99, 2, nodes));
  EXPECT_EQ(nodes, 500u);
  for (std::uint64_t i = 2; i <= PerftTable::kWays; ++i) EXPECT_TRUE(t.probe(i, i, 2, nodes)) << i;
  EXPECT_EQ(t.hashfull(), 1000);
}

TEST(PerftTable, FingerprintSeesEveryPartOfThePosition) {
  const char* sfens[] = {
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",   // side to move
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1",   // pieces swapped
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1",   // board to hand
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b p 1",   // whose hand
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP+P/1B5R1/LNSGKGSNL b - 1",  // promoted
      "lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPp/1B5R1/LNSGKGSNL b - 1",   // colour
  };
  std::vector<std::uint64_t> seen;
  for (const char* sfen : sfens) {
    SfenPosition p(sfen);
    const std::uint64_t f = PerftTable::fingerprint(p.pos);
    for (std::uint64_t other : seen) EXPECT_NE(f, other) << sfen;
    seen.push_back(f);
    SfenPosition again(sfen);
    EXPECT_EQ(PerftTable::fingerprint(again.pos), f) << "not a function of the position alone";
  }
}

// Many threads storing and probing the same few buckets at once: every hit must return the count
// that was stored with that key (a torn entry fails its check instead of returning a wrong count).
TEST(PerftTable, ConcurrentStoresNeverGiveAWrongCount) {
  PerftTable t(0);
  constexpr int kThreads = 4, kRounds = 20000;
  std::vector<std::thread> workers;
  std::vector<int> wrong(kThreads, 0), hits(kThreads, 0);
  for (int w = 0; w < kThreads; ++w)
    workers.emplace_back([&, w] {
      for (int i = 0; i < kRounds; ++i) {
        const std::uint64_t k = std::uint64_t(i % 16 + 1);
        t.store(k, k * 0x9e3779b97f4a7c15ULL, 3, k * 1000 + 7);
        std::uint64_t nodes = 0;
        const std::uint64_t probe = std::uint64_t((i * 7 + w) % 16 + 1);
        if (t.probe(probe, probe * 0x9e3779b97f4a7c15ULL, 3, nodes)) {
          ++hits[w];
          wrong[w] += nodes != probe * 1000 + 7;
        }
      }
    });
  for (std::thread& th : workers) th.join();
  for (int w = 0; w < kThreads; ++w) {
    EXPECT_EQ(wrong[w], 0);
    EXPECT_GT(hits[w], 0);
  }
}

}  // namespace
}  // namespace tsumi
