#pragma once
// The edge by which a table entry was last reached: enough of the parent's move to compute the
// parent's board key and attacker hand from the child's, so that the table can be walked upwards
// without positions (merge detection, solver/README.md "Double counting").
//
// Layout, 32 bits:
//
//   bit  31..26 25      24     23..20    19..16      15..0
//        unused shared  valid  captured  mover type  move (core/move.h)
//
// mover type: the moving piece's type before the move (the dropped type for a drop); captured: the
// type of the piece taken, promotion kept (0: none). The mover's colour is the side not to move in
// the child (bit 0 of the board key is the side to move, core/zobrist.h), the captured piece's the
// other. Undoing the move on the keys: the board key XORs out what the move XORed in; the attacker's
// hand gets back a dropped piece and loses a captured one when the mover was the attacker.
//
// shared: the entry's summed number (pn at an AND node's parent, dn at an OR node's parent) is known
// to reach some ancestor by two routes, so its parents count it by max, not by sum (LocalExpansion).
//
// Thread safety: a value type.

#include <cstdint>

#include "core/hand.h"
#include "core/move.h"
#include "core/position.h"
#include "core/types.h"
#include "core/zobrist.h"

namespace tsumi {

class ParentLink {
 public:
  constexpr ParentLink() = default;
  constexpr explicit ParentLink(std::uint32_t raw) : raw_(raw) {}

  // The link of the child reached from `parent` by legal move m (before the move is made).
  static ParentLink of(const Position& parent, Move m) {
    const PieceType mover = m.is_drop() ? m.dropped_piece() : type_of(parent.piece_on(m.from()));
    const PieceType captured = m.is_drop() ? NO_PIECE_TYPE : type_of(parent.piece_on(m.to()));
    return ParentLink(std::uint32_t(m.raw()) | (std::uint32_t(mover) << 16) | (std::uint32_t(captured) << 20) | kValid);
  }

  constexpr std::uint32_t raw() const { return raw_; }
  constexpr bool valid() const { return (raw_ & kValid) != 0; }
  constexpr bool shared() const { return (raw_ & kShared) != 0; }
  constexpr ParentLink with_shared(bool on) const { return ParentLink(on ? raw_ | kShared : raw_ & ~kShared); }
  constexpr Move move() const { return Move(std::uint16_t(raw_)); }
  constexpr PieceType mover() const { return PieceType((raw_ >> 16) & 0xf); }
  constexpr PieceType captured() const { return PieceType((raw_ >> 20) & 0xf); }
  // The same edge (flags aside).
  constexpr bool same_edge(ParentLink o) const { return ((raw_ ^ o.raw_) & kEdgeBits) == 0; }

  // The parent's board key, from the child's.
  constexpr Key parent_board_key(Key child_board_key) const {
    const Color child_side = (child_board_key & zobrist_side()) != 0 ? WHITE : BLACK;
    const Color us = ~child_side;
    const Move m = move();
    Key k = child_board_key ^ zobrist_side();
    if (m.is_drop()) return k ^ zobrist_psq(make_piece(us, m.dropped_piece()), m.to());
    const PieceType after = m.is_promotion() ? promote(mover()) : mover();
    k ^= zobrist_psq(make_piece(us, mover()), m.from()) ^ zobrist_psq(make_piece(us, after), m.to());
    if (captured() != NO_PIECE_TYPE) k ^= zobrist_psq(make_piece(child_side, captured()), m.to());
    return k;
  }
  // The parent's attacker hand, from the child's; `attacker_moved`: the parent is an OR node.
  constexpr Hand parent_hand(Hand child_hand, bool attacker_moved) const {
    if (!attacker_moved) return child_hand;
    const Move m = move();
    if (m.is_drop()) {
      if (child_hand.count(m.dropped_piece()) < Hand::capacity(m.dropped_piece())) child_hand.add(m.dropped_piece());
    } else if (captured() != NO_PIECE_TYPE && child_hand.has(unpromote(captured()))) {
      child_hand.remove(unpromote(captured()));
    }
    return child_hand;
  }

 private:
  static constexpr std::uint32_t kValid = 1u << 24;
  static constexpr std::uint32_t kShared = 1u << 25;
  static constexpr std::uint32_t kEdgeBits = kValid - 1;
  std::uint32_t raw_ = 0;
};

}  // namespace tsumi
