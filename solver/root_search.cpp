#include "solver/root_search.h"

#include <algorithm>

#include "solver/crew_run.h"

namespace tsumi {

MateStop to_stop(DfpnSearch::Abort abort) {
  switch (abort) {
    case DfpnSearch::Abort::kNone: return MateStop::kNone;
    case DfpnSearch::Abort::kTime: return MateStop::kTime;
    case DfpnSearch::Abort::kNodes: return MateStop::kNodes;
    case DfpnSearch::Abort::kStopped: return MateStop::kStopped;
    case DfpnSearch::Abort::kDepth: return MateStop::kDepth;
    case DfpnSearch::Abort::kYielded: return MateStop::kNone;
  }
  return MateStop::kNone;
}

RootSearch::RootSearch(MateTable& table, PathTable& paths, const MateProblem& problem, int threads) : table_(table) {
  const std::size_t n = std::size_t(std::max(1, threads));
  if (n > 1) crew_ = std::make_unique<DfpnCrew>(n);
  for (std::size_t w = 0; w < n; ++w) {
    workers_.push_back(std::make_unique<DfpnSearch>(table, problem.attacker));
    DfpnSearch& s = *workers_.back();
    s.share_paths(paths);
    s.set_root(problem.setup);
    s.join(crew_.get(), int(w));
  }
  timing_.resize(n);
}

void RootSearch::set_limits(Clock::time_point deadline, bool timed, std::uint64_t nodes,
                            const std::atomic<bool>* stop) {
  for (const auto& w : workers_) w->set_limits(deadline, timed, nodes, stop);
}

NodeResult RootSearch::search(std::uint16_t remaining, DfpnSearch::Abort& abort) {
  limit_ = remaining;
  table_.set_concurrent(workers_.size() > 1);
  if (workers_.size() > 1) return search_together(remaining, abort);
  const Clock::time_point start = Clock::now();
  const NodeResult r = workers_[0]->solve(remaining);
  timing_[0].busy_us += std::uint64_t(ms_since(start) * 1000);
  abort = workers_[0]->aborted();
  return r;
}

NodeResult RootSearch::search_together(std::uint16_t remaining, DfpnSearch::Abort& abort) {
  std::vector<DfpnSearch*> workers;
  for (const auto& w : workers_) workers.push_back(w.get());
  const CrewRun run = run_crew(workers, *crew_, table_, remaining);
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    const CrewWorkerRun& r = run.workers[w];
    WorkerTally& t = timing_[w];
    t.busy_us += std::uint64_t((r.ended_ms - r.started_ms) * 1000);
    t.lock_waits += r.lock_waits.waits;
    t.lock_wait_ns += r.lock_waits.ns;
  }
  timing_[0].idle_us += std::uint64_t(std::max(0.0, run.ms - run.workers[0].ended_ms) * 1000);
  if (const int f = run.finisher(); f >= 0) {
    abort = DfpnSearch::Abort::kNone;
    return run.workers[std::size_t(f)].result;
  }
  abort = run.workers[0].abort;
  for (const CrewWorkerRun& r : run.workers)  // a limit or a stop rather than a yield
    if (r.abort != DfpnSearch::Abort::kYielded) abort = r.abort;
  return run.workers[0].result;
}

NodeResult RootSearch::probe_cold(std::uint16_t remaining, std::uint64_t budget, DfpnSearch::Abort& abort) {
  limit_ = remaining;
  const NodeResult r = workers_[0]->probe_cold(remaining, budget);
  abort = workers_[0]->aborted();
  return r;
}

void RootSearch::set_book(bool on) {
  for (const auto& w : workers_) w->set_book(on);
}

FutilityCounters RootSearch::futility() const {
  FutilityCounters sum;
  for (const auto& w : workers_)
    if (const FutilityJudge* j = w->judge()) {
      sum.judged += j->counters().judged;
      sum.futile += j->counters().futile;
    }
  return sum;
}

std::uint64_t RootSearch::nodes() const {
  std::uint64_t n = 0;
  for (const auto& w : workers_) n += w->nodes();
  return n;
}

std::uint64_t RootSearch::running_nodes() const {
  return crew_ ? crew_->nodes.load(std::memory_order_relaxed) : workers_[0]->nodes();
}

std::vector<WorkerTally> RootSearch::tallies(std::uint64_t solve_us) const {
  std::vector<WorkerTally> out;
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    WorkerTally t = workers_[w]->tally();
    const WorkerTally& time = timing_[w];
    t.busy_us = time.busy_us, t.lock_waits = time.lock_waits, t.lock_wait_ns = time.lock_wait_ns;
    t.idle_us = w == 0 ? time.idle_us : solve_us - std::min(solve_us, time.busy_us);
    out.push_back(t);
  }
  return out;
}

SearchCounters RootSearch::counters() const {
  SearchCounters sum;
  for (const auto& w : workers_) sum += w->counters();
  return sum;
}

}  // namespace tsumi
