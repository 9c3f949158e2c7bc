#pragma once
// A set of squares: 128 bits over the 81 squares, with an SSE4.1/AVX2 path and a scalar twin.
//
// Layout (YaneuraOu's vertical bitboard): square index sq = (file-1)*9 + (rank-1).
//
//   part(0) = bits  0..62 : files 1..7  (sq  0..62 at bit sq)      bit 63 always zero
//   part(1) = bits  0..17 : files 8..9  (sq 63..80 at bit sq-63)   bits 18..63 always zero
//
// A file never straddles the two halves, so lance and rook-file attacks work on one 64-bit word, and
// bit 63 stays empty so the 128-bit value read as one integer orders the squares by index (the
// "position" p(sq) = sq + (sq >= 63)). Rank and diagonal sliders use that order with a 128-bit
// decrement and a byte reverse (the "Qugiy" method, WCSC31 appeal document of YaneuraOu):
// along a ray whose squares lie at least 8 bit positions apart, each square sits in its own byte, so
// reversing the bytes reverses the order of the ray's squares, and x ^ (x - 1) marks everything up to
// the nearest blocker.
//
// Set logic (and, or, xor, tests, iteration) stays in two 64-bit general registers in every build:
// popcount and bit scans need the halves there anyway, and an SSE version of empty() (ptest) made
// perft twice as slow by moving every bitboard between vector and general registers (measured on
// the start position at depth 6: 10.7 s against 4.8 s). Intrinsics serve the slider arithmetic
// (byte_reverse, decrement, and the AVX2 pairs in attacks.h); each has a plain twin below it, which
// TSUMI_FORCE_SCALAR selects, and both builds run the same tests.

#include <bit>
#include <cstdint>
#include <type_traits>

#include "core/platform.h"
#include "core/square.h"

namespace tsumi {

class Bitboard {
 public:
  Bitboard() = default;  // trivial: arrays of bitboards cost nothing to create
  constexpr Bitboard(std::uint64_t lo, std::uint64_t hi) : p_{lo, hi} {}
  static constexpr Bitboard zero() { return Bitboard(0, 0); }
  static constexpr Bitboard square(Square sq) {
    return sq < 63 ? Bitboard(std::uint64_t(1) << sq, 0) : Bitboard(0, std::uint64_t(1) << (sq - 63));
  }

  constexpr std::uint64_t part(int i) const { return p_[i]; }

  constexpr bool test(Square sq) const { return sq < 63 ? (p_[0] >> sq) & 1 : (p_[1] >> (sq - 63)) & 1; }
  constexpr void set(Square sq) { *this = *this | square(sq); }
  constexpr void clear(Square sq) { *this = andnot(*this, square(sq)); }
  constexpr void toggle(Square sq) { *this = *this ^ square(sq); }

  constexpr bool empty() const { return (p_[0] | p_[1]) == 0; }
  constexpr explicit operator bool() const { return !empty(); }
  // True when this set and `other` share a square.
  constexpr bool intersects(Bitboard other) const { return ((p_[0] & other.p_[0]) | (p_[1] & other.p_[1])) != 0; }

  constexpr int popcount() const { return std::popcount(p_[0]) + std::popcount(p_[1]); }
  constexpr bool more_than_one() const {
    return (p_[0] & (p_[0] - 1)) != 0 || (p_[1] & (p_[1] - 1)) != 0 || (p_[0] != 0 && p_[1] != 0);
  }
  // The lowest square of a non-empty set.
  constexpr Square lsb() const {
    return p_[0] ? Square(std::countr_zero(p_[0])) : Square(63 + std::countr_zero(p_[1]));
  }
  // Removes and returns the lowest square of a non-empty set.
  constexpr Square pop_lsb() {
    if (p_[0]) {
      const Square sq = Square(std::countr_zero(p_[0]));
      p_[0] &= p_[0] - 1;
      return sq;
    }
    const Square sq = Square(63 + std::countr_zero(p_[1]));
    p_[1] &= p_[1] - 1;
    return sq;
  }

  // Calls f(sq) for every square in the set, in increasing order.
  template <class F>
  TSUMI_FORCE_INLINE void for_each(F&& f) const {
    for (std::uint64_t b = p_[0]; b; b &= b - 1) f(Square(std::countr_zero(b)));
    for (std::uint64_t b = p_[1]; b; b &= b - 1) f(Square(63 + std::countr_zero(b)));
  }

  friend constexpr Bitboard operator&(Bitboard a, Bitboard b) { return Bitboard(a.p_[0] & b.p_[0], a.p_[1] & b.p_[1]); }
  friend constexpr Bitboard operator|(Bitboard a, Bitboard b) { return Bitboard(a.p_[0] | b.p_[0], a.p_[1] | b.p_[1]); }
  friend constexpr Bitboard operator^(Bitboard a, Bitboard b) { return Bitboard(a.p_[0] ^ b.p_[0], a.p_[1] ^ b.p_[1]); }
  // a & ~b.
  friend constexpr Bitboard andnot(Bitboard a, Bitboard b) { return Bitboard(a.p_[0] & ~b.p_[0], a.p_[1] & ~b.p_[1]); }
  constexpr Bitboard& operator&=(Bitboard b) { return *this = *this & b; }
  constexpr Bitboard& operator|=(Bitboard b) { return *this = *this | b; }
  constexpr Bitboard& operator^=(Bitboard b) { return *this = *this ^ b; }
  friend constexpr bool operator==(Bitboard a, Bitboard b) { return a.p_[0] == b.p_[0] && a.p_[1] == b.p_[1]; }

