#pragma once
// What a df-pn worker did, counted as it goes: how much it expanded, how often it came back to a
// node it had searched before, what its stores did to the table, and how often the path decided a
// child (a repetition, or a disproof that holds on this path only). These are the figures that tell
// a search that makes progress from one that wanders: a growing table with few re-expansions, or a
// table that stops growing while the same nodes are expanded again and again. Two profiles say where
// the expansions go: by ply (64-ply bands: where the iterations crowd) and by the defender's drops in a
// row on the path (interposition chains, the cause KomoringHeights' author names for 明日香's stall).
//
// Thread safety: one per worker, written only by it; others read it only after the worker stopped.

#include <array>
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
  static constexpr int kPlyBand = 64, kPlyBands = 32, kDropChains = 8;
  // Expansions by ply / kPlyBand (the last band: that deep or deeper).
  std::array<std::uint64_t, kPlyBands> by_ply_band{};
  // Expansions by how many of the defender's last moves on the path were drops, in a row (the last
  // slot: that many or more). An attacker's move keeps the run; a defender's move that is no drop ends it.
  std::array<std::uint64_t, kDropChains> by_drop_chain{};

  void count_expansion(int ply, int drop_chain) {
    ++expansions;
    ply_sum += std::uint64_t(ply);
    ++by_ply_band[std::size_t(ply / kPlyBand < kPlyBands ? ply / kPlyBand : kPlyBands - 1)];
    ++by_drop_chain[std::size_t(drop_chain < kDropChains ? drop_chain : kDropChains - 1)];
  }

  SearchCounters& operator+=(const SearchCounters& o) {
    expansions += o.expansions, reexpansions += o.reexpansions, stores_new += o.stores_new;
    evictions += o.evictions, repetitions += o.repetitions, path_hits += o.path_hits;
    path_stores += o.path_stores, ply_sum += o.ply_sum, merge_checks += o.merge_checks, merges += o.merges;
    for (std::size_t i = 0; i < by_ply_band.size(); ++i) by_ply_band[i] += o.by_ply_band[i];
    for (std::size_t i = 0; i < by_drop_chain.size(); ++i) by_drop_chain[i] += o.by_drop_chain[i];
    return *this;
  }
};

}  // namespace tsumi
