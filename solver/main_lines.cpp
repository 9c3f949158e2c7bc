#include "solver/main_lines.h"

#include <algorithm>
#include <chrono>

namespace tsumi {

MainLines::MainLines(MateTable& table, PathTable& paths, const MateProblem& problem, const SolveClock& clock,
                     const std::atomic<bool>& stop, std::uint64_t line_nodes, int threads)
    : table_(table),
      clock_(clock),
      stop_(stop),
      line_nodes_(line_nodes),
      lines_(table, problem.setup, problem.attacker, &stop, std::max(1, threads) - 1) {
  lines_.share_paths(paths);
}

Clock::time_point MainLines::deadline(std::uint16_t length) const {
  const double grace_ms = std::max(1000.0, ms_since(clock_.start) / 50) + kGracePerPlyMs * length;
  return std::max(clock_.deadline, Clock::now()) +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(grace_ms));
}

std::optional<MateLine> MainLines::build(std::uint16_t length, bool exact, bool bounded, Clock::time_point cap) {
  table_.set_concurrent(false);  // the workers are idle while a line is built (its crew's aside)
  if (!stop_.load(std::memory_order_relaxed))
    return lines_.build(length, exact, std::min(deadline(length), cap), bounded, false, line_nodes_);
  lines_.set_stop(nullptr);
  const auto until = std::min(deadline(length), Clock::now() + std::chrono::milliseconds(kStopLineGraceMs));
  auto line = lines_.build(length, exact, until, true, false, line_nodes_);
  lines_.set_stop(&stop_);
  return line;
}

std::optional<MateLine> MainLines::first(std::uint16_t length, bool& dropped) {
  const auto now = Clock::now();
  const bool shared = clock_.timed && now < clock_.deadline && !stop_.load(std::memory_order_relaxed);
  auto line = build(length, false, clock_.timed,
                    shared ? now + (clock_.deadline - now) / kFirstLineShare : Clock::time_point::max());
  dropped = shared && !line && lines_.aborted() == DfpnSearch::Abort::kTime;
  return line;
}

MateStop MainLines::cut_reason() const {
  return stop_.load(std::memory_order_relaxed)           ? MateStop::kStopped
         : lines_.aborted() == DfpnSearch::Abort::kNodes ? MateStop::kNodes
                                                         : MateStop::kTime;
}

void MainLines::answer(std::uint16_t length, bool shortest_proven, const ProofRecord& record,
                       std::optional<MateLine>& line, bool& exact) {
  if (shortest_proven) {
    if (auto proven = build(length, true, clock_.timed)) {
      line = std::move(proven);
      exact = true;
      return;
    }
  }
  if (line && line->moves.size() == length) return;  // the first line is of this length
  std::optional<MateLine> known = build(length, false, true);
  if (!known || known->moves.size() < record.plies()) {
    if (auto at_proof = record.line(); at_proof && at_proof->moves.size() <= length) known = std::move(at_proof);
  }
  if (known) line = std::move(known);
}

std::optional<MateLine> MainLines::book(std::uint16_t length, bool proven, bool ordered, bool* by_order) {
  table_.set_concurrent(false);
  if (by_order) *by_order = false;
  if (ordered) {
    if (auto line = lines_.build_book(length, deadline(length), clock_.timed)) {
      if (by_order) *by_order = true;
      return line;
    }
    if (lines_.cut()) return std::nullopt;
  }
  return lines_.build(length, proven, deadline(length), clock_.timed, true);
}

}  // namespace tsumi
