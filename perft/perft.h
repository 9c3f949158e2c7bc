#pragma once
// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard check of a
// move generator. Conventions: strictly legal moves (see movegen.h), both promotion choices counted,
// repetition and impasse ignored, a mated node has no children.
//
// perft() and perft_divide() are the plain serial counts. perft_run() is the full tool: oneTBB workers,
// an optional transposition table (perft_table.h), leaf statistics and per-root-move progress.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "perft/perft_stats.h"
#include "perft/perft_stats_table.h"
#include "perft/perft_table.h"

namespace tsumi {

// Leaf count below pos at the given depth (depth 0 counts the position itself).
std::uint64_t perft(Position& pos, int depth);

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
  PerftStats stats = {};  // filled when statistics were asked for
};

// Per root move counts at depth - 1 below each, in generation order; empty at depth 0.
std::vector<DivideEntry> perft_divide(Position& pos, int depth);

struct PerftProgress {
  std::size_t root_moves_done;
  std::size_t root_moves;
  std::uint64_t nodes;  // leaves counted so far below the finished root moves
};

struct PerftOptions {
  // Worker threads; 1 counts on the calling thread without oneTBB.
  int threads = 1;
  // Hashed perft when set: subtree counts are stored and reused (without stats).
  PerftTable* table = nullptr;
  // Classify the leaves (every last-ply move is then played, which is slower).
  bool stats = false;
  // With stats, hashed when set: subtree counts and their statistics are stored and reused.
  PerftStatsTable* stats_table = nullptr;
  // Called once per finished root move, never by two threads at once.
  std::function<void(const PerftProgress&)> on_root_move;
  // When set, and true at some moment (it may be set from another thread), the run ends soon after
  // with PerftResult::stopped: every node of kStopCheckDepth or more plies looks at it.
  const std::atomic<bool>* stop = nullptr;
};

// Nodes with at least this many plies below them look at PerftOptions::stop (a few microseconds of
// counting apart, so a stop takes effect within milliseconds at any depth).
inline constexpr int kStopCheckDepth = 3;

struct PerftResult {
  std::uint64_t nodes = 0;
  PerftStats stats;                 // zero unless options.stats
  std::vector<DivideEntry> divide;  // every root move with its count, in generation order
  bool stopped = false;             // PerftOptions::stop ended the run: the counts are incomplete
};

// Perft of `root` (left unchanged) at `depth` with the given options. The counts are the same for
// every thread count and with or without the table.
PerftResult perft_run(const Position& root, int depth, const PerftOptions& options);

}  // namespace tsumi
