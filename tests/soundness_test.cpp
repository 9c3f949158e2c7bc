#include "solver/soundness.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

// tanuki3-1 of positions/tsume-public.txt: mate in 3 (1d2c 1b1a 2c2b) with 変同 at ply 2 (1b2a is mated as
// fast) and a cook at ply 3 (2d1d mates in 5 more).
constexpr const char* kTanuki3 = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
// The same with a pawn more in the attacker's hand: the pawn is left over (駒余り).
constexpr const char* kTanuki3Pawn = "9/8k/9/7RG/9/9/9/9/9 b Pr2b3g4s4n4l17p 1";
// tanuki5-17: sound; its last move L*1b has seven twins (the lance dropped further down the file mates as
// books count it: every interposition is futile), each a last-move cook.
constexpr const char* kLastMove = "6G1k/6l2/5S3/7N1/9/9/9/9/9 b 2r2b3g3s3n3l18p 1";
// No mate: a lone gold far from the king.
constexpr const char* kNoMate = "8k/9/9/9/9/9/9/9/G8 b 2r2b3g4s4n4l18p 1";

MateProblem soundness_problem(const char* sfen) {
  const auto s = parse_sfen(sfen);
  EXPECT_TRUE(s.ok()) << sfen;
  const auto p = make_mate_problem(*s);
  EXPECT_TRUE(p.ok()) << sfen;
  return *p;
}

std::vector<Move> moves_of(const MateProblem& problem, const std::string& usi) {
  std::vector<Move> out;
  std::vector<StateInfo> states(64);
  Position pos;
  pos.set(problem.setup, &states[0]);
  std::istringstream words(usi);
  for (std::string w; words >> w;) {
    const auto m = parse_usi_move(pos, w);
    EXPECT_TRUE(m.ok()) << w;
    out.push_back(*m);
    pos.do_move(*m, states[out.size()]);
  }
  return out;
}

SoundnessReport checked(const char* sfen, const std::string& line = "", SoundnessLimits limits = {}) {
  static MateSolver solver(16);
  solver.clear();
  const MateProblem p = soundness_problem(sfen);
  const std::vector<Move> recorded = moves_of(p, line);
  return check_soundness(solver, p, recorded, limits);
}

// The kind of the cook `usi` at `ply`, if the report has one.
std::optional<CookKind> cook_kind(const SoundnessReport& r, int ply, const std::string& usi) {
  for (const Cook& c : r.cooks)
    if (c.ply == ply && to_usi(c.move) == usi) return c.kind;
  return std::nullopt;
}

TEST(Soundness, CookAndEqualDefence) {
  const SoundnessReport r = checked(kTanuki3);
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

TEST(Soundness, LeftoverPieces) {
  const SoundnessReport r = checked(kTanuki3Pawn);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  EXPECT_EQ(r.leftover.count(PAWN), 1);
}

TEST(Soundness, LastMoveCooksLeaveItSound) {
  const SoundnessReport r = checked(kLastMove);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kSound);
  EXPECT_EQ(r.length, 5);
  ASSERT_EQ(r.cooks.size(), 7u);
  for (const Cook& c : r.cooks) {
    EXPECT_EQ(c.kind, CookKind::kLastMove);
    EXPECT_EQ(c.ply, 5);
    EXPECT_EQ(c.mate_length, 1);
  }
}

// kongou-2 (11 plies, 9 as books count): its last two plies are a futile lance drop and its capture. The
// book's line ends with ▲３二馬 (ply 9); ▲４一馬 there mates at once as books count too, a last-move cook,
// not a short mate, and the lance taken at ply 11 is no leftover: sound.
TEST(Soundness, AFutileDropAtTheEndNeitherShortensNorLeavesPieces) {
  SoundnessLimits limits;
  limits.branch.nodes = 1000000;
  const std::string sfen = test::public_sfen("kongou-2");
  const SoundnessReport r = checked(sfen.c_str(), "", limits);
  EXPECT_EQ(r.length, 11);
  EXPECT_EQ(r.futile_length, 9);
  EXPECT_TRUE(r.leftover.empty());
  bool at_ply_9 = false;
  for (const Cook& c : r.cooks) {
    EXPECT_EQ(c.kind, CookKind::kLastMove) << c.ply << " " << to_usi(c.move);
    at_ply_9 = at_ply_9 || (c.ply == 9 && to_usi(c.move) == "4b4a");
  }
  EXPECT_TRUE(at_ply_9);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kSound);
}

