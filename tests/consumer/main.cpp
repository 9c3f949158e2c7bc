// Uses an installed tsumi: perft counts (tsumi::core and tsumi::perft), a short tsume solved and checked
// (tsumi::solver, tsumi::compose), and a CSA text read.
// Exits 1 on any mismatch, naming it; prints the SIMD path its own compile of the headers took
// (scripts/check-install.sh builds and runs it).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "compose/soundness.h"
#include "core/platform.h"
#include "core/position.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kifu_file.h"
#include "perft/perft.h"
#include "perft/perft_report.h"
#include "perft/perft_tables.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace {

int failures = 0;

template <class T>
void expect_eq(std::string_view what, const T& got, const T& expected) {
  if (got == expected) return;
  std::cerr << "tsumi_consumer: " << what << ": got " << got << ", expected " << expected << '\n';
  ++failures;
}

tsumi::PositionSetup setup_of(std::string_view sfen) {
  auto setup = tsumi::parse_sfen(sfen);
  if (!setup) {
    std::cerr << "tsumi_consumer: " << sfen << ": " << setup.error().describe() << '\n';
    std::exit(1);
  }
  return setup.value();
}

void check_perft() {
  tsumi::Position pos;
  tsumi::StateInfo si;
  pos.set(setup_of(tsumi::kStartSfen), &si);
  expect_eq<std::uint64_t>("perft startpos depth 3", tsumi::perft(pos, 3), 25470);
  // The full run on two threads with a table, printed as `tsumi perft` prints it (tsumi::perft).
  const tsumi::PerftTables tables = tsumi::make_perft_tables(4, false);
  tsumi::PerftOptions options;
  options.threads = 2;
  tables.attach(options);
  tsumi::PerftReport report;
  report.nodes = tsumi::perft_run(pos, 4, options).nodes;
  expect_eq<std::string>("perft_run startpos depth 4", tsumi::perft_text(report), "Nodes searched: 719731\n");
}

void check_mate() {
  // tanuki3-1 of positions/tsume-public.txt: mate in 3.
  const auto problem = tsumi::make_mate_problem(setup_of("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1"));
  if (!problem) {
    std::cerr << "tsumi_consumer: tanuki3-1: " << problem.error().describe() << '\n';
    std::exit(1);
  }
  tsumi::MateSolver solver(16);
  tsumi::MateLimits limits;
  limits.time_s = 30;
  const tsumi::MateResult result = solver.solve(problem.value(), limits);
  expect_eq<std::string>("tanuki3-1 verdict", tsumi::to_string(result.verdict), "mate");
  expect_eq("tanuki3-1 length", result.length, 3);
  // Its check: a cook at ply 3 and an equal defence at ply 2 (compose/README.md's example).
  tsumi::SoundnessLimits check_limits;
  check_limits.branch.time_s = 30;
  const tsumi::SoundnessReport check = tsumi::check_soundness(solver, problem.value(), {}, check_limits);
  expect_eq<std::string>("tanuki3-1 check", tsumi::to_string(check.verdict), "flawed");
  expect_eq<std::size_t>("tanuki3-1 cooks", check.cooks.size(), 1);
}

void check_kifu() {
  const auto kifu = tsumi::notation::read_kifu("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n");
  if (!kifu) {
    std::cerr << "tsumi_consumer: CSA text: " << kifu.error().describe() << '\n';
    ++failures;
    return;
  }
  expect_eq<std::string_view>("CSA format", tsumi::notation::format_name(kifu->format), "csa");
  expect_eq<std::string>("CSA start", tsumi::to_sfen(kifu->start), std::string(tsumi::kStartSfen));
  expect_eq<std::string>("CSA moves", tsumi::to_usi(kifu->moves), "7g7f 3c3d");
  expect_eq<std::string>("CSA end", kifu->end, "%TORYO");
}

}  // namespace

int main() {
  check_perft();
  check_mate();
  check_kifu();
  if (failures != 0) return 1;
  // The SIMD path the headers took here, which must be the libraries' (cmake/install.cmake):
  // scripts/check-install.sh compares it with what the installed `tsumi --version` says.
  std::cout << "tsumi_consumer: ok (perft 25470, perft_run 719731, tanuki3-1 mate in 3, CSA read; SIMD path "
            << tsumi::kSimdName << ")\n";
  return 0;
}
