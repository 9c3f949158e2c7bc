#include "compose/branch_solves.h"

#include <algorithm>
#include <utility>

namespace tsumi {

std::optional<MateResult> BranchSolves::solve_branch(const Position& pos, int ply, Move m, int max_length,
                                                     bool shortest, std::uint64_t node_cap, bool* cap_cut,
                                                     std::uint64_t spent, double spent_ms) {
  if (cap_cut) *cap_cut = false;
  const char* why = "";
  std::optional<MateLimits> left = limits_left(max_length, shortest, why);
  if (!left) return unknown(ply, m, why);
  MateLimits& l = *left;
  if (spent > 0 && limits_.branch.nodes > 0) {  // the branch's own limit, less its earlier passes'
    if (spent >= limits_.branch.nodes) return unknown(ply, m, to_string(MateStop::kNodes));
    l.nodes = std::min(l.nodes, limits_.branch.nodes - spent);
  }
  if (spent_ms > 0 && limits_.branch.time_s > 0) {  // and its time limit
    const double left_s = limits_.branch.time_s - spent_ms / 1000.0;
    if (left_s <= 0) return unknown(ply, m, to_string(MateStop::kTime));
    l.time_s = std::min(l.time_s, left_s);
  }
  const bool capped = node_cap > 0 && (l.nodes == 0 || node_cap < l.nodes);
  if (capped) l.nodes = l.line_nodes = node_cap;  // its lines too (MateLimits::line_nodes)
  MateResult r = run_solve(pos, l);
  if (r.verdict == MateVerdict::kTimeout && max_length == 0 && !capped &&
      (r.stop == MateStop::kNodes || r.stop == MateStop::kTime)) {
    const PhaseScope probes(*this, CheckPhase::kProbes);
    if (std::optional<MateResult> p = short_probe(pos, l)) return p;
  }
  if (r.verdict == MateVerdict::kTimeout) {
    if (capped && r.stop == MateStop::kNodes) {
      if (cap_cut) *cap_cut = true;
      last_cut_nodes_ = r.nodes;
      last_cut_ms_ = r.time_ms;
      return std::nullopt;
    }
    return unknown(ply, m, cut_reason(r.stop));
  }
  return r;
}

// A search the check's total limit cut says so ("total nodes", "total time"), as limits_left does for
// a branch it finds with nothing left: the user raises --total-nodes then, not --nodes.
std::string BranchSolves::cut_reason(MateStop stop) const {
  if (stop == MateStop::kNodes && limits_.total_nodes > 0 && !budget_waived_ && report_.nodes >= limits_.total_nodes)
    return "total nodes";
  if (stop == MateStop::kTime && limits_.total_time_s > 0 && seconds_since(start_) >= limits_.total_time_s)
    return "total time";
  return to_string(stop);
}

// df-pn can lose itself in long forced lines of checks with one reply each (their proof numbers stay
// 1) and miss a short mate beside them: after S*9b in the oracle's
// `1k2+P4/3+bG4/+P8/4g4/9/9/9/9/9 b RGSNPrbg3s3n4l15p 1`, a mate in 4 that 3,000,000 nodes of
// the unbounded search do not find, and a search within 4 plies finds in 40.
std::optional<MateResult> BranchSolves::short_probe(const Position& pos, const MateLimits& cut, bool shortest) {
  for (const int length : kProbeLengths) {
    const char* why = "";
    std::optional<MateLimits> l = limits_left(length, shortest, why);
    if (!l) return std::nullopt;
    if (cut.nodes > 0) {  // a quarter, at least 1 (0 would be no limit at all)
      const std::uint64_t quarter = std::max<std::uint64_t>(1, cut.nodes / 4);
      l->nodes = l->line_nodes = std::min(l->nodes > 0 ? l->nodes : quarter, quarter);
    }
    if (cut.time_s > 0) l->time_s = std::min(l->time_s > 0 ? l->time_s : cut.time_s, cut.time_s / 4);
    MateResult r = run_solve(pos, *l);
    if (r.verdict == MateVerdict::kMate) return r;
    if (r.verdict == MateVerdict::kTimeout) return std::nullopt;  // a longer bound would be cut too
  }
  return std::nullopt;
}

std::optional<MateLimits> BranchSolves::limits_left(int max_length, bool shortest, const char*& why) const {
  MateLimits l = limits_.branch;
  l.book_search = false;
  l.max_length = max_length;
  l.prove_shortest = shortest;
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) {
    why = "stopped";
    return std::nullopt;
  }
  if (limits_.total_time_s > 0) {
    const double left = limits_.total_time_s - seconds_since(start_);
    if (left <= 0) {
      why = "total time";
      return std::nullopt;
    }
    l.time_s = l.time_s > 0 ? std::min(l.time_s, left) : left;
  }
  if (limits_.total_nodes > 0 && !budget_waived_) {
    if (report_.nodes >= limits_.total_nodes) {
      why = "total nodes";
      return std::nullopt;
    }
    const std::uint64_t left = limits_.total_nodes - report_.nodes;
    l.nodes = l.nodes > 0 ? std::min(l.nodes, left) : left;
  }
  return l;
}

