#include "core/movegen.h"

namespace tsumi {

namespace {

// What a pass does with the moves it finds: write them all, write only those that give check, or
// only count them (the last ply of perft, where the moves themselves are never needed).
enum class Emit { kMoves, kChecks, kCount };

// Files without an unpromoted pawn of ours, as a set of whole files: the squares where a pawn may be
// dropped without nifu. Each file is nine consecutive bits that never straddle the two words (see
// bitboard.h), so per word: shift the pawns into bits 0..7 of their file (black pawns never stand
// on rank 1, white ones never on rank 9; with both the file test below stays exact), subtract them
// from a bit 8 set in every file (no borrow leaves a file), and bit 8 survives exactly where the file
// had no pawn; then fill the file below it.
template <Color Us>
TSUMI_FORCE_INLINE Bitboard files_without_pawn(Bitboard pawns) {
  constexpr std::uint64_t kTop[2] = {0x4020100804020100ULL, 0x20100ULL};  // bit 8 of every file
  std::uint64_t w[2];
  for (int i = 0; i < 2; ++i) {
    const std::uint64_t p = Us == BLACK ? pawns.part(i) >> 1 : pawns.part(i);
    const std::uint64_t top = (kTop[i] - p) & kTop[i];
    w[i] = top | (top - (top >> 8));
  }
  return Bitboard(w[0], w[1]);
}

template <Color Us, Emit E>
class Generator {
 public:
  explicit Generator(const Position& p, Move* out = nullptr)
      : pos_(p),
        occ_(p.pieces()),
        targets_(andnot(kAllSquares, p.pieces(Us))),
        drop_targets_(p.empties()),
        pinned_(p.blockers_for_king(Us) & p.pieces(Us)),
        discoverers_(E == Emit::kChecks ? p.blockers_for_king(Them) & p.pieces(Us) : Bitboard::zero()),
        ksq_(p.king_square(Us)),
        out_(out) {}

  // Generates everything; returns the new end of the output (Emit::kMoves, kChecks).
  Move* run() {
    all();
    return out_;
  }
  // Counts everything (Emit::kCount).
  std::uint64_t count() {
    all();
    return count_;
  }

 private:
  static constexpr Color Them = ~Us;
  static constexpr bool kChecks = E == Emit::kChecks;

  TSUMI_FORCE_INLINE void push(Move m) {
    if (!kChecks || pos_.gives_check(m)) *out_++ = m;
  }

  // Emits every legal promotion and non-promotion of a piece of type Pt from `from` to the squares of
  // to_set. The rules: pawn and lance must promote on the last rank, knight on the last two; silver,
  // bishop and rook may promote when they start or end in the zone; the rest never promote.
  template <PieceType Pt>
  TSUMI_FORCE_INLINE void emit(Square from, Bitboard to_set) {
    if constexpr (E == Emit::kCount) {
      const Bitboard zone = kPromotionZone[Us];
      if constexpr (Pt == PAWN || Pt == LANCE) {
        count_ += (to_set & zone).popcount() + andnot(to_set, kLastRank[Us]).popcount();
      } else if constexpr (Pt == KNIGHT) {
        count_ += (to_set & zone).popcount() + andnot(to_set, kLastTwoRanks[Us]).popcount();
      } else if constexpr (Pt == SILVER || Pt == BISHOP || Pt == ROOK) {
        count_ += to_set.popcount() + (zone.test(from) ? to_set : to_set & zone).popcount();
      } else {
        count_ += to_set.popcount();
      }
    } else {
      while (to_set) emit_one<Pt>(from, pop_lsb(to_set));
    }
  }

