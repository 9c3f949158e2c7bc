#pragma once
// Colours, piece types and pieces.
//
// PieceType order follows YaneuraOu: the seven hand pieces first with GOLD last among them, so that
// "promotable" is `PAWN <= pt < GOLD`, `promote(pt) = pt + 8` and `unpromote(pt) = pt - 8`; KING sits
// at 8 so that a promoted type is simply `pt > KING`. A Piece is `colour * 16 + type`.

#include <cstdint>

#include "core/platform.h"

namespace tsumi {

enum Color : std::uint8_t { BLACK, WHITE, COLOR_NB };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t {
  NO_PIECE_TYPE,
  PAWN,
  LANCE,
  KNIGHT,
  SILVER,
  BISHOP,
  ROOK,
  GOLD,
  KING,
  PRO_PAWN,
  PRO_LANCE,
  PRO_KNIGHT,
  PRO_SILVER,
  HORSE,
  DRAGON,
  PIECE_TYPE_NB
};

// Number of piece types that can be held in hand, indexable by PAWN..GOLD.
inline constexpr int kHandTypeNb = GOLD + 1;
inline constexpr int kPromotionOffset = 8;

constexpr bool is_promotable(PieceType pt) { return pt >= PAWN && pt < GOLD; }
constexpr bool is_promoted(PieceType pt) { return pt > KING; }
constexpr PieceType promote(PieceType pt) { return PieceType(pt + kPromotionOffset); }
// The type a piece has in hand once captured: promoted pieces revert, others stay.
constexpr PieceType unpromote(PieceType pt) { return is_promoted(pt) ? PieceType(pt - kPromotionOffset) : pt; }
// Pieces that slide any distance along at least one line.
constexpr bool is_slider(PieceType pt) {
  return pt == LANCE || pt == BISHOP || pt == ROOK || pt == HORSE || pt == DRAGON;
}

enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 32 };

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 16 + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }
constexpr Piece flip_color(Piece p) { return p == NO_PIECE ? NO_PIECE : make_piece(~color_of(p), type_of(p)); }

// The most pieces of each unpromoted kind that exist in a set (both colours, board and hands).
inline constexpr int kPieceCountMax[kHandTypeNb + 1] = {0, 18, 4, 4, 4, 2, 2, 4, 2};

// Rank-and-file letters of SFEN, indexed by PieceType (unpromoted letter for promoted types).
inline constexpr char kPieceLetter[PIECE_TYPE_NB] = {'?', 'P', 'L', 'N', 'S', 'B', 'R', 'G',
                                                     'K', 'P', 'L', 'N', 'S', 'B', 'R'};

}  // namespace tsumi
