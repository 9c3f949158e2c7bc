#include "cli/perft/perftree_command.h"

#include <ostream>

#include "cli/common/position_arg.h"
#include "core/thread_room.h"
#include "core/usi.h"
#include "perft/perft.h"

namespace tsumi::cli {

int run_perftree(const PerftreeArgs& args, std::ostream& out, std::ostream& err) {
  PositionArgs position;
  position.sfen = args.sfen;
  position.moves = args.moves;
  GamePosition game;
  if (auto e = build_position(position, game)) {
    err << "tsumi perftree: " << *e << "\n";
    return 2;
  }
  PerftOptions options;
  options.threads = resolve_threads(args.threads);
  const PerftResult r = perft_run(game.pos, args.depth, options);
  for (const DivideEntry& d : r.divide) out << to_usi(d.move) << " " << d.nodes << "\n";
  out << "\n" << r.nodes << "\n";
  return 0;
}

}  // namespace tsumi::cli
