// What a solve answers (mate_result.h): the words its verdicts and stops print as, and an answer that
// has not begun.

#include "solver/mate_result.h"

#include <string>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(MateResult, VerdictsAndStopsHaveTheirWords) {
  EXPECT_EQ(std::string(to_string(MateVerdict::kMate)), "mate");
  EXPECT_EQ(std::string(to_string(MateVerdict::kNoMate)), "nomate");
  EXPECT_EQ(std::string(to_string(MateVerdict::kTimeout)), "timeout");
  EXPECT_EQ(std::string(to_string(MateStop::kNone)), "none");
  EXPECT_EQ(std::string(to_string(MateStop::kTime)), "time");
  EXPECT_EQ(std::string(to_string(MateStop::kNodes)), "nodes");
  EXPECT_EQ(std::string(to_string(MateStop::kStopped)), "stopped");
  EXPECT_EQ(std::string(to_string(MateStop::kDepth)), "depth");
}

// A result before any search: no verdict, nothing proven, no line, every phase's count 0.
TEST(MateResult, AnAnswerNotBegunClaimsNothing) {
  const MateResult r;
  EXPECT_EQ(r.verdict, MateVerdict::kTimeout);
  EXPECT_EQ(r.stop, MateStop::kNone);
  EXPECT_FALSE(r.shortest_proven);
  EXPECT_FALSE(r.futile_proven);
  EXPECT_FALSE(r.line_exact);
  EXPECT_TRUE(r.pv.empty());
  EXPECT_EQ(r.first_mate_nodes + r.shortest_nodes + r.line_nodes + r.book_nodes, 0u);
  EXPECT_TRUE(r.shortest_passes.empty());
  EXPECT_EQ(r.recorded.plies, 0);
}

}  // namespace
}  // namespace tsumi
