// The perft transposition table: probe (hits and misses) and store rates over a table much larger
// than the caches, as in a deep hashed run; and the cost of a position fingerprint.

#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/sfen.h"
#include "perft/perft_table.h"

namespace tsumi {
namespace {

constexpr std::size_t kTableMb = 256;

std::vector<std::uint64_t> random_keys(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> keys(n);
  for (std::uint64_t& k : keys) k = rng();
  return keys;
}

void BM_Store(benchmark::State& state) {
  PerftTable table(kTableMb);
  const auto keys = random_keys(1 << 20, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::uint64_t k = keys[i++ & (keys.size() - 1)];
    table.store(k, k * 31, 3, k & 0xffff);
  }
  state.counters["stores/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

// state.range(0): 1 probes keys that were stored (hits), 0 keys that never were (misses).
void BM_Probe(benchmark::State& state) {
  PerftTable table(kTableMb);
  const auto keys = random_keys(1 << 20, 2);
  for (std::uint64_t k : keys) table.store(k, k * 31, 3, k & 0xffff);
  const auto probes = state.range(0) ? keys : random_keys(1 << 20, 3);
  std::size_t i = 0, hits = 0;
  for (auto _ : state) {
    const std::uint64_t k = probes[i++ & (probes.size() - 1)];
    std::uint64_t nodes = 0;
    hits += table.probe(k, k * 31, 3, nodes);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["probes/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["hit_rate"] = double(hits) / double(state.iterations());
}

void BM_Fingerprint(benchmark::State& state) {
  StateInfo si;
  Position pos;
  pos.set(*parse_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"), &si);
  for (auto _ : state) benchmark::DoNotOptimize(PerftTable::fingerprint(pos));
  state.counters["fingerprints/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_Store)->Name("perft_table/store");
BENCHMARK(BM_Probe)->Name("perft_table/probe")->ArgName("hit")->Arg(1)->Arg(0);
BENCHMARK(BM_Fingerprint)->Name("perft_table/fingerprint");

}  // namespace
}  // namespace tsumi
