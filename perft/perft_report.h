#pragma once
// The one text and the one JSON object of a perft count, for every front that shows one: `tsumi perft`,
// rank 0 of tsumi-mpi and USI's `go perft` (text), `tsumi perft --json` and `tsumi-mpi --json`.
//
// Text, the lines that other engines print and perft tools read (Stockfish's `go perft` divide and
// total; the leaf statistics in the words of the published perft tables):
//   <usi move>: <nodes>      one line per root move, in generation order, then an empty line (divide)
//   Captures: <n>            Promotions, Drops, Checks, Mates likewise (statistics)
//   Nodes searched: <nodes>
// JSON, one object, in this order: sfen, depth, [split_depth, units, units_resumed], nodes, time_ms,
// nps, [ranks], threads, hash_mb, [divide: [{move, nodes[, stats]}...]], [stats: {captures, promotions,
// drops, checks, mates}]; the bracketed fields only where the report has them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perft/perft.h"

namespace tsumi {

// How a count was spread over the ranks of an MPI job (tsumi-mpi).
struct PerftSplitFigures {
  int split_depth = 0;
  std::uint64_t units = 0;          // work units at the split depth
  std::uint64_t units_resumed = 0;  // of them, counted by an earlier run (a checkpoint)
  int ranks = 1;
};

struct PerftReport {
  std::string sfen;  // the root
  int depth = 0;
  std::uint64_t nodes = 0;          // the count
  std::uint64_t counted_nodes = 0;  // what this run counted, for the rate (tsumi-mpi: without a checkpoint's)
  double seconds = 0;
  int threads = 1;
  std::size_t hash_mb = 0;                           // the table's size; 0: none
  const PerftStats* stats = nullptr;                 // the leaf statistics, when counted
  const std::vector<DivideEntry>* divide = nullptr;  // the root moves' counts, when asked for
  std::optional<PerftSplitFigures> split;            // tsumi-mpi's units and ranks
};

// The text above, every line ending in '\n'.
std::string perft_text(const PerftReport& report);

// The JSON object above, on one line without a newline.
std::string perft_json(const PerftReport& report);

}  // namespace tsumi