// 寿 (positions/tsume-famous.txt, id kotobuki) from its ply 581, with its recorded 31 plies to the end.
// ▲４一龍 (4b4a) instead of the main line's first move mates in 31 too, and its shortest mate stands on
// the main line's position after ply 6 at its own ply 7: a return along the line, past kReturnPlies,
// so a detour. ▲５一龍 (4b5a) mates as long without coming back: a cook.
TEST(Soundness, ALineThatComesBackOntoTheMainLineLaterIsADetour) {
  SoundnessLimits limits;
  limits.branch.nodes = 2000000;
  const SoundnessReport r = checked("g6k1/3lP+R3/N1+N3ppp/s2B4P/3b2Pl1/1l7/S7S/1P2gS3/1g+p2P3 b 2Nrgl9p 581",
                                    "4b3a 2a1b N*2d 2c2d 1d1c+ 1b1c 3a1a 1c2c N*1e 2c3b 1a3a 3b4c 3a4b 4c5d 4b5c 5d4e "
                                    "5c5e 4e3f 5e4f 3f2g 4f3g 2g1h P*1i 1h1i 1g2h 1i1h 3g1g 1h2i 1g1i 2i3h 1i3i",
                                    limits);
  ASSERT_FALSE(r.bad_line);
  EXPECT_EQ(r.length, 31);
  EXPECT_EQ(cook_kind(r, 1, "4b4a"), CookKind::kDetour);
  EXPECT_EQ(cook_kind(r, 1, "4b5a"), CookKind::kCook);
}

// A random problem of the minimax oracle's test (seed 20261125), mate in 7: at ply 3, 5c4c mates in 7
// too, and its own line ends off the main line, but the attacker can choose another shortest route that
// comes back onto it against every longest defence: a detour (it was a cook while only the line's own
// moves were followed). 4d3c instead mates in 11 and never comes back: a cook.
TEST(Soundness, AnotherShortestRouteBackIsADetourToo) {
  SoundnessLimits limits;
  limits.branch.nodes = 300000;
  const SoundnessReport r =
      checked("5+B2r/6s2/4+N2k1/5S2R/4S4/7+s1/9/9/9 b B4g3n4l18p 1", "4a3b 2c3b S*3c 3b2a B*3b 2a3a 5c4b", limits);
  ASSERT_FALSE(r.bad_line);
  EXPECT_EQ(cook_kind(r, 3, "5c4c"), CookKind::kDetour);
  EXPECT_EQ(cook_kind(r, 3, "4d3c"), CookKind::kCook);
}

// --depth-of-variations 1 on tanuki3: the variation of the equal defence 1b2a (1d2c 1b2a 2c2b) has its
// own second mate at its ply 3, 2c3c (mate in 5): reported with the path to it, and the verdict and the
// main line's findings are those of depth 0.
TEST(Soundness, FindingsInsideVariationsCarryTheirPathAndLeaveTheVerdict) {
  const SoundnessReport plain = checked(kTanuki3);
  SoundnessLimits limits;
  limits.variation_depth = 1;
  const SoundnessReport deep = checked(kTanuki3, "", limits);
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
}

// A random problem of the minimax oracle's test (seed 20261203), mate in 1 (G*8b): after S*9b the defender
// is mated in 4 more (8a7b 9b8c 7b6c G*7d), which the search without a length bound misses within
// 50,000 nodes (long lines of one-reply checks beside it); the probes within 5, 9, ... plies find it.
TEST(Soundness, AShortMateTheUnboundedSearchMissesIsFoundByAProbe) {
  SoundnessLimits limits;
  limits.branch.nodes = 50000;
  const SoundnessReport r = checked("1k2+P4/3+bG4/+P8/4g4/9/9/9/9/9 b RGSNPrbg3s3n4l15p 1", "G*8b", limits);
  ASSERT_FALSE(r.bad_line);
  std::optional<Cook> silver;
  for (const Cook& c : r.cooks)
    if (c.ply == 1 && to_usi(c.move) == "S*9b") silver = c;
  ASSERT_TRUE(silver.has_value());
  EXPECT_EQ(silver->mate_length, 5);
  EXPECT_TRUE(silver->length_proven);
  EXPECT_EQ(silver->kind, CookKind::kCook);
  for (const UnknownBranch& u : r.unknown) EXPECT_NE(to_usi(u.move), "S*9b");
}

// The problem's own solve has the same blind spot (seed 20261226, mate in 7): 50,000 nodes of the
// unbounded search find no mate, the probe within 9 plies proves the shortest. The total limit then
// leaves most branches unknown; the main line is what is checked here.
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

