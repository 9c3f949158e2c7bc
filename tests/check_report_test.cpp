#include "front/check_report.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kif_writer.h"

namespace tsumi::front {
namespace {

// tanuki3-1 of positions/tsume-public.txt; the report below is written by hand (no solver): its main line
// 1d2c 1b1a 2c2b, a cook and a longer defence, a pawn left and an unknown branch.
constexpr const char* kMate3 = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";

MateProblem problem() { return *make_mate_problem(*parse_sfen(kMate3)); }

Move usi(const MateProblem& p, const std::vector<std::string>& before, const std::string& text) {
  std::vector<StateInfo> st(before.size() + 1);
  Position pos;
  pos.set(p.setup, &st[0]);
  for (std::size_t i = 0; i < before.size(); ++i) pos.do_move(*parse_usi_move(pos, before[i]), st[i + 1]);
  return *parse_usi_move(pos, text);
}

SoundnessReport report(const MateProblem& p) {
  SoundnessReport r;
  r.verdict = SoundnessVerdict::kFlawed;
  r.main_line = {usi(p, {}, "1d2c"), usi(p, {"1d2c"}, "1b1a"), usi(p, {"1d2c", "1b1a"}, "2c2b")};
  r.length = r.futile_length = 3;
  Cook c;
  c.ply = 3;
  c.move = usi(p, {"1d2c", "1b1a"}, "2d1d");
  c.mate_length = 5;
  c.line = {c.move};
  r.cooks.push_back(c);
  Defence d;
  d.ply = 2;
  d.move = usi(p, {"1d2c"}, "1b2a");
  d.mate_length = 4;
  d.line = {d.move};
  d.kind = DefenceKind::kLonger;
  r.defences.push_back(d);
  r.leftover.add(PAWN);
  r.unknown.push_back({1, usi(p, {}, "2d2c"), "time", {}});
  return r;
}

TEST(CheckReport, TextOneFindingALineInPlyOrder) {
  const MateProblem p = problem();
  const std::string t = check_text(p, report(p));
  EXPECT_NE(t.find("verdict flawed\n"), std::string::npos) << t;
  EXPECT_NE(t.find("main line (tsumi's, 3 plies): ▲２三金 △１一玉 ▲２二金\n  usi: 1d2c 1b1a 2c2b\n"), std::string::npos)
      << t;
  const auto unknown = t.find("ply 1: unknown: ▲２三飛(24) (2d2c) (time)\n");
  const auto longer = t.find("ply 2: longer defence (変長): △２一玉(12) (1b2a), mate in 4 from there: 1b2a\n");
  const auto cook = t.find("ply 3: cook (余詰): ▲１四飛(24) (2d1d), mate in 5 from there: 2d1d\n");
  ASSERT_NE(unknown, std::string::npos) << t;
  ASSERT_NE(longer, std::string::npos) << t;
  ASSERT_NE(cook, std::string::npos) << t;
  EXPECT_LT(unknown, longer);
  EXPECT_LT(longer, cook);
  EXPECT_NE(t.find("pieces left (駒余り): P\n"), std::string::npos) << t;
}

TEST(CheckReport, Json) {
  const MateProblem p = problem();
  nlohmann::ordered_json j;
  add_check_json(p, report(p), j);
  EXPECT_EQ(j["verdict"], "flawed");
  EXPECT_EQ(j["cooks"][0]["kind"], "cook");
  EXPECT_EQ(j["defences"][0]["kind"], "longer");
  EXPECT_EQ(j["defences"][0]["mate_length"], 4);
  EXPECT_EQ(j["leftover"], "P");
  EXPECT_EQ(j["unknown"][0]["reason"], "time");
  EXPECT_TRUE(j["bad_line"].is_null());
}

// A cook whose return search was cut (kind_settled false) says it may be a detour, in words and JSON.
TEST(CheckReport, ACookWhoseReturnIsNotSettledSaysSo) {
  const MateProblem p = problem();
  SoundnessReport r = report(p);
  r.cooks[0].kind_settled = false;
  const std::string t = check_text(p, r);
  EXPECT_NE(t.find("ply 3: cook (余詰) or a detour (not settled): ▲１四飛(24) (2d1d)"), std::string::npos) << t;
  nlohmann::ordered_json j;
  add_check_json(p, r, j);
  EXPECT_EQ(j["cooks"][0]["kind_settled"], false);
  EXPECT_EQ(j["cooks"][0]["may_be"], "detour");
  EXPECT_EQ(j["cooks"][0]["variation"], nlohmann::ordered_json::array());
}

// One whose kind rests on a futility verdict left open may be a last-move cook instead.
TEST(CheckReport, ACookWhoseFutilityIsNotSettledSaysSo) {
  const MateProblem p = problem();
  SoundnessReport r = report(p);
  r.cooks[0].kind_settled = false;
  r.cooks[0].may_be = CookKind::kLastMove;
  EXPECT_NE(check_text(p, r).find("ply 3: cook (余詰) or a last-move cook (not settled): "), std::string::npos);
  nlohmann::ordered_json j;
  add_check_json(p, r, j);
  EXPECT_EQ(j["cooks"][0]["may_be"], "last-move");
  r.cooks[0].kind_settled = true;
  add_check_json(p, r, j);
  EXPECT_TRUE(j["cooks"][0]["may_be"].is_null());
}

TEST(CheckReport, KifuHasAVariationAFinding) {
  const MateProblem p = problem();
  const notation::Kifu k = check_kifu(p, report(p), {});
  EXPECT_EQ(to_usi(k.moves), "1d2c 1b1a 2c2b");
  EXPECT_EQ(k.end, "詰み");
  ASSERT_EQ(k.variations.size(), 2u);
  EXPECT_EQ(k.variations[0].ply, 2);  // in ply order
  EXPECT_NE(k.variations[0].comment.find("変長"), std::string::npos);
  EXPECT_EQ(k.variations[1].ply, 3);
  EXPECT_NE(k.variations[1].comment.find("余詰"), std::string::npos);
  EXPECT_NE(notation::write_kif(k).find("変化：2手"), std::string::npos);
}

// The verdict's time and what settled it, the stop at the first flaw, the budget and the phases: in the
// totals' words and in the JSON.
TEST(CheckReport, TheVerdictsTimeAndThePhases) {
  const MateProblem p = problem();
  SoundnessReport r = report(p);
  r.time_ms = 40;
  r.verdict_ms = 12;
  r.settled_by = VerdictCause{"cook", 3, r.cooks[0].move};
  r.first_flaw = true;
  r.unexamined = 4;
  r.budget_nodes = 20000000;
  r.phases[std::size_t(CheckPhase::kDisproofs)] = {1234, 5, 30};
  const std::string t = totals_text(r);
  EXPECT_NE(t.find("the verdict 12 ms"), std::string::npos) << t;
  EXPECT_NE(t.find("stopped at the verdict (--first-flaw): 4 branches not examined\n"), std::string::npos) << t;
  EXPECT_NE(t.find("phases: disproofs 30 ms (5 solves, 1234 nodes)\n"), std::string::npos) << t;
  EXPECT_EQ(settled_words(p, r), "the cook (余詰) at ply 3, ▲１四飛(24) (2d1d)");
  r.settled_by = VerdictCause{"leftover", 0, Move::none()};
  EXPECT_EQ(settled_words(p, r), "the pieces left (駒余り)");
  nlohmann::ordered_json j;
  add_check_json(p, r, j);
  EXPECT_EQ(j["verdict_ms"], 12);
  EXPECT_EQ(j["settled_by"]["finding"], "leftover");
  EXPECT_EQ(j["first_flaw"], true);
  EXPECT_EQ(j["unexamined"], 4);
  EXPECT_EQ(j["budget_nodes"], 20000000);
  EXPECT_EQ(j["phases"]["disproofs"]["nodes"], 1234);
  EXPECT_EQ(j["phases"]["disproofs"]["solves"], 5);
  EXPECT_EQ(j["phases"]["solve"]["nodes"], 0);
  for (const char* phase : {"solve", "probes", "cook_lengths", "kinds", "defences", "disproofs"})
    EXPECT_TRUE(j["phases"].contains(phase)) << phase;
  r.settled_by.reset();
  EXPECT_EQ(settled_words(p, r), "");
  EXPECT_TRUE(settled_json(r).is_null());
}

// The parts of check_text are its lines: a finding's line is the same alone.
TEST(CheckReport, APartIsItsLineOfTheWhole) {
  const MateProblem p = problem();
  const SoundnessReport r = report(p);
  const std::string t = check_text(p, r);
  for (const std::string& part :
       {main_line_text(p, r), finding_line(p, r, r.cooks[0]), finding_line(p, r, r.defences[0]),
        finding_line(p, r, r.unknown[0]), leftover_line(p, r), totals_text(r)})
    EXPECT_NE(t.find(part), std::string::npos) << part;
  nlohmann::ordered_json j;
  add_check_json(p, r, j);
  EXPECT_EQ(finding_json(p, r.cooks[0]), j["cooks"][0]);
  EXPECT_EQ(finding_json(p, r.defences[0]), j["defences"][0]);
}

TEST(CheckReport, Words) {
  EXPECT_EQ(cook_words(CookKind::kShort), "short mate (早詰)");
  EXPECT_EQ(defence_words(DefenceKind::kEqual), "equal defence (変同)");
}

}  // namespace
}  // namespace tsumi::front
