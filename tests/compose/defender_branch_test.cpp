// Tests of compose/defender_branch.h: another defence at a defender ply, mated as long as the main line
// or longer (a finding), or sooner (none).

#include "compose/defender_branch.h"

#include <gtest/gtest.h>

#include "core/usi.h"
#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

// One defence of tanuki3 at ply 2 (after 1d2c), against the main line `line`.
struct DefenceCheck {
  explicit DefenceCheck(const std::string& line_text, bool recorded = false) {
    line = test::line_of(p, line_text);
    report.main_line = line;
    report.recorded = recorded;
  }
  SoundnessReport branch(const std::string& defence) {
    const std::vector<Move> moves = test::line_of(p, "1d2c " + defence);
    test::PlayedPosition after(p, moves);
    BranchSolves solves(solver, p, limits, report, Clock::now());
    defender_branch(solves, after.pos, 1, int(line.size()), moves[1]);
    return report;
  }
  MateSolver solver{16};
  MateProblem p = test::check_problem(test::kTanuki3);
  std::vector<Move> line;
  SoundnessLimits limits;
  SoundnessReport report;
};

// 1b2a against 1b1a: mated in 2 after it, as the main line's rest: an equal defence (変同), its line
// ending with the attacker's hand empty.
TEST(DefenderBranch, AsLongAsTheMainLineIsAnEqualDefence) {
  DefenceCheck c("1d2c 1b1a 2c2b");
  const SoundnessReport r = c.branch("1b2a");
  ASSERT_EQ(r.defences.size(), 1u);
  EXPECT_EQ(r.defences[0].ply, 2);
  EXPECT_EQ(r.defences[0].kind, DefenceKind::kEqual);
  EXPECT_EQ(r.defences[0].mate_length, 2);
  EXPECT_TRUE(r.defences[0].leftover.empty());
  EXPECT_EQ(to_usi(r.defences[0].line), "1b2a 2c2b");
  EXPECT_EQ(r.branches, 1);
}

// Against the 7-ply recorded line of the cook, 1b2a is mated sooner than the main line's rest: no finding.
TEST(DefenderBranch, ShorterIsNoFinding) {
  DefenceCheck c("1d2c 1b1a 2d1d 1a2a 1d1b+ 2a3a 2c3b", true);
  const SoundnessReport r = c.branch("1b2a");
  EXPECT_TRUE(r.defences.empty());
  EXPECT_TRUE(r.unknown.empty());
  EXPECT_EQ(r.branches, 1);
}

}  // namespace
}  // namespace tsumi
