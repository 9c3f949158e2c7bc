#pragma once
// The verdict that a check's findings give (compose/README.md, "Verdict"), in this order:
//   bad-line  the recorded line is not a mate by the rules;
//   nomate    no main line, and the problem's own solve proved no mate (no main line and no proof:
//             unknown);
//   unknown   tsumi's own main line is not proven a shortest mate against the longest defences (its
//             branches are then no findings about the problem);
//   flawed    a cook or a short mate (settled), a longer or equal defence, or pieces left (unless the
//             ply the book's line ends at rests on a futility verdict left open);
//   unknown   a branch of the main line that a limit cut, or whose finding rests on an open verdict;
//   sound     otherwise. Minor findings (last-move, detour, transposition, equal-leftover, longer-leftover) and every
//             finding inside a variation leave the verdict as it is.
//
// Thread safety: a pure function.

#include "compose/soundness_report.h"

namespace tsumi {

SoundnessVerdict soundness_verdict(const SoundnessReport& report);

// Whether the finding makes a problem flawed: a settled cook or short mate, a longer or equal defence,
// on the main line (not inside a variation). A check that has found one knows its verdict (flawed)
// where its main line is proven (a recorded one, or tsumi's proven shortest and exact) and, for a
// recorded line, no defence can still escape mate (bad-line comes first).
bool is_flaw(const Cook& cook);
bool is_flaw(const Defence& defence);

}  // namespace tsumi
