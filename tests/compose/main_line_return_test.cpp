// Tests of compose/main_line_return.h: a return forced within a few plies, the cheap reachability test,
// and returns along shortest mates, alone and inside whole checks.

#include "compose/main_line_return.h"

#include <unordered_set>

#include <gtest/gtest.h>

#include "tests/compose/check_fixture.h"

namespace tsumi {
namespace {

TEST(MainLineReturn, TheMainLinesPositionsAreItsTargets) {
  const MateProblem p = test::check_problem(test::kTanuki3);
  const std::vector<Move> line = test::line_of(p, "1d2c 1b1a 2c2b");
  const MainLinePositions positions(p.setup, line);
  ASSERT_EQ(positions.keys.size(), 4u);
  ASSERT_EQ(positions.shots.size(), 4u);
  const test::PlayedPosition after_two(p, {line[0], line[1]});
  EXPECT_EQ(positions.keys[2], after_two.pos.key());
}

// A return forced within the plies: the position itself is a target (0 plies); after 1d2c the king's
// every evasion leads onto a target one ply later when both squares it can reach are targets.
TEST(MainLineReturn, AReturnForcedWithinThePlies) {
  const MateProblem p = test::check_problem(test::kTanuki3);
  test::PlayedPosition after(p, test::line_of(p, "1d2c"));
  EXPECT_TRUE(forces_return(after.pos, BLACK, {after.pos.key()}, 0));
  std::unordered_set<Key> targets;
  for (const char* evasion : {"1b1a", "1b2a"}) {
    test::PlayedPosition there(p, test::line_of(p, std::string("1d2c ") + evasion));
    targets.insert(there.pos.key());
  }
  EXPECT_TRUE(forces_return(after.pos, BLACK, targets, 1));
  targets.erase(targets.begin());  // one evasion now goes elsewhere
  EXPECT_FALSE(forces_return(after.pos, BLACK, targets, 1));
  EXPECT_FALSE(forces_return(after.pos, BLACK, {}, 3));  // nothing to come back to
}

// Reachable: two squares and one hand piece a ply. The target, the position after 1d2c, mates in 2; the
// problem's position differs from it in two squares, so it needs a ply to spare: 3 plies of mate left.
TEST(MainLineReturn, ReachableCountsSquaresAndHandPiecesAPly) {
  const MateProblem p = test::check_problem(test::kTanuki3);
  const test::PlayedPosition start(p, {});
  const test::PlayedPosition after(p, test::line_of(p, "1d2c"));
  ReturnTargets to;
  const PositionSetup target = after.pos.setup();
  to.at.push_back({2, &target});
  EXPECT_FALSE(reachable(start.pos, 2, to));  // no ply left to play 1d2c
  EXPECT_TRUE(reachable(start.pos, 3, to));
  // Two plies further (the king to 1a, the rook to 1d): four squares from the target, one ply allowed.
  const test::PlayedPosition far(p, test::line_of(p, "1d2c 1b1a 2d1d"));
  EXPECT_FALSE(reachable(far.pos, 3, to));
  EXPECT_TRUE(reachable(far.pos, 4, to));
}

// 寿 (positions/tsume-famous.txt, id kotobuki) from its ply 581, with its recorded 31 plies to the end.
// ▲４一龍 (4b4a) instead of the main line's first move mates in 31 too, and its shortest mate stands on
// the main line's position after ply 6 at its own ply 7: a return along the line, past kReturnPlies,
// so a detour. ▲５一龍 (4b5a) mates as long without coming back: a cook.
TEST(MainLineReturn, ALineThatComesBackOntoTheMainLineLaterIsADetour) {
  SoundnessLimits limits;
  limits.branch.nodes = 2000000;
  const SoundnessReport r =
      test::checked("g6k1/3lP+R3/N1+N3ppp/s2B4P/3b2Pl1/1l7/S7S/1P2gS3/1g+p2P3 b 2Nrgl9p 581",
                    "4b3a 2a1b N*2d 2c2d 1d1c+ 1b1c 3a1a 1c2c N*1e 2c3b 1a3a 3b4c 3a4b 4c5d 4b5c 5d4e "
                    "5c5e 4e3f 5e4f 3f2g 4f3g 2g1h P*1i 1h1i 1g2h 1i1h 3g1g 1h2i 1g1i 2i3h 1i3i",
                    limits);
  ASSERT_FALSE(r.bad_line);
  EXPECT_EQ(r.length, 31);
  EXPECT_EQ(test::cook_kind(r, 1, "4b4a"), CookKind::kDetour);
  EXPECT_EQ(test::cook_kind(r, 1, "4b5a"), CookKind::kCook);
}

// A random problem of the minimax oracle's test (seed 20261125), mate in 7: at ply 3, 5c4c mates in 7
// too, and its own line ends off the main line, but the attacker can choose another shortest route that
// comes back onto it against every longest defence: a detour (it was a cook while only the line's own
// moves were followed). 4d3c instead mates in 11 and never comes back: a cook.
TEST(MainLineReturn, AnotherShortestRouteBackIsADetourToo) {
  SoundnessLimits limits;
  limits.branch.nodes = 300000;
  const SoundnessReport r = test::checked("5+B2r/6s2/4+N2k1/5S2R/4S4/7+s1/9/9/9 b B4g3n4l18p 1",
                                          "4a3b 2c3b S*3c 3b2a B*3b 2a3a 5c4b", limits);
  ASSERT_FALSE(r.bad_line);
  EXPECT_EQ(test::cook_kind(r, 3, "5c4c"), CookKind::kDetour);
  EXPECT_EQ(test::cook_kind(r, 3, "4d3c"), CookKind::kCook);
}

}  // namespace
}  // namespace tsumi
