// Tests of core/page_memory.h, the system's half of a table's memory (here the POSIX half; the Windows
// half runs under Wine in scripts/check-windows.sh, through tsumi.exe's tables and its refusal of a
// table larger than the machine): a mapping is aligned to a huge page, writable and zero, says how its
// pages were asked for, and the machine's memory is known.

#include "core/page_memory.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace tsumi::page_memory {
namespace {

TEST(PageMemory, MapsAlignedWritableZeroedPages) {
  std::string error;
  const Pages pages = map(2 * kHugePage, error);
  ASSERT_NE(pages.data, nullptr) << error;
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(pages.bytes, 2 * kHugePage);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(pages.data) % kHugePage, 0u);
  const std::string kind = pages.huge_pages;
  EXPECT_TRUE(kind == "explicit" || kind == "transparent" || kind == "none") << kind;
  auto* bytes = static_cast<unsigned char*>(pages.data);
  EXPECT_TRUE(std::all_of(bytes, bytes + pages.bytes, [](unsigned char c) { return c == 0; }));
  std::memset(bytes, 0x5a, pages.bytes);
  EXPECT_EQ(bytes[pages.bytes - 1], 0x5a);
  unmap(pages);
}

TEST(PageMemory, AMappingTooLargeForTheAddressSpaceFailsWithAReason) {
  std::string error;
  const Pages pages = map(std::numeric_limits<std::size_t>::max() / 2 / kHugePage * kHugePage, error);
  EXPECT_EQ(pages.data, nullptr);
  EXPECT_FALSE(error.empty());
}

TEST(PageMemory, KnowsTheMachinesMemory) {
  EXPECT_GT(physical_bytes(), std::size_t(64) << 20);
  EXPECT_GT(address_space_limit(), std::size_t(0));
  EXPECT_NE(std::string(limit_sources()).find("physical memory"), std::string::npos);
}

}  // namespace
}  // namespace tsumi::page_memory
