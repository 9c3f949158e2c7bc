#pragma once
// The one way the project starts oneTBB workers (perft and the tsume solver): an arena of exactly the
// threads asked for, whatever the core count, every worker with the one stack size of the process
// (limits::kWorkerStackBytes), and the happens-before edges of entering and leaving it declared to
// ThreadSanitizer (core/task_edges.h).
// No TBB in this header: the callers' task bodies include what they use.

#include <cstddef>
#include <functional>

namespace tsumi {

// Runs `body` on the calling thread inside a oneTBB arena of `threads` slots (the caller fills one).
// oneTBB's process-wide limits (the parallelism, raised to `threads`, and the stack size) hold while it
// runs, so two runs at once in one process get the larger parallelism. `sync` is the caller's TSan
// sync object: released before the body's tasks can start and acquired after it returns, as task
// bodies acquire and release it.
void run_in_worker_arena(int threads, const void* sync, const std::function<void()>& body);

}  // namespace tsumi
