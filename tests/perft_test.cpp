#include "perft/perft.h"

#include <atomic>
#include <mutex>
#include <set>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "perft/perft_stats_table.h"
#include "perft/perft_table.h"
#include "tests/support/reference_rules.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;

TEST(Perft, StartPositionShallow) {
  SfenPosition p(kStartSfen);
  EXPECT_EQ(perft(p.pos, 0), 1u);
  EXPECT_EQ(perft(p.pos, 1), 30u);
  EXPECT_EQ(perft(p.pos, 2), 900u);
  EXPECT_EQ(perft(p.pos, 3), 25470u);
  EXPECT_EQ(to_sfen(p.pos), std::string(kStartSfen)) << "perft must leave the position as it found it";
}

TEST(Perft, DivideSumsToPerftOverTheLegalMoves) {
  for (const PerftSuiteEntry& e : test::perft_suite()) {
    SfenPosition p(e.sfen);
    const auto divide = perft_divide(p.pos, 2);
    MoveList legal;
    generate<LEGAL>(p.pos, legal);
    ASSERT_EQ(divide.size(), legal.size()) << e.id;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < divide.size(); ++i) {
      EXPECT_EQ(divide[i].move, legal[i]);
      sum += divide[i].nodes;
    }
    EXPECT_EQ(sum, perft(p.pos, 2)) << e.id;
  }
}

TEST(Perft, MatchesTheOracleOnTsumeProblems) {
  // Kingless attackers and full defender hands, at depth 2, against the independent oracle.
  const auto sfens = test::tsume_sfens();
  for (std::size_t i = 0; i < sfens.size(); i += 5) {
    SfenPosition p(sfens[i], kTsumeLeniency);
    ASSERT_EQ(perft(p.pos, 2), reference::perft(sfens[i], 2)) << sfens[i];
  }
}

// The suite's positions with their deepest count of at most max_nodes leaves.
std::vector<std::pair<const PerftSuiteEntry*, PerftExpectation>> suite_counts(std::uint64_t max_nodes) {
  static const std::vector<PerftSuiteEntry> suite = test::perft_suite();
  std::vector<std::pair<const PerftSuiteEntry*, PerftExpectation>> out;
  for (const PerftSuiteEntry& e : suite) {
    const PerftExpectation* best = nullptr;
    for (const PerftExpectation& x : e.expected)
      if (x.nodes <= max_nodes) best = &x;
    if (best) out.emplace_back(&e, *best);
  }
  return out;
}

TEST(PerftRun, SerialMatchesTheSuiteAndTheDivide) {
  for (const auto& [e, x] : suite_counts(300000)) {
    SfenPosition p(e->sfen);
    const std::string before = to_sfen(p.pos);
    const PerftResult r = perft_run(p.pos, x.depth, {});
    EXPECT_EQ(r.nodes, x.nodes) << e->id << " depth " << x.depth;
    const auto divide = perft_divide(p.pos, x.depth);
    ASSERT_EQ(r.divide.size(), divide.size()) << e->id;
    for (std::size_t i = 0; i < divide.size(); ++i) {
      EXPECT_EQ(r.divide[i].move, divide[i].move);
      EXPECT_EQ(r.divide[i].nodes, divide[i].nodes) << e->id << " " << to_usi(divide[i].move);
    }
    EXPECT_EQ(to_sfen(p.pos), before) << "perft_run changed its root";
  }
}

TEST(PerftRun, DepthZeroAndOne) {
  SfenPosition p(kStartSfen);
  EXPECT_EQ(perft_run(p.pos, 0, {}).nodes, 1u);
  EXPECT_TRUE(perft_run(p.pos, 0, {}).divide.empty());
  const PerftResult one = perft_run(p.pos, 1, test::perft_options(2));
  EXPECT_EQ(one.nodes, 30u);
  ASSERT_EQ(one.divide.size(), 30u);
  for (const DivideEntry& d : one.divide) EXPECT_EQ(d.nodes, 1u);
}

