// Perft: serial per reference position (about a million leaves each), the start position at depth 6
// on one thread (the speed target against YaneuraOu), parallel on 1..N threads, and hashed.

#include <thread>

#include <benchmark/benchmark.h>

#include "core/sfen.h"
#include "core/text_file.h"
#include "perft/perft.h"
#include "perft/perft_suite.h"
#include "perft/perft_table.h"

namespace tsumi {
namespace {

struct Root {
  explicit Root(std::string_view sfen) { pos.set(*parse_sfen(sfen), &si); }
  StateInfo si;
  Position pos;
};

void BM_Perft(benchmark::State& state, const std::string& sfen, int depth) {
  Root root(sfen);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(root.pos, depth);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

// perft_run on state.range(0) threads, with a table of state.range(1) MiB (0: none).
void BM_PerftRun(benchmark::State& state, const std::string& sfen, int depth) {
  Root root(sfen);
  PerftOptions options;
  options.threads = int(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    std::unique_ptr<PerftTable> table;
    if (state.range(1) > 0) table = std::make_unique<PerftTable>(std::size_t(state.range(1)));
    options.table = table.get();
    state.ResumeTiming();
    nodes += perft_run(root.pos, depth, options).nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

// Registers one benchmark per suite position, at the deepest depth of at most 3e6 leaves.
const bool kRegistered = [] {
  std::string text;
  if (read_text_file(std::string(TSUMI_POSITIONS_DIR) + "/perft-suite.epd", text)) return false;
  static const auto suite = parse_perft_suite(text);
  if (!suite) return false;
  for (const PerftSuiteEntry& e : *suite) {
    int depth = 0;
    for (const PerftExpectation& x : e.expected)
      if (x.nodes <= 3000000) depth = x.depth;
    if (depth > 0)
      benchmark::RegisterBenchmark(("perft/" + e.id + "/d" + std::to_string(depth)).c_str(), BM_Perft, e.sfen, depth)
          ->Unit(benchmark::kMillisecond);
  }
  const std::string start(kStartSfen);
  // The headline figure: start position, depth 6, one thread, no hash (547,581,517 leaves).
  benchmark::RegisterBenchmark("perft/startpos/d6", BM_Perft, start, 6)->Unit(benchmark::kMillisecond)->Iterations(3);
  // Scaling: depth 6 on 1, 2, ... cores; and depth 6 with a 1 GiB table.
  auto* scaling = benchmark::RegisterBenchmark("perft_run/startpos/d6", BM_PerftRun, start, 6);
  scaling->ArgNames({"threads", "hash_mb"})->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  for (int t = 1; t <= cores; t *= 2) scaling->Args({t, 0});
  if ((cores & (cores - 1)) != 0) scaling->Args({cores, 0});
  scaling->Args({cores, 1024});
  return true;
}();

}  // namespace
}  // namespace tsumi
