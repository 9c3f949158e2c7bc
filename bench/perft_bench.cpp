// Serial perft of each reference position at a depth of about a million leaves.

#include <fstream>
#include <sstream>

#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "core/perft_suite.h"
#include "core/sfen.h"

namespace tsumi {
namespace {

void BM_Perft(benchmark::State& state, const PerftSuiteEntry& entry, int depth) {
  StateInfo si;
  Position pos;
  pos.set(*parse_sfen(entry.sfen), &si);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, depth);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

// Registers one benchmark per suite position, at the deepest depth of at most 3e6 leaves.
const bool kRegistered = [] {
  std::ifstream in(std::string(TSUMI_POSITIONS_DIR) + "/perft-suite.epd");
  std::ostringstream text;
  text << in.rdbuf();
  static const auto suite = parse_perft_suite(text.str());
  if (!suite) return false;
  for (const PerftSuiteEntry& e : *suite) {
    int depth = 0;
    for (const PerftExpectation& x : e.expected)
      if (x.nodes <= 3000000) depth = x.depth;
    if (depth > 0)
      benchmark::RegisterBenchmark(("perft/" + e.id + "/d" + std::to_string(depth)).c_str(), BM_Perft, e, depth)
          ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace tsumi
