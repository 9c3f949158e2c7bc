#include "solver/mate_problem.h"

#include <string>

namespace tsumi {

std::string_view strip_sfen_prefix(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  if (text.starts_with("sfen ")) text.remove_prefix(5);
  return text;
}

ParseResult<MateProblem> make_mate_problem(const PositionSetup& setup) {
  MateProblem problem;
  problem.setup = setup;
  PositionSetup& s = problem.setup;

  int counts[kHandTypeNb] = {};
  bool king[COLOR_NB] = {false, false};
  for (Piece pc : s.board) {
    if (pc == NO_PIECE) continue;
    const PieceType pt = unpromote(type_of(pc));
    if (pt == KING)
      king[color_of(pc)] = true;
    else
      ++counts[pt];
  }
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) counts[pt] += s.hands[c].count(PieceType(pt));
  for (int pt = PAWN; pt < kHandTypeNb; ++pt)
    if (counts[pt] > kPieceCountMax[pt])
      return ParseError{"more " + std::string(1, kPieceLetter[pt]) + " than a set holds", 0};

  // The side to move attacks, unless it is in check: then the move that checked it was the attack.
  StateInfo st;
  Position pos;
  pos.set(s, &st);
  problem.attacker = pos.in_check() ? ~s.side_to_move : s.side_to_move;
  const Color defender = ~problem.attacker;
  if (!king[defender]) return ParseError{"the defending side has no king", 0};
  const Square other_king = pos.king_square(~s.side_to_move);
  if (other_king != SQ_NONE && pos.attackers_to(s.side_to_move, other_king))
    return ParseError{"the side not to move is in check", 0};

  // Tsume convention: whatever is neither on the board nor in the attacker's hand is the defender's.
  // A position with the attacker's king too is a game position: its hands stand as written.
  if (!king[problem.attacker])
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) s.hands[defender].add(PieceType(pt), kPieceCountMax[pt] - counts[pt]);
  return problem;
}

}  // namespace tsumi
