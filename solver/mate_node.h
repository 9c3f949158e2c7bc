#pragma once
// A node of the tsume search seen from its parent: which side it belongs to, and the keys under which
// the table knows a child (its board key and the attacker's hand after the move).
//
// OR nodes are the attacker's (every legal check is a child), AND nodes the defender's (every legal
// evasion). The attacker's hand changes only on the attacker's moves: a drop spends a piece, a capture
// adds the captured piece unpromoted. The defender's moves leave it as it is (in a tsume problem the
// defender owns every other piece, so its hand follows).
//
// Thread safety: pure functions of a position the caller owns.

#include <cstdint>

#include "core/bitboard.h"
#include "core/hand.h"
#include "core/move.h"
#include "core/position.h"
#include "core/zobrist.h"
#include "solver/mate_table.h"
#include "solver/proof_hand.h"

namespace tsumi {

inline constexpr std::uint16_t kUnlimited = 0xfff0;  // a remaining length no problem needs

// The numbers a search returns for its node.
struct NodeResult {
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;  // as MateEntry::len
  Hand hand;          // proof or disproof hand when final
  Move best;          // proven OR: the mating move; proven AND: the longest defence
  // Disproven: the shallowest ply of a position on the path that the disproof returns to (a
  // repetition), kNoLoop when it returns to none. The disproof of the node at ply p holds whatever the
  // path to it when loop_ply >= p (every repetition is the node itself or below it).
  std::uint16_t loop_ply;
  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
};

inline constexpr std::uint16_t kNoLoop = 0xffff;  // NodeResult::loop_ply of a result that relies on no repetition

// The node is the attacker's (an OR node).
inline bool is_or_node(const Position& pos, Color attacker) { return pos.side_to_move() == attacker; }

// A child of the current node: the move, the child's board key and attacker hand, and how the move
// changes the attacker's hand (what the proof and disproof hands undo on the way up).
struct ChildKey {
  Move move;
  Key board_key;
  Hand hand;
  proof_hand::HandChange change;
};

// `salt` is XORed into the board key: the book count's search keeps its nodes apart from the other's
// in one table (DfpnSearch::set_book).
inline ChildKey child_key(const Position& pos, Color attacker, Move m, Key salt = 0) {
  ChildKey c{m, pos.board_key_after(m) ^ salt, pos.hand(attacker), proof_hand::hand_change(m, pos.piece_on(m.to()))};
  if (is_or_node(pos, attacker)) {
    if (c.change.dropped != NO_PIECE_TYPE) c.hand.remove(c.change.dropped);
    if (c.change.captured != NO_PIECE_TYPE) c.hand.add(c.change.captured);
  }
  return c;
}

// The check on the side to move could be answered by a drop between the king and the checker (what an
// AND node's proof hand must account for; proof_hand::with_interposition_kinds).
inline bool drop_possible(const Position& pos) {
  const Bitboard checkers = pos.checkers();
  if (checkers.empty() || checkers.more_than_one()) return false;
  return !between_bb(pos.king_square(pos.side_to_move()), checkers.lsb()).empty();
}

// The results of nodes that need no search, from the position at the node.
// The defender has no legal move: mated, proven with nothing in hand but what an interposition needs.
inline NodeResult mated(const Position& pos, Color attacker) {
  const Hand proof =
      proof_hand::with_interposition_kinds(Hand(), pos.hand(attacker), pos.hand(~attacker), drop_possible(pos));
  return NodeResult{0, kInfPn, 0, proof, Move::none(), kNoLoop};
}
// The attacker has no check: disproven for any length, and for any hand without a new kind.
inline NodeResult without_check(const Position& pos, Color attacker) {
  return NodeResult{kInfPn,       0,
                    kInfLen,      proof_hand::without_absent_kinds(proof_hand::full(), pos.hand(attacker)),
                    Move::none(), kNoLoop};
}
// The defender has a legal move and no length is left: not mated within 1 ply.
inline NodeResult out_of_length(const Position& pos, Color attacker) {
  return NodeResult{kInfPn,
                    0,
                    1,
                    proof_hand::keeping_defender_drops(proof_hand::full(), pos.hand(attacker), pos.hand(~attacker)),
                    Move::none(),
                    kNoLoop};
}

}  // namespace tsumi
