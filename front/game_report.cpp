#include "front/game_report.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi::front {

namespace {

using Json = nlohmann::ordered_json;

// The facts that `tsumi position` prints, gathered once for both the text and the JSON form.
struct GameFacts {
  std::string sfen;
  Color side = BLACK;
  std::size_t moves_played = 0;
  std::vector<std::string> checkers;  // USI squares
  std::uint64_t legal_moves = 0;
  GameStatus status;
  int occurrences = 1;
  int points[COLOR_NB] = {};
  bool both_entered = false;
  ImpasseResult judgement = ImpasseResult::DRAW;
  bool may_declare = false;
};

const char* color_name(Color c) { return c == BLACK ? "black" : "white"; }

const char* winner_text(GameResult r) { return r == GameResult::BLACK_WINS ? "black wins" : "white wins"; }

const char* judgement_text(ImpasseResult r) {
  switch (r) {
    case ImpasseResult::BLACK_WINS: return "black wins";
    case ImpasseResult::WHITE_WINS: return "white wins";
    case ImpasseResult::DRAW: break;
  }
  return "draw";
}

const char* result_key(GameResult r) {
  switch (r) {
    case GameResult::BLACK_WINS: return "black_wins";
    case GameResult::WHITE_WINS: return "white_wins";
    case GameResult::DRAW: return "draw";
    case GameResult::ONGOING: break;
  }
  return "ongoing";
}

const char* reason_key(GameStatus::Reason r) {
  switch (r) {
    case GameStatus::CHECKMATE: return "checkmate";
    case GameStatus::NO_LEGAL_MOVES: return "no_legal_moves";
    case GameStatus::REPETITION: return "repetition";
    case GameStatus::PERPETUAL_CHECK: return "perpetual_check";
    case GameStatus::NONE: break;
  }
  return "none";
}

const char* judgement_key(ImpasseResult r) {
  return r == ImpasseResult::BLACK_WINS ? "black_wins" : r == ImpasseResult::WHITE_WINS ? "white_wins" : "draw";
}

GameFacts facts_of(const GameRecord& game) {
  const Position& pos = game.position();
  GameFacts f;
  f.sfen = to_sfen(pos);
  f.side = pos.side_to_move();
  f.moves_played = game.moves().size();
  pos.checkers().for_each([&](Square sq) { f.checkers.push_back(to_usi(sq)); });
  f.legal_moves = legal_move_count(pos);
  f.status = game.status();
  f.occurrences = game.occurrences();
  f.points[BLACK] = impasse_points(pos, BLACK);
  f.points[WHITE] = impasse_points(pos, WHITE);
  f.both_entered = both_kings_entered(pos);
  f.judgement = game.impasse();
  f.may_declare = can_declare_impasse_win(pos);
  return f;
}

std::string facts_text(const GameFacts& f) {
  std::ostringstream out;
  out << "sfen " << f.sfen << "\n";
  out << "side " << color_name(f.side) << "\n";
  out << "moves played " << f.moves_played << "\n";
  out << "check ";
  if (f.checkers.empty()) {
    out << "no\n";
  } else {
    out << "yes (checkers";
    for (const std::string& sq : f.checkers) out << " " << sq;
    out << ")\n";
  }
  out << "legal moves " << f.legal_moves << "\n";
  out << "result " << result_text(f.status, f.occurrences) << "\n";
  out << "repetition " << f.occurrences << "\n";
  out << "impasse points black " << f.points[BLACK] << ", white " << f.points[WHITE] << "\n";
  out << "both kings entered " << (f.both_entered ? "yes" : "no") << "\n";
  out << "24-point rule " << judgement_text(f.judgement)
      << (f.both_entered ? "" : " (not applicable: it judges only when both kings have entered)") << "\n";
  out << "declaration " << (f.may_declare ? "yes (" : "no (") << color_name(f.side) << ", to move, may"
      << (f.may_declare ? "" : " not") << " declare a win by the 27-point rule)\n";
  return out.str();
}

void facts_json(const GameFacts& f, Json& j) {
  j["sfen"] = f.sfen;
  j["side"] = color_name(f.side);
  j["moves_played"] = f.moves_played;
  j["check"] = !f.checkers.empty();
  j["checkers"] = f.checkers;
  j["legal_moves"] = f.legal_moves;
  j["result"] = result_key(f.status.result);
  j["reason"] = reason_key(f.status.reason);
  j["repetition"] = f.occurrences;
  j["impasse_points"] = {{"black", f.points[BLACK]}, {"white", f.points[WHITE]}};
  j["both_kings_entered"] = f.both_entered;
  j["impasse_24"] = judgement_key(f.judgement);
  j["may_declare"] = f.may_declare;
}

}  // namespace

std::string result_text(const GameStatus& s, int occurrences) {
  switch (s.reason) {
    case GameStatus::NONE: return "ongoing";
    case GameStatus::CHECKMATE: return std::string("checkmate, ") + winner_text(s.result);
    case GameStatus::NO_LEGAL_MOVES: return std::string("no legal moves, ") + winner_text(s.result);
    case GameStatus::REPETITION: return "repetition draw (" + std::to_string(occurrences) + "th occurrence)";
    case GameStatus::PERPETUAL_CHECK:
      return std::string("perpetual check by ") + (s.result == GameResult::BLACK_WINS ? "white" : "black") + ", " +
             winner_text(s.result);
  }
  return "ongoing";
}

std::string game_text(const GameRecord& game) { return facts_text(facts_of(game)); }

void add_game_json(const GameRecord& game, nlohmann::ordered_json& j) { facts_json(facts_of(game), j); }

notation::Kifu game_kifu(const PositionSetup& start, const GameRecord& game) {
  notation::Kifu kifu;
  kifu.start = start;
  kifu.moves.assign(game.moves().begin(), game.moves().end());
  const GameStatus s = game.status();
  if (s.reason == GameStatus::CHECKMATE) kifu.end = "詰み";
  if (s.reason == GameStatus::REPETITION) kifu.end = "千日手";
  return kifu;
}

}  // namespace tsumi::front