// The minimax oracle's seed 20261230, mate in 3 (7d7a+ 8b9b R*8b): at ply 3 R*1b checks along the
// second rank and every drop between is futile, V(2b) and V(3b) through a chain of futile drops
// (futility_judge_test): a last-move mate as books count, like R*2b to R*7b. The judge's budget alone
// left it a cook mating in 7.
TEST(Soundness, AFarDropWhoseInterpositionsAreAChainOfFutileDropsIsALastMoveCook) {
  SoundnessLimits limits;
  limits.branch.nodes = 300000;
  const SoundnessReport r = checked("9/1k7/9/1+BR+N5/2L6/9/9/9/9 b R2Nb4g4sn3l18p 1", "7d7a+ 8b9b R*8b", limits);
  ASSERT_FALSE(r.bad_line);
  for (const char* m : {"R*1b", "R*2b", "R*5b", "R*9i"}) EXPECT_EQ(cook_kind(r, 3, m), CookKind::kLastMove) << m;
  for (const UnknownBranch& u : r.unknown) EXPECT_NE(u.reason, "futility not settled") << u.ply << to_usi(u.move);
}

TEST(Soundness, NoMate) {
  const SoundnessReport r = checked(kNoMate);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kNoMate);
  EXPECT_TRUE(r.main_line.empty());
}

TEST(Soundness, RecordedLineLongerThanTheShortest) {
  // The cook as the recorded line: at its ply 3, 2c2b mates at once (早詰).
  const SoundnessReport r = checked(kTanuki3, "1d2c 1b1a 2d1d 1a2a 1d1b+ 2a3a 2c3b");
  EXPECT_TRUE(r.recorded);
  EXPECT_EQ(r.length, 7);
  EXPECT_EQ(r.verdict, SoundnessVerdict::kFlawed);
  bool short_at_3 = false;
  for (const Cook& c : r.cooks) short_at_3 |= c.ply == 3 && c.kind == CookKind::kShort && to_usi(c.move) == "2c2b";
  EXPECT_TRUE(short_at_3);
}

TEST(Soundness, BadRecordedLines) {
  const SoundnessReport stops = checked(kTanuki3, "1d2c 1b1a");  // ends with the defender to move, not mated
  EXPECT_EQ(stops.verdict, SoundnessVerdict::kBadLine);
  ASSERT_TRUE(stops.bad_line.has_value());
  EXPECT_TRUE(stops.main_line.empty());
  const SoundnessReport quiet = checked(kTanuki3, "2d2e");  // not a check
  ASSERT_TRUE(quiet.bad_line.has_value());
  EXPECT_EQ(quiet.bad_line->ply, 1);
  EXPECT_NE(quiet.bad_line->reason.find("does not give check"), std::string::npos) << quiet.bad_line->reason;
}

TEST(Soundness, TheRecordedLineIsChecked) {
  // tsumi's own line given as the recorded one: the same findings.
  const SoundnessReport own = checked(kTanuki3);
  const SoundnessReport rec = checked(kTanuki3, "1d2c 1b1a 2c2b");
  EXPECT_TRUE(rec.recorded);
  EXPECT_EQ(rec.verdict, own.verdict);
  EXPECT_EQ(rec.cooks.size(), own.cooks.size());
  EXPECT_EQ(rec.defences.size(), own.defences.size());
}

TEST(Soundness, LimitsMakeBranchesUnknown) {
  SoundnessLimits limits;
  limits.total_nodes = 1;  // the problem's solve passes it: every branch after is unknown
  const SoundnessReport r = checked(kLastMove, "", limits);
  EXPECT_FALSE(r.unknown.empty());
  for (const UnknownBranch& u : r.unknown) EXPECT_EQ(u.reason, "total nodes");
  // Last-move cooks need no solve; the other branches do, and none may be called sound.
  EXPECT_EQ(r.verdict, SoundnessVerdict::kUnknown);
  std::atomic<bool> stop{true};
  SoundnessLimits stopped;
  stopped.stop = &stop;
  const SoundnessReport s = checked(kTanuki3, "", stopped);
  EXPECT_EQ(s.verdict, SoundnessVerdict::kUnknown);
  for (const UnknownBranch& u : s.unknown) EXPECT_EQ(u.reason, "stopped");
}

TEST(Soundness, Words) {
  EXPECT_STREQ(to_string(SoundnessVerdict::kBadLine), "bad-line");
  EXPECT_STREQ(to_string(CookKind::kLastMove), "last-move");
  EXPECT_STREQ(to_string(CookKind::kTransposition), "transposition");
  EXPECT_STREQ(to_string(DefenceKind::kEqualLeftover), "equal-leftover");
}

}  // namespace
}  // namespace tsumi
