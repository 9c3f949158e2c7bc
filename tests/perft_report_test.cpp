#include "perft/perft_report.h"

#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

TEST(PerftReport, TheTotalAlone) {
  PerftReport r;
  r.nodes = 19861490;
  EXPECT_EQ(perft_text(r), "Nodes searched: 19861490\n");
}

TEST(PerftReport, StatisticsInTheWordsOfThePerftTables) {
  const PerftStats stats{1, 2, 3, 4, 5};
  PerftReport r;
  r.nodes = 9;
  r.stats = &stats;
  EXPECT_EQ(perft_text(r), "Captures: 1\nPromotions: 2\nDrops: 3\nChecks: 4\nMates: 5\nNodes searched: 9\n");
}

TEST(PerftReport, DivideLinesThenAnEmptyLine) {
  test::SfenPosition start(kStartSfen);
  const PerftResult result = perft_run(start.pos, 2, PerftOptions{});
  PerftReport r;
  r.nodes = result.nodes;
  r.divide = &result.divide;
  const std::string text = perft_text(r);
  ASSERT_EQ(result.divide.size(), 30u);
  EXPECT_NE(text.find("\n7g7f: 30\n"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\n\nNodes searched: 900\n")) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 32);
  // Depth 0: no root moves, the empty line still comes.
  const std::vector<DivideEntry> none;
  r.divide = &none;
  r.nodes = 1;
  EXPECT_EQ(perft_text(r), "\nNodes searched: 1\n");
}

TEST(PerftReport, JsonFieldsInTheirOrder) {
  const PerftStats stats{1, 2, 3, 4, 5};
  const std::vector<DivideEntry> divide{{Move::make(SQ_77, SQ_76), 7, stats}};
  PerftReport r;
  r.sfen = std::string(kStartSfen);
  r.depth = 1;
  r.nodes = 7;
  r.counted_nodes = 7;
  r.seconds = 0.5;
  r.threads = 2;
  r.hash_mb = 16;
  EXPECT_EQ(perft_json(r), "{\"sfen\":\"" + std::string(kStartSfen) +
                               "\",\"depth\":1,\"nodes\":7,\"time_ms\":500,\"nps\":14,\"threads\":2,\"hash_mb\":16}");
  r.divide = &divide;
  r.stats = &stats;
  const auto j = nlohmann::ordered_json::parse(perft_json(r));
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"sfen", "depth", "nodes", "time_ms", "nps", "threads", "hash_mb", "divide",
                                            "stats"}));
  EXPECT_EQ(j["divide"][0]["move"], "7g7f");
  EXPECT_EQ(j["divide"][0]["stats"]["drops"], 3);
  EXPECT_EQ(j["stats"]["mates"], 5);
}

// tsumi-mpi's fields, and its rate over what this run counted (not a checkpoint's units).
TEST(PerftReport, TheSplitFiguresAndTheRateOfThisRun) {
  PerftReport r;
  r.sfen = "s";
  r.depth = 6;
  r.nodes = 1000;
  r.counted_nodes = 100;
  r.seconds = 2;
  r.split = PerftSplitFigures{2, 900, 450, 3};
  const auto j = nlohmann::ordered_json::parse(perft_json(r));
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"sfen", "depth", "split_depth", "units", "units_resumed", "nodes",
                                            "time_ms", "nps", "ranks", "threads", "hash_mb"}));
  EXPECT_EQ(j["nps"], 50);
  EXPECT_EQ(j["units_resumed"], 450);
  EXPECT_EQ(j["ranks"], 3);
  r.seconds = 0;
  EXPECT_EQ(nlohmann::json::parse(perft_json(r))["nps"], 0);
}

}  // namespace
}  // namespace tsumi
