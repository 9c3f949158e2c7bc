#pragma once
// The 64-bit mixing every table and generator of the project uses, written once.
//
// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014;
// the constants of Vigna's reference code): a Weyl sequence with a bijective finalizer, fully
// specified, so every build and platform gets the same numbers bit for bit (Zobrist keys, the seeded
// tsume generator). The finalizer alone (mix64) spreads a structured key over all 64 bits.

#include <cstddef>
#include <cstdint>

namespace tsumi {

// The golden-ratio increment of splitmix64's sequence: 2^64 / phi, odd.
inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// splitmix64's finalizer: a bijection of 64-bit words in which every input bit reaches every output
// bit.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The next number of the splitmix64 sequence whose state is `state` (advanced).
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return mix64(state += kGoldenGamma); }

// The slot of a well-mixed 64-bit key in a table of `size` slots: the high half of key * size (Lemire,
// "Fast random integer generation in an interval", 2019), even over [0, size) without a division.
constexpr std::size_t table_index(std::uint64_t key, std::size_t size) {
  __extension__ using U128 = unsigned __int128;
  return std::size_t((U128(key) * size) >> 64);
}

}  // namespace tsumi