// Published start-position statistics (shared/reference/README.md), depths 1-5 here; depth 6 in
// perft_stats_test (label deep) and 7 under `slow`.
TEST(PerftRun, StartPositionStatisticsMatchThePublishedTable) {
  struct Row {
    int depth;
    std::uint64_t nodes, captures, promotions, checks, mates;
  };
  const Row rows[] = {{1, 30, 0, 0, 0, 0},
                      {2, 900, 0, 0, 0, 0},
                      {3, 25470, 59, 30, 48, 0},
                      {4, 719731, 1803, 842, 1121, 0},
                      {5, 19861490, 113680, 57214, 71434, 0}};
  SfenPosition p(kStartSfen);
  for (const Row& row : rows) {
    const PerftResult r = perft_run(p.pos, row.depth, test::perft_options(2, nullptr, true));
    EXPECT_EQ(r.nodes, row.nodes) << row.depth;
    EXPECT_EQ(r.stats.captures, row.captures) << row.depth;
    EXPECT_EQ(r.stats.promotions, row.promotions) << row.depth;
    EXPECT_EQ(r.stats.checks, row.checks) << row.depth;
    EXPECT_EQ(r.stats.mates, row.mates) << row.depth;
  }
}

// Statistics counted the slow way: every leaf played and looked at with the independent oracle's
// rules where they matter (mates) and by definition elsewhere.
PerftStats stats_by_hand(Position& pos, int depth) {
  PerftStats s;
  MoveList moves;
  generate<LEGAL>(pos, moves);
  for (Move m : moves) {
    StateInfo st;
    if (depth == 1) {
      s.drops += m.is_drop();
      s.captures += !m.is_drop() && pos.piece_on(m.to()) != NO_PIECE;
      s.promotions += m.is_promotion();
    }
    pos.do_move(m, st);
    if (depth == 1) {
      s.checks += pos.in_check();
      s.mates += pos.in_check() && reference::legal_moves(to_sfen(pos)).empty();
    } else {
      s += stats_by_hand(pos, depth - 1);
    }
    pos.undo_move(m);
  }
  return s;
}

TEST(PerftRun, StatisticsAgreeWithPlayingEveryLeaf) {
  // Handmade positions with mates at the leaves, and the suite positions of modest size at depth 2.
  std::vector<std::string> sfens = {"7lk/9/8S/9/9/9/9/7L1/8K b P 1", "8k/9/7GP/9/9/9/9/9/K8 b G 1"};
  for (const auto& [e, x] : suite_counts(60000))
    if (x.depth >= 2) sfens.push_back(e->sfen);
  for (const std::string& sfen : sfens) {
    SfenPosition p(sfen);
    for (int depth = 1; depth <= 2; ++depth) {
      const PerftStats expected = stats_by_hand(p.pos, depth);
      for (int threads : {1, 2}) {
        const PerftResult r = perft_run(p.pos, depth, test::perft_options(threads, nullptr, true));
        EXPECT_EQ(r.stats, expected) << sfen << " depth " << depth << " threads " << threads;
        EXPECT_EQ(r.nodes, perft(p.pos, depth));
      }
    }
  }
}

// --stats --hash: the statistics with a table equal those without, on 1 and 2 threads, with a table of
// one bucket whose entries are replaced all the time and with a roomy one.
TEST(PerftRun, StatisticsWithATableAreTheSame) {
  PerftStatsTable tiny(0), big(16);
  for (const auto& [e, x] : suite_counts(300000)) {
    if (x.depth < 3) continue;
    SfenPosition p(e->sfen);
    const PerftResult plain = perft_run(p.pos, x.depth, test::perft_options(1, nullptr, true));
    ASSERT_EQ(plain.nodes, x.nodes) << e->id;
    for (PerftStatsTable* table : {&tiny, &big})
      for (int threads : {1, 2}) {
        PerftOptions o = test::perft_options(threads, nullptr, true);
        o.stats_table = table;
        const PerftResult r = perft_run(p.pos, x.depth, o);
        EXPECT_EQ(r.nodes, x.nodes) << e->id << " threads " << threads;
        EXPECT_EQ(r.stats, plain.stats) << e->id << " threads " << threads << (table == &tiny ? " tiny" : " big");
        for (std::size_t i = 0; i < r.divide.size(); ++i) EXPECT_EQ(r.divide[i].stats, plain.divide[i].stats);
      }
  }
  // The start position to depth 5 through the roomy table, against the published row.
  SfenPosition start(kStartSfen);
  PerftOptions o = test::perft_options(2, nullptr, true);
  o.stats_table = &big;
  const PerftResult r = perft_run(start.pos, 5, o);
  EXPECT_EQ(r.nodes, 19861490u);
  EXPECT_EQ(r.stats, (PerftStats{113680, 57214, 2776, 71434, 0}));
}

