// Tests of compose/check_observer.h: what a check tells as it goes, against the report it ends with.

#include "compose/check_observer.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/usi.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

// Everything told, in order, as "event ply move".
struct Recorder : CheckObserver {
  void main_line(const SoundnessReport& r, int n) override {
    events.push_back("main_line " + std::to_string(r.length));
    branches = n;
  }
  void cook(const SoundnessReport&, const Cook& c) override {
    events.push_back("cook " + std::to_string(c.ply) + " " + to_usi(c.move));
  }
  void defence(const SoundnessReport&, const Defence& d) override {
    events.push_back("defence " + std::to_string(d.ply) + " " + to_usi(d.move));
  }
  void unknown(const SoundnessReport&, const UnknownBranch& u) override {
    events.push_back("unknown " + std::to_string(u.ply) + " " + u.reason);
  }
  void leftover(const SoundnessReport&) override { events.push_back("leftover"); }
  void verdict(const SoundnessReport& r) override {
    events.push_back(std::string("verdict ") + to_string(r.verdict));
    ++verdicts;
  }
  void progress(const CheckProgress& p) override { last = p; }
  std::vector<std::string> events;
  int branches = -1, verdicts = 0;
  CheckProgress last;
};

SoundnessReport observed(const char* sfen, Recorder& rec, SoundnessLimits limits = {}) {
  MateSolver solver(16);
  const MateProblem p = test::check_problem(sfen);
  return check_soundness(solver, p, {}, limits, &rec);
}

// tanuki3: the main line, then the equal defence at ply 2, which settles the verdict at once, then the
// cook at ply 3; every finding of the report told once, the verdict once; the progress ends at all
// branches done.
TEST(CheckObserver, FindingsAsTheyAreSettledAndTheVerdictAtTheFirstFlaw) {
  Recorder rec;
  const SoundnessReport r = observed(test::kTanuki3, rec);
  const std::vector<std::string> expected = {"main_line 3", "defence 2 1b2a", "verdict flawed", "cook 3 2d1d"};
  EXPECT_EQ(rec.events, expected);
  EXPECT_EQ(rec.verdicts, 1);
  EXPECT_EQ(rec.branches, r.branches);
  EXPECT_EQ(rec.last.done, rec.last.total);
  EXPECT_EQ(rec.last.total, r.branches);
  EXPECT_TRUE(rec.last.verdict_known);
  EXPECT_EQ(rec.last.verdict, SoundnessVerdict::kFlawed);
}

// A sound problem's verdict is known at the end only, after every finding.
TEST(CheckObserver, ASoundVerdictComesLast) {
  Recorder rec;
  const SoundnessReport r = observed(test::kLastMove, rec);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kSound);
  ASSERT_FALSE(rec.events.empty());
  EXPECT_EQ(rec.events.back(), "verdict sound");
  EXPECT_EQ(rec.verdicts, 1);
  EXPECT_FALSE(r.settled_by.has_value());
  EXPECT_EQ(r.verdict_ms, r.time_ms);
  int cooks = 0;
  for (const std::string& e : rec.events) cooks += e.starts_with("cook ");
  EXPECT_EQ(cooks, int(r.cooks.size()));
  EXPECT_FALSE(rec.last.verdict_known);
}

// The pieces left come before any branch, and with --first-flaw nothing after them but the verdict.
TEST(CheckObserver, PiecesLeftFirst) {
  Recorder rec;
  SoundnessLimits limits;
  limits.first_flaw = true;
  observed(test::kTanuki3Pawn, rec, limits);
  const std::vector<std::string> expected = {"main_line 3", "leftover", "verdict flawed"};
  EXPECT_EQ(rec.events, expected);
}

// No main line: the verdict alone.
TEST(CheckObserver, NoMateTellsTheVerdictOnly) {
  Recorder rec;
  observed(test::kNoMate, rec);
  const std::vector<std::string> expected = {"verdict nomate"};
  EXPECT_EQ(rec.events, expected);
  EXPECT_EQ(rec.branches, -1);
}

}  // namespace
}  // namespace tsumi
