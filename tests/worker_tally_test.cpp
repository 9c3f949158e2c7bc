// Tests of solver/worker_tally.h: tallies add field by field (RootSearch sums them per worker over the
// phases of a solve, tsumi bench over its problems).

#include "solver/worker_tally.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(WorkerTally, AddsFieldByField) {
  WorkerTally a{10, 2, 1, 3, 400, 5000, 60};
  const WorkerTally b{1, 1, 1, 1, 1, 1, 1};
  a += b;
  EXPECT_EQ(a.nodes, 11u);
  EXPECT_EQ(a.late_nodes, 3u);
  EXPECT_EQ(a.cutoffs, 2u);
  EXPECT_EQ(a.lock_waits, 4u);
  EXPECT_EQ(a.lock_wait_ns, 401u);
  EXPECT_EQ(a.busy_us, 5001u);
  EXPECT_EQ(a.idle_us, 61u);
}

TEST(WorkerTally, StartsAtZero) {
  const WorkerTally t;
  EXPECT_EQ(t.nodes + t.late_nodes + t.cutoffs + t.lock_waits + t.lock_wait_ns + t.busy_us + t.idle_us, 0u);
}

}  // namespace
}  // namespace tsumi
