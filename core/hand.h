#pragma once
// Pieces in hand, packed into 32 bits with a guard bit above every field (after Apery's hand.hpp).
//
//   bit  31..28 27 26..25 24 23..22 21 20..18 17 16..14 13 12..10  9  8..6  5  4..0
//        unused  g  ROOK   g BISHOP  g  GOLD   g SILVER  g KNIGHT  g LANCE  g  PAWN
//
// Each field holds a count (pawn up to 18 in 5 bits, rook and bishop up to 2 in 2 bits, the rest up to
// 4 in 3 bits) and the guard bits g are always zero in a valid hand. "a has at least as many of every
// kind as b" is then a single subtraction: a borrow out of any field lands in its guard bit.
// The solver's proof/disproof hands rely on this (df-pn hand dominance, Seo 1995 / Nagai 2002).

#include <cstdint>

#include "core/types.h"

namespace tsumi {

class Hand {
 public:
  constexpr Hand() = default;
  constexpr explicit Hand(std::uint32_t raw) : raw_(raw) {}

  constexpr std::uint32_t raw() const { return raw_; }
  constexpr int count(PieceType pt) const { return int((raw_ >> kShift[pt]) & kMask[pt]); }
  constexpr bool has(PieceType pt) const { return (raw_ & (kMask[pt] << kShift[pt])) != 0; }
  constexpr bool empty() const { return raw_ == 0; }
  // Pieces held, of every kind (the spare pieces of a mate line's end: solver/book_line.h).
  constexpr int total() const {
    int n = 0;
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) n += count(PieceType(pt));
    return n;
  }
  // Any piece other than a pawn.
  constexpr bool has_except_pawn() const { return (raw_ & ~kMask[PAWN]) != 0; }

  constexpr void add(PieceType pt, int n = 1) { raw_ += std::uint32_t(n) << kShift[pt]; }
  constexpr void remove(PieceType pt, int n = 1) { raw_ -= std::uint32_t(n) << kShift[pt]; }
  constexpr void set(PieceType pt, int n) {
    raw_ = (raw_ & ~(kMask[pt] << kShift[pt])) | (std::uint32_t(n) << kShift[pt]);
  }

  // True when this hand holds at least as many pieces of every kind as `other`.
  constexpr bool dominates(Hand other) const { return ((raw_ - other.raw_) & kGuardBits) == 0; }

  constexpr bool operator==(const Hand&) const = default;

  // The largest count a field can hold: the number of pieces of that kind in a full set.
  static constexpr int capacity(PieceType pt) { return kPieceCountMax[pt]; }

 private:
  static constexpr int kShift[kHandTypeNb] = {0, 0, 6, 10, 14, 22, 25, 18};
  static constexpr std::uint32_t kMask[kHandTypeNb] = {0, 0x1f, 0x7, 0x7, 0x7, 0x3, 0x3, 0x7};
  static constexpr std::uint32_t kGuardBits =
      (1u << 5) | (1u << 9) | (1u << 13) | (1u << 17) | (1u << 21) | (1u << 24) | (1u << 27);
  std::uint32_t raw_ = 0;
};

// Hand piece types in SFEN order (R B G S N L P).
inline constexpr PieceType kSfenHandOrder[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

}  // namespace tsumi
