#pragma once
// The shortest-mate proof: after a mate in L the root is searched again by every worker for a mate
// within L - 2 plies, then two plies below each mate a pass proves, until a pass proves nothing (then
// L is proven shortest: no shorter mate exists) or a limit or a stop cuts it (L stands, not proven
// shortest).
//
// Warm passes: each pass starts from the numbers the passes before it left (MateTable::probe, "Warm
// estimates"), the first pass's too (the one without a limit that found the first mate). A mate within
// fewer plies is one within more, so a longer limit's pn is a floor of the shorter's.
//
// Cold probes. Where the first pass's pn grew in lines far longer than any limit now searched, the
// nodes that look cheap are those of the last proof's tree (proven under a longer limit, so without
// numbers); the passes keep to that tree and shorten it two plies at a time, each at great cost (乱 at
// one worker: the passes from 493 down to 451 took 5.84 M nodes this way; a cold search finds each in a
// few thousand). So once a pass has shortened the mate by two plies only, at a cost of more than
// kDearPass nodes, the next pass begins with a cold probe (DfpnSearch::probe_cold, worker 0 alone) of
// kColdProbeNodes, and the passes go on probing first while the probes prove. A probe that gives up
// leaves the table as it was but for final results; the pass goes on warm, and no pass of this proof
// probes again (a cold search does not find this problem's shorter mates cheaply). The dear pass is
// the trigger because a probe is then at most a quarter of what the pass before cost; a small
// problem's passes are cheap warm and a probe there would only add nodes. The measurements behind
// each choice, and the variants dropped: docs/solver-log.md ("Cold probes").

#include <cstdint>
#include <functional>

#include "solver/mate_result.h"
#include "solver/root_search.h"

namespace tsumi {

// Runs the shortest-mate proof from a mate within `length` plies (none where `prove` is false).
// Reads and searches the root through `root`; calls `proven(len)` the moment a pass proves a shorter
// mate, before the next pass (the solve records it and reports it). Writes into `result` the passes
// (shortest_passes), whether the length is proven shortest (shortest_proven) and, where a limit or a
// stop cut a pass, which (stop). Returns the shortest mate proven.
std::uint16_t prove_shortest(RootSearch& root, std::uint16_t length, bool prove,
                             const std::function<void(std::uint16_t)>& proven, MateResult& result);

inline constexpr std::uint64_t kColdProbeNodes = std::uint64_t(1) << 14;
inline constexpr std::uint64_t kDearPass = 4 * kColdProbeNodes;

}  // namespace tsumi