  template <PieceType Pt>
  TSUMI_FORCE_INLINE void emit_one(Square from, Square to) {
    const Rank rel_to = relative_rank(Us, rank_of(to));
    if constexpr (Pt == PAWN || Pt == LANCE) {
      if (rel_to <= RANK_3) push(Move::make(from, to, true));
      if (rel_to != RANK_1) push(Move::make(from, to, false));
    } else if constexpr (Pt == KNIGHT) {
      if (rel_to <= RANK_3) push(Move::make(from, to, true));
      if (rel_to >= RANK_3) push(Move::make(from, to, false));
    } else if constexpr (Pt == SILVER || Pt == BISHOP || Pt == ROOK) {
      if (rel_to <= RANK_3 || relative_rank(Us, rank_of(from)) <= RANK_3) push(Move::make(from, to, true));
      push(Move::make(from, to, false));
    } else {
      push(Move::make(from, to, false));
    }
  }

  // Destination squares worth trying for a check by a piece of type Pt from `from`.
  template <PieceType Pt>
  TSUMI_FORCE_INLINE Bitboard check_filter(Square from, Bitboard to_set) const {
    if (!kChecks || discoverers_.test(from)) return to_set;
    Bitboard wanted = pos_.check_squares(Pt);
    if constexpr (is_promotable(Pt)) wanted |= pos_.check_squares(promote(Pt));
    return to_set & wanted;
  }

  // Moves of the pieces of type Pt; for Pt == GOLD, of the gold and the four pieces that move like it.
  template <PieceType Pt>
  TSUMI_FORCE_INLINE void piece_moves() {
    Bitboard from_set = Pt == GOLD ? pos_.golds() & pos_.pieces(Us) : pos_.pieces(Us, Pt);
    // A pinned knight can never stay on its pin line.
    if constexpr (Pt == KNIGHT) from_set = andnot(from_set, pinned_);
    while (from_set) {
      const Square from = pop_lsb(from_set);
      Bitboard to_set = attacks_from<Us, Pt>(from, occ_) & targets_;
      if (pinned_.test(from)) to_set &= line_bb(ksq_, from);
      emit<Pt>(from, check_filter<Pt>(from, to_set));
    }
  }

  void pawn_moves() {
    Bitboard pawns = pos_.pieces(Us, PAWN);
    // A pinned pawn may only step along a pin on its own file.
    if (pinned_.intersects(pawns) && ksq_ != SQ_NONE) pawns = andnot(pawns, andnot(pinned_, file_bb(file_of(ksq_))));
    const Bitboard to_set = shift_forward<Us>(pawns) & targets_;
    if constexpr (E == Emit::kCount) {
      emit<PAWN>(SQ_11, to_set);  // the origin does not matter to a pawn's count
    } else {
      Bitboard b = to_set;
      while (b) {
        const Square to = pop_lsb(b);
        const Square from = to - forward(Us);
        if (!kChecks || discoverers_.test(from) || check_filter<PAWN>(from, Bitboard::square(to)))
          emit_one<PAWN>(from, to);
      }
    }
  }

  void king_moves() {
    if (ksq_ == SQ_NONE) return;
    if (kChecks && !discoverers_.test(ksq_)) return;  // a king can only give discovered check
    const Bitboard to_set = andnot(king_attacks(ksq_), pos_.pieces(Us));
    if (to_set.empty()) return;
    // With our king lifted off the board, a slider that checks it attacks the squares behind it too.
    const Bitboard lifted = occ_ ^ Bitboard::square(ksq_);
    emit<KING>(ksq_, andnot(to_set, pos_.attacked_near<Them>(ksq_, to_set, lifted)));
  }

  void drop(PieceType pt, Bitboard to_set) {
    if constexpr (kChecks) to_set &= pos_.check_squares(pt);
    if constexpr (E == Emit::kCount)
      count_ += to_set.popcount();
    else
      while (to_set) *out_++ = Move::make_drop(pt, pop_lsb(to_set));
  }

