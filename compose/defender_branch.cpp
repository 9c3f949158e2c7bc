#include "compose/defender_branch.h"

#include <optional>
#include <string>
#include <utility>

#include "compose/soundness_report.h"
#include "core/usi.h"

namespace tsumi {

bool defender_branch(BranchSolves& solves, Position& pos, int i, int n, Move m, const BranchPass& pass) {
  SoundnessReport& report = solves.report();
  const PhaseScope phase(solves, CheckPhase::kDefences);
  if (!pass.resumed) ++report.branches;
  const int remaining = n - i;
  Defence d{i + 1, m, remaining, {m}, DefenceKind::kEqual, Hand{}, true, {}};
  std::optional<MateResult> r;
  if (!pass.resumed) {
    // A shorter defence is no finding: one short search settles most defences.
    if (remaining >= 4) {
      const auto shorter = solves.solve_branch(pos, i + 1, m, remaining - 3, false);
      if (!shorter || shorter->verdict == MateVerdict::kMate) return true;
    }
    r = solves.solve_branch(pos, i + 1, m, remaining - 1, true);
    if (!r) return true;
  }
  if (r && r->verdict == MateVerdict::kMate) {
    if (!r->shortest_proven || !r->line_exact) {
      solves.unknown(i + 1, m, "branch line not exact");
      return true;
    }
    if (!r->leftover.empty()) d.kind = DefenceKind::kEqualLeftover;
  } else {
    bool cap_cut = false;
    r = solves.solve_branch(pos, i + 1, m, 0, false, pass.cap, &cap_cut, pass.searched, pass.searched_ms);
    if (cap_cut) return false;
    if (!r) return true;
    if (r->verdict == MateVerdict::kNoMate) {
      if (report.recorded && !report.bad_line)
        report.bad_line =
            BadLine{i + 1, m, "ply " + std::to_string(i + 1) + " (" + to_usi(m) + "): this defence escapes mate"};
      else if (!report.recorded)
        solves.unknown(i + 1, m, "no mate after this defence");
      return true;
    }
    r = solves.shortest_of(pos, i + 1, m, *r);
    // Two plies more that leave pieces weigh as the main line's rest (book_line.h, weighed_plies).
    d.kind =
        1 + r->length == remaining + 2 && !r->leftover.empty() ? DefenceKind::kLongerLeftover : DefenceKind::kLonger;
    d.length_proven = r->shortest_proven;
  }
  d.mate_length = 1 + r->length;
  d.leftover = r->leftover;
  d.line.insert(d.line.end(), r->pv.begin(), r->pv.end());
  report.defences.push_back(std::move(d));
  return true;
}

}  // namespace tsumi
