#pragma once
// What a check tells as it goes (check_soundness, soundness.h): the main line once it is known, each
// finding once it is settled, the verdict once it is known (a flaw settles it before the check ends),
// and its progress after every branch. The fronts print these as they come (`tsumi check`'s text and
// its --json-lines, Python's callback); the report at the end holds the same findings, in ply order.
//
// A finding is told once, when its kind and length are final: a cook after its return search, a
// defence after its shortest-mate proof. Findings inside variations come with their variation_path,
// after the main line's.
//
// Thread safety: every call comes on the thread that runs the check, between its solves, never two at
// once. An observer that wants the check to stop sets the limits' stop flag (SoundnessLimits::stop)
// and asks the solver to stop (MateSolver::request_stop).

#include "compose/soundness_report.h"

namespace tsumi {

// How far a check is: branches (other moves at the main line's plies) settled of those there are.
struct CheckProgress {
  int done = 0;
  int total = 0;
  bool verdict_known = false;  // report.verdict is final (a flaw has settled it)
  SoundnessVerdict verdict = SoundnessVerdict::kUnknown;
  double elapsed_ms = 0;
};

class CheckObserver {
 public:
  virtual ~CheckObserver() = default;
  // The main line (report.main_line, length, futile_length, solve) and the branches there are to check;
  // not called for a problem without one (nomate, bad-line, unsolved).
  virtual void main_line(const SoundnessReport& /*report*/, int /*branches*/) {}
  virtual void cook(const SoundnessReport& /*report*/, const Cook& /*cook*/) {}
  virtual void defence(const SoundnessReport& /*report*/, const Defence& /*defence*/) {}
  virtual void unknown(const SoundnessReport& /*report*/, const UnknownBranch& /*branch*/) {}
  // The pieces left after the main line (report.leftover, not empty).
  virtual void leftover(const SoundnessReport& /*report*/) {}
  // The verdict is known (report.verdict, settled_by, verdict_ms): once a check, before the end where
  // a flaw settles it.
  virtual void verdict(const SoundnessReport& /*report*/) {}
  virtual void progress(const CheckProgress& /*progress*/) {}
};

}  // namespace tsumi
