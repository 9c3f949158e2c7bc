#pragma once
// Proof and disproof hands: the attacker's hand a result really depends on, so that one table entry
// answers for every hand that dominates it (a proof) or that it dominates (a disproof).
//
// Definitions (Seo 1995; Nagai 2002, "Df-pn algorithm for searching AND/OR trees and its
// applications", sec. 5): a proof hand P of a proven node says the attacker mates with any hand >= P;
// a disproof hand D of a disproven node says it does not mate with any hand <= D. The hand is always
// the attacker's; the defender owns every other piece, so a bigger attacker hand is a smaller
// defender hand. The rules, per node kind:
//
//   OR node proven by move m into a child with proof hand Pc: P = Pc + the piece m drops, - the piece
//     m captures (not below zero).
//   AND node proven (all evasions proven): P = max over children of Pc; then, if the check could be
//     answered by a drop between the king and the checker, every kind the defender holds none of is
//     raised to the attacker's whole count: with one fewer, the defender would hold one to drop.
//   AND node disproven by an evasion into a child with disproof hand Dc: D = Dc (an evasion does not
//     change the attacker's hand; a smaller attacker hand only gives the defender more); but if the
//     evasion drops a piece, D may not take the defender's last piece of that kind. An AND node that
//     has evasions and no length left keeps the defender one piece of every kind it holds.
//   OR node disproven (every check refuted): D = min over checks of (Dc + the piece the check
//     captures, - the piece it drops); then every kind the attacker holds none of is set to zero:
//     holding one would allow new drops. A kind it does hold can grow without adding a move.
//
// Hands are Apery-packed (core/hand.h); every function here keeps counts within a set's capacity.

#include "core/hand.h"
#include "core/move.h"
#include "core/types.h"

namespace tsumi::proof_hand {

inline constexpr PieceType kHandTypes[7] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

// Every kind at the capacity of a set: the disproof hand of a result that no hand can change.
constexpr Hand full() {
  Hand h;
  for (PieceType pt : kHandTypes) h.set(pt, Hand::capacity(pt));
  return h;
}

constexpr Hand max(Hand a, Hand b) {
  Hand h;
  for (PieceType pt : kHandTypes) h.set(pt, a.count(pt) > b.count(pt) ? a.count(pt) : b.count(pt));
  return h;
}

constexpr Hand min(Hand a, Hand b) {
  Hand h;
  for (PieceType pt : kHandTypes) h.set(pt, a.count(pt) < b.count(pt) ? a.count(pt) : b.count(pt));
  return h;
}

// The hand kind a move puts into the attacker's hand (a capture) or takes out (a drop).
struct HandChange {
  PieceType dropped = NO_PIECE_TYPE;
  PieceType captured = NO_PIECE_TYPE;  // unpromoted
};

constexpr HandChange hand_change(Move m, Piece captured_piece) {
  HandChange c;
  if (m.is_drop())
    c.dropped = m.dropped_piece();
  else if (captured_piece != NO_PIECE)
    c.captured = unpromote(type_of(captured_piece));
  return c;
}

// OR node: the hand before an attacker move that corresponds to a hand after it (the dropped piece
// back, the captured piece out). Applied to a child's proof hand it gives the parent's candidate proof
// hand; applied to a child's disproof hand, the largest parent hand that child's disproof covers.
constexpr Hand before_attack(Hand child_proof, HandChange c) {
  if (c.dropped != NO_PIECE_TYPE && child_proof.count(c.dropped) < Hand::capacity(c.dropped))
    child_proof.add(c.dropped);
  if (c.captured != NO_PIECE_TYPE && child_proof.count(c.captured) > 0) child_proof.remove(c.captured);
  return child_proof;
}

// AND node: raises the proof hand where the defender's empty hand is what kept it from interposing.
constexpr Hand with_interposition_kinds(Hand proof, Hand attacker, Hand defender, bool drop_possible) {
  if (!drop_possible) return proof;
  for (PieceType pt : kHandTypes)
    if (defender.count(pt) == 0 && attacker.count(pt) > proof.count(pt)) proof.set(pt, attacker.count(pt));
  return proof;
}

// AND node: caps a disproof hand so the defender keeps at least one piece of every kind it holds
// (of `kind` only, when given): more for the attacker is less for the defender, and a defence that
// drops a piece needs one. A defence without drops needs nothing.
constexpr Hand keeping_defender_drops(Hand disproof, Hand attacker, Hand defender, PieceType kind = NO_PIECE_TYPE) {
  for (PieceType pt : kHandTypes) {
    if ((kind != NO_PIECE_TYPE && pt != kind) || defender.count(pt) == 0) continue;
    const int most = attacker.count(pt) + defender.count(pt) - 1;
    if (disproof.count(pt) > most) disproof.set(pt, most);
  }
  return disproof;
}

// OR node: clears the kinds the attacker holds none of (one more would allow new drops).
constexpr Hand without_absent_kinds(Hand disproof, Hand attacker) {
  for (PieceType pt : kHandTypes)
    if (attacker.count(pt) == 0) disproof.set(pt, 0);
  return disproof;
}

}  // namespace tsumi::proof_hand
