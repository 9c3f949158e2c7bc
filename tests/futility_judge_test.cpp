// Tests of solver/futility_judge.h: the futile interposition (muda-ai) and the cases that are not one,
// each on a small position where the answer is known by hand. In every position the white king on 1a
// is checked from afar (by the black lance on 1i, or a rook on 9a), and white holds every piece black
// does not have.

#include "solver/futility_judge.h"

#include <string_view>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "solver/book_judge.h"
#include "solver/mate_solver.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

struct JudgedNode {
  explicit JudgedNode(std::string_view sfen) {
    const auto setup = parse_sfen(sfen);
    EXPECT_TRUE(setup) << sfen;
    pos.set(*setup, &st);
  }
  StateInfo st;
  Position pos;
  MateTable table{std::size_t(4) << 20};
  BookJudge book{table, BLACK};  // the judge with a df-pn search of V(s)
  FutilityJudge& judge = book.judge();
};

// A BoundedSolver that searches nothing: it answers every V(s) with `answer` and counts the calls, so
// that the judge is tested apart from any search.
struct StandIn final : BoundedSolver {
  NodeResult solve_within(const PositionSetup&, std::uint64_t budget) override {
    ++calls;
    budgets += budget;
    return answer;
  }
  std::uint64_t nodes() const override { return budgets; }
  NodeResult answer{1, 1, 0, Hand(), Move::none(), kNoLoop};  // cut: neither proven nor disproven
  int calls = 0;
  std::uint64_t budgets = 0;
};

Square sq(std::string_view usi) { return Square((usi[0] - '1') * 9 + (usi[1] - 'a')); }

// The silver on 3b covers 2a and the gold on 2c covers 1b and 2b: the king cannot move, and white has
// nothing to move between. A drop on 1b is taken by the lance, which promotes, and it is mate; a drop
// farther away is taken by the lance, and the next drop on 1b is futile again.
constexpr char kBoxed[] = "8k/6S2/7G1/9/9/9/9/9/8L w 2r2b3g3s4n3l18p 1";

TEST(FutilityJudge, EveryDropTheCheckerTakesWithMateIsFutile) {
  JudgedNode n(kBoxed);
  ASSERT_TRUE(n.pos.in_check());
  for (const char* s : {"1b", "1c", "1e", "1h"}) {
    const FutilityVerdict v = n.judge.judge(n.pos, sq(s));
    EXPECT_TRUE(v.futile) << s;
    EXPECT_FALSE(v.unsettled) << s;
    EXPECT_TRUE(v.proof.empty()) << s;  // the lance and the pieces on the board mate
  }
  Hand proof;
  EXPECT_TRUE(n.judge.mated_by_futility(n.pos, proof));  // mate as books count
  EXPECT_TRUE(proof.empty());
}

TEST(FutilityJudge, ADropTheKingTakesBackIsADefence) {
  // Without the gold on 2c (a second silver on 3c covers 2b) nothing guards 1b: the lance that takes
  // there is taken by the king, and there is no mate.
  JudgedNode n("8k/6S2/6S2/9/9/9/9/9/8L w 2r2b4g2s4n3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  const FutilityVerdict v = n.judge.judge(n.pos, sq("1b"));
  EXPECT_FALSE(v.futile);
  EXPECT_FALSE(v.unsettled);
  Hand proof;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof));
}

TEST(FutilityJudge, WhereTheKingCanMoveEveryDropIsADefence) {
  // Without the silver on 3b the king can step to 2a.
  JudgedNode n("8k/9/7G1/9/9/9/9/9/8L w 2r2b3g4s4n3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  Hand proof;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof));
  EXPECT_EQ(n.judge.counters().judged, 0u);  // not even judged
}

TEST(FutilityJudge, WhereAPieceCanMoveBetweenEveryDropIsADefence) {
  // A white knight on 2b can jump to 1d, between the king and the lance: a defence of its own, and the
  // exchange it offers (the lance takes it, the knight's square is guarded) makes the drops defences too.
  JudgedNode n("8k/6Sn1/7G1/9/9/9/9/9/8L w 2r2b3g3s3n3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  Hand proof;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof));
}

TEST(FutilityJudge, ADropNextToTheKingTakenWithMateIsFutile) {
  // The rook on 9a checks along the first rank; the gold on 3b covers 2a and 2b, the pawn on 1c covers
  // 1b. A drop on 2a, next to the king, is taken by the rook (or the gold) with mate: futile.
  JudgedNode n("R7k/6G2/8P/9/9/9/9/9/9 w r2b3g4s4n4l17p 1");
  ASSERT_TRUE(n.pos.in_check());
  const FutilityVerdict v = n.judge.judge(n.pos, sq("2a"));
  EXPECT_TRUE(v.futile);
}

// The question the judge answers alone (search off) is open: nothing is known of V(s) yet. Asked for
// it, mated_by_futility says the no rests on unsettled verdicts; searching, it settles them all futile.
TEST(FutilityJudge, ANoThatRestsOnUnsettledVerdictsSaysSo) {
  JudgedNode n(kBoxed);
  Hand proof;
  bool unsettled = false;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof, false, &unsettled));
  EXPECT_TRUE(unsettled);
  EXPECT_TRUE(n.judge.mated_by_futility(n.pos, proof, true, &unsettled));
  EXPECT_FALSE(unsettled);
  // A square settled not futile is a settled no.
  JudgedNode taken("8k/6S2/6S2/9/9/9/9/9/8L w 2r2b4g2s4n3l18p 1");
  EXPECT_FALSE(taken.judge.mated_by_futility(taken.pos, proof, true, &unsettled));
  EXPECT_FALSE(unsettled);
}

