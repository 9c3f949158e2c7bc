#include "bench/bench_run.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "solver/mate_solver.h"

namespace tsumi::bench {
namespace {

// The quick workload, once with one thread and once with two: the signature is the same, and every
// count and verdict is the suites' answer.
TEST(BenchRun, TheSignatureDoesNotChangeBetweenOneAndTwoThreads) {
  const BenchWorkload w = bench_workload(BenchSize::kQuick);
  MateSolver solver(w.hash_mb);
  std::size_t calls = 0;
  const BenchPass one = run_bench_pass(w, 1, solver, [&](const std::string&, std::size_t done, std::size_t total) {
    ++calls;
    EXPECT_EQ(done, calls);
    EXPECT_EQ(total, w.perft.size() + w.mate.size());
  });
  EXPECT_EQ(calls, w.perft.size() + w.mate.size());
  const BenchPass two = run_bench_pass(w, 2, solver);
  EXPECT_EQ(one.threads, 1);
  EXPECT_EQ(two.threads, 2);
  EXPECT_EQ(bench_signature(one), bench_signature(two));
  EXPECT_EQ(one.perft.item_nodes, two.perft.item_nodes);
  EXPECT_EQ(one.verdicts, two.verdicts);
  EXPECT_TRUE(bench_mismatches(w, one).empty()) << bench_mismatches(w, one).front();
  EXPECT_TRUE(bench_mismatches(w, two).empty()) << bench_mismatches(w, two).front();

  std::uint64_t leaves = 0;
  for (const BenchPerftItem& item : w.perft) leaves += item.expected;
  EXPECT_EQ(one.perft.nodes, leaves);
  ASSERT_EQ(one.perft.item_ms.size(), w.perft.size());
  ASSERT_EQ(one.mate.item_ms.size(), w.mate.size());
  ASSERT_EQ(one.mate.item_nodes.size(), w.mate.size());
  EXPECT_GT(one.perft.time_ms, 0);
  EXPECT_GT(one.mate.time_ms, 0);
  EXPECT_GT(one.mate.nodes, 0u);
  EXPECT_TRUE(bench_signature(one).starts_with("perft=" + std::to_string(leaves) + " mate=")) << bench_signature(one);
}

// The same on a few items of it: what the sanitizer builds run (the whole quick workload, above, is
// left to the Release and scalar builds; tests/CMakeLists.txt says why).
TEST(BenchRun, AFewItemsGiveTheSameAnswersOnOneAndTwoThreads) {
  BenchWorkload w = bench_workload(BenchSize::kQuick);
  std::sort(w.perft.begin(), w.perft.end(), [](const auto& a, const auto& b) { return a.expected < b.expected; });
  w.perft.resize(3);
  w.mate.resize(2);
  MateSolver solver(16);
  const BenchPass one = run_bench_pass(w, 1, solver);
  const BenchPass two = run_bench_pass(w, 2, solver);
  EXPECT_EQ(bench_signature(one), bench_signature(two));
  EXPECT_TRUE(bench_mismatches(w, one).empty()) << bench_mismatches(w, one).front();
  EXPECT_TRUE(bench_mismatches(w, two).empty()) << bench_mismatches(w, two).front();
  ASSERT_EQ(two.perft.item_nodes.size(), 3u);
  ASSERT_EQ(two.verdicts.size(), 2u);
}

TEST(BenchRun, MismatchesNameWhatDiffers) {
  BenchWorkload w;
  w.perft.push_back({"pos", "", {}, 3, 100});
  w.mate.push_back({"mate15", "", {}, 15});
  w.mate.push_back({"none", "", {}, std::nullopt});
  BenchPass pass;
  pass.perft.item_nodes = {100};
  pass.verdicts = {"15", "nomate"};
  EXPECT_TRUE(bench_mismatches(w, pass).empty());
  pass.perft.item_nodes = {101};
  pass.verdicts = {"17", "timeout"};
  const auto m = bench_mismatches(w, pass);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0], "perft pos depth 3: 101 leaves, expected 100");
  EXPECT_EQ(m[1], "mate mate15: 17, expected 15");
  EXPECT_EQ(m[2], "mate none: timeout, expected nomate");
}

TEST(BenchRun, SignatureText) {
  BenchPass pass;
  pass.perft.nodes = 1234;
  pass.verdicts = {"nomate", "11", "15"};
  EXPECT_EQ(bench_signature(pass), "perft=1234 mate=nomate,11,15");
}

}  // namespace
}  // namespace tsumi::bench
