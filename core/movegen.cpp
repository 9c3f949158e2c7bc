#include "core/movegen.h"

namespace tsumi {

namespace {

// What a generation pass needs to know, computed once per call.
template <Color Us, bool Checks>
struct Generator {
  static constexpr Color Them = ~Us;

  const Position& pos;
  Bitboard occ;
  Bitboard targets;       // squares a non-king piece may move to (evasion squares when in check)
  Bitboard drop_targets;  // empty squares a piece may be dropped on
  Bitboard pinned;        // our pieces pinned to our king
  Bitboard discoverers;   // our pieces whose move off the line gives discovered check (Checks only)
  Square ksq;

  explicit Generator(const Position& p)
      : pos(p),
        occ(p.pieces()),
        targets(andnot(kAllSquares, p.pieces(Us))),
        drop_targets(p.empties()),
        pinned(p.blockers_for_king(Us) & p.pieces(Us)),
        discoverers(Checks ? p.blockers_for_king(Them) & p.pieces(Us) : Bitboard::zero()),
        ksq(p.king_square(Us)) {}

  TSUMI_FORCE_INLINE Move* push(Move* out, Move m) const {
    if (!Checks || pos.gives_check(m)) *out++ = m;
    return out;
  }

  // Writes the promotion and/or non-promotion of a move from -> to of a piece of type Pt.
  template <PieceType Pt>
  TSUMI_FORCE_INLINE Move* push_variants(Move* out, Square from, Square to) const {
    const Rank rel_to = relative_rank(Us, rank_of(to));
    if constexpr (Pt == PAWN || Pt == LANCE) {
      if (rel_to <= RANK_3) out = push(out, Move::make(from, to, true));
      if (rel_to != RANK_1) out = push(out, Move::make(from, to, false));
    } else if constexpr (Pt == KNIGHT) {
      if (rel_to <= RANK_3) out = push(out, Move::make(from, to, true));
      if (rel_to >= RANK_3) out = push(out, Move::make(from, to, false));
    } else if constexpr (Pt == SILVER || Pt == BISHOP || Pt == ROOK) {
      if (rel_to <= RANK_3 || relative_rank(Us, rank_of(from)) <= RANK_3) out = push(out, Move::make(from, to, true));
      out = push(out, Move::make(from, to, false));
    } else {
      out = push(out, Move::make(from, to, false));
    }
    return out;
  }

  // Destination squares worth trying for a check by a piece of type Pt from `from`.
  template <PieceType Pt>
  TSUMI_FORCE_INLINE Bitboard check_filter(Square from, Bitboard to_set) const {
    if (!Checks || discoverers.test(from)) return to_set;
    Bitboard wanted = pos.check_squares(Pt);
    if constexpr (is_promotable(Pt)) wanted |= pos.check_squares(promote(Pt));
    return to_set & wanted;
  }

  template <PieceType Pt>
  Move* piece_moves(Move* out) const {
    Bitboard from_set = pos.pieces(Us, Pt);
    while (from_set) {
      const Square from = pop_lsb(from_set);
      Bitboard to_set = attacks_from(Us, Pt, from, occ) & targets;
      if (pinned.test(from)) to_set &= line_bb(ksq, from);
      to_set = check_filter<Pt>(from, to_set);
      while (to_set) out = push_variants<Pt>(out, from, pop_lsb(to_set));
    }
    return out;
  }

  Move* pawn_moves(Move* out) const {
    Bitboard to_set = shift_forward<Us>(pos.pieces(Us, PAWN)) & targets;
    while (to_set) {
      const Square to = pop_lsb(to_set);
      const Square from = to - forward(Us);
      if (pinned.test(from) && !aligned(ksq, from, to)) continue;
      out = push_variants<PAWN>(out, from, to);
    }
    return out;
  }

