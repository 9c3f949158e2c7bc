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
#include "front/game_report.h"
#include "notation/board_svg.h"
#include "notation/kifu.h"

namespace tsumi::cli {

namespace {

// --kif and --csa: the game from its start, with the file's header; it ends in 詰み after a mate and in
// 千日手 after a repetition draw (the words both formats have: CSA %TSUMI, %SENNICHITE).
std::optional<std::string> write_game_files(const PositionOptions& o, const PositionText& text, const GameRecord& game,
                                            std::ostream& out) {
  if (o.kif_out.empty() && o.csa_out.empty()) return std::nullopt;
  notation::Kifu kifu = front::game_kifu(text.setup, game);
  kifu.headers = text.headers;
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
          << front::result_text(s, game.occurrences()) << ")\n";
      return 2;
    }
    const auto m = parse_usi_move(game.position(), text.moves[i]);
    if (!m) {
      err << "tsumi position: " << where << m.error().message << "\n";
      return 2;
    }
    game.play(*m);
  }
  if (!options.svg_out.empty()) {
    notation::BoardSvgOptions svg;
    svg.latin = options.svg_latin;
    if (!game.moves().empty()) svg.last_move = game.moves().back();
    if (auto e = write_output_file(options.svg_out, notation::board_svg(game.position().setup(), svg), out)) {
      err << "tsumi position: " << *e << "\n";
      return 2;
    }
  }
  if (auto e = write_game_files(options, text, game, out)) {
    err << "tsumi position: " << *e << "\n";
    return 2;
  }
  if (options.json) {
    nlohmann::ordered_json j;
    front::add_game_json(game, j);
    out << j.dump() << "\n";
  } else {
    out << front::game_text(game);
  }
  return 0;
}

}  // namespace tsumi::cli
