#include "solver/mate_solver.h"

#include <chrono>

#include "solver/dfpn_search.h"
#include "solver/mate_pv.h"
#include "solver/mate_table.h"

namespace tsumi {

namespace {

using Clock = std::chrono::steady_clock;

MateStop to_stop(DfpnSearch::Abort a) {
  switch (a) {
    case DfpnSearch::Abort::kNone: return MateStop::kNone;
    case DfpnSearch::Abort::kTime: return MateStop::kTime;
    case DfpnSearch::Abort::kNodes: return MateStop::kNodes;
    case DfpnSearch::Abort::kStopped: return MateStop::kStopped;
    case DfpnSearch::Abort::kDepth: return MateStop::kDepth;
  }
  return MateStop::kNone;
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

struct MateSolver::Impl {
  explicit Impl(std::size_t mb) : hash_mb(mb), table(mb << 20) {}

  std::size_t hash_mb;
  MateTable table;
  std::atomic<bool> stop{false};
  std::function<void(const MateProgress&)> progress;
  int progress_ms = 0;
  // Progress state of the running solve.
  DfpnSearch* search = nullptr;
  Clock::time_point start{}, last_report{};

  static void tick(void* self) { static_cast<Impl*>(self)->report(); }
  void report() {
    if (!progress || progress_ms <= 0) return;
    const auto now = Clock::now();
    if (now - last_report < std::chrono::milliseconds(progress_ms)) return;
    last_report = now;
    MateProgress p;
    p.nodes = search->nodes();
    p.time_ms = ms_since(start);
    p.hashfull = table.hashfull();
    progress(p);
  }
};

MateSolver::MateSolver(std::size_t hash_mb) : impl_(std::make_unique<Impl>(hash_mb)) {}
MateSolver::~MateSolver() = default;

void MateSolver::clear() { impl_->table.clear(); }
void MateSolver::request_stop() { impl_->stop.store(true, std::memory_order_relaxed); }
void MateSolver::set_progress(std::function<void(const MateProgress&)> callback, int interval_ms) {
  impl_->progress = std::move(callback);
  impl_->progress_ms = interval_ms;
}
std::size_t MateSolver::hash_mb() const { return impl_->hash_mb; }

MateResult MateSolver::solve(const MateProblem& problem, const MateLimits& limits) {
  Impl& im = *impl_;
  im.stop.store(false, std::memory_order_relaxed);
  im.start = im.last_report = Clock::now();
  auto search = std::make_unique<DfpnSearch>(im.table, problem.attacker);
  im.search = search.get();
  DfpnSearch& s = *search;
  s.set_root(problem.setup);
  const bool timed = limits.time_s > 0;
  const auto deadline =
      im.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.time_s));
  s.set_limits(deadline, timed, limits.nodes, &im.stop);
  s.set_tick(&Impl::tick, &im);

  MateResult result;
  const auto finish = [&]() -> MateResult {
    result.nodes = s.nodes();
    result.time_ms = ms_since(im.start);
    result.hashfull = im.table.hashfull();
    im.search = nullptr;
    return result;
  };

  const NodeResult first = s.solve(kUnlimited);
  if (s.aborted() != DfpnSearch::Abort::kNone) {
    result.verdict = MateVerdict::kTimeout;
    result.stop = to_stop(s.aborted());
    return finish();
  }
  if (first.disproven()) {
    result.verdict = MateVerdict::kNoMate;
    return finish();
  }

  // A mate: lower the length limit by two plies until the search fails to find one.
  std::uint16_t length = first.len;
  result.shortest_proven = length < 2;
  if (limits.prove_shortest) {
    while (length >= 2) {
      const NodeResult shorter = s.solve(std::uint16_t(length - 2));
      if (s.aborted() != DfpnSearch::Abort::kNone) {
        result.stop = to_stop(s.aborted());  // the limit that cut the shortest-mate proof
        break;
      }
      if (!shorter.proven()) {
        result.shortest_proven = true;
        break;
      }
      length = shorter.len;
    }
  }
  // The line is built even when a limit cut the shortest-mate proof: only a stop request ends it.
  s.clear_abort();
  s.set_limits(Clock::time_point{}, false, 0, &im.stop);
  const MateLine line = build_mate_line(s, length, result.shortest_proven);
  result.verdict = MateVerdict::kMate;
  result.pv = line.moves;
  result.length = int(line.moves.size());
  result.futile_length = line.futile_length;
  result.leftover = line.leftover;
  return finish();
}

const char* to_string(MateVerdict v) {
  switch (v) {
    case MateVerdict::kMate: return "mate";
    case MateVerdict::kNoMate: return "nomate";
    case MateVerdict::kTimeout: return "timeout";
  }
  return "?";
}
const char* to_string(MateStop s) {
  switch (s) {
    case MateStop::kNone: return "none";
    case MateStop::kTime: return "time";
    case MateStop::kNodes: return "nodes";
    case MateStop::kStopped: return "stopped";
    case MateStop::kDepth: return "depth";
  }
  return "?";
}

}  // namespace tsumi
