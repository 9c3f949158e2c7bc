// Tests of compose/soundness_report.h: the names every front prints, and what a report holds before a
// check fills it.

#include "compose/soundness_report.h"

#include <string_view>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(SoundnessReport, TheNamesOfTheVerdictsAndKinds) {
  EXPECT_STREQ(to_string(SoundnessVerdict::kSound), "sound");
  EXPECT_STREQ(to_string(SoundnessVerdict::kFlawed), "flawed");
  EXPECT_STREQ(to_string(SoundnessVerdict::kNoMate), "nomate");
  EXPECT_STREQ(to_string(SoundnessVerdict::kBadLine), "bad-line");
  EXPECT_STREQ(to_string(SoundnessVerdict::kUnknown), "unknown");
  EXPECT_STREQ(to_string(CookKind::kCook), "cook");
  EXPECT_STREQ(to_string(CookKind::kShort), "short");
  EXPECT_STREQ(to_string(CookKind::kLastMove), "last-move");
  EXPECT_STREQ(to_string(CookKind::kDetour), "detour");
  EXPECT_STREQ(to_string(CookKind::kTransposition), "transposition");
  EXPECT_STREQ(to_string(DefenceKind::kLonger), "longer");
  EXPECT_STREQ(to_string(DefenceKind::kEqual), "equal");
  EXPECT_STREQ(to_string(DefenceKind::kEqualLeftover), "equal-leftover");
  EXPECT_STREQ(to_string(DefenceKind::kLongerLeftover), "longer-leftover");
  static_assert(std::string_view(to_string(CookKind::kShort)) == "short");  // usable at compile time
}

TEST(SoundnessReport, AnEmptyReportIsUnknownWithNothingFound) {
  const SoundnessReport r;
  EXPECT_EQ(r.verdict, SoundnessVerdict::kUnknown);
  EXPECT_TRUE(r.main_line.empty() && r.cooks.empty() && r.defences.empty() && r.unknown.empty());
  EXPECT_FALSE(r.bad_line.has_value());
  const Cook c;
  EXPECT_TRUE(c.kind_settled && c.length_proven);
  EXPECT_TRUE(c.variation_path.empty());
}

}  // namespace
}  // namespace tsumi
