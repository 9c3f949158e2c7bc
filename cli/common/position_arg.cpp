#include "cli/common/position_arg.h"

#include <sstream>

#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "front/problem_source.h"

namespace tsumi::cli {

std::optional<std::string> read_position_args(const PositionArgs& args, PositionText& out) {
  if (int(!args.sfen.empty()) + int(!args.handicap.empty()) + int(!args.file.empty()) > 1)
    return "give one of --sfen, --handicap and --file";
  out.moves.clear();
  out.file_moves = 0;
  out.headers.clear();
  if (!args.file.empty()) {
    notation::Kifu kifu;
    if (auto e = front::read_kifu_file(args.file, args.in, kifu)) return e;
    out.setup = kifu.start;
    for (Move m : kifu.moves) out.moves.push_back(to_usi(m));
    out.file_moves = kifu.moves.size();
    out.headers = std::move(kifu.headers);
  }
  std::string text = args.sfen.empty() ? std::string(kStartSfen) : args.sfen;
  if (!args.handicap.empty()) {
    const auto named = named_sfen(args.handicap);
    if (!named || args.handicap == "startpos") {
      std::string names;
      for (const NamedPosition& p : named_positions())
        if (p.name != "startpos") names += " " + std::string(p.name);
      return "unknown handicap " + quoted_text(args.handicap) + "; known:" + names;
    }
    text = std::string(*named);
  } else if (const auto named = named_sfen(text)) {
    text = std::string(*named);
  }
  if (args.file.empty()) {
    const auto setup = parse_sfen(text);
    if (!setup) return "bad SFEN " + quoted_text(text) + " " + setup.error().describe();
    out.setup = *setup;
  }
  std::istringstream moves(args.moves);
  for (std::string tok; moves >> tok;) out.moves.push_back(tok);
  return std::nullopt;
}

std::optional<std::string> build_position(const PositionArgs& args, GamePosition& out) {
  PositionText text;
  if (auto e = read_position_args(args, text)) return e;
  const std::vector<std::string>& tokens = text.moves;
  out.states.clear();
  out.states.reserve(tokens.size() + 1);
  out.states.emplace_back();
  out.pos.set(text.setup, &out.states.back());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const auto m = parse_usi_move(out.pos, tokens[i]);
    if (!m)
      return "move " + std::to_string(i + 1) + (args.file.empty() ? " of --moves: " : " (the file's, then --moves): ") +
             m.error().message;
    out.states.emplace_back();
    out.pos.do_move(*m, out.states.back());
  }
  return std::nullopt;
}

}  // namespace tsumi::cli
