#include "core/worker_arena.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <pthread.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/limits.h"
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
    run_in_worker_arena(threads, &kSync, [&] {
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
  run_in_worker_arena(4, &kSync, [&] {
    tbb::parallel_for(std::size_t(0), in.size(), [&](std::size_t i) TSUMI_TSAN_UNCHECKED {
      tsan_acquire(&kSync);
      out[i] = 2 * in[i];
      tsan_release(&kSync);
    });
  });
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], 2 * int(i)) << i;
}

// The stack of the thread that calls it.
std::size_t own_stack_bytes() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  std::size_t bytes = 0;
  pthread_attr_getstacksize(&attr, &bytes);
  pthread_attr_destroy(&attr);
  return bytes;
}

// oneTBB keeps its workers between runs: a worker started by one run (a perft) takes tasks of the next
// (a solve), so every run's workers must have the one stack size the deepest user needs. (With 4 MB
// for perft and 64 MB for the solver, a solve after a perft ran on 4 MB stacks.)
TEST(WorkerArena, EveryRunsWorkersHaveTheOneStackSize) {
  for (int run = 0; run < 3; ++run) {
    std::mutex mutex;
    std::vector<std::size_t> stacks;
    const std::thread::id caller = std::this_thread::get_id();
    const auto none_yet = [&] {
      const std::lock_guard lock(mutex);
      return stacks.empty();
    };
    run_in_worker_arena(2, &kSync, [&] {
      // Tasks that sleep, so that the worker takes some while the caller sleeps in others; again until
      // it has (a loaded machine may start it late).
      for (int round = 0; round < 50 && none_yet(); ++round)
        tbb::parallel_for(0, 100, 1, [&](int) TSUMI_TSAN_UNCHECKED {
          tsan_acquire(&kSync);
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
          if (std::this_thread::get_id() != caller) {
            const std::lock_guard lock(mutex);
            stacks.push_back(own_stack_bytes());
          }
          tsan_release(&kSync);
        });
    });
    ASSERT_FALSE(stacks.empty()) << "run " << run << ": no task ran on a worker";
    for (std::size_t bytes : stacks) EXPECT_GE(bytes, limits::kWorkerStackBytes) << "run " << run;
  }
}

}  // namespace
}  // namespace tsumi
