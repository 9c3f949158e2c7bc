#include "perft/perft.h"

#include <mutex>
#include <type_traits>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/partitioner.h>

#include "core/movegen.h"
#include "core/task_edges.h"
#include "core/worker_arena.h"
#include "perft/perft_stats_table.h"
#include "perft/perft_table.h"

namespace tsumi {

namespace {

// The edges of the parallel loops, declared to ThreadSanitizer (see core/task_edges.h).
constexpr char kTsanSync = 0;
inline void tsan_release() { tsumi::tsan_release(&kTsanSync); }
inline void tsan_acquire() { tsumi::tsan_acquire(&kTsanSync); }

}  // namespace

namespace {

// Nodes at this remaining depth or more share out their moves among the workers: below it a subtree
// is too small to pay for a task and a position copy (depth 3 from the start position: ~25,000
// leaves, about 0.2 ms).
constexpr int kParallelDepth = 4;
// Nodes at this remaining depth or more use the table; depth-1 counts are cheaper than a probe.
constexpr int kHashDepth = 2;

struct Counts {
  std::uint64_t nodes = 0;
  PerftStats stats;

  Counts& operator+=(const Counts& o) {
    nodes += o.nodes;
    stats += o.stats;
    return *this;
  }
};

// How a legal move of pos classifies as a leaf. pos must carry full check information.
PerftStats classify(Position& pos, Move m) {
  PerftStats s;
  if (m.is_drop())
    ++s.drops;
  else if (pos.piece_on(m.to()) != NO_PIECE)
    ++s.captures;
  if (m.is_promotion()) ++s.promotions;
  if (pos.gives_check(m)) {
    ++s.checks;
    StateInfo st;
    pos.do_move(m, st, StateScope::kMovesOnly);
    if (legal_move_count(pos) == 0) ++s.mates;
    pos.undo_move(m);
  }
  return s;
}

// One perft run: its options and the shared table. With Stats, every leaf move is played and
// classified, and do_move keeps the full check information that gives_check needs; the table is then
// the one that stores statistics too (perft_stats_table.h).
template <bool Stats>
class Counter {
 public:
  using Table = std::conditional_t<Stats, PerftStatsTable, PerftTable>;

  Counter(Table* table, bool parallel, const std::atomic<bool>* stop = nullptr)
      : table_(table), parallel_(parallel), stop_(stop) {}

  // Whether the run was asked to stop (its counts are then incomplete and never stored).
  bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  // The counts below pos at depth >= 1.
  Counts count(Position& pos, int depth) {
    if (parallel_ && depth >= kParallelDepth) return split(pos, depth);
    if constexpr (Stats) {
      return serial_stats(pos, depth);
    } else {
      return {serial(pos, depth), {}};
    }
  }

  // The counts of root move m of pos, with depth plies below it.
  Counts after(const Position& pos, Move m, int depth) {
    tsan_acquire();
    Position child;
    StateInfo root_st, st;
    child.copy_from(pos, &root_st);
    Counts c{1, {}};
    if (depth == 0) {
      if constexpr (Stats) c.stats = classify(child, m);
    } else {
      child.do_move(m, st, kScope);
      c = count(child, depth);
    }
    tsan_release();
    return c;
  }

 private:
  static constexpr StateScope kScope = Stats ? StateScope::kFull : StateScope::kMovesOnly;

  std::uint64_t serial(Position& pos, int depth) {
    if (depth == 1) return legal_move_count(pos);
    if (depth >= kStopCheckDepth && stopped()) return 0;
    std::uint64_t fingerprint = 0;
    if (table_ && depth >= kHashDepth) {
      std::uint64_t nodes;
      fingerprint = PerftTable::fingerprint(pos);
      if (table_->probe(pos.key(), fingerprint, depth, nodes)) return nodes;
    }
    MoveList moves;
    generate<LEGAL>(pos, moves);
    std::uint64_t nodes = 0;
    StateInfo st;
    for (Move m : moves) {
      pos.do_move(m, st, StateScope::kMovesOnly);
      nodes += serial(pos, depth - 1);
      pos.undo_move(m);
    }
    if (table_ && depth >= kHashDepth && !(depth >= kStopCheckDepth && stopped()))
      table_->store(pos.key(), fingerprint, depth, nodes);
    return nodes;
  }

  Counts serial_stats(Position& pos, int depth) {
    if (table_ && depth >= kHashDepth) return hashed_stats(pos, depth);
    Counts c;
    if (depth >= kStopCheckDepth && stopped()) return c;
    MoveList moves;
    generate<LEGAL>(pos, moves);
    if (depth == 1) {
      c.nodes = moves.size();
      for (Move m : moves) c.stats += classify(pos, m);
      return c;
    }
    StateInfo st;
    for (Move m : moves) {
      pos.do_move(m, st, StateScope::kFull);
      c += serial_stats(pos, depth - 1);
      pos.undo_move(m);
    }
    return c;
  }

