// Tests of core/process_memory.h (the POSIX half here; the Windows half prints tsumi.exe's peak under
// Wine, scripts/check-windows.sh): the peak covers memory the process has touched, and never falls.

#include "core/process_memory.h"

#include <cstring>
#include <memory>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(ProcessMemory, ThePeakCoversTouchedMemoryAndNeverFalls) {
  const std::size_t before = peak_resident_bytes();
  ASSERT_GT(before, 0u);
  constexpr std::size_t kBytes = std::size_t(96) << 20;
  {
    const std::unique_ptr<char[]> block(new char[kBytes]);
    std::memset(block.get(), 1, kBytes);
    volatile char sink = block[kBytes / 2];
    (void)sink;
    EXPECT_GE(peak_resident_bytes(), kBytes);
  }
  EXPECT_GE(peak_resident_bytes(), std::max(before, kBytes));
}

}  // namespace
}  // namespace tsumi
