#include "cli/position/position_command.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common/output_file.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kifu.h"

namespace tsumi::cli {

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

// "ongoing", "checkmate, black wins", "repetition draw (4th occurrence)", "perpetual check by white,
// black wins"... A game stops at its 4th occurrence, so the ordinal is always "th".
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

void print_text(const GameFacts& f, std::ostream& out) {
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
}

void print_json(const GameFacts& f, std::ostream& out) {
  Json j;
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
  out << j.dump() << "\n";
}

// --kif and --csa: the game from its start, with the file's header; it ends in 詰み after a mate and in
// 千日手 after a repetition draw (the words both formats have: CSA %TSUMI, %SENNICHITE).
std::optional<std::string> write_game_files(const PositionOptions& o, const PositionText& text, const GameRecord& game,
                                            std::ostream& out) {
  if (o.kif_out.empty() && o.csa_out.empty()) return std::nullopt;
  notation::Kifu kifu;
  kifu.start = text.setup;
  kifu.moves.assign(game.moves().begin(), game.moves().end());
  kifu.headers = text.headers;
  const GameStatus s = game.status();
  if (s.reason == GameStatus::CHECKMATE) kifu.end = "詰み";
  if (s.reason == GameStatus::REPETITION) kifu.end = "千日手";
  return write_kifu_files(o.kif_out, o.csa_out, kifu, out);
}

}  // namespace

int run_position(const PositionOptions& options, std::ostream& out, std::ostream& err) {
  PositionText text;
  if (auto e = read_position_args(options.position, text)) {
    err << "tsumi position: " << *e << "\n";
    return 2;
  }
  GameRecord game(text.setup);
  for (std::size_t i = 0; i < text.moves.size(); ++i) {
    const std::string where = i < text.file_moves ? "move " + std::to_string(i + 1) + " of the file: "
                                                  : "move " + std::to_string(i + 1 - text.file_moves) + " of --moves: ";
    if (const GameStatus s = game.status(); s.reason != GameStatus::NONE) {
      err << "tsumi position: " << where << quoted_text(text.moves[i]) << " cannot be played: the game "
          << (i == 0 ? "is over in the given position" : "ended with move " + std::to_string(i)) << " ("
          << result_text(s, game.occurrences()) << ")\n";
      return 2;
    }
    const auto m = parse_usi_move(game.position(), text.moves[i]);
    if (!m) {
      err << "tsumi position: " << where << m.error().message << "\n";
      return 2;
    }
    game.play(*m);
  }
  if (auto e = write_game_files(options, text, game, out)) {
    err << "tsumi position: " << *e << "\n";
    return 2;
  }
  const GameFacts facts = facts_of(game);
  if (options.json) {
    print_json(facts, out);
  } else {
    print_text(facts, out);
  }
  return 0;
}

}  // namespace tsumi::cli
