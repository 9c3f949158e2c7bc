#pragma once
// The coordinator's book of the work units of a split perft: which unit each rank counts next
// (unit_schedule.h), the tally of the finished ones (tally.h) and the checkpoint they are appended to
// (checkpoint.h), and the first error, after which nothing more is handed out or written.
//
// Thread safety: every member may be called from any thread; one mutex guards the whole book (tsumi-mpi's
// message loop and rank 0's own counting thread share it; a call is a few microseconds against a unit's
// seconds of counting).

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "perft/split/checkpoint.h"
#include "perft/split/tally.h"
#include "perft/split/unit_schedule.h"

namespace tsumi::split {

class Dispatcher {
 public:
  // `units` units over `ranks` ranks. The tally may already hold what a resumed checkpoint counted; this
  // run's figures are what it adds. `writer` (may be null or closed: no checkpoint) gets every finished unit.
  Dispatcher(std::uint64_t units, int ranks, PerftTally& tally, CheckpointWriter* writer, bool stats);

  // The next unit for `rank` not yet counted, or nothing when none is left (or the run failed).
  std::optional<std::uint64_t> take(int rank);

  // A counted unit: into the tally, then the checkpoint. A refusal of either is the run's error.
  void finish(const UnitCount& unit);

  // Records the run's error (the first one is kept).
  void fail(const std::string& why);

  struct Snapshot {
    std::uint64_t done, total, session_units, session_nodes;  // session: counted by this run
  };
  Snapshot snapshot();
  std::optional<std::string> error();

 private:
  std::mutex mutex_;
  UnitSchedule schedule_;
  PerftTally& tally_;
  CheckpointWriter* writer_;
  bool stats_;
  const std::uint64_t resumed_units_, resumed_nodes_;
  std::optional<std::string> error_;
};

}  // namespace tsumi::split
