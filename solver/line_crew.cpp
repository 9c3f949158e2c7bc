#include "solver/line_crew.h"

#include <algorithm>

#include <tbb/task_group.h>

#include "core/stopwatch.h"
#include "core/task_edges.h"
#include "core/worker_arena.h"

namespace tsumi {

namespace {

// The edges between the lead's thread and the helpers, declared to ThreadSanitizer (core/task_edges.h).
constexpr char kTsanSync = 0;

}  // namespace

LineCrew::LineCrew(MateTable& table, const PositionSetup& root, Color attacker, int helpers)
    : table_(table), root_(root), crew_(std::size_t(std::max(0, helpers)) + 1) {
  for (int h = 0; h < helpers; ++h) helpers_.push_back(std::make_unique<DfpnSearch>(table, attacker));
  busy_us_.resize(helpers_.size());
}

void LineCrew::share_paths(PathTable& shared, std::uint64_t min_nodes) {
  for (const auto& h : helpers_) h->share_paths(shared, min_nodes);
}

std::uint64_t LineCrew::nodes() const {
  std::uint64_t n = 0;
  for (const auto& h : helpers_) n += h->nodes();
  return n;
}

void LineCrew::set_limits(DfpnSearch& lead, std::chrono::steady_clock::time_point deadline, bool has_deadline,
                          std::uint64_t max_nodes, const std::atomic<bool>* stop) {
  deadline_ = deadline, has_deadline_ = has_deadline, max_nodes_ = max_nodes, stop_ = stop;
  set_lead_alone(lead);
}

// Alone, the lead counts its own nodes: its budget is what the helpers have left of the line's.
void LineCrew::set_lead_alone(DfpnSearch& lead) {
  const std::uint64_t helpers = nodes();
  const std::uint64_t own = max_nodes_ == 0 ? 0 : max_nodes_ > helpers ? max_nodes_ - helpers : 1;
  lead.set_limits(deadline_, has_deadline_, own, stop_);
}

NodeResult LineCrew::solve(DfpnSearch& lead, std::uint16_t remaining) {
  if (helpers_.empty()) return lead.solve(remaining);
  const NodeResult alone = lead.solve_capped(remaining, kAloneNodes);
  if (alone.proven() || alone.disproven() || lead.aborted() != DfpnSearch::Abort::kNone) return alone;
  return solve_together(lead, remaining);
}

NodeResult LineCrew::solve_together(DfpnSearch& lead, std::uint16_t remaining) {
  ++searches_;
  const std::span<const Move> path = lead.path_moves();
  for (const auto& h : helpers_) {
    if (h->book() != lead.book()) h->set_book(lead.book());
    h->set_root(root_);
    for (Move m : path) h->do_move(m);
    h->clear_abort();
    h->set_limits(deadline_, has_deadline_, max_nodes_, stop_);
  }
  lead.set_limits(deadline_, has_deadline_, max_nodes_, stop_);
  crew_.done.store(false, std::memory_order_relaxed);
  crew_.nodes.store(lead.nodes() + nodes(), std::memory_order_relaxed);
  const std::size_t n = helpers_.size() + 1;
  std::vector<DfpnSearch*> workers{&lead};
  for (const auto& h : helpers_) workers.push_back(h.get());
  for (std::size_t w = 0; w < n; ++w) workers[w]->join(&crew_, int(w));
  std::vector<NodeResult> results(n);
  table_.set_concurrent(true);
  const auto run = [&](std::size_t w) {
    tsan_acquire(&kTsanSync);
    const Clock::time_point start = Clock::now();
    DfpnSearch& s = *workers[w];
    results[w] = s.solve(remaining);
    if (s.aborted() == DfpnSearch::Abort::kNone) crew_.done.store(true, std::memory_order_relaxed);
    if (w > 0) busy_us_[w - 1] += std::uint64_t(ms_since(start) * 1000);
    tsan_release(&kTsanSync);
  };
  run_in_worker_arena(int(n), &kTsanSync, [&] {
    tbb::task_group group;
    for (std::size_t w = 1; w < n; ++w) group.run([&run, w]() TSUMI_TSAN_UNCHECKED { run(w); });
    run(0);
    group.wait();
  });
  table_.set_concurrent(false);
  for (DfpnSearch* s : workers) s->join(nullptr, 0);
  set_lead_alone(lead);
  if (lead.aborted() == DfpnSearch::Abort::kNone) return results[0];
  for (std::size_t w = 1; w < n; ++w)
    if (workers[w]->aborted() == DfpnSearch::Abort::kNone) {  // a helper finished: the lead yielded to it
      lead.clear_abort();
      return results[w];
    }
  return results[0];  // cut by a limit or a stop: the lead's abort says which
}

}  // namespace tsumi
