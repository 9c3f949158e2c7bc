// Tests of solver/futility_judge.h: the futile interposition (muda-ai) and the cases that are not one,
// each on a small position where the answer is known by hand. In every position the white king on 1a
// is checked from afar (by a black lance on file 1, or a rook on 9a), and white holds every piece black
// does not have.

#include "solver/futility_judge.h"

#include <string_view>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "solver/dfpn_search.h"
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
  FutilityJudge judge{BLACK};
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
  Hand proof;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof));
}

TEST(FutilityJudge, WhereTheKingCanMoveItIsNotMatedByFutility) {
  // Without the silver on 3b the king can step to 2a.
  JudgedNode n("8k/9/7G1/9/9/9/9/9/8L w 2r2b3g4s4n3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  Hand proof;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof));
  EXPECT_EQ(n.judge.counters().judged, 0u);  // not even judged
}

TEST(FutilityJudge, WhereTheKingCanMoveOnlyTheSquareNextToItIsJudged) {
  // The same position: the king can step to 2a, so a far drop (1c) is a defence, not even judged. A drop
  // on 1b, next to the king, is judged all the same: the lance takes it, promotes and mates (the gold on
  // 2c guards it): futile, as shtsume's evasion generator judges that square.
  JudgedNode n("8k/9/7G1/9/9/9/9/9/8L w 2r2b3g4s4n3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  EXPECT_TRUE(FutilityJudge::judges(n.pos, sq("1b"), false));
  EXPECT_FALSE(FutilityJudge::judges(n.pos, sq("1c"), false));
  EXPECT_TRUE(FutilityJudge::judges(n.pos, sq("1c"), true));  // where drops are all it has
  EXPECT_TRUE(n.judge.judge(n.pos, sq("1b")).futile);
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

// A chain of futile drops (seed 20261230 of the minimax oracle, after 7d7a+ 8b9b R*1b): the rook on 1b
// checks the king on 9b along the second rank, and every drop on 2b-8b is futile. V(2b), the rook on 2b,
// is itself such a check, its drops futile at once as books count (an earlier judge, which searched
// V(2b) counting every defence within 4,096 nodes, spent them on the drops it must answer and left 2b
// and 3b defences: the checker called R*1b a cook, where books call it a last-move mate).
TEST(FutilityJudge, AChainOfFutileDropsIsJudgedAlongTheChain) {
  JudgedNode n("2+R6/k7R/9/1+B1+N5/2L6/9/9/9/9 w 2Nb4g4sn3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  for (const char* s : {"2b", "3b", "4b", "5b", "6b", "7b", "8b"}) {
    const FutilityVerdict v = n.judge.judge(n.pos, sq(s));
    EXPECT_TRUE(v.futile) << s;
  }
  Hand proof;
  EXPECT_TRUE(n.judge.mated_by_futility(n.pos, proof));
}

// Whether V(s) is mated at once: tanuki3-172 after L*1c (published a mate in 3: L*1c P*1b 1e2c).
// P*1b is the only evasion. V(1b), the lance on 1b, promoted or not, is mated, but not at once: the
// king takes the lance. So the drop costs the attacker more than its capture and is a defence, and the
// book length is 3, as published; a judge that called a drop futile wherever V(s) is mated at any
// length made it 1 (L*1c alone).
TEST(FutilityJudge, ADropWhoseV_sIsMatedOnlyLaterIsADefence) {
  JudgedNode n("8k/6S2/8L/6N2/8N/9/9/9/9 w 2r2b4g3s2n3l18p 1");
  ASSERT_TRUE(n.pos.in_check());
  EXPECT_FALSE(n.judge.judge(n.pos, sq("1b")).futile);
  Hand proof;
  EXPECT_FALSE(n.judge.mated_by_futility(n.pos, proof));
  bool mated_later = false;
  for (const char* v :
       {"8k/6S1L/9/6N2/8N/9/9/9/9 w 2r2b4g3s2n3l18p 1", "8k/6S1+L/9/6N2/8N/9/9/9/9 w 2r2b4g3s2n3l18p 1"}) {
    StateInfo st;
    Position vpos;
    vpos.set(*parse_sfen(v), &st);
    ASSERT_TRUE(vpos.in_check()) << v;
    EXPECT_TRUE(has_legal_move(vpos)) << v;  // not mated at once
    MateTable table{std::size_t(4) << 20};
    DfpnSearch search(table, BLACK);
    search.set_root(vpos.setup());
    const NodeResult r = search.solve(kUnlimited);
    mated_later = mated_later || r.proven();
  }
  EXPECT_TRUE(mated_later) << "V(1b) is mated: the old rule's futile drop";
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
