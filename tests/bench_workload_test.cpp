#include "bench/bench_workload.h"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi::bench {
namespace {

constexpr BenchSize kSizes[] = {BenchSize::kQuick, BenchSize::kDefault, BenchSize::kFull};

TEST(BenchWorkload, TheExecutableCarriesTheSuitesOfPositions) {
  EXPECT_EQ(embedded_perft_suite(), test::read_file(test::positions_path("perft-suite.epd")));
  EXPECT_EQ(embedded_tsume_suite(), test::read_file(test::positions_path("tsume-public.txt")));
}

TEST(BenchWorkload, EverySizeResolvesWithTheSuitesAnswers) {
  const auto perft_suite = test::perft_suite();
  for (BenchSize size : kSizes) {
    SCOPED_TRACE(to_string(size));
    const BenchWorkload w = bench_workload(size);
    EXPECT_EQ(w.size, size);
    EXPECT_GT(w.hash_mb, 0u);
    ASSERT_FALSE(w.perft.empty());
    ASSERT_FALSE(w.mate.empty());
    std::set<std::string> ids;
    for (const BenchPerftItem& item : w.perft) {
      EXPECT_TRUE(ids.insert(item.id).second) << "perft position twice: " << item.id;
      const auto entry = std::find_if(perft_suite.begin(), perft_suite.end(),
                                      [&](const PerftSuiteEntry& e) { return e.id == item.id; });
      ASSERT_NE(entry, perft_suite.end()) << item.id;
      EXPECT_EQ(item.sfen, entry->sfen);
      EXPECT_EQ(to_sfen(item.setup), to_sfen(*parse_sfen(entry->sfen))) << item.id;
      const auto count = std::find_if(entry->expected.begin(), entry->expected.end(),
                                      [&](const PerftExpectation& x) { return x.depth == item.depth; });
      ASSERT_NE(count, entry->expected.end()) << item.id << " depth " << item.depth;
      EXPECT_EQ(item.expected, count->nodes) << item.id;
    }
    ids.clear();
    for (const BenchMateItem& item : w.mate) {
      EXPECT_TRUE(ids.insert(item.id).second) << "problem twice: " << item.id;
      const MateSuiteEntry* entry = test::tsume_entry(item.id);
      ASSERT_NE(entry, nullptr) << item.id;
      EXPECT_EQ(item.sfen, entry->sfen);
      EXPECT_EQ(item.expected, entry->expected) << item.id;
    }
  }
}

TEST(BenchWorkload, SizesGrow) {
  const BenchWorkload quick = bench_workload(BenchSize::kQuick);
  const BenchWorkload normal = bench_workload(BenchSize::kDefault);
  const BenchWorkload full = bench_workload(BenchSize::kFull);
  const auto leaves = [](const BenchWorkload& w) {
    std::uint64_t n = 0;
    for (const BenchPerftItem& item : w.perft) n += item.expected;
    return n;
  };
  EXPECT_LT(leaves(quick) * 10, leaves(normal));
  EXPECT_LT(leaves(normal) * 2, leaves(full));
  EXPECT_LT(quick.mate.size(), normal.mate.size());
  EXPECT_LT(normal.mate.size(), full.mate.size());
  const auto in_full = [&](const BenchMateItem& item) {
    return std::any_of(full.mate.begin(), full.mate.end(), [&](const BenchMateItem& f) { return f.id == item.id; });
  };
  EXPECT_TRUE(std::all_of(quick.mate.begin(), quick.mate.end(), in_full));
  EXPECT_TRUE(std::all_of(normal.mate.begin(), normal.mate.end(), in_full));
  // Every size has a problem without a mate, so a verdict of each kind is in the signature.
  for (const BenchWorkload* w : {&quick, &normal, &full})
    EXPECT_TRUE(std::any_of(w->mate.begin(), w->mate.end(), [](const BenchMateItem& m) { return !m.expected; }));
}

TEST(BenchWorkload, SizeNames) {
  EXPECT_STREQ(to_string(BenchSize::kQuick), "quick");
  EXPECT_STREQ(to_string(BenchSize::kDefault), "default");
  EXPECT_STREQ(to_string(BenchSize::kFull), "full");
}

}  // namespace
}  // namespace tsumi::bench
