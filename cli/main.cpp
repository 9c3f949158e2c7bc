// The tsumi command line: the arguments of each subcommand, then dispatch to its folder (cli/common,
// usi, perft, mate, position, bench).

#include <cmath>
#include <iostream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/bench/bench_command.h"
#include "cli/check/check_command.h"
#include "cli/common/console.h"
#include "cli/mate/mate_command.h"
#include "cli/perft/perft_command.h"
#include "cli/perft/perft_diff_command.h"
#include "cli/perft/perftree_command.h"
#include "cli/position/position_command.h"
#include "cli/usi/usi_server.h"
#include "compose/soundness.h"
#include "core/limits.h"
#include "core/platform.h"
#include "core/quoted_text.h"
#include "core/text_lines.h"
#include "front/version.h"

namespace {

// A text option that must say something: `--sfen ""` is refused rather than read as the default.
const CLI::Validator kNotBlank(
    [](std::string& text) { return tsumi::trim(text).empty() ? std::string("it is empty") : std::string(); }, "TEXT");

// A count that must not be negative: CLI11 would wrap "-3" into 2^64 - 3 for an unsigned option.
const CLI::Validator kNotNegative(
    [](std::string& text) {
      return text.find('-') != std::string::npos ? "a count cannot be negative, not " + tsumi::quoted_text(text)
                                                 : std::string();
    },
    "UINT");

// Seconds: a finite number, above zero or (allow_zero) zero too. NaN and infinity are refused; a huge
// number means no limit (MateLimits::kNoTimeLimitS).
CLI::Validator seconds(bool allow_zero) {
  return CLI::Validator(
      [allow_zero](std::string& text) {
        double v = 0;
        const bool ok = CLI::detail::lexical_cast(text, v) && std::isfinite(v) && (v > 0 || (allow_zero && v == 0));
        return ok ? std::string()
                  : std::string(allow_zero ? "expected seconds from 0 up" : "expected seconds above 0") + ", not " +
                        tsumi::quoted_text(text);
      },
      "SECONDS");
}

// Minutes: a finite number above zero (fractions allowed: 0.05 is 3 s).
const CLI::Validator kMinutes(
    [](std::string& text) {
      double v = 0;
      const bool ok = CLI::detail::lexical_cast(text, v) && std::isfinite(v) && v > 0;
      return ok ? std::string() : "expected minutes above 0, not " + tsumi::quoted_text(text);
    },
    "MINUTES");

// A CLI11 message, which may echo any argument, as one line of valid UTF-8 of bounded length
// (core/quoted_text.h escapes line breaks, control bytes and invalid UTF-8).
std::string one_line(std::string_view text) { return tsumi::escaped_text(tsumi::trim(text), 240); }

constexpr const char* kHandicapHelp =
    "Handicap start position: left-lance right-lance both-lances bishop rook rook-lance 2-pieces 4-pieces "
    "6-pieces 8-pieces 10-pieces";

void add_position_options(CLI::App* cmd, tsumi::cli::PositionArgs& position) {
  auto* sfen =
      cmd->add_option("--sfen", position.sfen, "Position as SFEN, or a name: startpos (the default)")->check(kNotBlank);
  auto* handicap = cmd->add_option("--handicap", position.handicap, kHandicapHelp);
  auto* file = cmd->add_option("--file", position.file,
                               "A KIF, KI2, BOD, CSA or SFEN file (told by content; UTF-8 or Shift_JIS), '-' for "
                               "stdin: its position after its recorded moves")
                   ->check(kNotBlank);
  sfen->excludes(handicap);
  file->excludes(sfen);
  file->excludes(handicap);
  position.in = &std::cin;
  cmd->add_option("--moves", position.moves, "USI moves to play first, e.g. \"7g7f 3c3d\"");
}

// The problem options of `tsumi mate` and `tsumi check` (cli/common/problem_args.h): --sfen, --suite with
// --id, or problem files, one of them.
void add_problem_options(CLI::App* cmd, tsumi::cli::ProblemArgs& problem, const char* suite_help,
                         const char* files_help) {
  auto* sfen = cmd->add_option("--sfen", problem.sfen,
                               "The problem as SFEN (the defender's hand may be left out), a position name, a USI "
                               "'position ...' line or a kifu's text")
                   ->check(kNotBlank);
  auto* suite = cmd->add_option("--suite", problem.suite, suite_help);
  auto* files = cmd->add_option("files", problem.files, files_help);
  sfen->excludes(suite);
  sfen->excludes(files);
  suite->excludes(files);
  problem.in = &std::cin;
  cmd->add_option("--id", problem.ids, "With --suite: only the problems with these ids (comma-separated)")
      ->needs(suite);
}

// `tsumi mate`; no_shortest receives --no-shortest until the callback turns it into mate.prove_shortest.
CLI::App* add_mate_command(CLI::App& app, tsumi::cli::MateOptions& mate, bool& no_shortest) {
  CLI::App* mate_cmd = app.add_subcommand("mate", "Solve a tsume problem (df-pn), or check a suite of them");
  add_problem_options(mate_cmd, mate,
                      "Suite file, one problem a line, tab-separated: <SFEN> expected=<plies>|nomate id=... "
                      "[key=value...]",
                      "Problem files (KIF, KI2, BOD, CSA or SFEN, told by content; UTF-8 or Shift_JIS), '-' for "
                      "stdin: one is a problem, several or a directory a suite");
  mate_cmd->add_option("--time", mate.time_s, "Time limit in seconds, per problem (default 0: none)")
      ->check(seconds(true));
  mate_cmd->add_option("--nodes", mate.nodes, "Node limit, per problem (default 0: none)")->check(kNotNegative);
  mate_cmd->add_option("--hash", mate.hash_mb, "Transposition table in MiB (default 256)")
      ->check(CLI::Range(std::int64_t(1), tsumi::limits::kMaxHashMb));
  mate_cmd->add_option("--threads,-t", mate.threads, "Worker threads sharing one table (default 1)")
      ->check(CLI::Range(1, tsumi::limits::kMaxThreads));
  mate_cmd->add_flag("--json", mate.json, "Print one JSON object instead of text");
  mate_cmd->add_flag(
      "--show", mate.show,
      "Also print the problem as a KIF board diagram, and the solution in KIF notation (not with --json)");
  mate_cmd
      ->add_option("--kif", mate.kif_out,
                   "Write the problem and its solution as a KIF file that shogi GUIs open ('-': stdout)")
      ->check(kNotBlank);
  mate_cmd->add_option("--csa", mate.csa_out, "Write the problem and its solution as a CSA V2.2 file ('-': stdout)")
      ->check(kNotBlank);
  mate_cmd
      ->add_option("--svg", mate.svg_out,
                   "Draw the problem and the position its mate line ends in (last move marked) as SVG ('-': stdout)")
      ->check(kNotBlank);
  mate_cmd->add_flag("--svg-latin", mate.svg_latin, "With --svg: Latin letters (P L N S G B R K) instead of kanji");
  mate.err_tty = tsumi::cli::stderr_is_terminal();
  mate.progress_s = mate.err_tty ? 5 : 0;
  mate_cmd
      ->add_option("--progress", mate.progress_s,
                   "One problem: a progress line on stderr every SECONDS (default 5 on a terminal, else 0: none)")
      ->check(seconds(true));
  mate_cmd->add_flag("--no-book-search{false}", mate.book_search,
                     "Take the length as books count it (futile interpositions left out) from the main line's rules, "
                     "without the search for it");
  mate_cmd
      ->add_option("--book-share", mate.book_share,
                   "Cap the book count's search at SHARE times the nodes of the solve before it, at least 20,000 "
                   "(default: none with --time, which it may use to the end; 2 without); where "
                   "it is cut, the book length is not proven shortest")
      ->check(CLI::NonNegativeNumber);
  auto* always = mate_cmd->add_flag_callback(
      "--book-search-always", [&mate] { mate.book_search_after = tsumi::MateLimits::BookSearchAfter::kEveryMate; },
      "Search the length as books count it after every mate, with a time limit or not (the default; kept "
      "for the scripts that ask for it)");
  mate_cmd
      ->add_flag_callback(
          "--book-search-after-drops", [&mate] { mate.book_search_after = tsumi::MateLimits::BookSearchAfter::kDrops; },
          "Search it only where the main line has an interposition by drop, with --time too (cheaper; a "
          "shorter book mate may lie in the variations)")
      ->excludes(always);
  mate_cmd->add_flag("--no-shortest", no_shortest,
                     "Stop at the first mate found: skip the proof that no shorter mate exists");
  auto* save = mate_cmd
                   ->add_option("--save", mate.save_path,
                                "One problem: save the solver's table to FILE every --save-every minutes, on SIGINT "
                                "or SIGTERM (which stop the solve) and when --time or --nodes cuts it; an existing "
                                "FILE is refused unless it is the --resume FILE")
                   ->check(kNotBlank);
  mate_cmd
      ->add_option("--save-every", mate.save_every_min,
                   "With --save: minutes between saves (default 10; fractions allowed, 0.5 is 30 s)")
      ->check(kMinutes)
      ->needs(save);
  mate_cmd
      ->add_option("--resume", mate.resume_path,
                   "One problem: load a table saved by --save (the same problem and --hash) and continue its solve")
      ->check(kNotBlank);
  mate_cmd->footer(
      "Output: 'checkmate <usi moves>', 'checkmate nomate' or 'checkmate timeout'; then for a mate\n"
      "'length N (shortest proven)' or '(shortest not proven)', 'futile-interposition length M' where\n"
      "futile interpositions change it, 'leftover <hand>' when the attacker keeps pieces in hand, 'first\n"
      "mate L plies after T ms' (the first proof); 'stop <time|nodes|stopped|depth>' for a timeout; then 'nodes N', "
      "'time T ms', 'nps N', 'hashfull P' (permille), 'collections ...' when the table collected garbage,\n"
      "'peak memory M MB' (the process's peak resident memory: --hash plus a few MB a thread), 'table ...\n"
      "allocated in T ms (huge pages: explicit|transparent|none)'.\n"
      "--json prints one object: result, length, shortest_proven, mate_bound (the shortest mate proven),\n"
      "line_exact (every defence on the line proven longest), line_of_length (pv has `length` plies; false:\n"
      "no line of the length proven could be shown, and pv is the mating line there was), futile_length\n"
      "(the book's line by the composers' order, less its futile captures), futile_captured (the plies so\n"
      "cut), futile_minimax (the book search's length), futile_spare (every book line leaves pieces),\n"
      "futile_pv, futile_leftover, pv, leftover, nodes,\n"
      "first_mate_nodes, shortest_nodes, line_nodes, book_nodes (the nodes by phase: the first proof, the\n"
      "shortest-mate proof, the lines' builds, the book count's search), shortest_passes (each pass of the\n"
      "shortest-mate proof: within, length, cut, nodes, ms, cold_nodes), time_ms, nps, hashfull, stop,\n"
      "first_mate_ms, first_mate_length, collections, collected, collection_ms, workers (each worker's\n"
      "share: nodes, late_nodes, cutoffs, lock_waits, lock_wait_us, busy_ms, idle_ms), sfen\n"
      "(the defender's hand completed), threads, hash_mb, table_alloc_ms, huge_pages, peak_rss_mb.\n"
      "With --suite: 'ok' or 'FAIL' per problem (right verdict, the expected length, a line that replays\n"
      "as a legal mate; a timeout fails) with its time, nodes, first mate, hashfull and peak memory so far;\n"
      "a line's time=<seconds> limits that problem when lower than --time; then the total time and 'N\n"
      "passed, M failed' (exit 1 when any failed). Problem files: one file is one problem, its diagram (moves\n"
      "recorded in it are not played); several files or a directory (its .kif .kifu .ki2 .ki2u .csa .bod .sfen\n"
      ".usi files, sorted) are a suite, each judged by its recorded line where that ends in mate (the\n"
      "length with or without futile interpositions), by `不詰` as no mate, else any verdict but a timeout.\n"
      "--kif/--csa write the problem (the defender's hand completed) and the mate line, ending in 詰み.\n"
      "--save FILE (one problem) writes the solver's table to FILE (through FILE.tmp, renamed) every\n"
      "--save-every minutes, when SIGINT or SIGTERM stops the solve (one again a second later ends it at once) and\n"
      "when a limit cuts it; the file holds the problem, the --hash, the nodes and time so far, every proven\n"
      "and disproven entry and the unfinished ones with 64 nodes or more below them, all checksummed.\n"
      "--resume FILE loads it before solving: the output adds 'resumed from FILE: N nodes and T ms\n"
      "before' (--json: resumed_from, resumed_nodes, resumed_ms; nodes and time stay this run's). A file of\n"
      "another problem or --hash, or one cut or damaged, is refused (exit 2) before anything is solved.\n"
      "Exit 0 for any verdict of one problem, 2 on bad input; a\n"
      "mate whose line does not replay as one is answered 'checkmate timeout', 'bad line ...' and exit 1.");
  mate_cmd->callback([&] {
    mate.prove_shortest = !no_shortest;
    if (mate.sfen.empty() && mate.suite.empty() && mate.files.empty())
      throw CLI::RequiredError("--sfen, --suite or a problem file");
  });
  return mate_cmd;
}

// `tsumi bench`; quick and full receive --quick and --full until the callback turns them into bench.size.
CLI::App* add_bench_command(CLI::App& app, tsumi::cli::BenchOptions& bench, bool& quick, bool& full) {
  CLI::App* cmd = app.add_subcommand(
      "bench", "Benchmark this machine: a fixed perft and tsume workload at 1 and more threads, with its signature");
  auto* quick_flag = cmd->add_flag("--quick", quick, "A small workload of a few seconds");
  auto* full_flag = cmd->add_flag("--full", full, "A long workload (minutes per thread count)");
  quick_flag->excludes(full_flag);
  cmd->add_option("--threads,-t", bench.threads, "Thread counts to measure, e.g. 1,2,4,8 (default: 1 and every core)")
      ->delimiter(',')
      ->check(CLI::Range(1, tsumi::limits::kMaxThreads));
  cmd->add_flag("--json", bench.json, "Print one JSON object instead of text");
  cmd->add_option("--svg", bench.svg, "Write a chart of speedup against threads to this SVG file");
  cmd->footer(
      "The workload is built in: perft of the 19 positions of positions/perft-suite.epd at their deepest\n"
      "listed depth (one less with --quick; the start position one deeper with --full), then tsume problems\n"
      "of positions/tsume-public.txt solved with their shortest-mate proof (6, 10 or 48 problems). About a\n"
      "minute on one core of a 2-core VM by default, a few seconds with --quick. It runs once per thread count,\n"
      "1 always first.\n"
      "Output: the machine (cpu, logical cores, SIMD path, compiler, build type), then per part (perft, mate,\n"
      "all) and thread count: wall time, nodes, nodes/s, speedup and parallel efficiency against 1 thread;\n"
      "then 'signature perft=<total leaves> mate=<length|nomate>,...', the same on every machine, build and\n"
      "thread count (a change means the move generator or the solver changed), and 'verified' when every\n"
      "count and verdict agrees with positions/. --json prints one object with the same data (keys tsumi,\n"
      "workload, machine, hash_mb, perft_positions, mate_problems, runs, signature, signature_stable,\n"
      "verified, mismatches). Progress goes to stderr when it is a terminal.\n"
      "Exit 0 when verified and the signature is stable, 1 otherwise, 2 on bad input.");
  cmd->callback([&] {
    if (quick) bench.size = tsumi::bench::BenchSize::kQuick;
    if (full) bench.size = tsumi::bench::BenchSize::kFull;
  });
  return cmd;
}

// `tsumi position`.
CLI::App* add_position_command(CLI::App& app, tsumi::cli::PositionOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "position", "Play moves from a position and print the game state: check, mate, repetition, impasse");
  add_position_options(cmd, options.position);
  cmd->add_flag("--json", options.json, "Print one JSON object instead of text");
  cmd->add_option("--kif", options.kif_out, "Also write the game as a KIF file ('-': stdout, before the facts)")
      ->check(kNotBlank);
  cmd->add_option("--csa", options.csa_out, "Also write the game as a CSA V2.2 file ('-': stdout, before the facts)")
      ->check(kNotBlank);
  cmd->add_option("--svg", options.svg_out,
                  "Also draw the final position, its last move marked, as SVG ('-': stdout, before the facts)")
      ->check(kNotBlank);
  cmd->add_flag("--svg-latin", options.svg_latin, "With --svg: Latin letters (P L N S G B R K) instead of kanji");
  cmd->footer(
      "Plays --moves from the position as a game and prints the final position, one fact a line:\n"
      "'sfen <SFEN>'; 'side black|white' (to move); 'moves played N'; 'check no' or 'check yes (checkers\n"
      "<squares>)'; 'legal moves N'; 'result <r>', r one of: ongoing, 'checkmate, <side> wins', 'no legal\n"
      "moves, <side> wins' (having no move loses in shogi, in check or not), 'repetition draw (4th\n"
      "occurrence)', 'perpetual check by <side>, <other side> wins' (sennichite); 'repetition K' (how often\n"
      "this position, hands and side to move included, has appeared, itself included); 'impasse points black\n"
      "P, white Q' (rook and bishop 5, every other piece 1, board and hand); 'both kings entered yes|no';\n"
      "'24-point rule draw|black wins|white wins' (fewer than 24 points loses; both short is a draw; marked\n"
      "not applicable unless both kings have entered); 'declaration yes|no (...)': whether the side to move\n"
      "may declare a win by the 27-point rule.\n"
      "--json prints one object: sfen, side, moves_played, check, checkers, legal_moves, result\n"
      "(ongoing|black_wins|white_wins|draw), reason (none|checkmate|no_legal_moves|repetition|\n"
      "perpetual_check), repetition, impasse_points {black, white}, both_kings_entered, impasse_24\n"
      "(draw|black_wins|white_wins), may_declare.\n"
      "--kif/--csa write the game (its start, every move, the file's header; 詰み or 千日手 where it ended so),\n"
      "converting a --file from one notation to another.\n"
      "A move after the game has ended (mate, no legal move, the 4th occurrence) is refused. Exit 0, or 2 on\n"
      "bad input: a bad SFEN, an illegal or malformed move, a move after the end (named by its number).");
  return cmd;
}

