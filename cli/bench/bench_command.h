#pragma once
// `tsumi bench`: the fixed workload (bench/bench_workload.h) at several thread counts, with the machine
// it ran on, per part (perft, mate) wall time, nodes/s, speedup and parallel efficiency against one
// thread, and the signature that every run of the workload must reproduce.

#include <iosfwd>
#include <string>
#include <vector>

#include "bench/bench_workload.h"

namespace tsumi::cli {

struct BenchOptions {
  bench::BenchSize size = bench::BenchSize::kDefault;
  std::vector<int> threads;  // thread counts to measure; empty: 1 and every core
  bool json = false;         // one JSON object on out instead of text
  std::string svg;           // write a speedup chart here (empty: none)
  bool progress = false;     // a progress line on err (when err is a terminal)
};

// The thread counts a run measures: 1 first (the baseline of every speedup), then the others in
// increasing order, each once. `requested` empty: 1 and `cores`.
std::vector<int> bench_thread_counts(const std::vector<int>& requested, int cores);

// Runs the benchmark; the report goes to out, progress and errors to err. Exit code: 0 when every count
// and verdict agrees with the suites and the signature is the same at every thread count, 1 otherwise,
// 2 when the chart cannot be written.
int run_bench(const BenchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tsumi::cli
