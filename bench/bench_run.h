#pragma once
// One pass of the `tsumi bench` workload at a thread count, and what the passes have in common: the
// signature (total perft count and the solver's verdicts, which no thread count, machine or build may
// change) and the differences from the suites' expected answers.
//
// Perft runs without a table (the move generator, not memory, is measured); each tsume problem is
// solved from an empty table with the shortest-mate proof on and no limits, so its verdict and
// length are exact. Node counts of the solver vary with the thread count; perft counts never do.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bench/bench_workload.h"
#include "solver/worker_tally.h"

namespace tsumi {
class MateSolver;
}

namespace tsumi::bench {

// The timings of one part (perft or mate) of a pass.
struct BenchPart {
  double time_ms = 0;           // wall time of the whole part
  std::uint64_t nodes = 0;      // perft leaves, or solver nodes (every worker's)
  std::vector<double> item_ms;  // per position or problem, in workload order
  std::vector<std::uint64_t> item_nodes;
  // Mate: each worker's share (solver/worker_tally.h), summed over the problems, worker 0 first.
  std::vector<WorkerTally> workers;
};

struct BenchPass {
  int threads = 1;
  BenchPart perft;
  BenchPart mate;
  // Per problem: the proven length as text ("15"), or "nomate" / "timeout".
  std::vector<std::string> verdicts;
};

// Called after each position or problem: what finished ("perft startpos d6"), items done of the pass.
using BenchProgress = std::function<void(const std::string& what, std::size_t done, std::size_t total)>;

// Runs the whole workload once with `threads` workers (perft and solver both); `solver` holds a table
// of workload.hash_mb MiB.
BenchPass run_bench_pass(const BenchWorkload& workload, int threads, MateSolver& solver,
                         const BenchProgress& progress = {});

// "perft=<total leaves> mate=<verdict>,<verdict>,...": equal for every pass of a workload.
std::string bench_signature(const BenchPass& pass);

// One line per count or verdict that differs from the suites' expected answers; empty when all agree.
std::vector<std::string> bench_mismatches(const BenchWorkload& workload, const BenchPass& pass);

}  // namespace tsumi::bench
