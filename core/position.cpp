#include "core/position.h"

#include <cstring>

namespace tsumi {

PositionSetup flipped(const PositionSetup& s) {
  PositionSetup f;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) f.board[flip(sq)] = flip_color(s.board[sq]);
  f.hands[BLACK] = s.hands[WHITE];
  f.hands[WHITE] = s.hands[BLACK];
  f.side_to_move = ~s.side_to_move;
  f.game_ply = s.game_ply;
  return f;
}

void Position::set(const PositionSetup& setup, StateInfo* si) {
  std::memset(si, 0, sizeof(StateInfo));
  st_ = si;
  for (Bitboard& b : by_type_) b = Bitboard::zero();
  for (Bitboard& b : by_color_) b = Bitboard::zero();
  king_sq_[BLACK] = king_sq_[WHITE] = SQ_NONE;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    board_[sq] = NO_PIECE;
    const Piece pc = setup.board[sq];
    if (pc == NO_PIECE) continue;
    put_piece(pc, sq);
    if (type_of(pc) == KING) king_sq_[color_of(pc)] = sq;
  }
  hands_[BLACK] = setup.hands[BLACK];
  hands_[WHITE] = setup.hands[WHITE];
  side_to_move_ = setup.side_to_move;
  game_ply_ = setup.game_ply;
  st_->board_key = board_key_from_scratch();
  st_->hand_key = hand_key_from_scratch();
  st_->captured = NO_PIECE;
  st_->previous = nullptr;
  const Color us = side_to_move_;
  st_->checkers = has_king(us) ? step_attackers_to(~us, king_sq_[us]) : Bitboard::zero();
  set_check_info(StateScope::kFull);
}

void Position::copy_from(const Position& other, StateInfo* si) {
  std::memcpy(board_, other.board_, sizeof(board_));
  std::memcpy(by_type_, other.by_type_, sizeof(by_type_));
  std::memcpy(by_color_, other.by_color_, sizeof(by_color_));
  hands_[BLACK] = other.hands_[BLACK];
  hands_[WHITE] = other.hands_[WHITE];
  king_sq_[BLACK] = other.king_sq_[BLACK];
  king_sq_[WHITE] = other.king_sq_[WHITE];
  side_to_move_ = other.side_to_move_;
  game_ply_ = other.game_ply_;
  *si = *other.st_;
  si->previous = nullptr;
  st_ = si;
}

PositionSetup Position::setup() const {
  PositionSetup s;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) s.board[sq] = board_[sq];
  s.hands[BLACK] = hands_[BLACK];
  s.hands[WHITE] = hands_[WHITE];
  s.side_to_move = side_to_move_;
  s.game_ply = game_ply_;
  return s;
}

Key Position::board_key_from_scratch() const {
  Key k = side_to_move_ == WHITE ? zobrist_side() : 0;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq)
    if (board_[sq] != NO_PIECE) k ^= zobrist_psq(board_[sq], sq);
  return k;
}

Key Position::hand_key_from_scratch() const {
  Key k = 0;
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < kHandTypeNb; ++pt)
      k += Key(hands_[c].count(PieceType(pt))) * zobrist_hand(c, PieceType(pt));
  return k;
}

// Pieces (of either colour) that alone block an enemy slider's line to the king of king_color; the
// enemy sliders with nothing between them and that king go to `checkers`.
Bitboard Position::slider_blockers(Color king_color, Bitboard& checkers) const {
  Bitboard blockers = Bitboard::zero();
  const Square ksq = king_sq_[king_color];
  if (ksq == SQ_NONE) return blockers;
  const Color them = ~king_color;
  Bitboard snipers =
      ((pseudo_attacks(BLACK, ROOK, ksq) & rook_dragon()) | (pseudo_attacks(BLACK, BISHOP, ksq) & bishop_horse()) |
       (pseudo_attacks(king_color, LANCE, ksq) & by_type_[LANCE])) &
      by_color_[them];
  const Bitboard occ = pieces();
  while (snipers) {
    const Square sq = pop_lsb(snipers);
    const Bitboard b = between_bb(ksq, sq) & occ;
    if (b.empty())
      checkers.set(sq);
    else if (!b.more_than_one())
      blockers |= b;
  }
  return blockers;
}

