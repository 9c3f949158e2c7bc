#pragma once
// A check shown as it goes (compose/check_observer.h), in the words and objects every front shows:
// each event a JSON object (`tsumi check --json-lines`, the dicts of Python's `tsumi.check(...,
// on_event=...)`) and its text (`tsumi check`'s lines as they come), handed to a sink.
//
// Events, by their "event" field:
//   main_line  length, futile_length, main_line (USI), recorded, branches (to check);
//   cook, defence, unknown
//              the fields of one entry of the report's cooks, defences, unknown (check_report.h);
//   leftover   leftover (the attacker's hand after the main line, an SFEN hand);
//   verdict    verdict, verdict_ms, settled_by ({finding, ply, move}, or null where the verdict was
//              known only at the end), final (false where the check goes on after it);
//   progress   done, total (branches), verdict_known, verdict, elapsed_ms: after every branch, with
//              `progress` only (a terminal's progress line); its text has no newline.
// A finding's text is its line of check_text; the main line's, check_text's main-line lines; the
// verdict's, "verdict flawed, known after 12 ms: the cook (余詰) at ply 3, ... (the check goes on)"
// where it came early, else nothing (the front prints the report's end).
//
// Thread safety: as the observer's (one check, its thread); the sink is called there.

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "compose/check_observer.h"
#include "solver/mate_problem.h"

namespace tsumi::front {

class CheckEvents : public CheckObserver {
 public:
  using Sink = std::function<void(const nlohmann::ordered_json& event, const std::string& text)>;
  // With `progress`, the progress events too. `stops_at_verdict`: the check was asked for its first
  // flaw only (SoundnessLimits::first_flaw), so an early verdict is its end.
  CheckEvents(const MateProblem& problem, Sink sink, bool progress = false, bool stops_at_verdict = false)
      : problem_(problem), sink_(std::move(sink)), progress_(progress), stops_at_verdict_(stops_at_verdict) {}

  void main_line(const SoundnessReport& report, int branches) override;
  void cook(const SoundnessReport& report, const Cook& cook) override;
  void defence(const SoundnessReport& report, const Defence& defence) override;
  void unknown(const SoundnessReport& report, const UnknownBranch& branch) override;
  void leftover(const SoundnessReport& report) override;
  void verdict(const SoundnessReport& report) override;
  void progress(const CheckProgress& progress) override;

 private:
  const MateProblem& problem_;
  Sink sink_;
  bool progress_;
  bool stops_at_verdict_;
};

// The progress line's words: "branches 12/57, verdict so far: none, 3.2 s" ("flawed" once known).
std::string progress_words(const CheckProgress& progress);

}  // namespace tsumi::front
