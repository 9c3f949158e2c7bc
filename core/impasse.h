#pragma once
// Impasse (jishogi): when both kings have entered the enemy camp and neither can be mated.
//
// - 24-point rule (JSA professional games): each side counts its pieces on the board and in hand,
//   rook and bishop (promoted or not) 5 points, every other piece 1, the king nothing. A side with
//   fewer than 24 points loses; with 24 or more each, the game is a draw.
// - 27-point declaration (CSA / computer shogi "nyugyoku sengen"): the side to move wins by declaring
//   when its king is in the enemy camp and not in check, at least 10 of its other pieces are in the
//   enemy camp, and those pieces plus its hand are worth at least 28 points (black) or 27 (white).

#include "core/position.h"

namespace tsumi {

// Points of colour c's pieces by the 24-point rule (board and hand, promotions ignored).
int impasse_points(const Position& pos, Color c);

// Whether both kings stand in their enemy camps (the precondition of the 24-point rule).
bool both_kings_entered(const Position& pos);

enum class ImpasseResult { DRAW, BLACK_WINS, WHITE_WINS };

// The 24-point judgement of the position as it stands.
ImpasseResult judge_impasse_24(const Position& pos);

// Whether the side to move may declare a win by the 27-point rule.
bool can_declare_impasse_win(const Position& pos);

}  // namespace tsumi
