#pragma once
// Where one worker of a parallel solve spent its share (RootSearch, several workers): the nodes it
// searched, those of them it searched under a node that was already final in the table when it
// returned from it (work another worker, or a transposition, had made useless: "late"), the nodes it
// left by a cut-off (DfpnSearch, "Cut-offs"), the time it spent waiting for another worker's cluster
// lock, and the time it sat idle while another thread worked (waiting for the last worker of a search
// to see the done flag, or a phase of the solve that runs on worker 0 alone).
//
// The late count is an upper bound of the work wasted: the node became final at some moment inside
// its own search, and every node searched below it is counted, the ones before that moment included.
// Nested late nodes count once (DfpnSearch::store).
//
// Thread safety: one per worker, written only by it; read by the thread that drives the solve after
// the workers have returned.

#include <cstdint>

namespace tsumi {

struct WorkerTally {
  std::uint64_t nodes = 0;         // nodes searched
  std::uint64_t late_nodes = 0;    // of those, searched under a node already final when it returned
  std::uint64_t cutoffs = 0;       // returns to an ancestor that another search had settled
  std::uint64_t lock_waits = 0;    // cluster locks found held by another worker
  std::uint64_t lock_wait_ns = 0;  // time spent waiting for them
  std::uint64_t busy_us = 0;       // time searching (RootSearch::search; a helper's LineCrew searches too)
  std::uint64_t idle_us = 0;       // time of the solve spent waiting while another thread worked

  WorkerTally& operator+=(const WorkerTally& o) {
    nodes += o.nodes, late_nodes += o.late_nodes, cutoffs += o.cutoffs;
    lock_waits += o.lock_waits, lock_wait_ns += o.lock_wait_ns;
    busy_us += o.busy_us, idle_us += o.idle_us;
    return *this;
  }
};

}  // namespace tsumi
