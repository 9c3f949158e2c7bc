#pragma once
// `tsumi-mpi perft`: perft of one position spread over the ranks of an MPI job.
//
// Rank 0 enumerates the work units (perft_units.h), keeps the tally (perft_tally.h) and the checkpoint
// (perft_checkpoint.h), and hands the units out one at a time to whichever rank asks: every rank,
// rank 0 included (on a thread of its own), counts a unit with perft_run on its own oneTBB threads and
// its own table, kept across its units, sends the counts back and gets the next unit. Rank 0 prints
// what `tsumi perft` prints.
//
// Waiting ranks never spin inside MPI (Open MPI's blocking calls poll at full speed): every wait is
// MPI_Test or MPI_Iprobe with sleeps of at most a millisecond, so a waiting rank leaves its core to the
// ranks that count.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "cli/common/position_arg.h"

namespace tsumi::mpi {

struct MpiPerftOptions {
  cli::PositionArgs position;
  int depth = 0;
  int split_depth = -1;         // -1: default_split_depth(depth)
  int threads = 0;              // oneTBB threads per rank; 0: every core the rank may use
  std::size_t hash_mb = 0;      // table per rank; 0: none
  bool stats = false;           // captures, promotions, drops, checks, mates at the leaves
  bool json = false;            // one JSON object on stdout instead of text
  std::string checkpoint;       // the checkpoint file; empty: none
  bool resume = false;          // go on from the checkpoint
  bool plan = false;            // print the units at the split depth and stop (no MPI needed)
  double progress_s = 10;       // seconds between progress lines on stderr; 0: none
  std::uint64_t die_after = 0;  // testing: rank 1 kills itself (SIGKILL) on receiving its unit after this many
};

// Why the options cannot make a run (split depth not below the depth, --resume without --checkpoint),
// or nothing.
std::optional<std::string> check_options(const MpiPerftOptions& options);

// --plan: the number of units and of paths at the split depth, on one process without MPI.
int run_plan(const MpiPerftOptions& options, std::ostream& out, std::ostream& err);

// The whole run, on every rank of MPI_COMM_WORLD (MPI initialised with at least MPI_THREAD_FUNNELED).
// Returns the exit code: 0, 1 (a checkpoint could not be written), 2 (bad input, a refused checkpoint).
int run_mpi_perft(const MpiPerftOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::mpi