TEST(PerftRun, MatesAtTheLeavesAreCounted) {
  // G*1b and G*2b mate (each gold guarded by the pawn or the other gold); the pawn push 1c1b does not.
  SfenPosition p("8k/9/7GP/9/9/9/9/9/K8 b G 1");
  const PerftResult r = perft_run(p.pos, 1, test::perft_options(1, nullptr, true));
  EXPECT_GT(r.stats.mates, 0u);
  EXPECT_LE(r.stats.mates, r.stats.checks);
}

// Counts identical for every thread count, with and without a table, and with a table so small that
// entries are replaced all the time.
TEST(PerftParallel, CountsAreTheSameForEveryThreadCountAndTable) {
  PerftTable big(16), tiny(0);  // 0 MiB: a single bucket
  for (const auto& [e, x] : suite_counts(500000)) {
    SfenPosition p(e->sfen);
    const PerftResult serial = perft_run(p.pos, x.depth, {});
    ASSERT_EQ(serial.nodes, x.nodes) << e->id;
    for (int threads : {1, 2, 3, 8}) {
      for (PerftTable* table : {static_cast<PerftTable*>(nullptr), &big, &tiny}) {
        const PerftResult r = perft_run(p.pos, x.depth, test::perft_options(threads, table));
        ASSERT_EQ(r.nodes, x.nodes) << e->id << " depth " << x.depth << " threads " << threads
                                    << (table ? " hashed" : "");
        ASSERT_EQ(r.divide.size(), serial.divide.size());
        for (std::size_t i = 0; i < r.divide.size(); ++i) ASSERT_EQ(r.divide[i].nodes, serial.divide[i].nodes);
      }
    }
  }
}

TEST(PerftParallel, AReusedTableGivesTheSameCountsAtEveryDepth) {
  PerftTable table(8);
  SfenPosition p(kStartSfen);
  const std::uint64_t expected[] = {1, 30, 900, 25470, 719731, 19861490};
  for (int round = 0; round < 2; ++round)
    for (int depth = 5; depth >= 0; --depth)
      EXPECT_EQ(perft_run(p.pos, depth, test::perft_options(2, &table)).nodes, expected[depth]) << depth;
}

// A stop (here raised once five root moves are counted) ends the run with `stopped` and a partial
// count, and leaves nothing partial in the table: the next run over the same table is exact.
TEST(PerftParallel, StopEndsTheRunAndStoresNoPartialCount) {
  SfenPosition p(kStartSfen);
  for (int threads : {1, 2}) {
    PerftTable table(8);
    std::atomic<bool> stop{false};
    PerftOptions options = test::perft_options(threads, &table);
    options.stop = &stop;
    options.on_root_move = [&](const PerftProgress& progress) {
      if (progress.root_moves_done == 5) stop.store(true);
    };
    const PerftResult stopped = perft_run(p.pos, 5, options);
    EXPECT_TRUE(stopped.stopped) << threads;
    EXPECT_LT(stopped.nodes, 19861490u) << threads;
    stop.store(false);
    options.on_root_move = nullptr;
    const PerftResult whole = perft_run(p.pos, 5, options);
    EXPECT_FALSE(whole.stopped) << threads;
    EXPECT_EQ(whole.nodes, 19861490u) << threads;
    EXPECT_EQ(perft_run(p.pos, 4, test::perft_options(threads, &table)).nodes, 719731u) << threads;
  }
}

TEST(PerftParallel, ProgressReportsEachRootMoveOnce) {
  SfenPosition p(kStartSfen);
  std::mutex m;
  std::vector<PerftProgress> seen;
  PerftOptions options = test::perft_options(4);
  options.on_root_move = [&](const PerftProgress& progress) {
    std::lock_guard lock(m);  // the contract says calls never overlap; the lock only keeps TSan honest
    seen.push_back(progress);
  };
  const PerftResult r = perft_run(p.pos, 4, options);
  ASSERT_EQ(seen.size(), 30u);
  std::set<std::size_t> done;
  for (const PerftProgress& s : seen) {
    EXPECT_EQ(s.root_moves, 30u);
    done.insert(s.root_moves_done);
  }
  EXPECT_EQ(done.size(), 30u);
  EXPECT_EQ(seen.back().root_moves_done, 30u);
  EXPECT_EQ(seen.back().nodes, r.nodes);
}

}  // namespace
}  // namespace tsumi