// st_->checkers holds the step pieces that check the side to move; the sliders join them here, found
// by the same pass that finds the pins.
void Position::set_check_info(StateScope scope) {
  const Color them = ~side_to_move_;
  st_->blockers_for_king[side_to_move_] = slider_blockers(side_to_move_, st_->checkers);
  st_->full = scope == StateScope::kFull;
  if (!st_->full) return;
  Bitboard none = Bitboard::zero();  // the side not to move is never in check
  st_->blockers_for_king[them] = slider_blockers(them, none);
  Bitboard* cs = st_->check_squares;
  const Square ksq = king_sq_[them];
  if (ksq == SQ_NONE) {
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) cs[pt] = Bitboard::zero();
    return;
  }
  const Bitboard occ = pieces();
  cs[NO_PIECE_TYPE] = Bitboard::zero();
  cs[PAWN] = pseudo_attacks(them, PAWN, ksq);
  cs[LANCE] = lance_attacks(them, ksq, occ);
  cs[KNIGHT] = pseudo_attacks(them, KNIGHT, ksq);
  cs[SILVER] = pseudo_attacks(them, SILVER, ksq);
  cs[GOLD] = cs[PRO_PAWN] = cs[PRO_LANCE] = cs[PRO_KNIGHT] = cs[PRO_SILVER] = pseudo_attacks(them, GOLD, ksq);
  cs[BISHOP] = bishop_attacks(ksq, occ);
  cs[ROOK] = rook_attacks(ksq, occ);
  cs[KING] = Bitboard::zero();
  cs[HORSE] = cs[BISHOP] | king_attacks(ksq);
  cs[DRAGON] = cs[ROOK] | king_attacks(ksq);
}

bool Position::gives_check(Move m) const {
  TSUMI_ASSERT(st_->full);
  const Color us = side_to_move_;
  const Square to = m.to();
  if (m.is_drop()) return check_squares(m.dropped_piece()).test(to);
  const Square from = m.from();
  const PieceType pt = type_of(board_[from]);
  if (check_squares(m.is_promotion() ? promote(pt) : pt).test(to)) return true;
  // Discovered check: the piece leaves the line between one of our sliders and their king.
  const Square ksq = king_sq_[~us];
  return ksq != SQ_NONE && blockers_for_king(~us).test(from) && !aligned(from, to, ksq);
}

bool Position::is_pawn_drop_mate(Square sq) const {
  const Color us = side_to_move_, them = ~us;
  const Square ksq = king_sq_[them];
  TSUMI_ASSERT(ksq != SQ_NONE && pseudo_attacks(us, PAWN, sq).test(ksq));
  const Bitboard occ = pieces() | Bitboard::square(sq);
  // Can a defender other than the king take the pawn without exposing its king?
  Bitboard defenders = andnot(attackers_to(them, sq, occ), Bitboard::square(ksq));
  while (defenders) {
    const Square from = pop_lsb(defenders);
    // After from x sq, only a slider of ours on a line through from can newly reach the king.
    const Bitboard after = occ ^ Bitboard::square(from);
    const Bitboard sliders =
        ((bishop_attacks(ksq, after) & bishop_horse()) | (rook_attacks(ksq, after) & rook_dragon()) |
         (lance_attacks(them, ksq, after) & by_type_[LANCE])) &
        by_color_[us];
    if (sliders.empty()) return false;
  }
  // Can the king step anywhere (the pawn's square included) that we do not attack?
  const Bitboard without_king = occ ^ Bitboard::square(ksq);
  Bitboard escapes = andnot(king_attacks(ksq), by_color_[them]);
  while (escapes) {
    const Square to = pop_lsb(escapes);
    if (!is_attacked(us, to, without_king)) return false;
  }
  return true;
}

void Position::do_move(Move m, StateInfo& new_st, StateScope scope) {
  TSUMI_ASSERT(&new_st != st_);
  new_st.board_key = st_->board_key;
  new_st.hand_key = st_->hand_key;
  new_st.previous = st_;
  st_ = &new_st;

  const Color us = side_to_move_;
  const Square to = m.to();
  if (m.is_drop()) {
    const PieceType pt = m.dropped_piece();
    hands_[us].remove(pt);
    new_st.hand_key -= zobrist_hand(us, pt);
    const Piece pc = make_piece(us, pt);
    put_piece(pc, to);
    new_st.board_key ^= zobrist_psq(pc, to);
    new_st.captured = NO_PIECE;
  } else {
    const Square from = m.from();
    const Piece pc = board_[from];
    const Piece captured = board_[to];
    new_st.captured = captured;
    if (captured != NO_PIECE) {
      TSUMI_ASSERT(type_of(captured) != KING);
      const PieceType hand_pt = unpromote(type_of(captured));
      remove_piece(to);
      hands_[us].add(hand_pt);
      new_st.hand_key += zobrist_hand(us, hand_pt);
      new_st.board_key ^= zobrist_psq(captured, to);
    }
    remove_piece(from);
    const Piece moved = m.is_promotion() ? Piece(pc + kPromotionOffset) : pc;
    put_piece(moved, to);
    new_st.board_key ^= zobrist_psq(pc, from) ^ zobrist_psq(moved, to);
    if (type_of(pc) == KING) king_sq_[us] = to;
  }
  new_st.board_key ^= zobrist_side();
  side_to_move_ = ~us;
  ++game_ply_;
  const Square ksq = king_sq_[~us];
  new_st.checkers = ksq != SQ_NONE ? step_attackers_to(us, ksq) : Bitboard::zero();
  set_check_info(scope);
  TSUMI_ASSERT(is_ok());
}

