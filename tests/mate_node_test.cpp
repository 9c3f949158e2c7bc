// Tests of solver/mate_node.h: node kinds, the child keys (board key and the attacker's hand after a
// move), and whether a check can be answered by a drop.

#include "solver/mate_node.h"

#include <string_view>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/usi.h"
#include "solver/mate_problem.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

struct Root {
  explicit Root(std::string_view sfen) : problem(*test::tsume_problem(sfen)) { pos.set(problem.setup, &st); }
  Move move(std::string_view usi) const {
    const auto m = parse_usi_move(pos, usi);
    EXPECT_TRUE(m) << usi;
    return m ? *m : Move::none();
  }
  MateProblem problem;
  StateInfo st;
  Position pos;
};

// Black: a rook on 6e, a silver on 3c, a gold and a pawn in hand; white's king on 5a, a gold on 4b.
constexpr char kSfen[] = "4k4/5g3/6S2/9/3R5/9/9/9/9 b GP 1";

TEST(MateNode, AttackerMovesAreOrNodes) {
  Root r(kSfen);
  EXPECT_TRUE(is_or_node(r.pos, BLACK));
  EXPECT_FALSE(is_or_node(r.pos, WHITE));
}

TEST(MateNode, DropSpendsTheAttackersPiece) {
  Root r(kSfen);
  const ChildKey c = child_key(r.pos, BLACK, r.move("G*5b"));
  EXPECT_EQ(c.hand, test::hand_of({{PAWN, 1}}));
  EXPECT_EQ(c.change.dropped, GOLD);
  EXPECT_EQ(c.change.captured, NO_PIECE_TYPE);
  EXPECT_EQ(c.board_key, r.pos.board_key_after(c.move));
}

TEST(MateNode, CaptureAddsThePieceUnpromoted) {
  Root r(kSfen);
  const ChildKey c = child_key(r.pos, BLACK, r.move("3c4b+"));  // the silver promotes taking the gold
  EXPECT_EQ(c.hand, test::hand_of({{GOLD, 2}, {PAWN, 1}}));
  EXPECT_EQ(c.change.captured, GOLD);
  EXPECT_EQ(c.change.dropped, NO_PIECE_TYPE);
}

TEST(MateNode, QuietMoveKeepsTheHand) {
  Root r(kSfen);
  const ChildKey c = child_key(r.pos, BLACK, r.move("6e6b+"));
  EXPECT_EQ(c.hand, r.pos.hand(BLACK));
  EXPECT_EQ(c.board_key, r.pos.board_key_after(c.move));
}

TEST(MateNode, DefenderMovesNeverChangeTheAttackersHand) {
  Root r(kSfen);
  StateInfo st;
  r.pos.do_move(r.move("6e6d"), st);  // white to move
  MoveList moves;
  generate<LEGAL>(r.pos, moves);
  ASSERT_GT(moves.size(), 0u);
  for (Move m : moves) EXPECT_EQ(child_key(r.pos, BLACK, m).hand, r.pos.hand(BLACK)) << to_usi(m);
}

TEST(MateNode, DropPossibleOnlyAgainstADistantSingleCheck) {
  Root r(kSfen);
  StateInfo st1, st2;
  const Move rook = r.move("6e5e");
  r.pos.do_move(rook, st1);  // the rook checks from four squares away
  EXPECT_TRUE(drop_possible(r.pos));
  r.pos.undo_move(rook);
  r.pos.do_move(r.move("P*5b"), st2);  // a pawn next to the king: nothing between
  EXPECT_FALSE(drop_possible(r.pos));
}

}  // namespace
}  // namespace tsumi
