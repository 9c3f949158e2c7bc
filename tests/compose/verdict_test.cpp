// Tests of compose/verdict.h: the verdict of reports made by hand, one rule at a time.

#include "compose/verdict.h"

#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

// A report of a recorded three-ply main line with nothing found: sound.
SoundnessReport clean_report() {
  SoundnessReport r;
  r.recorded = true;
  r.main_line = {Move::make_drop(GOLD, SQ_12), Move::make(SQ_11, SQ_21), Move::make_drop(GOLD, SQ_22)};
  r.length = 3;
  r.solve.verdict = MateVerdict::kMate;
  return r;
}

Cook cook_of(CookKind kind, std::vector<Move> path = {}) {
  Cook c;
  c.ply = 3;
  c.kind = kind;
  c.variation_path = std::move(path);
  return c;
}

Defence defence_of(DefenceKind kind, std::vector<Move> path = {}) {
  Defence d;
  d.ply = 2;
  d.kind = kind;
  d.variation_path = std::move(path);
  return d;
}

TEST(Verdict, NothingFoundIsSound) { EXPECT_EQ(soundness_verdict(clean_report()), SoundnessVerdict::kSound); }

TEST(Verdict, ABadLineComesFirst) {
  SoundnessReport r = clean_report();
  r.cooks.push_back(Cook{});
  r.bad_line = BadLine{2, Move::none(), "ply 2: ..."};
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kBadLine);
}

TEST(Verdict, NoMainLineIsNoMateOnlyWhereTheSolveProvedIt) {
  SoundnessReport r;
  r.solve.verdict = MateVerdict::kNoMate;
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kNoMate);
  r.solve.verdict = MateVerdict::kTimeout;
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kUnknown);
}

TEST(Verdict, TsumisOwnLineNotProvenShortestGivesNoFindings) {
  SoundnessReport r = clean_report();
  r.recorded = false;
  r.cooks.push_back(Cook{});  // a cook of a line that may be too long
  r.solve.shortest_proven = false;
  r.solve.line_exact = true;
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kUnknown);
  r.solve.shortest_proven = true;
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kFlawed);
  r.solve.line_exact = false;
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kUnknown);
}

TEST(Verdict, CooksAndShortMatesFlawMinorKindsDoNot) {
  for (const CookKind k : {CookKind::kLastMove, CookKind::kDetour, CookKind::kTransposition}) {
    SoundnessReport r = clean_report();
    r.cooks.push_back(cook_of(k));
    EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kSound) << to_string(k);
  }
  for (const CookKind k : {CookKind::kCook, CookKind::kShort}) {
    SoundnessReport r = clean_report();
    r.cooks.push_back(cook_of(k));
    EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kFlawed) << to_string(k);
  }
}

TEST(Verdict, ACookOfUnsettledKindIsNoFlawButADoubt) {
  SoundnessReport r = clean_report();
  r.cooks.push_back(cook_of(CookKind::kCook));
  r.cooks.back().kind_settled = false;
  r.unknown.push_back(UnknownBranch{3, Move::none(), "return not settled", {}});
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kUnknown);
}

TEST(Verdict, LongerAndEqualDefencesFlawEqualLeftoverAndTwoPliesLongerLeftoverDoNot) {
  for (const DefenceKind k :
       {DefenceKind::kLonger, DefenceKind::kEqual, DefenceKind::kEqualLeftover, DefenceKind::kLongerLeftover}) {
    SoundnessReport r = clean_report();
    r.defences.push_back(defence_of(k));
    const bool minor = k == DefenceKind::kEqualLeftover || k == DefenceKind::kLongerLeftover;
    EXPECT_EQ(soundness_verdict(r), minor ? SoundnessVerdict::kSound : SoundnessVerdict::kFlawed) << to_string(k);
  }
}

TEST(Verdict, PiecesLeftFlawEvenBesideADoubt) {
  SoundnessReport r = clean_report();
  r.leftover.add(PAWN);
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kFlawed);
  // A branch a limit cut, even on a move of the main line itself, leaves the leftover a finding.
  r.unknown.push_back(UnknownBranch{3, r.main_line[2], "time", {}});
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kFlawed);
  r.leftover = Hand();
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kUnknown);
}

TEST(Verdict, FindingsAndDoubtsInsideVariationsLeaveItAsItIs) {
  SoundnessReport r = clean_report();
  const std::vector<Move> path = {r.main_line[0], Move::make(SQ_11, SQ_12)};
  r.cooks.push_back(cook_of(CookKind::kCook, path));
  r.defences.push_back(defence_of(DefenceKind::kLonger, path));
  r.unknown.push_back(UnknownBranch{3, Move::none(), "nodes", path});
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kSound);
  r.unknown.push_back(UnknownBranch{1, Move::none(), "nodes", {}});  // one on the main line
  EXPECT_EQ(soundness_verdict(r), SoundnessVerdict::kUnknown);
}

}  // namespace
}  // namespace tsumi
