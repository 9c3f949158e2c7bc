#pragma once
// Moves and fixed-capacity move lists.
//
// A Move is 16 bits:
//
//   bit  15       14     13..7                         6..0
//        promote  drop   from square (0..80), or the   to square (0..80)
//                        dropped PieceType for drops
//
// Move::none() is all zeros (SQ_11 to SQ_11, never a real move). The moved piece is read from the
// board, so a Move alone is the whole of what a table entry needs to store.

#include <cstddef>
#include <cstdint>

#include "core/square.h"

namespace tsumi {

class Move {
 public:
  // Trivial, so that move arrays cost nothing to create; use Move::none() for "no move".
  Move() = default;
  constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}

  static constexpr Move make(Square from, Square to, bool promote = false) {
    return Move(std::uint16_t(to | (from << 7) | (promote ? kPromoteBit : 0)));
  }
  static constexpr Move make_drop(PieceType pt, Square to) { return Move(std::uint16_t(to | (pt << 7) | kDropBit)); }
  static constexpr Move none() { return Move(std::uint16_t(0)); }

  constexpr Square to() const { return Square(raw_ & 0x7f); }
  constexpr Square from() const { return Square((raw_ >> 7) & 0x7f); }
  constexpr bool is_drop() const { return (raw_ & kDropBit) != 0; }
  constexpr bool is_promotion() const { return (raw_ & kPromoteBit) != 0; }
  constexpr PieceType dropped_piece() const { return PieceType((raw_ >> 7) & 0x7f); }
  constexpr std::uint16_t raw() const { return raw_; }
  constexpr bool is_none() const { return raw_ == 0; }

  constexpr bool operator==(const Move&) const = default;

 private:
  static constexpr std::uint16_t kDropBit = 1u << 14;
  static constexpr std::uint16_t kPromoteBit = 1u << 15;
  std::uint16_t raw_;
};

// No shogi position has more than 593 legal moves; generators only ever write legal moves.
inline constexpr std::size_t kMaxMoves = 600;

// A stack-allocated list of moves; the array is left uninitialised, so creating one costs nothing.
class MoveList {
 public:
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  // Generators write into the array directly and then report the new end.
  Move* data() { return moves_; }
  void set_end(const Move* last) { size_ = std::uint32_t(last - moves_); }

 private:
  Move moves_[kMaxMoves];
  std::uint32_t size_ = 0;
};

}  // namespace tsumi
