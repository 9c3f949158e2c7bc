#pragma once
// `tsumi-mpi perft`: perft of one position spread over the ranks of an MPI job; the message loop over
// MPI. What the run does without MPI (the units, their book, the checkpoint, the counting of a unit and
// the printing) is perft/split/ (split_run.h says how the run goes).
//
// Waiting ranks never spin inside MPI (Open MPI's blocking calls poll at full speed): every wait is
// MPI_Test or MPI_Iprobe with sleeps of at most a millisecond, so a waiting rank leaves its core to the
// ranks that count.

#include <iosfwd>
#include <optional>
#include <string>

#include "cli/common/position_arg.h"
#include "perft/split/split_run.h"

namespace tsumi::mpi {

// The run's options (perft/split/split_run.h) and its root as the command line gives it.
struct MpiPerftOptions : split::SplitOptions {
  cli::PositionArgs position;
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
