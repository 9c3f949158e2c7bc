#include "solver/futility_judge.h"

#include "core/attacks.h"
#include "core/movegen.h"
#include "solver/mate_node.h"
#include "solver/proof_hand.h"

namespace tsumi {

namespace {

constexpr bool can_promote(PieceType pt) { return pt >= PAWN && pt <= ROOK && pt != GOLD; }

// A piece of colour c of type pt may stand unpromoted on sq (pawn and lance not on the last rank,
// knight not on the last two).
constexpr bool can_stay_unpromoted(Color c, PieceType pt, Square sq) {
  const Rank r = relative_rank(c, rank_of(sq));
  if (pt == PAWN || pt == LANCE) return r != RANK_1;
  if (pt == KNIGHT) return r > RANK_2;
  return true;
}

}  // namespace

FutilityJudge::FutilityJudge(Color attacker) : attacker_(attacker), futile_(kMemory) {}

FutilityVerdict FutilityJudge::judge(const Position& pos, Square s) {
  ++counters_.judged;
  const Color us = attacker_;
  const Square checker = pos.checkers().lsb();
  const Square king = pos.king_square(~us);
  // A piece that alone shields the attacker's own king stays where it is (real-game positions).
  const Bitboard pinned = pos.has_king(us) ? pos.blockers_for_king(us) : Bitboard::zero();
  FutilityVerdict verdict;
  const auto consider = [&](Square from) {
    if (pinned.test(from)) return false;
    const PieceType pt = type_of(pos.piece_on(from));
    const bool zone = in_promotion_zone(us, from) || in_promotion_zone(us, s);
    for (const bool promote : {true, false}) {
      if (promote ? !(can_promote(pt) && zone) : !can_stay_unpromoted(us, pt, s)) continue;
      const FutilityVerdict v = judge_one(pos, from, s, promote);
      if (v.futile) {
        verdict = v;
        return true;
      }
    }
    return false;
  };
  bool futile = consider(checker);
  // Next to the king, any other piece that takes there with check.
  if (!futile && king_attacks(king).test(s)) {
    Bitboard takers = andnot(pos.attackers_to(us, s), square_bb(checker) | pos.pieces(us, KING));
    while (!futile && !takers.empty()) futile = consider(takers.pop_lsb());
  }
  if (futile) ++counters_.futile;
  return verdict;
}

bool FutilityJudge::judges(const Position& pos, Square s, bool only_drops) {
  return only_drops || king_attacks(pos.king_square(pos.side_to_move())).test(s);
}

int FutilityJudge::drop_futile(const Position& pos, Move* moves, int n, Hand& proof) {
  bool only_drops = true;
  for (int i = 0; i < n && only_drops; ++i) only_drops = moves[i].is_drop();
  Bitboard judged = Bitboard::zero(), futile = Bitboard::zero();
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    if (m.is_drop() && judges(pos, m.to(), only_drops)) {
      const Square s = m.to();
      if (!judged.test(s)) {
        judged.set(s);
        const FutilityVerdict v = judge(pos, s);
        if (v.futile) futile.set(s), proof = proof_hand::max(proof, v.proof);
      }
      if (futile.test(s)) continue;
    }
    moves[kept++] = m;
  }
  return kept;
}

bool FutilityJudge::mated_by_futility(const Position& pos, Hand& proof) {
  if (!pos.in_check() || pos.checkers().more_than_one()) return false;
  MoveList evasions;
  generate<EVASIONS>(pos, evasions);
  if (evasions.empty()) return false;
  for (Move m : evasions)
    if (!m.is_drop()) return false;  // a king move, a capture or a piece moved between: a defence
  Bitboard judged = Bitboard::zero();
  proof = Hand();
  for (Move m : evasions) {
    if (judged.test(m.to())) continue;
    judged.set(m.to());
    const FutilityVerdict v = judge(pos, m.to());
    if (!v.futile) return false;
    proof = proof_hand::max(proof, v.proof);
  }
  // With fewer of a kind the defender holds none of, it would hold one to drop, perhaps where it could
  // not drop before (a gold on a last rank its pawns may not take): the rule of an AND node's proof hand.
  proof = proof_hand::with_interposition_kinds(proof, pos.hand(attacker_), pos.hand(~attacker_), true);
  return true;
}

FutilityVerdict FutilityJudge::judge_one(const Position& pos, Square from, Square s, bool promote) {
  PositionSetup setup = pos.setup();
  const Piece pc = setup.board[from];
  setup.board[from] = NO_PIECE;
  setup.board[s] = promote ? Piece(pc + kPromotionOffset) : pc;
  StateInfo st;
  Position v;
  v.set(setup, &st);
  if (!v.in_check()) return {};  // the attacker's moves all check: this one would not
  if (!has_legal_move(v)) return FutilityVerdict{true, mated(v, attacker_).hand};
  // V(s) whose own evasions are all futile drops (a chain: seed 20261230, R*1b checking along 2b-8b,
  // V(2b) being R*2b with its drops futile again). The squares between the king and the checker are
  // fewer at each step, so this ends.
  Memo& memo = futile_[v.key() & (kMemory - 1)];
  if (memo.key == v.key()) return FutilityVerdict{true, memo.proof};
  if (Hand proof; !v.checkers().more_than_one() && mated_by_futility(v, proof)) {
    memo = {v.key(), proof};
    return FutilityVerdict{true, proof};
  }
  return {};
}

}  // namespace tsumi
