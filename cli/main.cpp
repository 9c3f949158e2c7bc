// The tsumi command line: one subcommand per job; parsing and printing only.

#include <iostream>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/perft_command.h"
#include "core/platform.h"

int main(int argc, char** argv) {
  CLI::App app{"tsumi: shogi perft and tsume solving"};
  app.require_subcommand(1);

  tsumi::cli::PerftOptions perft;
  CLI::App* perft_cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree, or check a suite");
  perft_cmd->add_option("--sfen", perft.position.sfen, "Position as SFEN, or a name: startpos (the default)");
  perft_cmd->add_option("--handicap", perft.position.handicap,
                        "Handicap start position: left-lance right-lance both-lances bishop rook rook-lance "
                        "2-pieces 4-pieces 6-pieces 8-pieces 10-pieces");
  perft_cmd->add_option("--moves", perft.position.moves, "USI moves to play first, e.g. \"7g7f 3c3d\"");
  auto* depth = perft_cmd->add_option("--depth,-d", perft.depth, "Depth in plies")->check(CLI::Range(0, 64));
  perft_cmd->add_flag("--divide", perft.divide, "One line per root move: <usi move>: <count>");
  auto* suite = perft_cmd->add_option("--suite", perft.suite, "EPD-style suite file: <SFEN> ;D1 n ;D2 n ... ;id name");
  perft_cmd->add_option("--max-nodes", perft.max_nodes, "With --suite: skip counts larger than this");
  suite->excludes(depth);
  perft_cmd->footer(
      "Output: with --divide one '<usi move>: <count>' line per root move and a blank line, then\n"
      "'Nodes searched: <N>'; time and rate on stderr. With --suite: a line per position, then\n"
      "'N passed, M failed'. Counts strictly legal moves, promotion and non-promotion both counted\n"
      "wherever legal, no pawn-drop mate; repetition and impasse ignored. Exit 2 on bad input.");
  perft_cmd->callback([&] {
    if (perft.suite.empty() && perft_cmd->count("--depth") == 0) throw CLI::RequiredError("--depth");
  });

  const auto named = [&](const CLI::App* sub) { return sub->check_name(argv[1]); };
  if (argc > 1 && argv[1][0] != '-' && app.get_subcommands(named).empty()) {
    std::cerr << "tsumi: unknown command '" << argv[1] << "' (see tsumi --help)\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (perft_cmd->parsed()) return tsumi::cli::run_perft(perft, std::cout, std::cerr);
  return 0;
}
