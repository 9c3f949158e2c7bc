#pragma once
// What a df-pn worker did, counted as it goes: how much it expanded, how often it came back to a
// node it had searched before, what its stores did to the table, and how often the path decided a
// child (a repetition, or a disproof that holds on this path only). These are the figures that tell
// a search that makes progress from one that wanders: a growing table with few re-expansions, or a
// table that stops growing while the same nodes are expanded again and again. Two profiles say where
// the expansions go: by ply (64-ply bands: where the iterations crowd) and by the defender's drops in a
// row on the path (interposition chains, the cause KomoringHeights' author names for 明日香's stall).
// Re-expansions by ply say where df-pn's iterations crowd (the plies it keeps coming back to), and
// the switches how often a node, back from one child, goes on with another (siblings that trade places).
//
// Thread safety: one per worker, written only by it; others read it only after the worker stopped.

#include <array>
#include <cstdint>

namespace tsumi {

struct SearchCounters {
  std::uint64_t expansions = 0;      // nodes expanded (children generated)
  std::uint64_t reexpansions = 0;    // of those, nodes whose unfinished entry the table still held
  std::uint64_t stores_new = 0;      // stores into an empty slot
  std::uint64_t evictions = 0;       // stores that pushed out another node's entry
  std::uint64_t repetitions = 0;     // children disproven by the repetition rule on the path
  std::uint64_t path_hits = 0;       // children answered by the path table
  std::uint64_t path_stores = 0;     // disproofs stored under the path (they rely on a repetition)
  std::uint64_t ply_sum = 0;         // the plies of the expanded nodes, summed (their mean depth)
  std::uint64_t merge_checks = 0;    // children searched that the table last saw under another parent
  std::uint64_t merges = 0;          // of those, merges found: an ancestor that counted the child twice
  std::uint64_t child_searches = 0;  // descents from an expanded node into one of its children
  std::uint64_t switches = 0;        // of those, into another child than the node's last descent
  static constexpr int kPlyBand = 64, kPlyBands = 32, kDropChains = 8;
  // Expansions by ply / kPlyBand (the last band: that deep or deeper).
  std::array<std::uint64_t, kPlyBands> by_ply_band{};
  // Re-expansions (as counted in `reexpansions`) by ply / kPlyBand.
  std::array<std::uint64_t, kPlyBands> reexpanded_by_ply_band{};
  // Expansions by how many of the defender's last moves on the path were drops, in a row (the last
  // slot: that many or more). An attacker's move keeps the run; a defender's move that is no drop ends it.
  std::array<std::uint64_t, kDropChains> by_drop_chain{};

  void count_expansion(int ply, int drop_chain) {
    ++expansions;
    ply_sum += std::uint64_t(ply);
    ++by_ply_band[ply_band(ply)];
    ++by_drop_chain[std::size_t(drop_chain < kDropChains ? drop_chain : kDropChains - 1)];
  }

  static std::size_t ply_band(int ply) {
    return std::size_t(ply / kPlyBand < kPlyBands ? ply / kPlyBand : kPlyBands - 1);
  }

  void count_reexpansion(int ply) {
    ++reexpansions;
    ++reexpanded_by_ply_band[ply_band(ply)];
  }

  SearchCounters& operator+=(const SearchCounters& o) { return add(o, 1); }
  // What was counted since `earlier` (a copy of these counters taken before).
  SearchCounters since(const SearchCounters& earlier) const {
    SearchCounters d = *this;
    return d.add(earlier, -1);
  }

 private:
  // Adds `o` (sign 1) or takes it away (sign -1; unsigned arithmetic wraps back exactly).
  SearchCounters& add(const SearchCounters& o, int sign) {
    const auto f = [sign](std::uint64_t& a, std::uint64_t b) { a = sign > 0 ? a + b : a - b; };
    f(expansions, o.expansions), f(reexpansions, o.reexpansions), f(stores_new, o.stores_new);
    f(evictions, o.evictions), f(repetitions, o.repetitions), f(path_hits, o.path_hits);
    f(path_stores, o.path_stores), f(ply_sum, o.ply_sum), f(merge_checks, o.merge_checks), f(merges, o.merges);
    f(child_searches, o.child_searches), f(switches, o.switches);
    for (std::size_t i = 0; i < by_ply_band.size(); ++i) f(by_ply_band[i], o.by_ply_band[i]);
    for (std::size_t i = 0; i < by_ply_band.size(); ++i) f(reexpanded_by_ply_band[i], o.reexpanded_by_ply_band[i]);
    for (std::size_t i = 0; i < by_drop_chain.size(); ++i) f(by_drop_chain[i], o.by_drop_chain[i]);
    return *this;
  }
};

}  // namespace tsumi
