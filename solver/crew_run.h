#pragma once
// One run of a crew of searchers (dfpn_search.h, DfpnCrew) on the node each of them stands at: every
// worker solves it within the same plies, worker 0 on the calling thread and the others on the threads of
// a oneTBB arena (core/worker_arena.h), and the first to finish raises the crew's done flag so that the
// others return within DfpnSearch::kLimitInterval nodes (Abort::kYielded). The root's workers
// (root_search.h) and a line's crew (line_crew.h) both run this way; they differ in where the workers
// stand and what they do with the times.
//
// Thread safety: called by one thread, which is worker 0's; it returns when every worker has returned.
// The caller has joined the workers to `crew` and made the table concurrent. The workers' results and
// times are written by their own threads and read after the arena's join (declared to ThreadSanitizer,
// core/task_edges.h).

#include <cstdint>
#include <span>
#include <vector>

#include "solver/dfpn_search.h"
#include "solver/mate_node.h"
#include "solver/mate_table.h"

namespace tsumi {

// What one worker of a crew run did: its result and abort, its search's start and end in ms after the
// run began, and the cluster locks its thread waited for meanwhile (MateTable::lock_waits).
struct CrewWorkerRun {
  NodeResult result{};
  DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
  double started_ms = 0, ended_ms = 0;
  MateTable::LockWaits lock_waits{};
};

struct CrewRun {
  std::vector<CrewWorkerRun> workers;  // in the order of the workers given
  double ms = 0;                       // the whole run, worker 0's wait for the others included
  // The worker whose answer stands: the first that was not cut (it finished; the others yielded to it),
  // or -1 where every worker was cut by a limit or a stop.
  int finisher() const;
};

// Runs workers[w]->solve(remaining) for every worker at once (each after clear_abort), the done flag
// lowered first.
CrewRun run_crew(std::span<DfpnSearch* const> workers, DfpnCrew& crew, const MateTable& table, std::uint16_t remaining);

}  // namespace tsumi