// The proof searches within the length the found proof bounds (mate_bound: the shortest is no
// longer), a bound that also keeps it out of the long forced lines short_probe is for. Not within the
// found line's plies: its defences are the table's, not proven the longest, and it can be shorter
// than the shortest mate (a 7-ply line for a mate in 9 after 7a8b in an oracle problem, whose
// shortest-mate proof within 7 then failed and left a detour a cook).
MateResult BranchSolves::shortest_of(const Position& pos, int ply, Move m, MateResult found) {
  const std::uint64_t cap = std::max<std::uint64_t>(kShortestMinNodes, kShortestShare * found.nodes);
  const int bound = found.mate_bound > 0 ? std::max(found.mate_bound, found.length) : 0;
  if (auto exact = solve_branch(pos, ply, m, bound, true, cap); exact && exact->verdict == MateVerdict::kMate)
    return *exact;
  found.shortest_proven = false;
  return found;
}

std::optional<MateResult> BranchSolves::quiet_solve(const Position& pos, int max_length, bool shortest,
                                                    std::uint64_t* budget) {
  const char* why = "";
  std::optional<MateLimits> l = limits_left(max_length, shortest, why);
  if (!l || (budget && *budget == 0)) return std::nullopt;
  if (budget) l->nodes = l->line_nodes = l->nodes > 0 ? std::min(l->nodes, *budget) : *budget;
  MateResult r = run_solve(pos, *l);
  if (budget) *budget -= std::min(*budget, r.nodes);
  if (r.verdict == MateVerdict::kTimeout) return std::nullopt;
  return r;
}

MateResult BranchSolves::run_solve(const Position& pos, const MateLimits& l) {
  ++report_.solves;
  MateResult r = solver_.solve(MateProblem{pos.setup(), problem_.attacker}, l);
  report_.nodes += r.nodes;
  PhaseCost& cost = report_.phases[std::size_t(phase_)];
  cost.nodes += r.nodes;
  ++cost.solves;
  if (phase_ != CheckPhase::kKinds) cost.time_ms += r.time_ms;
  // A finding is its line: where no line of the length proven could be shown (MateResult::
  // line_of_length), the branch's mate is the line's, and not proven the shortest (the walks along a
  // branch's mate need a line of its length with the longest defences).
  if (r.verdict == MateVerdict::kMate && !r.line_of_length) {
    r.length = int(r.pv.size());
    r.shortest_proven = r.line_exact = false;
  }
  return r;
}

void BranchSolves::reassign(CheckPhase from, const PhaseCost& since, CheckPhase to) {
  if (from == to) return;
  PhaseCost& a = report_.phases[std::size_t(from)];
  PhaseCost& b = report_.phases[std::size_t(to)];
  const PhaseCost moved{a.nodes - since.nodes, a.solves - since.solves, a.time_ms - since.time_ms};
  a = since;
  b.nodes += moved.nodes;
  b.solves += moved.solves;
  b.time_ms += moved.time_ms;
}

std::nullopt_t BranchSolves::unknown(int ply, Move m, std::string reason) {
  report_.unknown.push_back({ply, m, std::move(reason), {}});
  return std::nullopt;
}

}  // namespace tsumi
