#include "core/impasse.h"

namespace tsumi {

namespace {

constexpr int piece_points(PieceType pt) {
  const PieceType base = unpromote(pt);
  return base == KING ? 0 : (base == ROOK || base == BISHOP) ? 5 : 1;
}

int hand_points(Hand h) {
  int points = 0;
  for (int pt = PAWN; pt < kHandTypeNb; ++pt) points += h.count(PieceType(pt)) * piece_points(PieceType(pt));
  return points;
}

int board_points(const Position& pos, Bitboard squares) {
  int points = 0;
  squares.for_each([&](Square sq) { points += piece_points(type_of(pos.piece_on(sq))); });
  return points;
}

bool king_entered(const Position& pos, Color c) {
  return pos.has_king(c) && kPromotionZone[c].test(pos.king_square(c));
}

}  // namespace

int impasse_points(const Position& pos, Color c) { return board_points(pos, pos.pieces(c)) + hand_points(pos.hand(c)); }

bool both_kings_entered(const Position& pos) { return king_entered(pos, BLACK) && king_entered(pos, WHITE); }

ImpasseResult judge_impasse_24(const Position& pos) {
  const bool black_short = impasse_points(pos, BLACK) < 24;
  const bool white_short = impasse_points(pos, WHITE) < 24;
  // A full set is worth 54, so both sides short happens only with pieces missing; call it a draw.
  if (black_short == white_short) return ImpasseResult::DRAW;
  return black_short ? ImpasseResult::WHITE_WINS : ImpasseResult::BLACK_WINS;
}

bool can_declare_impasse_win(const Position& pos) {
  const Color us = pos.side_to_move();
  if (!king_entered(pos, us) || pos.in_check()) return false;
  const Bitboard camp = andnot(pos.pieces(us) & kPromotionZone[us], Bitboard::square(pos.king_square(us)));
  if (camp.popcount() < 10) return false;
  return board_points(pos, camp) + hand_points(pos.hand(us)) >= (us == BLACK ? 28 : 27);
}

}  // namespace tsumi
