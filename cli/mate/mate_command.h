#pragma once
// `tsumi mate`: solve one tsume problem, or check a suite of them against their expected answers; the
// problem or suite comes as SFEN, a suite file, or notation files (KIF, KI2, BOD, CSA).

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/common/problem_args.h"
#include "core/limits.h"
#include "solver/mate_solver.h"

namespace tsumi::cli {

// The problem (ProblemArgs: --sfen, FILE..., --suite, --id): one problem is its diagram (recorded moves
// are not played); a suite of files is judged by each file's recorded solution, a suite file by its
// expected answers. Tsume SFENs may leave the defender's hand out.
struct MateOptions : ProblemArgs {
  double time_s = 0;        // per problem (a suite line's time= applies when lower); 0: no limit
  std::uint64_t nodes = 0;  // per problem; 0: no limit
  std::size_t hash_mb = limits::kDefaultMateHashMb;  // the solver's table
  int threads = 1;                                   // solver workers sharing the table
  bool json = false;                                 // one JSON object on out instead of text
  bool show = false;                                 // a board diagram before the result and the line in KIF after it
  bool prove_shortest = true;                        // false: stop at the first mate found (--no-shortest)
  bool book_search = true;  // false: the book length by the main-line rules only (--no-book-search)
  double book_share = MateLimits::kBookShareAuto;  // the book search's nodes, as a share of the solve's (--book-share)
  // --book-search-after-drops: when the book count is searched (kEveryMate, the default: after every
  // mate; --book-search-always asks for the default).
  MateLimits::BookSearchAfter book_search_after = MateLimits::BookSearchAfter::kEveryMate;
  std::string kif_out;     // one problem: write it and its solution as a KIF file here (`-`: on out)
  std::string csa_out;     // the same as a CSA file
  std::string svg_out;     // one problem: its diagram and the position after its mate line, SVG
  bool svg_latin = false;  // the SVG with Latin letters (P L N S G B R K) instead of kanji
  // One problem: a progress line on err every this many seconds (0: none). On a terminal (err_tty)
  // it is redrawn in place and erased at the end; elsewhere each report is a line of its own.
  double progress_s = 0;
  bool err_tty = false;
  // One problem, a solve that can be continued (cli/mate/table_file.h): --save writes the solver's table
  // to save_path every save_every_min minutes, when SIGINT or SIGTERM stops the solve, and at the end of
  // a solve that a limit cut (an existing file is refused unless it is resume_path, updated in place);
  // --resume loads resume_path into the table before solving.
  std::string save_path;
  double save_every_min = 10;
  std::string resume_path;
};

// Runs the command; results go to out, errors and notes to err. Returns the exit code: 0 when solved
// (whatever the verdict) or every suite problem passed, 1 when a suite problem failed or the one
// problem's mate line did not replay as a mate (front/mate_report.h), 2 on bad input.
int run_mate(const MateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