  Move* king_moves(Move* out) const {
    if (ksq == SQ_NONE) return out;
    if (Checks && !discoverers.test(ksq)) return out;  // a king can only give discovered check
    Bitboard to_set = andnot(king_attacks(ksq), pos.pieces(Us));
    const Bitboard lifted = occ ^ Bitboard::square(ksq);
    while (to_set) {
      const Square to = pop_lsb(to_set);
      if (!pos.is_attacked(Them, to, lifted)) out = push(out, Move::make(ksq, to));
    }
    return out;
  }

  // Files holding one of our unpromoted pawns (no second pawn may be dropped there).
  Bitboard pawn_files() const {
    Bitboard files = Bitboard::zero();
    pos.pieces(Us, PAWN).for_each([&](Square sq) { files |= file_bb(file_of(sq)); });
    return files;
  }

  Move* drops(Move* out) const {
    const Hand hand = pos.hand(Us);
    if (hand.empty() || drop_targets.empty()) return out;
    auto drop_all = [&](PieceType pt, Bitboard to_set) {
      if (Checks) to_set &= pos.check_squares(pt);
      while (to_set) *out++ = Move::make_drop(pt, pop_lsb(to_set));
    };
    if (hand.has(PAWN)) {
      Bitboard to_set = andnot(drop_targets, kLastRank[Us] | pawn_files());
      // Only the square in front of their king can be a pawn-drop mate.
      const Bitboard mate_square = pos.check_squares(PAWN) & to_set;
      if (mate_square && pos.is_pawn_drop_mate(mate_square.lsb())) to_set = andnot(to_set, mate_square);
      drop_all(PAWN, to_set);
    }
    if (hand.has(LANCE)) drop_all(LANCE, andnot(drop_targets, kLastRank[Us]));
    if (hand.has(KNIGHT)) drop_all(KNIGHT, andnot(drop_targets, kLastTwoRanks[Us]));
    for (PieceType pt : {SILVER, GOLD, BISHOP, ROOK})
      if (hand.has(pt)) drop_all(pt, drop_targets);
    return out;
  }

  Move* all(Move* out) {
    out = king_moves(out);
    const Bitboard checkers = pos.checkers();
    if (checkers) {
      if (checkers.more_than_one()) return out;
      const Square checker = checkers.lsb();
      drop_targets = between_bb(ksq, checker);
      targets = drop_targets | Bitboard::square(checker);
    }
    out = pawn_moves(out);
    out = piece_moves<LANCE>(out);
    out = piece_moves<KNIGHT>(out);
    out = piece_moves<SILVER>(out);
    out = piece_moves<GOLD>(out);
    out = piece_moves<BISHOP>(out);
    out = piece_moves<ROOK>(out);
    out = piece_moves<PRO_PAWN>(out);
    out = piece_moves<PRO_LANCE>(out);
    out = piece_moves<PRO_KNIGHT>(out);
    out = piece_moves<PRO_SILVER>(out);
    out = piece_moves<HORSE>(out);
    out = piece_moves<DRAGON>(out);
    return drops(out);
  }
};

template <bool Checks>
Move* generate_for_side(const Position& pos, Move* out) {
  if (pos.side_to_move() == BLACK) return Generator<BLACK, Checks>(pos).all(out);
  return Generator<WHITE, Checks>(pos).all(out);
}

}  // namespace

template <>
Move* generate<LEGAL>(const Position& pos, Move* out) {
  return generate_for_side<false>(pos, out);
}

template <>
Move* generate<NON_EVASIONS>(const Position& pos, Move* out) {
  TSUMI_ASSERT(!pos.in_check());
  return generate_for_side<false>(pos, out);
}

template <>
Move* generate<EVASIONS>(const Position& pos, Move* out) {
  TSUMI_ASSERT(pos.in_check());
  return generate_for_side<false>(pos, out);
}

template <>
Move* generate<CHECKS>(const Position& pos, Move* out) {
  return generate_for_side<true>(pos, out);
}

bool has_legal_move(const Position& pos) {
  MoveList list;
  generate<LEGAL>(pos, list);
  return !list.empty();
}

}  // namespace tsumi
