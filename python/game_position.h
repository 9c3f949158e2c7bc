#pragma once
// What tsumi.Position holds (python/module.cpp binds it): a game from a start position, the moves played
// on it, and the state of its current position, as cshogi's and python-shogi's Board let a Python user
// play moves. A GameRecord (core/game_record.h) keeps the positions and the rules that end a game
// (mate, repetition, perpetual check); the start and a file's headers are kept for kif() and csa().
//
// Thread safety: none; the GIL serializes the calls from Python.

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_record.h"
#include "core/move.h"
#include "core/position.h"

namespace tsumi::python {

using Headers = std::vector<std::pair<std::string, std::string>>;

class GamePosition {
 public:
  explicit GamePosition(const PositionSetup& start, Headers headers = {});
  GamePosition(const GamePosition& other);  // the same start, headers and moves
  GamePosition& operator=(const GamePosition&) = delete;

  const Position& position() const { return game_->position(); }
  const GameRecord& game() const { return *game_; }
  const PositionSetup& start() const { return start_; }
  std::span<const Move> moves() const { return game_->moves(); }

  // Plays a move given in USI; the reason when it is malformed, not legal here, or the game is over.
  std::optional<std::string> push(std::string_view usi);
  // Plays a legal move (a kifu's recorded moves); false when it is not legal here.
  bool play(Move m) { return game_->play(m); }
  // Takes back the last move and returns it; none when no move was played.
  std::optional<Move> pop();

  std::vector<Move> legal_moves() const;
  // Checkmate: the side to move is in check and has no legal move.
  bool is_mate() const;
  // The same board, hands and side to move (the history and the move number aside).
  bool same_position(const GamePosition& other) const;

  // The game from its start as KIF or CSA text, with the headers it was read with; it ends in 詰み
  // after a mate and in 千日手 after a repetition draw.
  std::string kif() const;
  std::string csa() const;

 private:
  PositionSetup start_;
  Headers headers_;
  std::unique_ptr<GameRecord> game_;
};

}  // namespace tsumi::python