void Position::undo_move(Move m) {
  side_to_move_ = ~side_to_move_;
  --game_ply_;
  const Color us = side_to_move_;
  const Square to = m.to();
  if (m.is_drop()) {
    remove_piece(to);
    hands_[us].add(m.dropped_piece());
  } else {
    const Square from = m.from();
    const Piece moved = board_[to];
    const Piece pc = m.is_promotion() ? Piece(moved - kPromotionOffset) : moved;
    remove_piece(to);
    put_piece(pc, from);
    if (type_of(pc) == KING) king_sq_[us] = from;
    const Piece captured = st_->captured;
    if (captured != NO_PIECE) {
      put_piece(captured, to);
      hands_[us].remove(unpromote(type_of(captured)));
    }
  }
  st_ = st_->previous;
  TSUMI_ASSERT(is_ok());
}

bool Position::is_ok(std::string* why) const {
  auto fail = [&](const char* what) {
    if (why) *why = what;
    return false;
  };
  Bitboard occ = Bitboard::zero(), by_color[COLOR_NB] = {Bitboard::zero(), Bitboard::zero()};
  int kings[COLOR_NB] = {0, 0};
  int counts[kHandTypeNb + 1] = {};
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    const Piece pc = board_[sq];
    if (pc == NO_PIECE) continue;
    const PieceType pt = type_of(pc);
    if (pt == NO_PIECE_TYPE || pt >= PIECE_TYPE_NB || color_of(pc) >= COLOR_NB) return fail("bad piece code");
    if (!by_type_[pt].test(sq)) return fail("piece missing from its type bitboard");
    occ.set(sq);
    by_color[color_of(pc)].set(sq);
    if (pt == KING) {
      ++kings[color_of(pc)];
      if (king_sq_[color_of(pc)] != sq) return fail("king square out of date");
    }
    ++counts[unpromote(pt)];
  }
  if (!(occ == pieces())) return fail("occupancy bitboard out of date");
  if (!(by_color[BLACK] == by_color_[BLACK]) || !(by_color[WHITE] == by_color_[WHITE]))
    return fail("colour bitboard out of date");
  Bitboard all_types = Bitboard::zero();
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
    if (all_types.intersects(by_type_[pt])) return fail("type bitboards overlap");
    all_types |= by_type_[pt];
  }
  if (!(all_types == occ)) return fail("type bitboards disagree with the board");
  for (Color c : {BLACK, WHITE}) {
    if (kings[c] > 1) return fail("two kings of one colour");
    if (kings[c] == 0 && king_sq_[c] != SQ_NONE) return fail("king square set without a king");
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) counts[pt] += hands_[c].count(PieceType(pt));
  }
  for (int pt = PAWN; pt <= KING; ++pt)
    if (counts[pt] > kPieceCountMax[pt]) return fail("more pieces of a kind than a set has");
  if (st_->board_key != board_key_from_scratch()) return fail("board key out of date");
  if (st_->hand_key != hand_key_from_scratch()) return fail("hand key out of date");
  const Color us = side_to_move_;
  const Bitboard checkers = has_king(us) ? attackers_to(~us, king_sq_[us]) : Bitboard::zero();
  if (!(checkers == st_->checkers)) return fail("checkers out of date");
  if (has_king(~us) && is_attacked(us, king_sq_[~us], pieces())) return fail("side not to move is in check");
  Bitboard unused = Bitboard::zero();
  for (Color c : {BLACK, WHITE})
    if ((c == us || st_->full) && !(slider_blockers(c, unused) == st_->blockers_for_king[c]))
      return fail("blockers out of date");
  return true;
}

}  // namespace tsumi
