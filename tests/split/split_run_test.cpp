#include "perft/split/split_run.h"

#include <cstdio>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi::split {
namespace {

TEST(SplitRun, TheSplitDepthMustBeBelowTheDepth) {
  SplitOptions o;
  o.depth = 5;
  EXPECT_EQ(check_options(o), std::nullopt);  // the default split depth
  o.split_depth = 5;
  ASSERT_NE(check_options(o), std::nullopt);
  EXPECT_NE(check_options(o)->find("must be below --depth 5"), std::string::npos);
  o.plan = true;
  EXPECT_EQ(check_options(o), std::nullopt);
  o.resume = true;
  EXPECT_NE(check_options(o), std::nullopt);  // --resume needs --checkpoint
}

TEST(SplitRun, ThePlanCountsUnitsAndPaths) {
  test::SfenPosition start(kStartSfen);
  SplitOptions o;
  o.split_depth = 3;
  std::ostringstream out, err;
  write_plan(start.pos, o, out, err);
  EXPECT_EQ(out.str(), "split depth 3: 13560 units (distinct positions), 25470 paths\n");
  EXPECT_EQ(err.str().rfind("info: listed in ", 0), 0u);
}

// A run with a checkpoint: created, then resumed with its units in the tally; another run's checkpoint
// refused.
TEST(SplitRun, TheSetupCreatesThenResumesTheCheckpoint) {
  const std::string path = test::removed_at_exit(test::temp_path("split_run.ckpt"));
  std::remove(path.c_str());
  test::SfenPosition start(kStartSfen);
  SplitOptions o;
  o.depth = 3;
  o.split_depth = 1;
  o.checkpoint = path;
  std::ostringstream err;
  {
    SplitSetup s;
    prepare_split(start.pos, o, s, err);
    ASSERT_EQ(s.error, std::nullopt) << err.str();
    EXPECT_EQ(s.units.size(), 30u);
    EXPECT_EQ(s.split_depth, 1);
    ASSERT_TRUE(s.writer.is_open());
    ASSERT_EQ(s.writer.append({4, 900, {}}, false), std::nullopt);
  }
  o.resume = true;
  {
    SplitSetup s;
    prepare_split(start.pos, o, s, err);
    ASSERT_EQ(s.error, std::nullopt) << err.str();
    EXPECT_EQ(s.resumed, 1u);
    EXPECT_TRUE(s.tally->done(4));
    EXPECT_EQ(s.tally->nodes(), 900u);
  }
  EXPECT_NE(err.str().find("info: resuming: 1 of 30 units already counted"), std::string::npos) << err.str();
  o.depth = 4;  // not the run of the file
  SplitSetup s;
  prepare_split(start.pos, o, s, err);
  ASSERT_NE(s.error, std::nullopt);
  EXPECT_NE(s.error->find("refused"), std::string::npos) << *s.error;
}

// The count as tsumi perft prints it, and tsumi-mpi's JSON with the units and ranks.
TEST(SplitRun, TheResultIsPerftsText) {
  test::SfenPosition start(kStartSfen);
  SplitOptions o;
  o.depth = 2;
  o.split_depth = 1;
  o.stats = true;
  std::ostringstream err;
  SplitSetup s;
  prepare_split(start.pos, o, s, err);
  for (std::uint64_t i = 0; i < s.units.size(); ++i) ASSERT_EQ(s.tally->add({i, 30, {}}), std::nullopt);
  std::ostringstream out;
  write_split_result(o, s, 3, 2, 1.5, 900, out, err);
  EXPECT_EQ(out.str(), "Captures: 0\nPromotions: 0\nDrops: 0\nChecks: 0\nMates: 0\nNodes searched: 900\n");
  EXPECT_NE(err.str().find("3 ranks x 2 threads"), std::string::npos) << err.str();
  o.json = true;
  std::ostringstream json;
  write_split_result(o, s, 3, 2, 1.5, 900, json, err);
  const auto j = nlohmann::json::parse(json.str());
  EXPECT_EQ(j["nodes"], 900);
  EXPECT_EQ(j["units"], 30);
  EXPECT_EQ(j["split_depth"], 1);
  EXPECT_EQ(j["ranks"], 3);
  EXPECT_EQ(j["nps"], 600);
}

TEST(SplitRun, ProgressWithAnEta) {
  std::ostringstream err;
  write_split_progress({25, 100, 25, 1000}, 5.0, err);
  EXPECT_EQ(err.str(), "progress: 25/100 units (25.0%), 1000 nodes this run, 5.0 s, ETA 15 s\n");
}

}  // namespace
}  // namespace tsumi::split
