#include "solver/crew_run.h"

#include <tbb/task_group.h>

#include "core/stopwatch.h"
#include "core/task_edges.h"
#include "core/worker_arena.h"

namespace tsumi {

namespace {

// The edges between the calling thread and the workers, declared to ThreadSanitizer (core/task_edges.h).
constexpr char kTsanSync = 0;

}  // namespace

int CrewRun::finisher() const {
  for (std::size_t w = 0; w < workers.size(); ++w)
    if (workers[w].abort == DfpnSearch::Abort::kNone) return int(w);
  return -1;
}

CrewRun run_crew(std::span<DfpnSearch* const> workers, DfpnCrew& crew, const MateTable& table,
                 std::uint16_t remaining) {
  CrewRun out;
  out.workers.resize(workers.size());
  crew.done.store(false, std::memory_order_relaxed);
  const Clock::time_point start = Clock::now();
  const auto run = [&](std::size_t w) {
    tsan_acquire(&kTsanSync);
    CrewWorkerRun& r = out.workers[w];
    r.started_ms = ms_since(start);
    const int slot = MateTable::lock_slot();  // this worker's thread for its whole search
    const MateTable::LockWaits before = table.lock_waits(slot);
    DfpnSearch& s = *workers[w];
    s.clear_abort();
    r.result = s.solve(remaining);
    r.abort = s.aborted();
    if (r.abort == DfpnSearch::Abort::kNone) crew.done.store(true, std::memory_order_relaxed);
    const MateTable::LockWaits after = table.lock_waits(slot);
    r.lock_waits = MateTable::LockWaits{after.waits - before.waits, after.ns - before.ns};
    r.ended_ms = ms_since(start);
    tsan_release(&kTsanSync);
  };
  run_in_worker_arena(int(workers.size()), &kTsanSync, [&] {
    tbb::task_group group;
    for (std::size_t w = 1; w < workers.size(); ++w) group.run([&run, w]() TSUMI_TSAN_UNCHECKED { run(w); });
    run(0);
    group.wait();
  });
  out.ms = ms_since(start);
  return out;
}

}  // namespace tsumi
