// Tests of cli/common/cpu_guard.h: the refusal names what the processor lacks and what to run instead.
// (That a processor of the build's level passes is shown by every test that runs the executable; a
// processor below it is not at hand.)

#include "cli/common/cpu_guard.h"

#include <string>

#include <gtest/gtest.h>

namespace tsumi::cli {
namespace {

TEST(CpuGuard, TheAvx2BuildPointsToTheSse42Executable) {
  const std::string s = cpu_refusal(CpuLevel::kX86_64_V3);
  EXPECT_NE(s.find("lacks AVX2"), std::string::npos) << s;
  EXPECT_NE(s.find("tsumi-sse42.exe"), std::string::npos) << s;
  EXPECT_NE(s.find("TSUMI_SIMD=sse"), std::string::npos) << s;
  EXPECT_TRUE(s.ends_with("\n"));
}

TEST(CpuGuard, TheSseBuildPointsToTheScalarBuild) {
  const std::string s = cpu_refusal(CpuLevel::kX86_64_V2);
  EXPECT_NE(s.find("SSE4.2 and POPCNT"), std::string::npos) << s;
  EXPECT_NE(s.find("TSUMI_SIMD=scalar"), std::string::npos) << s;
  EXPECT_EQ(s.find("sse42.exe"), std::string::npos) << s;
}

}  // namespace
}  // namespace tsumi::cli
