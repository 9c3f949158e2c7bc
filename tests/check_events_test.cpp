// Tests of front/check_events.h: a check's events as JSON objects and text, from a real check of
// tanuki3-1 (flawed: 変同 at ply 2, a cook at ply 3).

#include "front/check_events.h"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "compose/soundness.h"
#include "core/sfen.h"
#include "front/check_report.h"

namespace tsumi::front {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kTanuki3Sfen = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";

struct Told {
  std::vector<std::pair<Json, std::string>> events;
  SoundnessReport report;
};

Told told(bool progress, bool first_flaw = false) {
  const MateProblem p = *make_mate_problem(*parse_sfen(kTanuki3Sfen));
  MateSolver solver(16);
  Told t;
  CheckEvents events(
      p, [&](const Json& e, const std::string& text) { t.events.emplace_back(e, text); }, progress, first_flaw);
  SoundnessLimits limits;
  limits.first_flaw = first_flaw;
  t.report = check_soundness(solver, p, {}, limits, &events);
  return t;
}

std::vector<std::string> names(const Told& t) {
  std::vector<std::string> out;
  for (const auto& [e, text] : t.events) out.push_back(e["event"]);
  return out;
}

TEST(CheckEvents, EachEventAnObjectAndItsLine) {
  const MateProblem p = *make_mate_problem(*parse_sfen(kTanuki3Sfen));
  const Told t = told(false);
  const std::vector<std::string> expected = {"main_line", "defence", "verdict", "cook"};
  EXPECT_EQ(names(t), expected);
  const auto& [line, line_text] = t.events[0];
  EXPECT_EQ(line["length"], 3);
  EXPECT_EQ(line["main_line"], Json::array({"1d2c", "1b1a", "2c2b"}));
  EXPECT_EQ(line["branches"], t.report.branches);
  EXPECT_EQ(line_text, main_line_text(p, t.report));
  // A finding's object is its entry of the report's JSON, with "event" first; its text, its line.
  Json cook = t.events[3].first;
  EXPECT_EQ(cook.begin().key(), "event");
  cook.erase("event");
  EXPECT_EQ(cook, finding_json(p, t.report.cooks[0]));
  EXPECT_EQ(t.events[3].second, finding_line(p, t.report, t.report.cooks[0]));
  EXPECT_EQ(t.events[1].second, finding_line(p, t.report, t.report.defences[0]));
  // The verdict came early: it says what settled it, and that the check went on.
  const auto& [verdict, verdict_text] = t.events[2];
  EXPECT_EQ(verdict["verdict"], "flawed");
  EXPECT_EQ(verdict["settled_by"]["finding"], "equal");
  EXPECT_EQ(verdict["final"], false);
  EXPECT_TRUE(verdict_text.starts_with("verdict flawed, known after ")) << verdict_text;
  EXPECT_NE(verdict_text.find("the equal defence (変同) at ply 2"), std::string::npos) << verdict_text;
  EXPECT_TRUE(verdict_text.ends_with("(the check goes on)\n")) << verdict_text;
}

TEST(CheckEvents, AtTheFirstFlawTheVerdictIsTheEnd) {
  const Told t = told(false, true);
  const std::vector<std::string> expected = {"main_line", "defence", "verdict"};
  EXPECT_EQ(names(t), expected);
  EXPECT_EQ(t.events.back().first["final"], true);
  EXPECT_FALSE(t.events.back().second.ends_with("(the check goes on)\n"));
}

TEST(CheckEvents, ProgressOnlyWhenAskedFor) {
  const Told t = told(true);
  int progress = 0;
  for (const auto& [e, text] : t.events)
    if (e["event"] == "progress") {
      ++progress;
      EXPECT_EQ(e["total"], t.report.branches);
      EXPECT_TRUE(text.starts_with("branches ")) << text;
      EXPECT_EQ(text.find('\n'), std::string::npos);
    }
  EXPECT_EQ(progress, t.report.branches);  // one a branch settled
  EXPECT_EQ(t.events.back().first["done"], t.report.branches);
}

TEST(CheckEvents, ProgressWords) {
  CheckProgress p;
  p.done = 12;
  p.total = 57;
  p.elapsed_ms = 3210;
  EXPECT_EQ(progress_words(p), "branches 12/57, verdict so far: none, 3.2 s");
  p.verdict_known = true;
  p.verdict = SoundnessVerdict::kFlawed;
  EXPECT_EQ(progress_words(p), "branches 12/57, verdict so far: flawed, 3.2 s");
}

}  // namespace
}  // namespace tsumi::front