  void drops() {
    const Hand hand = pos_.hand(Us);
    if (hand.empty() || drop_targets_.empty()) return;
    if (hand.has(PAWN)) {
      Bitboard to_set = andnot(drop_targets_ & files_without_pawn<Us>(pos_.pieces(Us, PAWN)), kLastRank[Us]);
      // Only the square in front of their king can be a pawn-drop mate.
      const Square their_king = pos_.king_square(Them);
      if (their_king != SQ_NONE) {
        const Bitboard mate_square = pseudo_attacks(Them, PAWN, their_king) & to_set;
        if (mate_square && pos_.is_pawn_drop_mate(mate_square.lsb())) to_set = andnot(to_set, mate_square);
      }
      drop(PAWN, to_set);
    }
    if (hand.has(LANCE)) drop(LANCE, andnot(drop_targets_, kLastRank[Us]));
    if (hand.has(KNIGHT)) drop(KNIGHT, andnot(drop_targets_, kLastTwoRanks[Us]));
    if (hand.has(SILVER)) drop(SILVER, drop_targets_);
    if (hand.has(GOLD)) drop(GOLD, drop_targets_);
    if (hand.has(BISHOP)) drop(BISHOP, drop_targets_);
    if (hand.has(ROOK)) drop(ROOK, drop_targets_);
  }

  void all() {
    king_moves();
    const Bitboard checkers = pos_.checkers();
    if (checkers) {
      if (checkers.more_than_one()) return;
      const Square checker = checkers.lsb();
      drop_targets_ = between_bb(ksq_, checker);
      targets_ = drop_targets_ | Bitboard::square(checker);
    }
    pawn_moves();
    piece_moves<LANCE>();
    piece_moves<KNIGHT>();
    piece_moves<SILVER>();
    piece_moves<GOLD>();
    piece_moves<BISHOP>();
    piece_moves<ROOK>();
    piece_moves<HORSE>();
    piece_moves<DRAGON>();
    drops();
  }

  const Position& pos_;
  Bitboard occ_;
  Bitboard targets_;       // squares a non-king piece may move to (evasion squares when in check)
  Bitboard drop_targets_;  // empty squares a piece may be dropped on
  Bitboard pinned_;        // our pieces pinned to our king
  Bitboard discoverers_;   // our pieces whose move off the line gives discovered check (checks only)
  Square ksq_;
  Move* out_;
  // Not std::uint64_t: a store to it could then alias the bitboards, which the compiler would reload.
  std::uint32_t count_ = 0;
};

template <Emit E>
Move* generate_for_side(const Position& pos, Move* out) {
  if (pos.side_to_move() == BLACK) return Generator<BLACK, E>(pos, out).run();
  return Generator<WHITE, E>(pos, out).run();
}

}  // namespace

template <>
Move* generate<LEGAL>(const Position& pos, Move* out) {
  return generate_for_side<Emit::kMoves>(pos, out);
}

template <>
Move* generate<NON_EVASIONS>(const Position& pos, Move* out) {
  TSUMI_ASSERT(!pos.in_check());
  return generate_for_side<Emit::kMoves>(pos, out);
}

template <>
Move* generate<EVASIONS>(const Position& pos, Move* out) {
  TSUMI_ASSERT(pos.in_check());
  return generate_for_side<Emit::kMoves>(pos, out);
}

template <>
Move* generate<CHECKS>(const Position& pos, Move* out) {
  TSUMI_ASSERT(pos.state()->full);
  return generate_for_side<Emit::kChecks>(pos, out);
}

std::uint64_t legal_move_count(const Position& pos) {
  if (pos.side_to_move() == BLACK) return Generator<BLACK, Emit::kCount>(pos).count();
  return Generator<WHITE, Emit::kCount>(pos).count();
}

bool has_legal_move(const Position& pos) {
  MoveList list;
  generate<LEGAL>(pos, list);
  return !list.empty();
}

bool is_legal_move(const Position& pos, Move m) {
  MoveList list;
  generate<LEGAL>(pos, list);
  return list.contains(m);
}

}  // namespace tsumi