// `tsumi check`.
CLI::App* add_check_command(CLI::App& app, tsumi::cli::CheckOptions& check) {
  CLI::App* cmd = app.add_subcommand(
      "check", "Check a tsume problem for soundness: cooks, short mates, longer or equal defences, pieces left");
  add_problem_options(cmd, check, "Suite file, one problem a line: <SFEN> expected=... id=... (tsumi's own main lines)",
                      "Problem files (KIF, KI2, BOD, CSA, SFEN; their recorded moves are the main line), '-' for "
                      "stdin, or folders of them (a suite)");
  cmd->add_option("--line", check.line, "With one problem: its recorded solution, USI moves (default: tsumi's own)");
  cmd->add_option("--time", check.time_s, "Time limit in seconds for each solve: the problem's and each branch's")
      ->check(seconds(true));
  cmd->add_option("--nodes", check.nodes, "Node limit for each solve (default 0: none)")->check(kNotNegative);
  cmd->add_option("--total-time", check.total_time_s,
                  "Time limit in seconds for a whole problem's check (default: the budget below)")
      ->check(seconds(true))
      ->each([&check](const std::string&) { check.budget = false; });
  cmd->add_option("--total-nodes", check.total_nodes,
                  "Node limit for a whole problem's check. Default: " + std::to_string(tsumi::kBudgetShare) +
                      " times the nodes of the problem's own solve, at least " +
                      std::to_string(tsumi::kBudgetMinNodes) + "; either total given (0: none) replaces it")
      ->check(kNotNegative)
      ->each([&check](const std::string&) { check.budget = false; });
  cmd->add_option("--first-pass-nodes", check.first_pass_nodes,
                  "The first pass's cap on each branch's search (default 10000): the quick flaws come first; "
                  "0: one pass, each branch to its end in turn")
      ->check(kNotNegative);
  cmd->add_option("--hash", check.hash_mb, "Transposition table in MiB (default 256), shared by every branch")
      ->check(CLI::Range(std::int64_t(1), tsumi::limits::kMaxHashMb));
  cmd->add_option("--threads,-t", check.threads, "Worker threads sharing one table (default 1)")
      ->check(CLI::Range(1, tsumi::limits::kMaxThreads));
  cmd->add_option("--depth-of-variations", check.variation_depth,
                  "Levels of variations checked too (default 0): at 1 the line after each other defence is "
                  "checked as a problem of its own, its findings reported in their variation; they leave the "
                  "verdict as it is")
      ->check(CLI::Range(0, 8));
  cmd->add_flag("--json", check.json, "One JSON object a problem, one a line");
  cmd->add_flag("--json-lines", check.json_lines,
                "One JSON object a line as the check goes: the main line, each finding when it is settled, "
                "the verdict; each problem's report object (--json's, with \"event\": \"report\") last")
      ->excludes("--json");
  cmd->add_flag("--first-flaw", check.first_flaw,
                "Stop at the verdict: once a flaw settles it (flawed), report what settled it and leave the "
                "other branches out");
  cmd->add_option("--kif", check.kif_out,
                  "One problem: write its main line with every finding as a variation (変化) as KIF ('-': stdout)");
  cmd->footer(
      "At each attacker ply of the main line every other check is solved: a mate is a cook (余詰), short (早詰)\n"
      "when it is shorter than the main line's rest, last-move (最終手余詰) when it mates at once at the main\n"
      "line's last attacker move (as books count), detour (迂回) or transposition (手順前後) when it comes\n"
      "back onto the main line: forced within 4 plies, or along shortest mates against every longest\n"
      "defence (solver/README.md); where the budget of that search runs out the cook is unknown (return not\n"
      "settled).\n"
      "At each defender ply\n"
      "every other defence (futile drops are none) is solved: longer (変長), equal (変同), equal-leftover\n"
      "(変同駒余り), longer-leftover (2手変長駒余り: two plies more, pieces left). Pieces left after the\n"
      "main line: 駒余り. A branch a limit cut is unknown. Lengths count\n"
      "every defence, interpositions included. Verdict: sound, flawed, nomate, bad-line or unknown; minor\n"
      "findings (last-move, detour, transposition, equal-leftover, longer-leftover) leave a problem sound.\n"
      "The verdict comes as soon as it is known: each ply's other moves are first searched a little\n"
      "(a flaw that is quick to find settles it), then to the end. In text each finding is printed\n"
      "when it is settled; on a terminal a progress line shows the branches done and left.\n"
      "Exit 0 when every problem is sound, 1 when one is not, 2 on bad input.");
  return cmd;
}

}  // namespace

