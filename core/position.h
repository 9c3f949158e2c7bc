#pragma once
// A shogi position: board, hands, side to move, with incremental do/undo.
//
// The board is kept three ways at once: a mailbox (piece per square), one bitboard per piece type
// (index 0, NO_PIECE_TYPE, holds all occupied squares) and one per colour. The per-move state that
// undo needs and the check information that move generation needs live in a StateInfo, one per ply,
// owned by the caller (a stack array in search and perft), as in Stockfish.
//
// A side may have no king: tsume problems give none to the attacker. The king-safety rule then does
// not apply to that side (king_square() is SQ_NONE, its checks, pins and blockers are empty).
//
// Thread safety: a Position is a value owned by one thread; copy it (copy_from) to hand it to another.

#include <cstdint>
#include <string>

#include "core/attacks.h"
#include "core/bitboard.h"
#include "core/hand.h"
#include "core/move.h"
#include "core/platform.h"
#include "core/square.h"
#include "core/types.h"
#include "core/zobrist.h"

namespace tsumi {

// What undo needs, and what is computed once per move for the generators.
struct StateInfo {
  Key board_key;
  Key hand_key;
  // Pieces of the opponent giving check to the side to move.
  Bitboard checkers;
  // Pieces of either colour that alone stand between the king of colour c and an enemy slider.
  Bitboard blockers_for_king[COLOR_NB];
  // Squares from which a piece of the side to move, of each type, would attack the enemy king.
  Bitboard check_squares[PIECE_TYPE_NB];
  Piece captured;
  // False after do_move(..., StateScope::kMovesOnly): check_squares and the blockers for the king of
  // the side not to move were not computed.
  bool full;
  StateInfo* previous;
};

// How much of the new StateInfo do_move computes. kFull: everything. kMovesOnly: what generating and
// counting the legal moves needs (checkers, the pins on the king of the side to move) and nothing for
// giving check; perft uses it, as gives_check() and generate<CHECKS> are then off limits.
enum class StateScope { kFull, kMovesOnly };

// A position as a plain description (what SFEN holds), before any derived state is computed.
struct PositionSetup {
  Piece board[SQ_NB] = {};
  Hand hands[COLOR_NB] = {};
  Color side_to_move = BLACK;
  int game_ply = 1;
};

// The same position seen from the other side: board rotated 180 degrees, colours and hands swapped.
PositionSetup flipped(const PositionSetup& s);

class Position {
 public:
  Position() = default;
  Position(const Position&) = delete;
  Position& operator=(const Position&) = delete;

  // Sets up from a description that the caller has validated (see sfen.h); si receives the root state.
  void set(const PositionSetup& setup, StateInfo* si);
  // Copies another position's current state into this one, with si as the new root state.
  void copy_from(const Position& other, StateInfo* si);
  PositionSetup setup() const;

  // Board access.
  Piece piece_on(Square sq) const { return board_[sq]; }
  Bitboard pieces() const { return by_type_[NO_PIECE_TYPE]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_type_[pt] & by_color_[c]; }
  Bitboard empties() const { return andnot(kAllSquares, pieces()); }
  // Gold and the four pieces that move like it once promoted.
  Bitboard golds() const {
    return by_type_[GOLD] | by_type_[PRO_PAWN] | by_type_[PRO_LANCE] | by_type_[PRO_KNIGHT] | by_type_[PRO_SILVER];
  }
  // Pieces that step to all eight neighbours: horse, dragon, king.
  Bitboard hdk() const { return by_type_[HORSE] | by_type_[DRAGON] | by_type_[KING]; }
  Bitboard bishop_horse() const { return by_type_[BISHOP] | by_type_[HORSE]; }
  Bitboard rook_dragon() const { return by_type_[ROOK] | by_type_[DRAGON]; }

  Hand hand(Color c) const { return hands_[c]; }
  Color side_to_move() const { return side_to_move_; }
  Square king_square(Color c) const { return king_sq_[c]; }
  bool has_king(Color c) const { return king_sq_[c] != SQ_NONE; }
  int game_ply() const { return game_ply_; }

