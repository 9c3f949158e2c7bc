#include "compose/attacker_branch.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "compose/soundness_report.h"
#include "core/stopwatch.h"

namespace tsumi {

namespace {

// Whether m is the move of one of the main line's attacker plies after i.
bool is_later_attacker_move(const std::vector<Move>& line, int i, Move m) {
  for (std::size_t k = std::size_t(i) + 2; k < line.size(); k += 2)
    if (line[k] == m) return true;
  return false;
}

}  // namespace

bool attacker_branch(BranchSolves& solves, FutilityJudge& judge, const MainLinePositions& line, Position& pos, int i,
                     int n, Move m, bool main_at_once, const BranchPass& pass) {
  SoundnessReport& report = solves.report();
  if (!pass.resumed) ++report.branches;
  const int remaining = n - i;
  const std::uint64_t nodes_before = report.nodes;
  Cook cook{i + 1, m, 1, {m}, CookKind::kCook, true, true, CookKind::kDetour, {}};
  // Mated at once: as long as the main line's rest where its own move mates at once too (its last ply,
  // or a last move as books count: kongou-2's ply 9 of 11, whose last two plies are a futile drop and
  // its capture).
  if (!pass.resumed && mated_at_once(judge, pos)) {
    cook.kind = main_at_once ? CookKind::kLastMove : CookKind::kShort;
    report.cooks.push_back(std::move(cook));
    return true;
  }
  std::optional<MateResult> r;
  // A mate shorter than the main line's rest, with its exact length (a short search). After m the
  // defender moves, so such a mate takes 2 plies at least: with less than 5 left, none is shorter.
  if (remaining >= 5 && !pass.resumed) {
    const PhaseScope probes(solves, CheckPhase::kProbes);
    r = solves.solve_branch(pos, i + 1, m, remaining - 3, true);
    if (!r) return true;
    if (r->verdict == MateVerdict::kMate) cook.kind = CookKind::kShort;
  }
  if (cook.kind != CookKind::kShort) {
    {
      // Its phase is its answer's: a mate's length, or a disproof (or a search a limit cut); the
      // first pass's search that its cap cut is a probe.
      const PhaseScope search(solves, CheckPhase::kDisproofs);
      const PhaseCost since = report.phases[std::size_t(CheckPhase::kDisproofs)];
      bool cap_cut = false;
      r = solves.solve_branch(pos, i + 1, m, 0, false, pass.cap, &cap_cut, pass.searched, pass.searched_ms);
      if (cap_cut) {
        solves.reassign(CheckPhase::kDisproofs, since, CheckPhase::kProbes);
        return false;
      }
      if (!r || r->verdict != MateVerdict::kMate) return true;
      solves.reassign(CheckPhase::kDisproofs, since, CheckPhase::kCookLengths);
    }
    {
      const PhaseScope lengths(solves, CheckPhase::kCookLengths);
      r = solves.shortest_of(pos, i + 1, m, *r);
    }
    // Back onto the main line: onto the position before m (a loop: a detour, whatever m is), or else
    // onto a later position of it (a transposition where m is one of its later moves). Each is a
    // return within kReturnPlies plies however the play goes, or one along the branch's mate line.
    const PhaseScope kinds(solves, CheckPhase::kKinds);
    const auto kinds_start = Clock::now();
    std::uint64_t budget = std::max(kReturnMinNodes, kReturnShare * (report.nodes - nodes_before + pass.spent));
    bool cut = false;  // a solve of the returns' search was cut: "no return" is not settled
    MainLineReturn back(solves, line);
    // The kind depends on which return only where m is a later attacker move of the main line.
    if (is_later_attacker_move(report.main_line, i, m)) {
      const bool loop = back.returns(pos, i, n + 1, true, *r, budget, cut);
      if (loop || back.returns(pos, i, i + 1, false, *r, budget, cut))
        cook.kind = loop ? CookKind::kDetour : CookKind::kTransposition;
    } else if (back.returns(pos, i, i + 1, true, *r, budget, cut)) {
      cook.kind = CookKind::kDetour;
    }
    solves.add_time(CheckPhase::kKinds, ms_since(kinds_start));
    // A cook or a detour: which, the budget or a limit left open. Not a finding either way, an unknown.
    if (cook.kind == CookKind::kCook && cut) {
      cook.kind_settled = false;
      solves.unknown(i + 1, m, "return not settled");
    }
  }
  cook.mate_length = 1 + r->length;
  cook.length_proven = r->shortest_proven;
  cook.line.insert(cook.line.end(), r->pv.begin(), r->pv.end());
  report.cooks.push_back(std::move(cook));
  return true;
}

}  // namespace tsumi
