// Tests of solver/parent_link.h: the edge kept in a table entry gives back the parent's keys from the
// child's, for every kind of move (drops, captures, promotions, either side moving).

#include "solver/parent_link.h"

#include <string>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

// Every legal move of `pos`: the link of the child gives the parent's board key, and the parent's
// hand of either colour taken as the attacker.
void expect_every_move_undone(Position& pos, const std::string& where) {
  MoveList moves;
  generate<LEGAL>(pos, moves);
  const Color us = pos.side_to_move();
  for (Move m : moves) {
    const ParentLink link = ParentLink::of(pos, m);
    ASSERT_TRUE(link.valid());
    ASSERT_EQ(link.move(), m);
    const Key parent_key = pos.board_key();
    const Hand ours = pos.hand(us), theirs = pos.hand(~us);
    StateInfo st;
    pos.do_move(m, st);
    EXPECT_EQ(link.parent_board_key(pos.board_key()), parent_key) << where << " " << to_usi(m);
    // The mover attacks: its hand gets the drop back and loses the capture.
    EXPECT_EQ(link.parent_hand(pos.hand(us), true), ours) << where << " " << to_usi(m);
    // The mover defends: the attacker's hand did not change.
    EXPECT_EQ(link.parent_hand(pos.hand(~us), false), theirs) << where << " " << to_usi(m);
    pos.undo_move(m);
  }
}

TEST(ParentLink, UndoesEveryMoveOfThePerftSuite) {
  for (const PerftSuiteEntry& e : test::perft_suite()) {
    const auto setup = parse_sfen(e.sfen);
    ASSERT_TRUE(setup) << e.sfen;
    StateInfo st;
    Position pos;
    pos.set(*setup, &st);
    expect_every_move_undone(pos, e.id);
  }
}

TEST(ParentLink, UndoesEveryMoveOfTsumeProblemsTwoPliesDeep) {
  int checked = 0;
  for (const std::string& sfen : test::tsume_sfens()) {
    if (checked++ % 8 != 0) continue;  // every eighth problem: enough kinds of moves, fast
    const auto problem = test::tsume_problem(sfen);
    ASSERT_TRUE(problem.has_value()) << sfen;
    StateInfo st, st2;
    Position pos;
    pos.set(problem->setup, &st);
    expect_every_move_undone(pos, sfen);
    MoveList moves;
    generate<LEGAL>(pos, moves);
    for (Move m : moves) {
      pos.do_move(m, st2);
      expect_every_move_undone(pos, sfen + " " + to_usi(m));
      pos.undo_move(m);
    }
  }
}

TEST(ParentLink, SharedIsAFlagBesideTheEdge) {
  StateInfo st;
  Position pos;
  pos.set(*parse_sfen(kStartSfen), &st);
  const ParentLink link = ParentLink::of(pos, *parse_usi_move(pos, "7g7f"));
  EXPECT_FALSE(link.shared());
  const ParentLink shared = link.with_shared(true);
  EXPECT_TRUE(shared.shared());
  EXPECT_TRUE(shared.same_edge(link));
  EXPECT_EQ(shared.move(), link.move());
  EXPECT_FALSE(shared.with_shared(false).shared());
  EXPECT_FALSE(link.same_edge(ParentLink::of(pos, *parse_usi_move(pos, "2g2f"))));
  EXPECT_FALSE(ParentLink().valid());
}

}  // namespace
}  // namespace tsumi
