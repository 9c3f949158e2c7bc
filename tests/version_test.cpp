#include "front/version.h"

#include <gtest/gtest.h>

#include "core/platform.h"

namespace tsumi::front {
namespace {

TEST(Version, TheLineNamesVersionSimdPathCompilerAndBuild) {
  EXPECT_FALSE(version().empty());
  EXPECT_NE(version(), "unknown");  // CMake gives it
  EXPECT_NE(compiler_name(), "unknown compiler");
  EXPECT_NE(build_type(), "unknown");
  EXPECT_EQ(version_line(),
            "tsumi " + version() + " (" + std::string(kSimdName) + ", " + compiler_name() + ", " + build_type() + ")");
}

// Sanitizer builds say so, as `tsumi bench` results must not be taken for a Release build's.
TEST(Version, TheBuildTypeNamesTheSanitizers) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  EXPECT_NE(build_type().find(" ("), std::string::npos) << build_type();
#else
  EXPECT_EQ(build_type().find(" ("), std::string::npos) << build_type();
#endif
}

}  // namespace
}  // namespace tsumi::front
