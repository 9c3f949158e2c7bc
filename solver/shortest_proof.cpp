#include "solver/shortest_proof.h"

#include "core/stopwatch.h"

namespace tsumi {

std::uint16_t prove_shortest(RootSearch& root, std::uint16_t length, bool prove,
                             const std::function<void(std::uint16_t)>& proven, MateResult& result) {
  result.shortest_proven = length < 2;
  bool probe = false;    // the next pass begins with a cold probe
  bool gave_up = false;  // a probe of this proof gave up: no more probes in it
  while (prove && length >= 2) {
    DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
    const std::uint64_t nodes_before = root.nodes();
    const auto pass_start = Clock::now();
    const auto within = std::uint16_t(length - 2);
    NodeResult shorter{};
    bool probed = false;  // the probe settled the pass (or a limit cut it)
    if (probe) {
      shorter = root.probe_cold(within, kColdProbeNodes, abort);
      probed = abort != DfpnSearch::Abort::kNone || shorter.proven() || shorter.disproven();
      gave_up = !probed;
    }
    const std::uint64_t cold_nodes = root.nodes() - nodes_before;
    if (!probed) shorter = root.search(within, abort);
    const std::uint64_t nodes = root.nodes() - nodes_before;
    const bool cut = abort != DfpnSearch::Abort::kNone;
    result.shortest_passes.push_back(MateResult::ShortestPass{within, !cut && shorter.proven() ? int(shorter.len) : 0,
                                                              cut, nodes, ms_since(pass_start), cold_nodes});
    probe = !gave_up && shorter.proven() && (probed || (length - shorter.len == 2 && nodes - cold_nodes > kDearPass));
    if (cut) {
      result.stop = to_stop(abort);
      break;
    }
    if (!shorter.proven()) {
      result.shortest_proven = true;
      break;
    }
    length = shorter.len;
    proven(length);
  }
  return length;
}

}  // namespace tsumi
