#pragma once
// A problem's check (compose/soundness.h; its report, compose/soundness_report.h) put into words for
// every front that shows it: the text and JSON of `tsumi check` and the dict of Python's `tsumi.check`,
// and the KIF that shows each finding as a variation (変化) of the main line.
//
// Text: one finding a line, in tsume words (余詰, 早詰, 変長, ...) with the move in KIF notation and in USI.
// JSON: one object a problem: verdict, length, futile_length, main_line, recorded, cooks, defences,
// leftover, unknown, bad_line, branches, nodes, time_ms, solve_ms, verdict_ms, settled_by, first_flaw,
// budget_nodes, unexamined, phases (docs/reference.md lists every field).

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "compose/soundness_report.h"
#include "notation/kifu.h"
#include "solver/mate_problem.h"

namespace tsumi::front {

// The words of a finding's kind: "cook (余詰)", "short mate (早詰)", ..., "equal defence (変同)".
std::string cook_words(CookKind kind);
std::string defence_words(DefenceKind kind);

// `tsumi check`'s lines for one problem (each ends in '\n'): the verdict, the main line, one line a
// finding in ply order, the pieces left, the totals.
std::string check_text(const MateProblem& problem, const SoundnessReport& report);

// The parts of check_text, for a check shown as it goes (check_events.h), each ending in '\n' (or
// empty): the main line, or the bad line, or "no mate"; one finding ("ply 3: cook (余詰): ...");
// the pieces left (empty where none); the totals (branches, solves, nodes, time, the verdict's time,
// whether the check stopped at it, and the time, solves and nodes of each phase).
std::string main_line_text(const MateProblem& problem, const SoundnessReport& report);
std::string finding_line(const MateProblem& problem, const SoundnessReport& report, const Cook& cook);
std::string finding_line(const MateProblem& problem, const SoundnessReport& report, const Defence& defence);
std::string finding_line(const MateProblem& problem, const SoundnessReport& report, const UnknownBranch& branch);
std::string leftover_line(const MateProblem& problem, const SoundnessReport& report);
std::string totals_text(const SoundnessReport& report);
// What settled the verdict before the end (SoundnessReport::settled_by), in words: "the cook (余詰) at
// ply 3, ▲１四飛(24) (2d1d)"; empty where nothing did.
std::string settled_words(const MateProblem& problem, const SoundnessReport& report);

// The JSON object of one problem (moves in USI, hands as SFEN hands).
void add_check_json(const MateProblem& problem, const SoundnessReport& report, nlohmann::ordered_json& j);

// One finding's object, as in the arrays cooks, defences and unknown of that object; what settled the
// verdict ({finding, ply, move}, or null).
nlohmann::ordered_json finding_json(const MateProblem& problem, const Cook& cook);
nlohmann::ordered_json finding_json(const MateProblem& problem, const Defence& defence);
nlohmann::ordered_json finding_json(const MateProblem& problem, const UnknownBranch& branch);
nlohmann::ordered_json settled_json(const SoundnessReport& report);

// The problem, its main line ending in 詰み, and one variation a finding (a cook or a defence, with its
// line; its comment names the finding); headers kept from `source` (may be empty).
notation::Kifu check_kifu(const MateProblem& problem, const SoundnessReport& report, const notation::Kifu& source);

}  // namespace tsumi::front
