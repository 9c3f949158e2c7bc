// Tests of tests/support/minimax_oracle.h, the reference that soundness_oracle_test checks the solver's
// soundness checks against: its shortest mates against the published lengths of positions/, its
// futile-drop rule on the cases of solver/README.md, and its findings on small problems known by hand.

#include "tests/support/minimax_oracle.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "solver/futility_judge.h"
#include "solver/mate_solver.h"
#include "tests/support/test_data.h"

namespace tsumi::test {
namespace {

// A problem's position, owning its states.
struct ProblemPosition {
  explicit ProblemPosition(std::string_view sfen) {
    const auto p = tsume_problem(sfen);
    EXPECT_TRUE(p) << sfen;
    if (p) problem = *p;
    pos.set(problem.setup, &root);
  }
  MateProblem problem;
  StateInfo root;
  Position pos;
};

Move usi(const Position& pos, std::string_view text) {
  const auto m = parse_usi_move(pos, text);
  EXPECT_TRUE(m) << text;
  return m ? *m : Move::none();
}

// The problems of positions/tsume-public.txt with a proven length of 9 plies or less (every defence
// counted), each with `expected=` the shortest mate.
TEST(MinimaxOracle, ShortestMatesOfThePublicProblemsUpToNinePlies) {
  int checked = 0;
  for (const MateSuiteEntry& e : tsume_suite()) {
    if (!e.expected || *e.expected > 9 || e.book_length || !e.length_proven) continue;
    ProblemPosition p(e.sfen);
    EXPECT_EQ(shortest_mate(p.pos, p.problem.attacker, 9), *e.expected) << e.id << " " << e.sfen;
    ++checked;
  }
  EXPECT_GE(checked, 150);
}

TEST(MinimaxOracle, NoMateWithinABoundShorterThanTheMate) {
  const MateSuiteEntry* e = tsume_entry("tanuki3-1");
  ASSERT_NE(e, nullptr);
  ProblemPosition p(e->sfen);
  EXPECT_EQ(shortest_mate(p.pos, BLACK, 1), -1);
  EXPECT_EQ(shortest_mate(p.pos, BLACK, 2), -1);
  EXPECT_EQ(shortest_mate(p.pos, BLACK, 3), 3);
}

TEST(MinimaxOracle, TheDefenderToMoveHasEvenLengths) {
  // tanuki1-1: the dragon mates from 1c. After it the defender is mated (0); after a check that does
  // not mate at once, the length is even.
  ProblemPosition p("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
  MinimaxOracle oracle(BLACK);
  StateInfo st;
  const Move mate = usi(p.pos, "8c1c");
  p.pos.do_move(mate, st);
  EXPECT_EQ(oracle.shortest_mate(p.pos, 9), 0);
  p.pos.undo_move(mate);
  MoveList checks;
  generate<CHECKS>(p.pos, checks);
  for (Move m : checks) {
    p.pos.do_move(m, st);
    const int n = oracle.shortest_mate(p.pos, 8);
    p.pos.undo_move(m);
    if (n >= 0) {
      EXPECT_EQ(n % 2, 0) << to_usi(m);
    }
  }
}

TEST(MinimaxOracle, TheLeftoverOfAMateInOne) {
  // tanuki1-61: black holds a knight; the gold's or rook's mate leaves it, a knight drop would not.
  ProblemPosition p("6G1k/6R2/9/9/9/9/9/9/9 b Nr2b3g4s3n4l18p 1");
  MinimaxOracle oracle(BLACK);
  ASSERT_EQ(oracle.shortest_mate(p.pos, 1), 1);
  // Every mate in one: the range is what those leave.
  MoveList checks;
  generate<CHECKS>(p.pos, checks);
  bool any_empty = false, any_left = false;
  for (Move m : checks) {
    StateInfo st;
    p.pos.do_move(m, st);
    if (!has_legal_move(p.pos)) {
      (p.pos.hand(BLACK).empty() ? any_empty : any_left) = true;
    }
    p.pos.undo_move(m);
  }
  const LeftoverRange r = oracle.leftover(p.pos, 1);
  EXPECT_EQ(r.min, !any_empty);
  EXPECT_EQ(r.max, any_left);
}

// solver/futility_judge_test.cpp's boxed king: the lance on 1i checks the king on 1a, which cannot move;
// white can only drop between, and the lance takes every drop with mate.
constexpr char kBoxed[] = "8k/6S2/7G1/9/9/9/9/9/8L w 2r2b3g3s4n3l18p 1";

TEST(MinimaxOracle, EveryDropTheCheckerTakesWithMateIsFutile) {
  SfenPosition s(kBoxed);
  MinimaxOracle oracle(BLACK);
  ASSERT_TRUE(MinimaxOracle::drops_only(s.pos));
  MoveList evasions;
  generate<EVASIONS>(s.pos, evasions);
  for (Move d : evasions) EXPECT_TRUE(oracle.futile_drop(s.pos, d)) << to_usi(d);
  // As books count, mated now; counting every defence, each drop is a defence: a drop far away and its
  // capture leave the next drop, and the mate is beyond 9 plies.
  EXPECT_TRUE(oracle.book_mate_within(s.pos, 0));
  EXPECT_EQ(oracle.shortest_mate(s.pos, 9), -1);
  EXPECT_TRUE(oracle.mate_within(s.pos, 14));
}

TEST(MinimaxOracle, TheFutileDropProblemIsAMateInOneAsBooksCount) {
  // antma-tsume1_futile_drops-1: 3 plies counting every defence, 1 as books count (futility_judge_test).
  const MateSuiteEntry* e = tsume_entry("antma-tsume1_futile_drops-1");
  ASSERT_NE(e, nullptr);
  ProblemPosition p(e->sfen);
  MinimaxOracle oracle(p.problem.attacker);
  EXPECT_EQ(oracle.shortest_mate(p.pos, 9), 3);
  EXPECT_TRUE(oracle.book_mate_within(p.pos, 1));
}

TEST(MinimaxOracle, ADropTheKingTakesBackIsADefence) {
  SfenPosition s("8k/6S2/6S2/9/9/9/9/9/8L w 2r2b4g2s4n3l18p 1");
  MinimaxOracle oracle(BLACK);
  ASSERT_TRUE(MinimaxOracle::drops_only(s.pos));
  EXPECT_FALSE(oracle.futile_drop(s.pos, usi(s.pos, "P*1b")));
}

TEST(MinimaxOracle, WhereTheKingCanMoveTheDropsAreNotJudged) {
  SfenPosition s("8k/9/7G1/9/9/9/9/9/8L w 2r2b3g4s4n3l18p 1");
  EXPECT_FALSE(MinimaxOracle::drops_only(s.pos));
}

TEST(MinimaxOracle, ADropNextToTheKingTakenWithMateIsFutile) {
  // The rook on 9a checks along the first rank; a drop on 2a is taken by the rook or the gold with mate.
  SfenPosition s("R7k/6G2/8P/9/9/9/9/9/9 w r2b3g4s4n4l17p 1");
  MinimaxOracle oracle(BLACK);
  ASSERT_TRUE(MinimaxOracle::drops_only(s.pos));
  EXPECT_TRUE(oracle.futile_drop(s.pos, usi(s.pos, "G*2a")));
}

// A random problem of seed 20261141 after R*5c 4c4d R*4c 4d3d B*1f: the bishop checks the king on 3d
// from 1f, and white can only drop on 2e. V(2e), the bishop taking there, is mated in 24 plies, not at
// once: the drop is a defence, as tsumi's judge says too.
TEST(MinimaxOracle, ADropWhoseV_sIsMatedOnlyLaterIsADefence) {
  SfenPosition s("9/5B3/4RR3/6kS1/9/8B/9/9/9 w P4g3s4n4l17p 6");
  ASSERT_TRUE(MinimaxOracle::drops_only(s.pos));
  MinimaxOracle oracle(BLACK);
  EXPECT_FALSE(oracle.futile_drop(s.pos, usi(s.pos, "L*2e")));
  EXPECT_FALSE(oracle.book_mated_at_once(s.pos));
  FutilityJudge judge(BLACK);
  EXPECT_FALSE(judge.judge(s.pos, usi(s.pos, "L*2e").to()).futile);
}

TEST(MinimaxOracle, AForcedReturnCountsOnlyTheTargets) {
  SfenPosition s(kBoxed);
  MinimaxOracle oracle(BLACK);
  // After the drop on 1b and the lance taking it, the position is a target two plies away; the drop on
  // 1h instead leads elsewhere.
  const Move drop = usi(s.pos, "P*1b");
  StateInfo st1, st2;
  s.pos.do_move(drop, st1);
  const Move take = usi(s.pos, "1i1b+");
  s.pos.do_move(take, st2);
  const std::unordered_set<Key> targets{s.pos.key()};
  s.pos.undo_move(take);
  s.pos.undo_move(drop);
  EXPECT_FALSE(oracle.forced_return(s.pos, 2, targets));  // the defender picks another drop
  s.pos.do_move(drop, st1);
  EXPECT_TRUE(oracle.forced_return(s.pos, 1, targets));
  EXPECT_FALSE(oracle.forced_return(s.pos, 0, targets));
  s.pos.undo_move(drop);
}

// A line by tsume rules from the oracle itself: a shortest mate, the longest defence.
std::vector<Move> rules_line(MinimaxOracle& oracle, Position& pos, int length, std::vector<StateInfo>& states) {
  std::vector<Move> line;
  for (int left = length; left > 0; --left) {
    MoveList moves;
    if (pos.side_to_move() == oracle.attacker())
      generate<CHECKS>(pos, moves);
    else
      generate<EVASIONS>(pos, moves);
    Move chosen = Move::none();
    for (Move m : moves) {
      StateInfo st;
      pos.do_move(m, st);
      const bool exact = oracle.mate_within(pos, left - 1) && !oracle.mate_within(pos, left - 3);
      pos.undo_move(m);
      if (exact) {
        chosen = m;
        break;
      }
    }
    if (chosen.is_none()) break;
    line.push_back(chosen);
    pos.do_move(chosen, states[line.size()]);
  }
  return line;
}

TEST(MinimaxOracle, FindingsOnTheOraclesOwnLinesHaveNoShortCookNorLongerDefence) {
  for (const char* id : {"tanuki3-1", "tanuki3-30", "tanuki3-144", "tanuki3-201"}) {
    const MateSuiteEntry* e = tsume_entry(id);
    ASSERT_NE(e, nullptr) << id;
    ProblemPosition p(e->sfen);
    MinimaxOracle oracle(p.problem.attacker);
    std::vector<StateInfo> states(16);
    const std::vector<Move> line = rules_line(oracle, p.pos, *e->expected, states);
    ASSERT_EQ(int(line.size()), *e->expected) << id;
    const OracleFindings f = oracle_findings(p.problem, line, 9);
    EXPECT_TRUE(f.line_faults.empty()) << id;
    EXPECT_EQ(f.shortest, *e->expected) << id;
    for (const OracleCook& c : f.cooks) EXPECT_NE(c.kind, OracleCookKind::kShort) << id << " " << to_usi(c.move);
    for (const OracleDefence& d : f.defences)
      EXPECT_NE(d.kind_min, OracleDefenceKind::kLonger) << id << " " << to_usi(d.move);
  }
}

TEST(MinimaxOracle, ABrokenLineIsReported) {
  ProblemPosition p("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
  // 8c8b is a legal move and no check.
  const std::vector<Move> line{usi(p.pos, "8c8b")};
  const OracleFindings f = oracle_findings(p.problem, line, 9);
  ASSERT_FALSE(f.line_faults.empty());
  EXPECT_EQ(f.verdict_min, OracleVerdict::kBadLine);
}

TEST(MinimaxOracle, AMateInOneWithAnotherMateIsALastMoveFinding) {
  // tanuki1-1 mated by 8c1c; every other mate in one is a last-move cook, nothing else is a finding.
  ProblemPosition p("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
  const std::vector<Move> line{usi(p.pos, "8c1c")};
  const OracleFindings f = oracle_findings(p.problem, line, 9);
  EXPECT_TRUE(f.line_faults.empty());
  EXPECT_EQ(f.shortest, 1);
  for (const OracleCook& c : f.cooks) {
    if (c.mate_length == 1)
      EXPECT_EQ(c.kind, OracleCookKind::kLastMove) << to_usi(c.move);
    else
      EXPECT_EQ(c.kind, OracleCookKind::kCook) << to_usi(c.move);
  }
  EXPECT_TRUE(f.defences.empty());
}

TEST(MinimaxOracle, AMateAtOnceWhereTheMainLinesOwnMoveMatesAtOnceIsALastMoveFinding) {
  // kongou-2 from its ply 7: 3b3d+ P*2d 4b3b L*2c 3b2c. 4b3b mates at once as books count (the lance
  // drop is futile), so 4b4a, which mates at once as well, is a last-move cook, not a short mate.
  ProblemPosition p("7nl/5+BR2/8p/8k/8s/7Ps/9/9/9 b rb4g2s3n3l16p 7");
  std::vector<Move> line;
  {
    std::vector<StateInfo> states(6);
    Position walk;
    walk.set(p.problem.setup, &states[0]);
    for (const char* m : {"3b3d+", "P*2d", "4b3b", "L*2c", "3b2c"}) {
      line.push_back(usi(walk, m));
      walk.do_move(line.back(), states[line.size()]);
    }
  }
  const OracleFindings f = oracle_findings(p.problem, line, 9);
  EXPECT_TRUE(f.line_faults.empty());
  EXPECT_EQ(f.shortest, 5);
  bool found = false;
  for (const OracleCook& c : f.cooks) {
    if (c.ply == 3 && to_usi(c.move) == "4b4a") {
      found = true;
      EXPECT_EQ(c.mate_length, 1);
      EXPECT_EQ(c.kind, OracleCookKind::kLastMove);
    }
    if (c.mate_length == 1) {
      EXPECT_NE(c.kind, OracleCookKind::kShort) << c.ply << " " << to_usi(c.move);
    }
  }
  EXPECT_TRUE(found);
}

TEST(MinimaxOracle, ABranchPastTheBudgetIsUndeterminedAndLeavesTheTablesSound) {
  // tanuki3-1 with a budget of 1 node a branch: its own mate does not fit, so nothing is known; the
  // same oracle with no budget then finds the mate in 3 (nothing the cut searches stored misleads it).
  const MateSuiteEntry* e = tsume_entry("tanuki3-1");
  ASSERT_NE(e, nullptr);
  ProblemPosition p(e->sfen);
  MinimaxOracle oracle(p.problem.attacker);
  oracle.set_budget(1);
  EXPECT_EQ(oracle.shortest_mate(p.pos, 9), -1);
  EXPECT_TRUE(oracle.spent());
  oracle.set_budget(0);
  EXPECT_EQ(oracle.shortest_mate(p.pos, 9), 3);
  EXPECT_FALSE(oracle.spent());
  EXPECT_GT(oracle.nodes(), 1u);

  std::vector<StateInfo> states(16);
  const std::vector<Move> line = rules_line(oracle, p.pos, 3, states);
  const OracleFindings small = oracle_findings(p.problem, line, 9, 1);
  EXPECT_TRUE(small.undetermined_root);
  const OracleFindings some = oracle_findings(p.problem, line, 9, 2000);
  EXPECT_FALSE(some.undetermined_root);
  const OracleFindings all = oracle_findings(p.problem, line, 9);
  EXPECT_TRUE(all.undetermined.empty());
  // Each branch is either undetermined or found as without the budget.
  for (const OracleCook& c : some.cooks)
    EXPECT_TRUE(std::any_of(all.cooks.begin(), all.cooks.end(), [&](const OracleCook& x) {
      return x.ply == c.ply && x.move == c.move && x.mate_length == c.mate_length && x.kind == c.kind;
    })) << to_usi(c.move);
  EXPECT_EQ(some.cooks.size() + some.beyond.size() + some.undetermined.size(), all.cooks.size() + all.beyond.size());
  // A budget of 1 node for all the branches of the problem: past the first, nothing that needs a search
  // is known, and what is known is as without the budget.
  const OracleFindings spent = oracle_findings(p.problem, line, 9, 0, 1);
  EXPECT_FALSE(spent.undetermined_root);
  EXPECT_FALSE(spent.undetermined.empty());
  for (const OracleCook& c : spent.cooks)
    EXPECT_TRUE(std::any_of(all.cooks.begin(), all.cooks.end(), [&](const OracleCook& x) {
      return x.ply == c.ply && x.move == c.move && x.mate_length == c.mate_length && x.kind == c.kind;
    })) << to_usi(c.move);
  for (const OracleBranch& b : spent.beyond)
    EXPECT_TRUE(std::any_of(all.beyond.begin(), all.beyond.end(), [&](const OracleBranch& x) {
      return x.ply == b.ply && x.move == b.move;
    })) << to_usi(b.move);
}

}  // namespace
}  // namespace tsumi::test
