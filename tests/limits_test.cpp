#include "core/limits.h"

#include <string>

#include <gtest/gtest.h>

#include "perft/perft_suite.h"

namespace tsumi {
namespace {

TEST(Limits, AreConsistent) {
  EXPECT_GE(limits::kMaxPerftDepth, 10);  // past any depth ever counted
  EXPECT_GE(limits::kMaxThreads, 256);
  EXPECT_GE(limits::kDefaultMateHashMb, 1);
  EXPECT_LE(limits::kDefaultMateHashMb, limits::kMaxHashMb);
  // A table of the largest size still fits a 64-bit byte count with room to spare.
  EXPECT_LT(limits::kMaxHashMb, std::int64_t(1) << 43);
}

// The suite reader takes the same depth bound as the perft commands.
TEST(Limits, PerftSuiteDepthsStopAtTheBound) {
  const std::string sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
  const std::string last = std::to_string(limits::kMaxPerftDepth);
  const std::string past = std::to_string(limits::kMaxPerftDepth + 1);
  EXPECT_TRUE(parse_perft_suite_line(sfen + " ;D" + last + " 5"));
  const auto too_deep = parse_perft_suite_line(sfen + " ;D" + past + " 5");
  ASSERT_FALSE(too_deep);
  EXPECT_NE(too_deep.error().message.find("bad depth"), std::string::npos) << too_deep.error().message;
}

}  // namespace
}  // namespace tsumi