  // Keys (see zobrist.h).
  Key key() const { return st_->board_key + st_->hand_key; }
  Key board_key() const { return st_->board_key; }
  Key hand_key() const { return st_->hand_key; }
  // Keys recomputed from the board and hands, for consistency checks.
  Key board_key_from_scratch() const;
  Key hand_key_from_scratch() const;

  // Check information.
  Bitboard checkers() const { return st_->checkers; }
  bool in_check() const { return !st_->checkers.empty(); }
  // The other king's are computed by a full do_move only (StateScope).
  Bitboard blockers_for_king(Color c) const {
    TSUMI_ASSERT(st_->full || c == side_to_move());
    return st_->blockers_for_king[c];
  }
  Bitboard check_squares(PieceType pt) const { return st_->check_squares[pt]; }
  Piece captured_piece() const { return st_->captured; }
  const StateInfo* state() const { return st_; }

  // Pieces of colour c that attack sq, given the occupancy occ.
  Bitboard attackers_to(Color c, Square sq, Bitboard occ) const;
  Bitboard attackers_to(Color c, Square sq) const { return attackers_to(c, sq, pieces()); }
  // Whether a piece of colour c attacks sq, given the occupancy occ.
  bool is_attacked(Color c, Square sq, Bitboard occ) const;
  // The attackers of sq split by kind: pieces that step (their attacks do not depend on occupancy)
  // and sliders (lance, bishop, rook, horse, dragon along their lines).
  Bitboard step_attackers_to(Color c, Square sq) const;
  Bitboard slider_attackers_to(Color c, Square sq, Bitboard occ) const;
  // The squares of `targets`, all next to `center`, that a piece of colour C attacks given occ. One
  // pass over the few pieces that can reach them instead of one is_attacked per square (a king's
  // moves): the step pieces within step_reach(center), and the sliders whose empty-board lines cross
  // `targets`.
  template <Color C>
  Bitboard attacked_near(Square center, Bitboard targets, Bitboard occ) const;

  // Whether a legal move gives check.
  bool gives_check(Move m) const;

  // The keys the position will have after the legal move m, without making it (what a search needs to
  // look its children up in a table).
  Key board_key_after(Move m) const;
  Key key_after(Move m) const;
  // Whether a move that a generator of this position could have produced is legal here; for moves of
  // outside origin (a table, a user) use is_legal_move (movegen.h), which checks everything.
  // Whether dropping a pawn of the side to move on sq checkmates the opponent (the uchifuzume test).
  // Only meaningful when a pawn there gives check.
  bool is_pawn_drop_mate(Square sq) const;

  void do_move(Move m, StateInfo& new_st, StateScope scope = StateScope::kFull);
  void undo_move(Move m);

  // Full consistency check of the derived state (for tests and debug builds); on failure `why` says what.
  bool is_ok(std::string* why = nullptr) const;

 private:
  void put_piece(Piece pc, Square sq);
  void remove_piece(Square sq);
  void set_check_info(StateScope scope);
  Bitboard slider_blockers(Color king_color, Bitboard& checkers) const;

