#include "python/game_position.h"

#include <algorithm>

#include "core/movegen.h"
#include "core/usi.h"
#include "front/game_report.h"
#include "notation/csa_writer.h"
#include "notation/kif_writer.h"

namespace tsumi::python {

GamePosition::GamePosition(const PositionSetup& start, Headers headers)
    : start_(start), headers_(std::move(headers)), game_(std::make_unique<GameRecord>(start)) {}

GamePosition::GamePosition(const GamePosition& other) : GamePosition(other.start_, other.headers_) {
  for (const Move m : other.moves()) game_->play(m);
}

std::optional<std::string> GamePosition::push(std::string_view usi) {
  if (const GameStatus s = game_->status(); s.reason != GameStatus::NONE)
    return "the game is over (" + front::result_text(s, game_->occurrences()) + "): no move can be played";
  const auto m = parse_usi_move(game_->position(), usi);
  if (!m) return m.error().message;
  game_->play(*m);
  return std::nullopt;
}

std::optional<Move> GamePosition::pop() {
  if (game_->moves().empty()) return std::nullopt;
  const Move m = game_->moves().back();
  game_->undo();
  return m;
}

std::vector<Move> GamePosition::legal_moves() const {
  MoveList list;
  generate<LEGAL>(game_->position(), list);
  return {list.begin(), list.end()};
}

bool GamePosition::is_mate() const { return position().in_check() && !has_legal_move(position()); }

bool GamePosition::same_position(const GamePosition& other) const {
  const PositionSetup a = position().setup(), b = other.position().setup();
  return a.side_to_move == b.side_to_move && std::equal(std::begin(a.board), std::end(a.board), std::begin(b.board)) &&
         std::equal(std::begin(a.hands), std::end(a.hands), std::begin(b.hands));
}

std::string GamePosition::kif() const {
  notation::Kifu kifu = front::game_kifu(start_, *game_);
  kifu.headers = headers_;
  return notation::write_kif(kifu);
}

std::string GamePosition::csa() const {
  notation::Kifu kifu = front::game_kifu(start_, *game_);
  kifu.headers = headers_;
  return notation::write_csa(kifu);
}

}  // namespace tsumi::python
