#pragma once
// What the solver's tests share (mate_solver_test and the tests of its phases, one program): the
// limits every solve of them takes, problems by id, and the checks every answer must pass.
//
// Environment: TSUMI_MATE_HASH_MB (default 256) sizes the shared solver's table, TSUMI_MATE_TIME_S
// (default 120) limits each solve, so that a bug fails the test instead of hanging it, and
// TSUMI_MATE_THREADS (default 1) sets the workers of every solve (ctest runs the program with 1, 2 and 8).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "solver/dfpn_search.h"
#include "solver/mate_line.h"
#include "solver/mate_node.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/root_search.h"
#include "tests/support/test_data.h"

namespace tsumi::test {

// Node counts are the same in every build: the release and scalar builds check them, the sanitizer
// builds (many times slower) leave such tests out.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif

inline std::size_t mate_hash_mb() { return std::size_t(env_or("TSUMI_MATE_HASH_MB", 256)); }
inline double mate_time_s() { return double(env_or("TSUMI_MATE_TIME_S", 120)); }
inline int mate_threads() { return int(env_or("TSUMI_MATE_THREADS", 1)); }

inline MateLimits mate_limits(double time_s, std::uint64_t nodes = 0, bool prove_shortest = true) {
  MateLimits l;
  l.time_s = time_s;
  l.nodes = nodes;
  l.prove_shortest = prove_shortest;
  l.threads = mate_threads();
  return l;
}

// A problem from a SFEN of the suites (four have nifu: parsed leniently), or its colour-flipped twin.
inline std::optional<MateProblem> mate_problem_of(const std::string& sfen, bool flip = false) {
  const auto setup = parse_sfen(sfen, kTsumeLeniency);
  if (!setup) {
    ADD_FAILURE() << sfen << ": " << setup.error().describe();
    return std::nullopt;
  }
  const auto problem = make_mate_problem(flip ? flipped(*setup) : *setup);
  if (!problem) {
    ADD_FAILURE() << sfen << ": " << problem.error().message;
    return std::nullopt;
  }
  return *problem;
}

// The problem with this id in the suites, and its entry; nullopt (a failure recorded) when it is missing.
inline std::optional<MateProblem> problem_with_id(std::string_view id, const MateSuiteEntry*& entry) {
  entry = tsume_entry(id);
  if (!entry) {
    ADD_FAILURE() << "no problem has the id " << id;
    return std::nullopt;
  }
  return mate_problem_of(entry->sfen);
}

inline std::string describe(const MateResult& r) {
  std::string s = std::string(to_string(r.verdict)) + " (stop " + to_string(r.stop) + ") length " +
                  std::to_string(r.length) + ", " + std::to_string(r.nodes) + " nodes, " + std::to_string(r.time_ms) +
                  " ms, pv";
  for (Move m : r.pv) s += " " + to_usi(m);
  return s;
}

// What every mate must satisfy, whether or not its minimality was proven: a main line as long as the
// length, that replays legally into mate, no shorter than the known shortest, and equal to it when the
// result claims minimality.
inline void expect_correct_mate(const MateSuiteEntry& e, const MateProblem& problem, const MateResult& r) {
  SCOPED_TRACE(e.id + ": " + e.sfen + " -> " + describe(r));
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  ASSERT_TRUE(e.expected) << "the suite says there is no mate";
  if (e.length_proven) {
    EXPECT_GE(r.length, *e.expected) << "shorter than the proven shortest mate";
  }
  if (r.shortest_proven && e.length_proven) {
    EXPECT_EQ(r.length, *e.expected) << "claims a minimality that the suite contradicts";
  }
  EXPECT_EQ(r.pv.size(), std::size_t(r.length));
  EXPECT_EQ(r.length % 2, problem.setup.side_to_move == problem.attacker ? 1 : 0);
  EXPECT_LE(r.futile_length, r.length);
  EXPECT_GE(r.futile_length, problem.setup.side_to_move == problem.attacker ? 1 : 0);
  const auto replay = check_mate_line(problem, r.pv);
  ASSERT_EQ(replay, std::nullopt) << *replay;
  EXPECT_EQ(r.leftover, hand_after(problem, r.pv)) << "leftover is not the attacker's hand after the line";
}

// Everything a result must satisfy for a suite entry: the verdict, the length and its proof, and a
// main line that replays legally into mate.
inline void expect_solution(const MateSuiteEntry& e, const MateProblem& problem, const MateResult& r) {
  SCOPED_TRACE(e.id + ": " + e.sfen + " -> " + describe(r));
  ASSERT_NE(r.verdict, MateVerdict::kTimeout) << "no verdict";
  if (!e.expected) {
    EXPECT_EQ(r.verdict, MateVerdict::kNoMate);
    EXPECT_TRUE(r.pv.empty());
    return;
  }
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  if (e.length_proven) {
    EXPECT_EQ(r.length, *e.expected);
    EXPECT_TRUE(r.shortest_proven) << "the minimality proof did not finish";
  } else {
    EXPECT_LE(r.length, *e.expected);
  }
  expect_correct_mate(e, problem, r);
}

// One solver for all the tests of the process, as the suite runner uses it.
inline MateSolver& shared_solver() {
  static MateSolver solver(mate_hash_mb());
  return solver;
}

// A problem's root and the workers that search it, over a table and a path table of their own: what the
// tests of a solve's phases start from.
struct SearchedRoot {
  SearchedRoot(const MateProblem& problem, int threads, std::size_t table_mb = 16)
      : table(table_mb << 20), paths(std::size_t(1) << 16), root(table, paths, problem, threads) {}
  // The root searched within `within` plies; a limit or a stop fails the test.
  NodeResult search(std::uint16_t within = kUnlimited) {
    DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
    const NodeResult r = root.search(within, abort);
    EXPECT_EQ(abort, DfpnSearch::Abort::kNone);
    return r;
  }
  MateTable table;
  PathTable paths;
  RootSearch root;
};

}  // namespace tsumi::test
