#include "core/worker_arena.h"

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "core/limits.h"
#include "core/task_edges.h"

namespace tsumi {

void run_in_worker_arena(int threads, const void* sync, const std::function<void()>& body) {
  // oneTBB's default limit is the core count; the arena gets every thread asked for, also more.
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
  const tbb::global_control stack(tbb::global_control::thread_stack_size, limits::kWorkerStackBytes);
  tbb::task_arena arena(threads);
  tsan_release(sync);
  arena.execute([&] { body(); });
  tsan_acquire(sync);
}

}  // namespace tsumi