  // serial_stats through the table, kept apart and out of line: with the table's code inside
  // serial_stats, the statistics without a table ran a quarter slower (start position depth 6, 2
  // threads: 2.77 s against 2.18 s).
  [[gnu::noinline]] Counts hashed_stats(Position& pos, int depth) {
    Counts c;
    if (depth >= kStopCheckDepth && stopped()) return c;
    const std::uint64_t fingerprint = PerftTable::fingerprint(pos);
    if (probe(pos.key(), fingerprint, depth, c)) return c;
    MoveList moves;
    generate<LEGAL>(pos, moves);
    StateInfo st;
    for (Move m : moves) {
      pos.do_move(m, st, StateScope::kFull);
      c += serial_stats(pos, depth - 1);
      pos.undo_move(m);
    }
    if (!(depth >= kStopCheckDepth && stopped())) store(pos.key(), fingerprint, depth, c);
    return c;
  }

  // The table's entry for pos at depth, if any.
  bool probe(Key key, std::uint64_t fingerprint, int depth, Counts& c) const {
    if constexpr (Stats)
      return table_->probe(key, fingerprint, depth, c.nodes, c.stats);
    else
      return table_->probe(key, fingerprint, depth, c.nodes);
  }
  void store(Key key, std::uint64_t fingerprint, int depth, const Counts& c) {
    if constexpr (Stats)
      table_->store(key, fingerprint, depth, c.nodes, c.stats);
    else
      table_->store(key, fingerprint, depth, c.nodes);
  }

  // A node whose moves are counted by whichever workers are free (oneTBB work stealing), so that one
  // big subtree is itself shared out and no worker idles while it runs.
  Counts split(const Position& pos, int depth) {
    if (stopped()) return {};
    std::uint64_t fingerprint = 0;
    if (table_) {
      Counts stored;
      fingerprint = PerftTable::fingerprint(pos);
      if (probe(pos.key(), fingerprint, depth, stored)) return stored;
    }
    MoveList moves;
    generate<LEGAL>(pos, moves);
    tsan_release();
    const Counts c = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, moves.size(), 1), Counts{},
        [&](const tbb::blocked_range<std::size_t>& r, Counts acc) TSUMI_TSAN_UNCHECKED {
          tsan_acquire();
          for (std::size_t i = r.begin(); i != r.end(); ++i) acc += after(pos, moves[i], depth - 1);
          tsan_release();
          return acc;
        },
        [](Counts a, const Counts& b) { return a += b; }, tbb::simple_partitioner());
    tsan_acquire();
    if (table_ && !stopped()) store(pos.key(), fingerprint, depth, c);
    return c;
  }

  Table* table_;
  bool parallel_;
  const std::atomic<bool>* stop_;
};

template <bool Stats>
PerftResult run(const Position& root, int depth, const PerftOptions& options) {
  PerftResult result;
  if (depth <= 0) {
    result.nodes = 1;
    return result;
  }
  TSUMI_ASSERT(root.state()->full);
  MoveList moves;
  generate<LEGAL>(root, moves);
  result.divide.resize(moves.size());
  const bool parallel = options.threads > 1;
  typename Counter<Stats>::Table* table = nullptr;
  if constexpr (Stats)
    table = options.stats_table;
  else
    table = options.table;
  Counter<Stats> counter(table, parallel, options.stop);

  std::mutex progress_mutex;
  PerftProgress progress{0, moves.size(), 0};
  auto count_root_move = [&](std::size_t i) {
    const Counts c = counter.after(root, moves[i], depth - 1);
    result.divide[i] = {moves[i], c.nodes, c.stats};
    std::lock_guard lock(progress_mutex);
    ++progress.root_moves_done;
    progress.nodes += c.nodes;
    if (options.on_root_move) options.on_root_move(progress);
    tsan_release();
  };
  if (parallel) {
    run_in_worker_arena(options.threads, &kTsanSync, [&] {
      tbb::parallel_for(
          tbb::blocked_range<std::size_t>(0, moves.size(), 1),
          [&](const tbb::blocked_range<std::size_t>& r) TSUMI_TSAN_UNCHECKED {
            tsan_acquire();
            for (std::size_t i = r.begin(); i != r.end(); ++i) count_root_move(i);
            tsan_release();
          },
          tbb::simple_partitioner());
    });
  } else {
    for (std::size_t i = 0; i < moves.size(); ++i) count_root_move(i);
  }
  for (const DivideEntry& d : result.divide) {
    result.nodes += d.nodes;
    result.stats += d.stats;
  }
  result.stopped = counter.stopped();
  return result;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
  return depth <= 0 ? 1 : Counter<false>(nullptr, false).count(pos, depth).nodes;
}

std::vector<DivideEntry> perft_divide(Position& pos, int depth) {
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  MoveList moves;
  generate<LEGAL>(pos, moves);
  StateInfo st;
  for (Move m : moves) {
    pos.do_move(m, st, StateScope::kMovesOnly);
    out.push_back({m, perft(pos, depth - 1)});
    pos.undo_move(m);
  }
  return out;
}

PerftResult perft_run(const Position& root, int depth, const PerftOptions& options) {
  return options.stats ? run<true>(root, depth, options) : run<false>(root, depth, options);
}

}  // namespace tsumi
