#include "compose/verdict.h"

#include <algorithm>
#include <cstddef>

namespace tsumi {

SoundnessVerdict soundness_verdict(const SoundnessReport& r) {
  if (r.bad_line) return SoundnessVerdict::kBadLine;
  if (r.main_line.empty())
    return r.solve.verdict == MateVerdict::kNoMate ? SoundnessVerdict::kNoMate : SoundnessVerdict::kUnknown;
  // tsumi's own line not proven a shortest mate against the longest defences: its branches are no
  // findings about the problem (a "short" mate there shows the line long, not the problem cooked).
  if (!r.recorded && (!r.solve.shortest_proven || !r.solve.line_exact)) return SoundnessVerdict::kUnknown;
  // Findings inside variations (variation_path) are reported and leave the verdict as it is.
  const bool cooked = std::any_of(r.cooks.begin(), r.cooks.end(), [](const Cook& c) { return is_flaw(c); });
  const bool defended = std::any_of(r.defences.begin(), r.defences.end(), [](const Defence& d) { return is_flaw(d); });
  if (cooked || defended || !r.leftover.empty()) return SoundnessVerdict::kFlawed;
  const bool doubt =
      std::any_of(r.unknown.begin(), r.unknown.end(), [](const UnknownBranch& u) { return u.variation_path.empty(); });
  return doubt ? SoundnessVerdict::kUnknown : SoundnessVerdict::kSound;
}

bool is_flaw(const Cook& c) {
  return c.variation_path.empty() && (c.kind == CookKind::kCook || c.kind == CookKind::kShort) && c.kind_settled;
}

bool is_flaw(const Defence& d) {
  return d.variation_path.empty() && d.kind != DefenceKind::kEqualLeftover && d.kind != DefenceKind::kLongerLeftover;
}

}  // namespace tsumi
