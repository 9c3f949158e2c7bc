// Tests of compose/soundness.h: a whole check, from the problem's own solve and its main line (tsumi's
// or a recorded one) to the report. The pieces it hands each branch to have tests of their own.

#include "compose/soundness.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/usi.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

using test::checked;

TEST(Soundness, CookAndEqualDefence) {
  const SoundnessReport r = checked(test::kTanuki3);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  EXPECT_FALSE(r.recorded);
  EXPECT_EQ(to_usi(r.main_line), "1d2c 1b1a 2c2b");
  EXPECT_EQ(r.length, 3);
  EXPECT_EQ(r.futile_length, 3);
  ASSERT_EQ(r.cooks.size(), 1u);
  EXPECT_EQ(r.cooks[0].ply, 3);
  EXPECT_EQ(to_usi(r.cooks[0].move), "2d1d");
  EXPECT_EQ(r.cooks[0].kind, CookKind::kCook);
  EXPECT_EQ(r.cooks[0].mate_length, 5);
  EXPECT_EQ(r.cooks[0].line.size(), 5u);
  ASSERT_EQ(r.defences.size(), 1u);
  EXPECT_EQ(r.defences[0].ply, 2);
  EXPECT_EQ(to_usi(r.defences[0].move), "1b2a");
  EXPECT_EQ(r.defences[0].kind, DefenceKind::kEqual);
  EXPECT_EQ(r.defences[0].mate_length, 2);
  EXPECT_TRUE(r.leftover.empty());
  EXPECT_TRUE(r.unknown.empty());
  EXPECT_GT(r.branches, 0);
  EXPECT_GE(r.nodes, r.solve.nodes);
}

// --depth-of-variations 1 on tanuki3: the variation of the equal defence 1b2a (1d2c 1b2a 2c2b) has its
// own second mate at its ply 3, 2c3c (mate in 5): reported with the path to it, and the verdict and the
// main line's findings are those of depth 0.
TEST(Soundness, FindingsInsideVariationsCarryTheirPathAndLeaveTheVerdict) {
  const SoundnessReport plain = checked(test::kTanuki3);
  SoundnessLimits limits;
  limits.variation_depth = 1;
  const SoundnessReport deep = checked(test::kTanuki3, "", limits);
  EXPECT_EQ(deep.verdict, plain.verdict);
  std::vector<std::string> on_line, inside;
  for (const Cook& c : deep.cooks) {
    if (c.variation_path.empty()) {
      on_line.push_back(std::to_string(c.ply) + to_usi(c.move));
    } else {
      EXPECT_EQ(int(c.variation_path.size()), c.ply - 1);
      inside.push_back(std::to_string(c.ply) + " " + to_usi(c.variation_path) + " " + to_usi(c.move));
    }
  }
  std::vector<std::string> plain_line;
  for (const Cook& c : plain.cooks) plain_line.push_back(std::to_string(c.ply) + to_usi(c.move));
  EXPECT_EQ(on_line, plain_line);
  EXPECT_NE(std::find(inside.begin(), inside.end(), "3 1d2c 1b2a 2c3c"), inside.end());
  EXPECT_EQ(deep.defences.size(), plain.defences.size());  // the variation's own defences: none equal
  EXPECT_GT(deep.solves, plain.solves);
}

// The problem's own solve has the blind spot of branch_solves.h's probes (seed 20261226, mate in 7):
// 50,000 nodes of the unbounded search find no mate, the probe within 9 plies proves the shortest. The
// total limit then leaves most branches unknown; the main line is what is checked here.
TEST(Soundness, TheProblemsOwnMateTheUnboundedSearchMissesIsFoundByAProbe) {
  SoundnessLimits limits;
  limits.branch.nodes = 50000;
  limits.total_nodes = 200000;
  const SoundnessReport r = checked("5R3/8k/9/9/6+L2/9/9/9/9 b BGN2Lrb3g4s3nl18p 1", "", limits);
  ASSERT_EQ(r.solve.verdict, MateVerdict::kMate);
  EXPECT_EQ(r.solve.length, 7);
  EXPECT_TRUE(r.solve.shortest_proven);
  EXPECT_EQ(r.length, 7);
  EXPECT_NE(r.verdict, SoundnessVerdict::kNoMate);
}

TEST(Soundness, NoMate) {
  const SoundnessReport r = checked(test::kNoMate);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kNoMate);
  EXPECT_TRUE(r.main_line.empty());
  EXPECT_EQ(r.branches, 0);
}

TEST(Soundness, RecordedLineLongerThanTheShortest) {
  // The cook as the recorded line: at its ply 3, 2c2b mates at once (早詰).
  const SoundnessReport r = checked(test::kTanuki3, "1d2c 1b1a 2d1d 1a2a 1d1b+ 2a3a 2c3b");
  EXPECT_TRUE(r.recorded);
  EXPECT_EQ(r.length, 7);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  EXPECT_EQ(test::cook_kind(r, 3, "2c2b"), CookKind::kShort);
}

TEST(Soundness, BadRecordedLines) {
  const SoundnessReport stops = checked(test::kTanuki3, "1d2c 1b1a");  // ends with the defender to move, not mated
  EXPECT_EQ(stops.verdict, SoundnessVerdict::kBadLine);
  ASSERT_TRUE(stops.bad_line.has_value());
  EXPECT_TRUE(stops.main_line.empty());
  const SoundnessReport quiet = checked(test::kTanuki3, "2d2e");  // not a check
  ASSERT_TRUE(quiet.bad_line.has_value());
  EXPECT_EQ(quiet.bad_line->ply, 1);
  EXPECT_EQ(to_usi(quiet.bad_line->move), "2d2e");
  EXPECT_NE(quiet.bad_line->reason.find("does not give check"), std::string::npos) << quiet.bad_line->reason;
}

TEST(Soundness, TheRecordedLineIsChecked) {
  // tsumi's own line given as the recorded one: the same findings.
  const SoundnessReport own = checked(test::kTanuki3);
  const SoundnessReport rec = checked(test::kTanuki3, "1d2c 1b1a 2c2b");
  EXPECT_TRUE(rec.recorded);
  EXPECT_EQ(rec.verdict, own.verdict);
  EXPECT_EQ(rec.cooks.size(), own.cooks.size());
  EXPECT_EQ(rec.defences.size(), own.defences.size());
}

}  // namespace
}  // namespace tsumi
