// Tests of core/table_memory.h (the memory of the solver's and perft's tables): a table's memory
// arrives zeroed and resident, is zeroed again on request, says how its pages were asked for and how
// long it took, and a size the machine cannot give is refused with a message before anything is mapped.

#include "core/table_memory.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

bool all_zero(const TableMemory& m) {
  const auto* p = static_cast<const unsigned char*>(m.data());
  return std::all_of(p, p + m.bytes(), [](unsigned char c) { return c == 0; });
}

TEST(TableMemory, ArrivesZeroedAndZeroesAgain) {
  TableMemory m(std::size_t(5) << 20);  // not a whole number of huge pages
  ASSERT_NE(m.data(), nullptr);
  EXPECT_EQ(m.bytes(), std::size_t(5) << 20);
  EXPECT_TRUE(all_zero(m));
  std::memset(m.data(), 0xab, m.bytes());
  m.zero();
  EXPECT_TRUE(all_zero(m));
  EXPECT_GE(m.allocation_ms(), 0.0);
  const std::string pages = m.huge_pages();
  EXPECT_TRUE(pages == "explicit" || pages == "transparent" || pages == "none") << pages;
}

TEST(TableMemory, AtLeastOneByteAndAlignedForClusters) {
  TableMemory m(0);
  EXPECT_EQ(m.bytes(), 1u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(m.data()) % 64, 0u);
}

TEST(TableMemory, RefusesMoreThanTheMachineHas) {
  const std::size_t limit = TableMemory::limit();
  ASSERT_GT(limit, 0u);
  try {
    TableMemory m(limit + (std::size_t(1) << 30));
    FAIL() << "a table above the limit was mapped";
  } catch (const TableMemoryError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("does not fit"), std::string::npos) << what;
    EXPECT_NE(what.find(megabytes(limit)), std::string::npos) << what;
  }
}

// The same refusal without mapping anything, for a table that is one part of a larger memory.
TEST(TableMemory, ChecksASizeBeforeAnythingIsMapped) {
  const std::size_t limit = TableMemory::limit();
  ASSERT_GT(limit, 0u);
  EXPECT_NO_THROW(TableMemory::check(std::size_t(1) << 20));
  const std::size_t asked = limit + (std::size_t(1) << 30);
  try {
    TableMemory::check(asked);
    FAIL() << "a size above the limit passed";
  } catch (const TableMemoryError& e) {
    EXPECT_NE(std::string(e.what()).find("a " + megabytes(asked) + " hash table does not fit"), std::string::npos)
        << e.what();
  }
}

TEST(TableMemory, MegabytesText) {
  EXPECT_EQ(megabytes(std::size_t(16384) << 20), "16384 MB");
  EXPECT_EQ(megabytes(0), "0 MB");
}

}  // namespace
}  // namespace tsumi
