#include "solver/line_crew.h"

#include <algorithm>

#include "solver/crew_run.h"

namespace tsumi {

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

NodeResult LineCrew::solve(DfpnSearch& lead, std::uint16_t remaining, std::uint64_t* budget) {
  if (helpers_.empty()) return lead.solve_budgeted(remaining, 0, budget);
  const NodeResult alone = lead.solve_budgeted(remaining, kAloneNodes, budget);
  if (alone.proven() || alone.disproven() || lead.aborted() != DfpnSearch::Abort::kNone || (budget && *budget == 0))
    return alone;
  return solve_together(lead, remaining, budget);
}

NodeResult LineCrew::solve_together(DfpnSearch& lead, std::uint16_t remaining, std::uint64_t* budget) {
  ++searches_;
  // The crew's node limit: the line's, and the budget's end if it comes first.
  const std::uint64_t start = lead.nodes() + nodes();
  std::uint64_t limit = max_nodes_;
  if (budget) limit = limit == 0 ? start + *budget : std::min(limit, start + *budget);
  const std::span<const Move> path = lead.path_moves();
  for (const auto& h : helpers_) {
    h->set_root(root_);  // first: set_book keys the path's root by the helper's position
    if (h->book() != lead.book()) h->set_book(lead.book());
    for (Move m : path) h->do_move(m);
    h->set_limits(deadline_, has_deadline_, limit, stop_);
  }
  lead.set_limits(deadline_, has_deadline_, limit, stop_);
  crew_.nodes.store(start, std::memory_order_relaxed);
  std::vector<DfpnSearch*> workers{&lead};
  for (const auto& h : helpers_) workers.push_back(h.get());
  for (std::size_t w = 0; w < workers.size(); ++w) workers[w]->join(&crew_, int(w));
  table_.set_concurrent(true);
  const CrewRun run = run_crew(workers, crew_, table_, remaining);
  table_.set_concurrent(false);
  for (DfpnSearch* s : workers) s->join(nullptr, 0);
  for (std::size_t h = 0; h < helpers_.size(); ++h)
    busy_us_[h] += std::uint64_t((run.workers[h + 1].ended_ms - run.workers[h + 1].started_ms) * 1000);
  const std::uint64_t end = lead.nodes() + nodes();
  if (budget) *budget -= std::min(*budget, end - start);
  set_lead_alone(lead);
  const int f = run.finisher();
  if (f > 0) lead.clear_abort();  // a helper finished: the lead yielded to it
  // Cut by the budget's end, not by the line's limit: given up, as solve_capped gives up.
  if (f < 0 && budget && lead.aborted() == DfpnSearch::Abort::kNodes && (max_nodes_ == 0 || end < max_nodes_))
    lead.clear_abort();
  return run.workers[std::size_t(std::max(f, 0))].result;  // cut by a limit or a stop: the lead's abort says which
}

}  // namespace tsumi
