// tsumi-mpi: perft spread over the ranks of an MPI job (see mpi_perft.h). The arguments are read
// before MPI starts, so a bad command line or --plan needs no MPI runtime.

#include <cstdlib>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>
#include <mpi.h>

#include "cli/mpi/mpi_perft.h"
#include "core/limits.h"
#include "core/quoted_text.h"
#include "core/text_lines.h"

namespace {

// Whether this process is rank 0 (or runs alone), told by the launcher's environment before MPI_Init,
// so that a bad command line is reported once, not once per rank.
bool first_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    if (const char* v = std::getenv(name)) return std::string(v) == "0";
  }
  return true;
}

// A text option that must say something: `--sfen ""` is refused rather than read as the default.
const CLI::Validator kNotBlank(
    [](std::string& text) { return tsumi::trim(text).empty() ? std::string("it is empty") : std::string(); }, "TEXT");

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tsumi-mpi: shogi perft spread over the ranks of an MPI job"};
  app.require_subcommand(1);
  tsumi::mpi::MpiPerftOptions o;
  CLI::App* perft = app.add_subcommand("perft", "Count the leaves of the legal move tree on every rank of the job");
  perft->add_option("--sfen", o.position.sfen, "Position as SFEN, or a name: startpos (the default)")->check(kNotBlank);
  perft->add_option("--handicap", o.position.handicap, "A handicap start position (see tsumi perft --help)");
  perft->add_option("--moves", o.position.moves, "USI moves to play first, e.g. \"7g7f 3c3d\"");
  perft->add_option("--depth,-d", o.depth, "Depth in plies")->check(CLI::Range(1, tsumi::limits::kMaxPerftDepth));
  perft
      ->add_option("--split-depth", o.split_depth,
                   "Plies below the root where the work units are taken (default: depth - 4 up to depth 6, then "
                   "depth - 5, at most 5)")
      ->check(CLI::Range(0, tsumi::limits::kMaxPerftDepth));
  perft->add_option("--threads,-t", o.threads, "oneTBB threads per rank (default: every core the rank may use)")
      ->check(CLI::Range(1, tsumi::limits::kMaxThreads));
  perft->add_option("--hash", o.hash_mb, "Transposition table per rank in MiB (default 0: none)")
      ->check(CLI::Range(std::int64_t(0), tsumi::limits::kMaxHashMb));
  perft->add_flag("--stats", o.stats, "Also count captures, promotions, drops, checks and mates at the leaves");
  perft->add_flag("--json", o.json, "Print one JSON object instead of text");
  perft->add_option("--checkpoint", o.checkpoint, "Append every finished unit to this file (a new file)")
      ->check(kNotBlank);
  perft->add_flag("--resume", o.resume, "Go on from the --checkpoint file of an interrupted run");
  perft->add_flag("--plan", o.plan, "Only list the units: their number and the paths to them (no MPI needed)");
  perft->add_option("--progress", o.progress_s, "Seconds between progress lines on stderr (default 10; 0: none)")
      ->check(CLI::Range(0.0, 1e9));
  perft
      ->add_option("--die-after", o.die_after,
                   "Testing: rank 1 kills itself (SIGKILL) on receiving a unit after counting this many")
      ->group("");
  perft->footer(
      "Run under mpirun, e.g. mpirun -np 3 tsumi-mpi perft --depth 7 --stats --hash 1024. Rank 0 prints what\n"
      "tsumi perft prints: with --stats 'Captures: n' ... 'Mates: n', then 'Nodes searched: <N>'; --json one\n"
      "object (sfen, depth, split_depth, units, units_resumed, nodes, time_ms, nps, ranks, threads, hash_mb,\n"
      "stats). Progress lines with an ETA and the time go to stderr. A killed run resumes with the same\n"
      "command and --resume. Exit 2 on bad input or a refused checkpoint, 1 when a checkpoint cannot be\n"
      "written, 3 when stopped by a signal (mpirun sends one when a rank dies).");
  perft->callback([&] {
    if (perft->count("--depth") == 0 && !(o.plan && perft->count("--split-depth") > 0))
      throw CLI::RequiredError("--depth");
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return first_rank() ? app.exit(e) : 0;
    if (first_rank())
      std::cerr << "tsumi-mpi: " << tsumi::escaped_text(tsumi::trim(e.what()), 240) << " (see tsumi-mpi --help)\n";
    return 2;
  }
  if (auto e = tsumi::mpi::check_options(o)) {
    if (first_rank()) std::cerr << "tsumi-mpi: " << *e << "\n";
    return 2;
  }
  if (o.plan) return first_rank() ? tsumi::mpi::run_plan(o, std::cout, std::cerr) : 0;

  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int code = 2;
  if (provided < MPI_THREAD_FUNNELED) {
    if (first_rank()) std::cerr << "tsumi-mpi: the MPI library gives no MPI_THREAD_FUNNELED support\n";
  } else {
    code = tsumi::mpi::run_mpi_perft(o, std::cout, std::cerr);
  }
  MPI_Finalize();
  return code;
}