  // Both 64-bit halves shifted right (toward lower square indices) by n; callers mask the wrap.
  constexpr Bitboard shift_down_index(int n) const { return Bitboard(p_[0] >> n, p_[1] >> n); }
  // Both 64-bit halves shifted left (toward higher square indices) by n; callers mask the wrap.
  constexpr Bitboard shift_up_index(int n) const { return Bitboard(p_[0] << n, p_[1] << n); }

  // The 16 bytes in reverse order (see the header comment).
  constexpr Bitboard byte_reverse() const {
#if TSUMI_HAS_SSE
    if (!std::is_constant_evaluated()) {
      const __m128i order = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
      return Bitboard(_mm_shuffle_epi8(load(), order));
    }
#endif
    return Bitboard(__builtin_bswap64(p_[1]), __builtin_bswap64(p_[0]));
  }
  // The 128-bit value minus one, the borrow crossing from the low half into the high half.
  TSUMI_FORCE_INLINE Bitboard decrement() const {
#if TSUMI_HAS_SSE
    const __m128i m = load();
    const __m128i low_zero = _mm_slli_si128(_mm_cmpeq_epi64(m, _mm_setzero_si128()), 8);
    return Bitboard(_mm_add_epi64(m, _mm_or_si128(low_zero, _mm_set_epi64x(0, -1))));
#else
    return Bitboard(p_[0] - 1, p_[1] - (p_[0] == 0 ? 1 : 0));
#endif
  }

#if TSUMI_HAS_SSE
  explicit Bitboard(__m128i m) { _mm_store_si128(reinterpret_cast<__m128i*>(p_), m); }
  TSUMI_FORCE_INLINE __m128i load() const { return _mm_load_si128(reinterpret_cast<const __m128i*>(p_)); }
#endif

 private:
  alignas(16) std::uint64_t p_[2];
};

static_assert(std::is_trivially_copyable_v<Bitboard> && sizeof(Bitboard) == 16);

// Every square as a set, from a table: one load where Bitboard::square branches on the half.
inline constexpr auto kSquareBitboards = [] {
  struct Table {
    Bitboard v[SQ_NB];
  } t{};
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) t.v[sq] = Bitboard::square(sq);
  return t;
}();

constexpr Bitboard square_bb(Square sq) { return kSquareBitboards.v[sq]; }

// Pops the lowest square of b.
constexpr Square pop_lsb(Bitboard& b) { return b.pop_lsb(); }

inline constexpr Bitboard kAllSquares = Bitboard(0x7fffffffffffffffULL, 0x3ffffULL);

// Every file and every rank as a set.
inline constexpr auto kFilesAndRanks = [] {
  struct Table {
    Bitboard file[FILE_NB], rank[RANK_NB];
  } t{};
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    t.file[file_of(sq)] = t.file[file_of(sq)] | Bitboard::square(sq);
    t.rank[rank_of(sq)] = t.rank[rank_of(sq)] | Bitboard::square(sq);
  }
  return t;
}();

constexpr Bitboard file_bb(File f) { return kFilesAndRanks.file[f]; }
constexpr Bitboard rank_bb(Rank r) { return kFilesAndRanks.rank[r]; }

// Ranks counted from colour c's side, RANK_1 being its farthest: farthest_ranks_bb(c, 1) = the last
// rank, (c, 2) = the last two, (c, 3) = the promotion zone.
constexpr Bitboard farthest_ranks_bb(Color c, int n) {
  Bitboard b = Bitboard::zero();
  for (int i = 0; i < n; ++i) b = b | rank_bb(relative_rank(c, Rank(i)));
  return b;
}

inline constexpr Bitboard kPromotionZone[COLOR_NB] = {farthest_ranks_bb(BLACK, 3), farthest_ranks_bb(WHITE, 3)};
inline constexpr Bitboard kLastRank[COLOR_NB] = {farthest_ranks_bb(BLACK, 1), farthest_ranks_bb(WHITE, 1)};
inline constexpr Bitboard kLastTwoRanks[COLOR_NB] = {farthest_ranks_bb(BLACK, 2), farthest_ranks_bb(WHITE, 2)};

// Every square one step forward of a square in b, for colour c (pawn pushes).
template <Color C>
constexpr Bitboard shift_forward(Bitboard b) {
  if constexpr (C == BLACK)
    return andnot(b, rank_bb(RANK_1)).shift_down_index(1);
  else
    return andnot(b, rank_bb(RANK_9)).shift_up_index(1);
}

}  // namespace tsumi
