#pragma once
// What a df-pn worker did, counted as it goes: how much it expanded, how often it came back to a
// node it had searched before, what its stores did to the table, and how often the path decided a
// child (a repetition, or a disproof that holds on this path only). These are the figures that tell
// a search that makes progress from one that wanders: a growing table with few re-expansions, or a
// table that stops growing while the same nodes are expanded again and again.
//
// Thread safety: one per worker, written only by it; others read it only after the worker stopped.

#include <cstdint>

namespace tsumi {

struct SearchCounters {
  std::uint64_t expansions = 0;    // nodes expanded (children generated)
  std::uint64_t reexpansions = 0;  // of those, nodes whose unfinished entry the table still held
  std::uint64_t stores_new = 0;    // stores into an empty slot
  std::uint64_t evictions = 0;     // stores that pushed out another node's entry
  std::uint64_t repetitions = 0;   // children disproven by the repetition rule on the path
  std::uint64_t path_hits = 0;     // children answered by the path table
  std::uint64_t path_stores = 0;   // disproofs stored under the path (they rely on a repetition)
  std::uint64_t ply_sum = 0;       // the plies of the expanded nodes, summed (their mean depth)
  std::uint64_t merge_checks = 0;  // children searched that the table last saw under another parent
  std::uint64_t merges = 0;        // of those, merges found: an ancestor that counted the child twice

  SearchCounters& operator+=(const SearchCounters& o) {
    expansions += o.expansions, reexpansions += o.reexpansions, stores_new += o.stores_new;
    evictions += o.evictions, repetitions += o.repetitions, path_hits += o.path_hits;
    path_stores += o.path_stores, ply_sum += o.ply_sum, merge_checks += o.merge_checks, merges += o.merges;
    return *this;
  }
};

}  // namespace tsumi
