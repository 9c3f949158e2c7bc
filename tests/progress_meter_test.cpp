#include "cli/common/progress_meter.h"

#include <sstream>

#include <gtest/gtest.h>

namespace tsumi::cli {
namespace {

TEST(ProgressMeter, DrawsOneLineAndErasesIt) {
  std::ostringstream out;
  {
    ProgressMeter meter(out, true, 0.0);
    meter.update(3, 30, 1000000, "7g7f");
    const std::string line = out.str();
    EXPECT_EQ(line.rfind("\r[3/30] 7g7f", 0), 0u) << line;
    EXPECT_NE(line.find("1000000 nodes"), std::string::npos) << line;
    EXPECT_NE(line.find("ETA"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << "a progress line never scrolls";
  }
  EXPECT_NE(out.str().find("\r\x1b[K"), std::string::npos) << "erased when done";
}

TEST(ProgressMeter, WithoutANodeCount) {
  std::ostringstream out;
  ProgressMeter meter(out, true, 0.0);
  meter.update(1, 4, "2 threads: mate kongou-6");
  const std::string line = out.str();
  EXPECT_EQ(line.rfind("\r[1/4] 2 threads: mate kongou-6  ", 0), 0u) << line;
  EXPECT_EQ(line.find("nodes"), std::string::npos) << line;
  EXPECT_NE(line.find("ETA"), std::string::npos) << line;
}

TEST(ProgressMeter, SilentWhenDisabledOrEarly) {
  std::ostringstream out;
  {
    ProgressMeter off(out, false, 0.0);
    off.update(1, 2, 10, "x");
    ProgressMeter early(out, true, 3600.0);
    early.update(1, 2, 10, "x");
  }
  EXPECT_EQ(out.str(), "");
}

// show: the caller's words as the line, drawn at once the first time, then at most every 0.2 s (a
// check's events come far faster); finish erases it before a line of out, and it is drawn again after.
TEST(ProgressMeter, ShowsTheCallersWordsThrottled) {
  std::ostringstream out;
  ProgressMeter meter(out, true, 0.0);
  meter.show("branches 3 done, 40 left  verdict flawed so far  0.1 s");
  EXPECT_EQ(out.str(), "\rbranches 3 done, 40 left  verdict flawed so far  0.1 s\x1b[K");
  meter.show("branches 4 done, 39 left");  // within 0.2 s of the last: not drawn
  EXPECT_EQ(out.str().find("branches 4"), std::string::npos) << out.str();
  meter.finish();
  EXPECT_TRUE(out.str().ends_with("\r\x1b[K")) << "erased";
  const std::size_t erased = out.str().size();
  meter.finish();
  EXPECT_EQ(out.str().size(), erased) << "erased once only";
  ProgressMeter off(out, false, 0.0);
  const std::string before = out.str();
  off.show("x");
  EXPECT_EQ(out.str(), before);
}

}  // namespace
}  // namespace tsumi::cli
