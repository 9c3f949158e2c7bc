#include "core/game_record.h"

#include "core/movegen.h"

namespace tsumi {

GameRecord::GameRecord(const PositionSetup& start) {
  states_.emplace_back();
  pos_.set(start, &states_.back());
  history_.push_back(entry());
}

bool GameRecord::play(Move m) {
  if (!pos_.is_valid_move(m)) return false;
  states_.emplace_back();
  pos_.do_move(m, states_.back());
  moves_.push_back(m);
  history_.push_back(entry());
  return true;
}

bool GameRecord::undo() {
  if (moves_.empty()) return false;
  pos_.undo_move(moves_.back());
  moves_.pop_back();
  history_.pop_back();
  states_.pop_back();
  return true;
}

GameStatus GameRecord::status() const {
  const Color us = pos_.side_to_move();
  const GameResult loss = us == BLACK ? GameResult::WHITE_WINS : GameResult::BLACK_WINS;
  if (!has_legal_move(pos_)) return {pos_.in_check() ? GameStatus::CHECKMATE : GameStatus::NO_LEGAL_MOVES, loss};
  const RepetitionStatus rep = judge_repetition(history_);
  if (rep.kind == RepetitionStatus::DRAW) return {GameStatus::REPETITION, GameResult::DRAW};
  if (rep.kind == RepetitionStatus::PERPETUAL_CHECK)
    return {GameStatus::PERPETUAL_CHECK, rep.loser == BLACK ? GameResult::WHITE_WINS : GameResult::BLACK_WINS};
  return {};
}

}  // namespace tsumi
