#include "cli/bench/bench_command.h"

#include <cstdio>
#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

// The whole workload runs in some of these: minutes in a sanitizer build.
test::ProcessResult run_bench_exe(const std::string& args) { return test::run_tsumi(args, 600); }

using test::temp_path;

TEST(BenchCommand, ThreadCountsStartAtOne) {
  EXPECT_EQ(bench_thread_counts({}, 16), (std::vector<int>{1, 16}));
  EXPECT_EQ(bench_thread_counts({}, 1), (std::vector<int>{1}));
  EXPECT_EQ(bench_thread_counts({}, 0), (std::vector<int>{1}));
  EXPECT_EQ(bench_thread_counts({8, 2, 4}, 16), (std::vector<int>{1, 2, 4, 8}));
  EXPECT_EQ(bench_thread_counts({2, 2, 1}, 16), (std::vector<int>{1, 2}));
}

TEST(BenchCommand, TextReportWithTheSignatureAndAChart) {
  BenchOptions o;
  o.size = bench::BenchSize::kQuick;
  o.threads = {2};
  o.svg = temp_path("chart.svg");
  std::ostringstream out, err;
  ASSERT_EQ(run_bench(o, out, err), 0) << out.str() << err.str();
  const std::string text = out.str();
  EXPECT_EQ(err.str(), "") << "no progress line unless asked";
  for (const char* line :
       {"tsumi ", "quick workload: 19 perft positions, 6 tsume problems", "\ncpu        ", " logical cores",
        "\nbuild      ", "\nperft        1 ", "\nperft        2 ", "\nmate         1 ", "\nmate         2 ",
        "\nall          2 ", "\nsignature  perft=", "\nverified   every perft count", "\nchart      "})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  EXPECT_EQ(text.find("MISMATCH"), std::string::npos) << text;
  EXPECT_EQ(text.find("UNSTABLE"), std::string::npos) << text;
  const std::string svg = test::read_file(o.svg);
  std::remove(o.svg.c_str());
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("class=\"ideal\""), std::string::npos);
  EXPECT_NE(svg.find(">perft</text>"), std::string::npos);
  EXPECT_NE(svg.find(">mate</text>"), std::string::npos);
}

TEST(BenchCommand, AnUnwritableChartFailsBeforeTheRun) {
  BenchOptions o;
  o.size = bench::BenchSize::kFull;  // never started
  o.svg = "/nonexistent-dir/chart.svg";
  std::ostringstream out, err;
  EXPECT_EQ(run_bench(o, out, err), 2);
  EXPECT_EQ(out.str(), "");
  EXPECT_NE(err.str().find("cannot write the chart"), std::string::npos) << err.str();
}

TEST(BenchCommand, JsonFromTheExecutable) {
  const test::ProcessResult r = run_bench_exe("bench --quick --threads 1 --json");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["workload"], "quick");
  EXPECT_TRUE(j["signature"].get<std::string>().starts_with("perft=")) << j["signature"];
  EXPECT_TRUE(j["verified"].get<bool>());
  EXPECT_TRUE(j["signature_stable"].get<bool>());
  EXPECT_TRUE(j["mismatches"].empty());
  for (const char* key : {"cpu", "logical_cores", "physical_cores", "simd", "compiler", "build_type"})
    EXPECT_TRUE(j["machine"].contains(key)) << key;
  ASSERT_EQ(j["runs"].size(), 1u);
  const auto& run = j["runs"][0];
  EXPECT_EQ(run["threads"], 1);
  EXPECT_DOUBLE_EQ(run["perft"]["speedup"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(run["mate"]["efficiency"].get<double>(), 1.0);
  EXPECT_GT(run["perft"]["nps"].get<std::uint64_t>(), 0u);
  // One worker's share: its nodes within the part's (which has the line builder's too), nothing late.
  ASSERT_EQ(run["mate"]["workers"].size(), 1u);
  const auto& worker = run["mate"]["workers"][0];
  EXPECT_GT(worker["nodes"].get<std::uint64_t>(), 0u);
  EXPECT_LE(worker["nodes"].get<std::uint64_t>(), run["mate"]["nodes"].get<std::uint64_t>());
  EXPECT_EQ(worker["late_nodes"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(run["mate"]["idle_ms"].get<double>(), 0.0);
  EXPECT_EQ(j["perft_positions"].size(), 19u);
  EXPECT_EQ(j["mate_problems"].size(), 6u);
  std::uint64_t leaves = 0;
  for (const auto& p : j["perft_positions"]) leaves += p["nodes"].get<std::uint64_t>();
  EXPECT_EQ(run["perft"]["nodes"].get<std::uint64_t>(), leaves);
  EXPECT_EQ(j["signature"].get<std::string>().find("perft=" + std::to_string(leaves) + " mate="), 0u);
}

TEST(BenchCommand, BadArgumentsAreRefused) {
  for (const char* args :
       {"bench --quick --full", "bench --threads 0", "bench --threads two", "bench --threads 1,,x", "bench --svg"}) {
    const test::ProcessResult r = run_bench_exe(args);
    EXPECT_NE(r.code, 0) << args << "\n" << r.output;
    EXPECT_NE(r.code, 124) << args << " hung";
    EXPECT_EQ(r.output.find("signature"), std::string::npos) << args << " ran the benchmark";
  }
}

}  // namespace
}  // namespace tsumi::cli
