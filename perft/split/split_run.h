#pragma once
// A perft split into work units (`tsumi-mpi perft`), the parts of the run that need no MPI: its options,
// the units' plan, the coordinator's setup (the units, the tally and the checkpoint, new or resumed),
// and what it prints: progress lines on the way and the count at the end (perft_report.h).
//
// The run itself: rank 0 enumerates the units (work_units.h) and keeps the book of them (dispatcher.h):
// a rank that asks gets one unit, the next of its own range of the list (unit_schedule.h); every rank,
// rank 0 included, counts its unit with its own threads and table (unit_counter.h), sends the counts
// back and asks again. The message loop over MPI is
// cli/mpi/mpi_perft.cpp.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "perft/split/checkpoint.h"
#include "perft/split/dispatcher.h"
#include "perft/split/tally.h"
#include "perft/split/work_units.h"

namespace tsumi::split {

struct SplitOptions {
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
std::optional<std::string> check_options(const SplitOptions& options);

// --plan: the number of units and of paths at the split depth below `root` (text, or JSON with the
// units' digest), and the time it took on err.
void write_plan(const Position& root, const SplitOptions& options, std::ostream& out, std::ostream& err);

// What the coordinator sets up before handing out units. On failure, `error` says why (bad input or a
// refused checkpoint: exit code 2).
struct SplitSetup {
  std::string root_sfen;
  int split_depth = 0;
  std::vector<WorkUnit> units;
  std::unique_ptr<PerftTally> tally;  // with a resumed checkpoint's units already in
  CheckpointWriter writer;            // open when the run has a checkpoint
  std::uint64_t resumed = 0;          // units read from the checkpoint
  std::optional<std::string> error;
};

// The units below `root`, their tally and the checkpoint (created, or read, checked against this run
// and reopened for --resume); what it did goes to err as `info:` lines.
void prepare_split(const Position& root, const SplitOptions& options, SplitSetup& setup, std::ostream& err);

// The count on out (perft_report.h's text or JSON) and the run's figures on err as an `info:` line.
// `session_nodes`: what this run counted (the rate's nodes).
void write_split_result(const SplitOptions& options, const SplitSetup& setup, int ranks, int threads, double seconds,
                        std::uint64_t session_nodes, std::ostream& out, std::ostream& err);

// One progress line on err: units done, nodes of this run, time, and an ETA at this run's unit rate.
void write_split_progress(const Dispatcher::Snapshot& progress, double seconds, std::ostream& err);

}  // namespace tsumi::split
