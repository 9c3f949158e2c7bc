#pragma once
// The fixed workload of `tsumi bench`: perft positions at set depths and tsume problems, picked by id
// from positions/perft-suite.epd and positions/tsume-public.txt. The build compiles both files into the
// executable (bench/CMakeLists.txt), so the benchmark needs nothing but the binary. A size's choice
// never changes: the total perft count and the solver's verdicts are then a signature of the move
// generator and the solver (as Stockfish's `bench` node count is), the same on every machine.
//
// Sizes, timed on one core of the 2-core development VM (README): quick a few seconds, default about
// a minute, full several minutes.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "solver/mate_problem.h"

namespace tsumi::bench {

enum class BenchSize : std::uint8_t { kQuick, kDefault, kFull };

struct BenchPerftItem {
  std::string id;  // the ;id of the perft suite
  std::string sfen;
  PositionSetup setup;  // the SFEN, parsed
  int depth = 0;
  std::uint64_t expected = 0;  // the suite's count at that depth
};

struct BenchMateItem {
  std::string id;  // the id= of the tsume suite
  std::string sfen;
  MateProblem problem;          // the SFEN as a problem (the defender's hand completed)
  std::optional<int> expected;  // shortest mate in plies (interpositions counted); nullopt: no mate
};

struct BenchWorkload {
  BenchSize size = BenchSize::kDefault;
  std::vector<BenchPerftItem> perft;
  std::vector<BenchMateItem> mate;
  std::size_t hash_mb = 0;  // the solver's table, cleared before each problem
};

// The workload of a size, read from the embedded suites. Throws std::logic_error naming the id or
// depth when the suites no longer hold what the workload names, or a SFEN that does not parse (a build
// made from edited positions/; the tests check every size).
BenchWorkload bench_workload(BenchSize size);

const char* to_string(BenchSize size);  // "quick", "default", "full"

// The suite texts compiled into the executable (generated from positions/ by the build).
std::string_view embedded_perft_suite();
std::string_view embedded_tsume_suite();

}  // namespace tsumi::bench
