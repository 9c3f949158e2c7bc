#include "core/perft.h"

#include "core/movegen.h"

namespace tsumi {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate<LEGAL>(pos, moves);
  // The generator writes only legal moves, so the last ply is counted without playing it.
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  StateInfo st;
  for (Move m : moves) {
    pos.do_move(m, st);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

std::vector<DivideEntry> perft_divide(Position& pos, int depth) {
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  MoveList moves;
  generate<LEGAL>(pos, moves);
  StateInfo st;
  for (Move m : moves) {
    pos.do_move(m, st);
    out.push_back({m, perft(pos, depth - 1)});
    pos.undo_move(m);
  }
  return out;
}

}  // namespace tsumi
