#include "core/worker_arena.h"

#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/task_edges.h"

namespace tsumi {
namespace {

constexpr char kSync = 0;

// The arena has the slots asked for, more than this machine's cores too, and the body runs on the
// calling thread.
TEST(WorkerArena, HasTheThreadsAskedForAndRunsTheBodyHere) {
  for (int threads : {1, 2, 5, 64}) {
    int concurrency = 0;
    std::thread::id ran_on;
    run_in_worker_arena(threads, std::size_t(1) << 20, &kSync, [&] {
      concurrency = tbb::this_task_arena::max_concurrency();
      ran_on = std::this_thread::get_id();
    });
    EXPECT_EQ(concurrency, threads);
    EXPECT_EQ(ran_on, std::this_thread::get_id());
  }
}

// Tasks inside see what the caller wrote before, and the caller sees what they wrote after.
TEST(WorkerArena, TasksSeeTheCallersDataAndTheCallerSeesTheirs) {
  std::vector<int> in(10000), out(10000);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = int(i);
  run_in_worker_arena(4, std::size_t(1) << 20, &kSync, [&] {
    tbb::parallel_for(std::size_t(0), in.size(), [&](std::size_t i) TSUMI_TSAN_UNCHECKED {
      tsan_acquire(&kSync);
      out[i] = 2 * in[i];
      tsan_release(&kSync);
    });
  });
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], 2 * int(i)) << i;
}

}  // namespace
}  // namespace tsumi
