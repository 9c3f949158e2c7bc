#include "core/platform.h"

#include <string_view>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(Platform, SimdNameMatchesTheCompiledPath) {
  const std::string_view name = kSimdName;
#if defined(TSUMI_FORCE_SCALAR)
  EXPECT_EQ(name, "scalar");
  EXPECT_EQ(TSUMI_HAS_SSE, 0);
#else
  EXPECT_EQ(name, TSUMI_HAS_AVX2 ? "avx2" : TSUMI_HAS_SSE ? "sse4.1" : "scalar");
#endif
  EXPECT_LE(TSUMI_HAS_AVX2, TSUMI_HAS_SSE);
}

}  // namespace
}  // namespace tsumi
