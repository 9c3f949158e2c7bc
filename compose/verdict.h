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
//   sound     otherwise. Minor findings (last-move, detour, transposition, equal-leftover) and every
//             finding inside a variation leave the verdict as it is.
//
// Thread safety: a pure function.

#include "compose/soundness_report.h"

namespace tsumi {

SoundnessVerdict soundness_verdict(const SoundnessReport& report);

}  // namespace tsumi