// A chain of futile drops (seed 20261230 of the minimax oracle, after 7d7a+ 8b9b R*1b): the rook on 1b
// checks the king on 9b along the second rank, and every drop on 2b-8b is futile. V(2b), the rook on 2b,
// is itself such a check, its drops futile at once as books count; a search of V(2b) counting every
// defence spent more than the 4,096-node budget on the drops it must answer, and left 2b and 3b
// unsettled (defences): the checker called R*1b a cook, where books call it a last-move mate.
TEST(FutilityJudge, AChainOfFutileDropsIsJudgedAlongTheChain) {
  JudgedNode n("2+R6/k7R/9/1+B1+N5/2L6/9/9/9/9 w 2Nb4g4sn3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  for (const char* s : {"2b", "3b", "4b", "5b", "6b", "7b", "8b"}) {
    const FutilityVerdict v = n.judge.judge(n.pos, sq(s));
    EXPECT_TRUE(v.futile) << s;
    EXPECT_FALSE(v.unsettled) << s;
  }
  Hand proof;
  EXPECT_TRUE(n.judge.mated_by_futility(n.pos, proof));
  EXPECT_LT(n.judge.nodes(), FutilityJudge::kBudget);  // the chain, not a search of each V(s)
}

// What the judge does with its solver's answers, no search involved. A drop on 1b, next to the king,
// that the king takes back: V(1b) (the lance on 1b, promoted or not: two positions) is neither in the
// table nor mated at once by drops, so the judge asks the solver for each, within its budget.
TEST(FutilityJudge, AsksItsSolverForV_sWithinTheBudget) {
  StateInfo st;
  Position pos;
  pos.set(*parse_sfen("8k/6S2/6S2/9/9/9/9/9/8L w 2r2b4g2s4n3l18p 1"), &st);
  MateTable table{std::size_t(1) << 20};
  StandIn cut;
  FutilityJudge judge{table, BLACK, cut};
  FutilityVerdict v = judge.judge(pos, sq("1b"));
  EXPECT_FALSE(v.futile);
  EXPECT_TRUE(v.unsettled);  // the searches were cut: the drop stays a defence, its verdict open
  EXPECT_EQ(cut.calls, 2);
  EXPECT_EQ(judge.nodes(), 2 * FutilityJudge::kBudget);
  // A V(s) once cut is not searched again.
  v = judge.judge(pos, sq("1b"));
  EXPECT_TRUE(v.unsettled);
  EXPECT_EQ(cut.calls, 2);
  EXPECT_EQ(judge.counters().judged, 2u);
  EXPECT_EQ(judge.counters().searched, 2u);
  EXPECT_EQ(judge.counters().unsettled, 2u);

  // A solver that proves V(s): the drop is futile at the first V(1b) (the lance promoting), with the
  // proof hand the solver gave.
  StandIn proves;
  proves.answer = NodeResult{0, kInfPn, 1, Hand(), Move::none(), kNoLoop};
  proves.answer.hand.add(GOLD);
  FutilityJudge believer{table, BLACK, proves};
  v = believer.judge(pos, sq("1b"));
  EXPECT_TRUE(v.futile);
  EXPECT_FALSE(v.unsettled);
  EXPECT_EQ(v.proof.count(GOLD), 1);
  EXPECT_EQ(proves.calls, 1);

  // Disproven: a defence, settled. Without a search the question stays open and the solver is not asked.
  StandIn disproves;
  disproves.answer = NodeResult{kInfPn, 0, 1, Hand(), Move::none(), kNoLoop};
  FutilityJudge doubter{table, BLACK, disproves};
  v = doubter.judge(pos, sq("1b"), false);
  EXPECT_TRUE(v.unsettled);
  EXPECT_EQ(disproves.calls, 0);
  v = doubter.judge(pos, sq("1b"));
  EXPECT_FALSE(v.futile);
  EXPECT_FALSE(v.unsettled);
  EXPECT_EQ(disproves.calls, 2);
}

TEST(FutilityJudge, TheBookLengthOfAFutileDropProblem) {
  // antma-tsume1_futile_drops-1: mate in 3 counting the futile drop, 1 as books count, its line one move.
  const MateSuiteEntry* e = test::tsume_entry("antma-tsume1_futile_drops-1");
  ASSERT_NE(e, nullptr);
  const auto problem = test::tsume_problem(e->sfen);
  ASSERT_TRUE(problem);
  MateSolver solver(16);
  const MateResult r = solver.solve(*problem, MateLimits{});
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  EXPECT_EQ(r.length, 3);
  EXPECT_EQ(r.futile_length, 1);
  EXPECT_TRUE(r.futile_proven);
  ASSERT_EQ(r.futile_pv.size(), 1u);
  EXPECT_EQ(r.futile_pv[0], r.pv[0]);
  EXPECT_GE(r.futility.futile, 1u);
}

}  // namespace
}  // namespace tsumi
