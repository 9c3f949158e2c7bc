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

}  // namespace
}  // namespace tsumi::cli
