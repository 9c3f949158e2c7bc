#pragma once
// Legal move generation, drops included.
//
// Every generator writes only legal moves (no self-check, no nifu, no pawn-drop mate, no drop or
// non-promotion onto a square the piece could never leave), so a list never needs filtering and its
// size is the legal-move count. Promotion and non-promotion are both written wherever both are legal,
// pawn, bishop and rook non-promotions included (the convention of every published perft count).
//
// - LEGAL: all legal moves (EVASIONS when in check, NON_EVASIONS otherwise).
// - NON_EVASIONS: all legal moves of a side that is not in check.
// - EVASIONS: all legal moves of a side in check: king moves, captures of the checker, interpositions
//   by a move or a drop.
// - CHECKS: the legal moves that give check: direct, discovered and by drop; works in or out of check.
//
// Pins are handled while generating: a pinned piece only gets squares on its pin line, the king only
// squares the enemy does not attack with the king lifted off the board.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"

namespace tsumi {

enum GenType { LEGAL, NON_EVASIONS, EVASIONS, CHECKS };

// Writes the moves from `out` on and returns the new end.
template <GenType T>
Move* generate(const Position& pos, Move* out);

template <GenType T>
void generate(const Position& pos, MoveList& list) {
  list.set_end(generate<T>(pos, list.data()));
}

// The number of legal moves, counted without writing them (popcounts over the target sets; the same
// rules as generate<LEGAL>, so legal_move_count(pos) == size of the LEGAL list). Perft's last ply.
std::uint64_t legal_move_count(const Position& pos);

// Whether the side to move has at least one legal move.
bool has_legal_move(const Position& pos);

// Whether m, a move of outside origin (a file, a user, a table), is one of the position's legal moves.
bool is_legal_move(const Position& pos, Move m);

}  // namespace tsumi