int main(int argc, char** argv) {
  tsumi::cli::prepare_console();
  CLI::App app{"tsumi: shogi perft and tsume solving"};
  // The same arguments on every system: CLI11 reads /name as an option on Windows unless told not to,
  // and a path may start with '/'. Set before the subcommands, which copy it.
  app.allow_windows_style_options(false);
  app.require_subcommand(1);
  app.set_version_flag("--version", tsumi::front::version_line(),
                       "Print the version, compiler and SIMD path, and exit");

  tsumi::cli::PerftCommandOptions perft;
  perft.progress = tsumi::cli::stderr_is_terminal();
  CLI::App* perft_cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree, or check a suite");
  add_position_options(perft_cmd, perft.position);
  auto* depth = perft_cmd->add_option("--depth,-d", perft.depth, "Depth in plies")
                    ->check(CLI::Range(0, tsumi::limits::kMaxPerftDepth));
  perft_cmd->add_flag("--divide", perft.divide, "One line per root move: <usi move>: <count>");
  perft_cmd->add_option("--threads,-t", perft.threads, "Worker threads (default: every core)")
      ->check(CLI::Range(1, tsumi::limits::kMaxThreads));
  perft_cmd->add_option("--hash", perft.hash_mb, "Transposition table in MiB (default 0: none)")
      ->check(CLI::Range(std::int64_t(0), tsumi::limits::kMaxHashMb));
  perft_cmd->add_flag("--stats", perft.stats, "Also count captures, promotions, drops, checks and mates at the leaves");
  perft_cmd->add_flag("--json", perft.json, "Print one JSON object instead of text");
  auto* suite = perft_cmd->add_option("--suite", perft.suite, "EPD-style suite file: <SFEN> ;D1 n ;D2 n ... ;id name");
  perft_cmd->add_option("--max-nodes", perft.max_nodes, "With --suite: skip counts larger than this")
      ->check(kNotNegative);
  suite->excludes(depth);
  perft_cmd->footer(
      "Output: with --divide one '<usi move>: <count>' line per root move and a blank line; with --stats\n"
      "the lines 'Captures: n', 'Promotions: n', 'Drops: n', 'Checks: n' (mates included), 'Mates: n',\n"
      "counted at the leaves (the last move of each path); then 'Nodes searched: <N>'. Time, rate, threads\n"
      "and hash size go to stderr, and on a terminal a progress line for runs over a second.\n"
      "--json prints instead one object: sfen, depth, nodes, time_ms, nps, threads, hash_mb, and divide\n"
      "(an array of {move, nodes}) and stats ({captures, promotions, drops, checks, mates}) when asked.\n"
      "With --suite: a line per position, then 'N passed, M failed' (exit 1 when any failed).\n"
      "Counts strictly legal moves, promotion and non-promotion both counted wherever legal, no pawn-drop\n"
      "mate; repetition and impasse ignored. The counts are the same for every thread count and with or\n"
      "without --hash (64-bit verified entries; see README); with --stats the table holds the statistics too\n"
      "(64-byte entries, a quarter as many a MiB). Exit 2 on bad input.");
  perft_cmd->callback([&] {
    if (perft.suite.empty() && perft_cmd->count("--depth") == 0) throw CLI::RequiredError("--depth");
  });

  tsumi::cli::PerftDiffOptions diff;
  CLI::App* diff_cmd = app.add_subcommand(
      "perft-diff", "Find the first position where a USI engine's perft disagrees with tsumi's, and the moves");
  diff_cmd
      ->add_option("--engine", diff.engine,
                   "Command line of the reference USI engine (run by /bin/sh; by cmd.exe on Windows)")
      ->required();
  diff_cmd->add_option("--engine-option", diff.engine_options,
                       "NAME=VALUE sent as 'setoption name NAME value VALUE' (repeatable), e.g. USI_Variant=shogi");
  add_position_options(diff_cmd, diff.position);
  diff_cmd->add_option("--depth,-d", diff.depth, "Depth in plies")
      ->required()
      ->check(CLI::Range(1, tsumi::limits::kMaxPerftDepth));
  diff_cmd->add_option("--timeout", diff.timeout_s, "Longest wait in seconds for one answer of the engine")
      ->check(seconds(false));
  diff_cmd->footer(
      "Compares divides level by level and descends into the cheapest subtree whose counts differ; prints\n"
      "the move path, the SFEN of the first position where the two disagree and the moves only one side\n"
      "generates. Exit 0 when they agree, 1 when they differ, 2 on bad input or an engine error.");

  tsumi::cli::PerftreeArgs tree;
  CLI::App* tree_cmd =
      app.add_subcommand("perftree", "Perft for the perftree tool: perftree DEPTH \"SFEN\" [\"MOVES\"]");
  tree_cmd->add_option("depth", tree.depth, "Depth in plies")
      ->required()
      ->check(CLI::Range(1, tsumi::limits::kMaxPerftDepth));
  tree_cmd->add_option("sfen", tree.sfen, "Position as SFEN (or startpos)")->required()->check(kNotBlank);
  tree_cmd->add_option("moves", tree.moves, "USI moves to play first, separated by spaces");
  tree_cmd->footer("Output: '<usi move> <count>' per root move, a blank line, then the total.");

  tsumi::cli::MateOptions mate;
  bool no_shortest = false;
  CLI::App* mate_cmd = add_mate_command(app, mate, no_shortest);

  tsumi::cli::CheckOptions check;
  CLI::App* check_cmd = add_check_command(app, check);
  check.err_tty = tsumi::cli::stderr_is_terminal();

  tsumi::cli::PositionOptions position;
  CLI::App* position_cmd = add_position_command(app, position);

  tsumi::cli::BenchOptions bench;
  bench.progress = tsumi::cli::stderr_is_terminal();
  bool quick = false, full = false;
  CLI::App* bench_cmd = add_bench_command(app, bench, quick, full);

  CLI::App* usi_cmd = app.add_subcommand(
      "usi", "Be a USI engine on stdin/stdout: tsume for shogi GUIs ('go mate'), perft ('go perft N')");
  usi_cmd->footer(
      "Options: USI_Hash (MB, default 256, allocated at isready), Threads (default 1), PvInterval (ms between\n"
      "progress info lines, default 1000, 0: none), MateShortest (default true: prove that no shorter mate\n"
      "exists), NodeLimit (default 0: none). Other USI_* options that GUIs send are accepted and ignored.\n"
      "Answers: 'go mate <ms>|infinite' gives exactly one 'checkmate <usi moves>', 'checkmate nomate' or\n"
      "'checkmate timeout' line (also after 'stop', and after an input it cannot search, with an 'info string'\n"
      "saying why), never 'bestmove'; before it 'info string mate in N (shortest proven)' or why it timed out,\n"
      "and 'info time T nodes N nps R hashfull P [pv ...]', which also comes every PvInterval ms meanwhile.\n"
      "'go perft N' gives '<usi move>: <count>' per root move, a blank line, 'Nodes searched: <N>'. Any other\n"
      "'go' gives an 'info string' and 'bestmove resign'. Errors are 'info string ...' lines; never an exit.\n"
      "Exit 0 at 'quit' or the end of input (a running search is stopped first).");

  const auto named = [&](const CLI::App* sub) { return sub->check_name(argv[1]); };
  if (argc > 1 && argv[1][0] != '-' && app.get_subcommands(named).empty()) {
    std::cerr << "tsumi: unknown command '" << argv[1] << "' (see tsumi --help)\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    // Every argument error: one line, exit 2 (bad input), as for every other bad input.
    std::cerr << "tsumi: " << one_line(e.what()) << " (see tsumi --help)\n";
    return 2;
  }
  if (perft_cmd->parsed()) return tsumi::cli::run_perft(perft, std::cout, std::cerr);
  if (diff_cmd->parsed()) return tsumi::cli::run_perft_diff(diff, std::cout, std::cerr);
  if (tree_cmd->parsed()) return tsumi::cli::run_perftree(tree, std::cout, std::cerr);
  if (mate_cmd->parsed()) return tsumi::cli::run_mate(mate, std::cout, std::cerr);
  if (check_cmd->parsed()) return tsumi::cli::run_check(check, std::cout, std::cerr);
  if (position_cmd->parsed()) return tsumi::cli::run_position(position, std::cout, std::cerr);
  if (bench_cmd->parsed()) return tsumi::cli::run_bench(bench, std::cout, std::cerr);
  if (usi_cmd->parsed()) return tsumi::cli::run_usi(std::cin, std::cout);
  return 0;
}