  Piece board_[SQ_NB];
  Bitboard by_type_[PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Hand hands_[COLOR_NB];
  Square king_sq_[COLOR_NB];
  Color side_to_move_ = BLACK;
  int game_ply_ = 1;
  StateInfo* st_ = nullptr;
};

inline Bitboard Position::step_attackers_to(Color c, Square sq) const {
  const Color them = ~c;
  const Bitboard hdk_ = hdk();
  const Bitboard b = (pseudo_attacks(them, PAWN, sq) & by_type_[PAWN]) |
                     (pseudo_attacks(them, KNIGHT, sq) & by_type_[KNIGHT]) |
                     (pseudo_attacks(them, SILVER, sq) & (by_type_[SILVER] | hdk_)) |
                     (pseudo_attacks(them, GOLD, sq) & (golds() | hdk_));
  return b & by_color_[c];
}

// The sliders are looked at only when one of colour c stands on a line through sq: the costly
// occupancy-dependent attacks are skipped in most positions.
inline Bitboard Position::slider_attackers_to(Color c, Square sq, Bitboard occ) const {
  Bitboard b = lance_attacks(~c, sq, occ) & by_type_[LANCE] & by_color_[c];
  const Bitboard diagonal = pseudo_attacks(BLACK, BISHOP, sq) & bishop_horse() & by_color_[c];
  if (diagonal) b |= bishop_attacks(sq, occ) & diagonal;
  const Bitboard orthogonal = pseudo_attacks(BLACK, ROOK, sq) & rook_dragon() & by_color_[c];
  if (orthogonal) b |= rook_attacks(sq, occ) & orthogonal;
  return b;
}

template <Color C>
inline Bitboard Position::attacked_near(Square center, Bitboard targets, Bitboard occ) const {
  const Bitboard ours = by_color_[C];
  Bitboard attacked = Bitboard::zero();
  // Lance, bishop and rook attack only by sliding; horse and dragon also step like a king.
  Bitboard steppers = andnot(step_reach(center) & ours, by_type_[LANCE] | by_type_[BISHOP] | by_type_[ROOK]);
  while (steppers) {
    const Square sq = pop_lsb(steppers);
    const PieceType pt = type_of(board_[sq]);
    attacked |= pt >= HORSE ? king_attacks(sq) : pseudo_attacks(C, pt, sq);
  }
  Bitboard lances = by_type_[LANCE] & ours;
  while (lances) {
    const Square sq = pop_lsb(lances);
    if (pseudo_attacks(C, LANCE, sq).intersects(targets)) attacked |= lance_attacks<C>(sq, occ);
  }
  Bitboard diagonal = bishop_horse() & ours;
  while (diagonal) {
    const Square sq = pop_lsb(diagonal);
    if (pseudo_attacks(C, BISHOP, sq).intersects(targets)) attacked |= bishop_attacks(sq, occ);
  }
  Bitboard orthogonal = rook_dragon() & ours;
  while (orthogonal) {
    const Square sq = pop_lsb(orthogonal);
    if (pseudo_attacks(C, ROOK, sq).intersects(targets)) attacked |= rook_attacks(sq, occ);
  }
  return attacked & targets;
}

inline Bitboard Position::attackers_to(Color c, Square sq, Bitboard occ) const {
  return step_attackers_to(c, sq) | slider_attackers_to(c, sq, occ);
}

inline bool Position::is_attacked(Color c, Square sq, Bitboard occ) const {
  return step_attackers_to(c, sq) || slider_attackers_to(c, sq, occ);
}

inline Key Position::board_key_after(Move m) const {
  Key k = st_->board_key ^ zobrist_side();
  const Square to = m.to();
  if (m.is_drop()) return k ^ zobrist_psq(make_piece(side_to_move_, m.dropped_piece()), to);
  const Piece pc = board_[m.from()];
  const Piece moved = m.is_promotion() ? Piece(pc + kPromotionOffset) : pc;
  k ^= zobrist_psq(pc, m.from()) ^ zobrist_psq(moved, to);
  if (board_[to] != NO_PIECE) k ^= zobrist_psq(board_[to], to);
  return k;
}

inline Key Position::key_after(Move m) const {
  Key hand_key = st_->hand_key;
  if (m.is_drop())
    hand_key -= zobrist_hand(side_to_move_, m.dropped_piece());
  else if (board_[m.to()] != NO_PIECE)
    hand_key += zobrist_hand(side_to_move_, unpromote(type_of(board_[m.to()])));
  return board_key_after(m) + hand_key;
}

inline void Position::put_piece(Piece pc, Square sq) {
  const Bitboard b = square_bb(sq);
  board_[sq] = pc;
  by_type_[type_of(pc)] |= b;
  by_type_[NO_PIECE_TYPE] |= b;
  by_color_[color_of(pc)] |= b;
}

inline void Position::remove_piece(Square sq) {
  const Piece pc = board_[sq];
  const Bitboard b = square_bb(sq);
  board_[sq] = NO_PIECE;
  by_type_[type_of(pc)] ^= b;
  by_type_[NO_PIECE_TYPE] ^= b;
  by_color_[color_of(pc)] ^= b;
}

}  // namespace tsumi
