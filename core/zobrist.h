#pragma once
// Zobrist hashing keys.
//
// The board key is the XOR of one key per (piece, square) plus a side-to-move key; the hand key is a
// SUM of count * key per (colour, hand piece). Kept apart, the board key alone identifies the board
// (what the tsume solver's table needs, hands being compared by dominance), and adding one piece to a
// hand is one addition. The position key is board_key + hand_key. Keys come from a fixed splitmix64
// stream, so every build and run agrees on them.

#include <cstdint>

#include "core/hash_mix.h"
#include "core/square.h"
#include "core/types.h"

namespace tsumi {

using Key = std::uint64_t;

namespace zobrist_detail {

struct Keys {
  Key psq[PIECE_NB][SQ_NB];
  Key hand[COLOR_NB][kHandTypeNb];
  Key side;
};

inline constexpr Keys kKeys = [] {
  Keys k{};
  std::uint64_t state = 0x7473756d69ULL;  // "tsumi"
  for (int p = 0; p < PIECE_NB; ++p)
    for (int sq = 0; sq < SQ_NB; ++sq) {
      const PieceType pt = type_of(Piece(p));
      k.psq[p][sq] = (pt == NO_PIECE_TYPE || pt >= PIECE_TYPE_NB) ? 0 : splitmix64(state) & ~std::uint64_t(1);
    }
  for (int c = 0; c < COLOR_NB; ++c)
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) k.hand[c][pt] = splitmix64(state) & ~std::uint64_t(1);
  // Bit 0 of the board key is the side to move; no other key touches it.
  k.side = 1;
  return k;
}();

}  // namespace zobrist_detail

constexpr Key zobrist_psq(Piece p, Square sq) { return zobrist_detail::kKeys.psq[p][sq]; }
constexpr Key zobrist_hand(Color c, PieceType pt) { return zobrist_detail::kKeys.hand[c][pt]; }
constexpr Key zobrist_side() { return zobrist_detail::kKeys.side; }

}  // namespace tsumi
