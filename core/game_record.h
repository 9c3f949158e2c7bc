#pragma once
// A game as it is played: the position after each move, and the rules that end a game —
// mate (the side to move has no legal move; in shogi that loses whether or not it is in check),
// four-fold repetition with perpetual-check attribution (repetition.h), and impasse on request
// (impasse.h: the 24-point count is applied by agreement, not automatically).

#include <deque>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/impasse.h"
#include "core/move.h"
#include "core/position.h"
#include "core/repetition.h"

namespace tsumi {

enum class GameResult { ONGOING, BLACK_WINS, WHITE_WINS, DRAW };

struct GameStatus {
  enum Reason { NONE, CHECKMATE, NO_LEGAL_MOVES, REPETITION, PERPETUAL_CHECK };
  Reason reason = NONE;
  GameResult result = GameResult::ONGOING;
};

class GameRecord {
 public:
  explicit GameRecord(const PositionSetup& start);
  GameRecord(const GameRecord&) = delete;
  GameRecord& operator=(const GameRecord&) = delete;

  // Plays a move if it is legal here; returns false (and changes nothing) otherwise.
  bool play(Move m);
  // Takes back the last move; false when there is none.
  bool undo();

  const Position& position() const { return pos_; }
  std::span<const Move> moves() const { return moves_; }
  std::span<const HistoryEntry> history() const { return history_; }

  // Whether the game has ended by mate or repetition, and who won. Constant time until the position
  // appears for the fourth time (a count per key is kept), so checking it after every move of a long
  // game costs nothing like the history's length.
  GameStatus status() const;
  // How often the current position (board, hands, side to move) has appeared, itself included.
  int occurrences() const;
  // The 24-point judgement, meaningful when both kings have entered (both_kings_entered).
  ImpasseResult impasse() const { return judge_impasse_24(pos_); }

 private:
  HistoryEntry entry() const { return {pos_.key(), pos_.in_check(), pos_.side_to_move()}; }

  std::deque<StateInfo> states_;  // stable addresses: the Position links them
  Position pos_;
  std::vector<Move> moves_;
  std::vector<HistoryEntry> history_;
  std::unordered_map<Key, int> seen_;  // Position::key() -> appearances in history_
};

}  // namespace tsumi
