#include "core/hash_mix.h"

#include <cstdint>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

// The published outputs of splitmix64 (Vigna's splitmix64.c): from seed 0, and the first five from
// seed 1234567. Zobrist keys and the seeded tsume generator depend on these exact numbers.
TEST(HashMix, SplitMix64MatchesTheReferenceSequence) {
  std::uint64_t state = 0;
  EXPECT_EQ(splitmix64(state), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(state, kGoldenGamma);
  state = 1234567;
  const std::uint64_t expected[] = {6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
                                    4593380528125082431ULL, 16408922859458223821ULL};
  for (std::uint64_t e : expected) EXPECT_EQ(splitmix64(state), e);
  static_assert(mix64(0) == 0, "the finalizer fixes 0");
}

TEST(HashMix, Mix64SpreadsNeighbouringKeys) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t k = 0; k < 10000; ++k) seen.insert(mix64(k));
  EXPECT_EQ(seen.size(), 10000u);  // a bijection: no two inputs collide
  // One flipped input bit changes about half of the output bits.
  int flipped = 0;
  for (int bit = 0; bit < 64; ++bit) flipped += __builtin_popcountll(mix64(12345) ^ mix64(12345 ^ (1ULL << bit)));
  EXPECT_GT(flipped, 64 * 24);
  EXPECT_LT(flipped, 64 * 40);
}

TEST(HashMix, TableIndexStaysInRangeAndFillsItEvenly) {
  EXPECT_EQ(table_index(0, 10), 0u);
  EXPECT_EQ(table_index(~0ULL, 10), 9u);
  EXPECT_EQ(table_index(~0ULL, 1), 0u);
  constexpr std::size_t kSlots = 7;
  std::vector<int> count(kSlots);
  std::uint64_t state = 42;
  for (int i = 0; i < 70000; ++i) {
    const std::size_t slot = table_index(splitmix64(state), kSlots);
    ASSERT_LT(slot, kSlots);
    ++count[slot];
  }
  for (int c : count) EXPECT_NEAR(c, 10000, 500);
}

}  // namespace
}  // namespace tsumi
