// Tests of compose/soundness.h: a whole check, from the problem's own solve and its main line (tsumi's
// or a recorded one) to the report. The pieces it hands each branch to have tests of their own.

#include "compose/soundness.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/usi.h"
#include "tests/compose/check_fixture.h"
#include "tests/support/test_data.h"

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

// tanuki9-5 checked with its book's line (5 plies, nothing left): at ply 4 the far drop P*3b, which the
// dragon takes, holds out two plies longer and leaves the pawn in hand: 2手変長駒余り, a minor finding
// (the composers' order, solver/book_line.h, takes the line that leaves nothing).
TEST(Soundness, ADefenceTwoPliesLongerThatLeavesAPieceIsMinor) {
  const SoundnessReport r = checked("5RG1k/6G2/9/9/9/7N1/9/9/9 b r2b2g4s3n4l18p 1", "3b2a 1a1b 4a4b+ 1b1c 4b2b");
  EXPECT_TRUE(r.recorded);
  EXPECT_FALSE(r.bad_line);
  bool found = false;
  for (const Defence& d : r.defences) {
    if (d.ply != 4 || to_usi(d.move) != "P*3b") continue;
    found = true;
    EXPECT_EQ(d.kind, DefenceKind::kLongerLeftover);
    EXPECT_EQ(d.mate_length, 4);  // against the line's rest of 2
    EXPECT_FALSE(d.leftover.empty());
  }
  EXPECT_TRUE(found);
  for (const Defence& d : r.defences) EXPECT_NE(d.kind, DefenceKind::kLonger) << to_usi(d.move);
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

// The findings, each as "ply move kind length" (cooks) or "ply move kind length" (defences), and the
// unknown branches' plies and moves: what two checks of one problem must agree on.
std::vector<std::string> findings_of(const SoundnessReport& r) {
  std::vector<std::string> out;
  for (const Cook& c : r.cooks)
    out.push_back("cook " + std::to_string(c.ply) + " " + to_usi(c.move) + " " + to_string(c.kind) + " " +
                  std::to_string(c.mate_length));
  for (const Defence& d : r.defences)
    out.push_back("defence " + std::to_string(d.ply) + " " + to_usi(d.move) + " " + to_string(d.kind) + " " +
                  std::to_string(d.mate_length));
  for (const UnknownBranch& u : r.unknown) out.push_back("unknown " + std::to_string(u.ply) + " " + u.reason);
  return out;
}

// The first pass (soundness.h) changes when a branch is settled, not what it finds: with a cap of one
// node every search without a length bound that the solver's node check sees (every 1,024 nodes) is
// left for the second pass, with none every branch is searched to its end in turn, and the findings come
// out the same, in ply order. yo-mate5-1 (flawed: three cooks, two equal defences) has such searches.
TEST(Soundness, TheFirstPassChangesTheOrderNotTheFindings) {
  const MateSuiteEntry* yo = test::tsume_entry("yo-mate5-1");
  ASSERT_NE(yo, nullptr);
  for (const char* sfen : {yo->sfen.c_str(), test::kTanuki3, test::kLastMove, test::kTanuki3Pawn}) {
    SoundnessLimits one_pass, tiny_cap;
    one_pass.first_pass_nodes = 0;
    tiny_cap.first_pass_nodes = 1;
    const SoundnessReport a = checked(sfen, "", one_pass);
    const SoundnessReport b = checked(sfen, "", tiny_cap);
    const SoundnessReport c = checked(sfen);
    EXPECT_EQ(a.verdict, b.verdict) << sfen;
    EXPECT_EQ(a.verdict, c.verdict) << sfen;
    EXPECT_EQ(findings_of(a), findings_of(b)) << sfen;
    EXPECT_EQ(findings_of(a), findings_of(c)) << sfen;
    EXPECT_EQ(a.branches, b.branches) << sfen;
    if (sfen == yo->sfen.c_str()) {
      EXPECT_GT(b.solves, a.solves);  // the capped searches were begun again
    }
    for (std::size_t k = 1; k < b.cooks.size(); ++k) EXPECT_LE(b.cooks[k - 1].ply, b.cooks[k].ply) << sfen;
  }
}

// --first-flaw on tanuki3: the equal defence at ply 2 settles "flawed", and the cook at ply 3 is not
// looked for.
TEST(Soundness, FirstFlawStopsAtTheVerdict) {
  const SoundnessReport full = checked(test::kTanuki3);
  SoundnessLimits limits;
  limits.first_flaw = true;
  const SoundnessReport r = checked(test::kTanuki3, "", limits);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  EXPECT_TRUE(r.first_flaw);
  ASSERT_TRUE(r.settled_by.has_value());
  EXPECT_EQ(r.settled_by->finding, "equal");
  EXPECT_EQ(r.settled_by->ply, 2);
  EXPECT_EQ(to_usi(r.settled_by->move), "1b2a");
  EXPECT_GT(r.unexamined, 0);
  EXPECT_EQ(r.branches + r.unexamined, full.branches);
  EXPECT_TRUE(r.cooks.empty());
  EXPECT_LE(r.verdict_ms, r.time_ms);
  // Without it the same flaw settles the verdict as early, and the check goes on.
  ASSERT_TRUE(full.settled_by.has_value());
  EXPECT_EQ(full.settled_by->finding, "equal");
  EXPECT_FALSE(full.first_flaw);
  EXPECT_EQ(full.unexamined, 0);
}

// The pawn left over is a flaw found before any branch is solved.
TEST(Soundness, PiecesLeftSettleTheVerdictBeforeAnyBranch) {
  SoundnessLimits limits;
  limits.first_flaw = true;
  const SoundnessReport r = checked(test::kTanuki3Pawn, "", limits);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  ASSERT_TRUE(r.settled_by.has_value());
  EXPECT_EQ(r.settled_by->finding, "leftover");
  EXPECT_EQ(r.branches, 0);
  EXPECT_GT(r.unexamined, 0);
  EXPECT_EQ(r.solves, 0);  // the problem's own solve is not a branch's
}

// A recorded line's flaw (the short mate 2c2b at ply 3) settles the verdict only once every defence of
// the line is settled, since one that escaped mate would make the line bad: with --first-flaw the
// attacker's other branches after it are left out, the defences are not.
TEST(Soundness, ARecordedLinesFlawWaitsForItsDefences) {
  const char* line = "1d2c 1b1a 2d1d 1a2a 1d1b+ 2a3a 2c3b";
  const SoundnessReport full = checked(test::kTanuki3, line);
  SoundnessLimits limits;
  limits.first_flaw = true;
  const SoundnessReport r = checked(test::kTanuki3, line, limits);
  EXPECT_EQ(r.verdict, full.verdict);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  ASSERT_TRUE(r.settled_by.has_value());
  ASSERT_EQ(r.defences.size(), full.defences.size());
  for (std::size_t k = 0; k < r.defences.size(); ++k) {
    EXPECT_EQ(r.defences[k].move, full.defences[k].move);
    EXPECT_EQ(r.defences[k].mate_length, full.defences[k].mate_length);
  }
}

// Every solve is counted in one phase: the phases add up to the check.
TEST(Soundness, ThePhasesAddUpToTheCheck) {
  for (const char* sfen : {test::kTanuki3, test::kLastMove}) {
    const SoundnessReport r = checked(sfen);
    std::uint64_t nodes = 0;
    int solves = 0;
    for (const PhaseCost& p : r.phases) nodes += p.nodes, solves += p.solves;
    EXPECT_EQ(nodes, r.nodes) << sfen;
    EXPECT_EQ(solves, r.solves + 1) << sfen;  // the problem's own solve is in the phase "solve"
    EXPECT_EQ(r.phases[std::size_t(CheckPhase::kSolve)].solves, 1) << sfen;
    EXPECT_EQ(r.phases[std::size_t(CheckPhase::kSolve)].nodes, r.solve.nodes) << sfen;
  }
  // tanuki3's cook at ply 3 is in the cook lengths; its other checks that do not mate in the disproofs.
  const SoundnessReport r = checked(test::kTanuki3);
  EXPECT_GT(r.phases[std::size_t(CheckPhase::kCookLengths)].solves, 0);
  EXPECT_GT(r.phases[std::size_t(CheckPhase::kDisproofs)].solves, 0);
  EXPECT_GT(r.phases[std::size_t(CheckPhase::kDefences)].solves, 0);
}

// The budget that scales with the problem: budget_share times the solve's nodes, at least
// budget_min_nodes, where no total is given; past it the branches are unknown ("total nodes"), once
// each has had what it is owed (owed_nodes 0 here: nothing).
TEST(Soundness, TheBudgetScalesWithTheProblemsSolve) {
  SoundnessLimits limits;
  limits.budget_share = 1;
  limits.budget_min_nodes = 1;
  limits.owed_nodes = 0;
  const SoundnessReport tight = checked(test::kTanuki3, "", limits);
  EXPECT_EQ(tight.budget_nodes, tight.solve.nodes);
  EXPECT_TRUE(std::any_of(tight.unknown.begin(), tight.unknown.end(),
                          [](const UnknownBranch& u) { return u.reason == "total nodes"; }));
  for (const UnknownBranch& u : tight.unknown)  // the total cut them all, mid-solve or before one
    EXPECT_EQ(u.reason, "total nodes") << u.ply;
  limits.budget_min_nodes = 1000000;
  const SoundnessReport roomy = checked(test::kTanuki3, "", limits);
  EXPECT_EQ(roomy.budget_nodes, 1000000u);
  EXPECT_TRUE(roomy.unknown.empty());
  EXPECT_EQ(findings_of(roomy), findings_of(checked(test::kTanuki3)));
  limits.total_nodes = 5000;  // a total given: that one, not the budget
  EXPECT_EQ(checked(test::kTanuki3, "", limits).budget_nodes, 5000u);
  EXPECT_EQ(checked(test::kTanuki3).budget_nodes, 0u);  // none asked for
}

// What every branch is owed (owed_nodes, 100,000 by default): the passes capped at that much run
// whatever the scaled budget has left, so a budget of one node leaves no branch unknown that those
// passes settle (every branch of these problems), and the findings are those of a check without a
// budget. A total the caller gives still cuts them.
TEST(Soundness, EveryBranchGetsWhatItIsOwedBeforeTheBudgetCuts) {
  SoundnessLimits starved;
  starved.budget_share = 1;
  starved.budget_min_nodes = 1;
  const MateSuiteEntry* yo = test::tsume_entry("yo-mate5-1");
  ASSERT_NE(yo, nullptr);
  for (const char* sfen : {yo->sfen.c_str(), test::kTanuki3, test::kLastMove}) {
    const SoundnessReport r = checked(sfen, "", starved);
    EXPECT_EQ(r.budget_nodes, r.solve.nodes) << sfen;
    EXPECT_TRUE(r.unknown.empty()) << sfen;
    EXPECT_EQ(findings_of(r), findings_of(checked(sfen))) << sfen;
    EXPECT_EQ(r.verdict, checked(sfen).verdict) << sfen;
  }
  SoundnessLimits given;
  given.total_nodes = 1;
  const SoundnessReport cut = checked(test::kTanuki3, "", given);
  EXPECT_FALSE(cut.unknown.empty());
  for (const UnknownBranch& u : cut.unknown) EXPECT_EQ(u.reason, "total nodes") << u.ply;
}

}  // namespace
}  // namespace tsumi
