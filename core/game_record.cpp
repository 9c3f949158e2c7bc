#include "core/game_record.h"

#include "core/movegen.h"

namespace tsumi {

GameRecord::GameRecord(const PositionSetup& start) {
  states_.emplace_back();
  pos_.set(start, &states_.back());
  history_.push_back(entry());
  ++seen_[pos_.key()];
}

bool GameRecord::play(Move m) {
  if (!is_legal_move(pos_, m)) return false;
  states_.emplace_back();
  pos_.do_move(m, states_.back());
  moves_.push_back(m);
  history_.push_back(entry());
  ++seen_[pos_.key()];
  return true;
}

bool GameRecord::undo() {
  if (moves_.empty()) return false;
  if (--seen_[pos_.key()] == 0) seen_.erase(pos_.key());
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
  if (occurrences() < 4) return {};  // judge_repetition's answer too, without its scan of the history
  const RepetitionStatus rep = judge_repetition(history_);
  if (rep.kind == RepetitionStatus::DRAW) return {GameStatus::REPETITION, GameResult::DRAW};
  if (rep.kind == RepetitionStatus::PERPETUAL_CHECK)
    return {GameStatus::PERPETUAL_CHECK, rep.loser == BLACK ? GameResult::WHITE_WINS : GameResult::BLACK_WINS};
  return {};
}

int GameRecord::occurrences() const {
  const auto it = seen_.find(pos_.key());
  return it == seen_.end() ? 0 : it->second;
}

}  // namespace tsumi
