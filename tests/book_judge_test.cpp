// Tests of solver/book_judge.h: the futility judge with a df-pn search of its own, as the composition
// checker asks it outside a search.

#include "solver/book_judge.h"

#include <gtest/gtest.h>

#include "core/sfen.h"

namespace tsumi {
namespace {

Square book_sq(std::string_view usi) { return Square((usi[0] - '1') * 9 + (usi[1] - 'a')); }

// The king on 1a cannot move (the silver on 3b, the gold on 2c); the lance on 1i checks it. A drop on
// 1b the lance takes with mate (futile): the search of V(1b) with the lance promoted proves it. Without
// the gold (a second silver on 3c) the king takes the lance back: a defence, which only the searches of
// V(1b), the lance promoted and not, can tell.
TEST(BookJudge, SearchesTheV_sTheTableDoesNotKnow) {
  for (const bool guarded : {true, false}) {
    StateInfo st;
    Position pos;
    pos.set(*parse_sfen(guarded ? "8k/6S2/7G1/9/9/9/9/9/8L w 2r2b3g3s4n3l18p 1"
                                : "8k/6S2/6S2/9/9/9/9/9/8L w 2r2b4g2s4n3l18p 1"),
            &st);
    MateTable table{std::size_t(1) << 20};
    BookJudge book(table, BLACK);
    const FutilityVerdict v = book.judge().judge(pos, book_sq("1b"));
    EXPECT_EQ(v.futile, guarded);
    EXPECT_FALSE(v.unsettled);
    EXPECT_EQ(book.judge().counters().searched, guarded ? 1u : 2u);
    EXPECT_GT(book.nodes(), 0u);  // the searches of V(1b) ran
    // within their budgets (limits are looked at every 1024 nodes)
    EXPECT_LE(book.nodes(), 2 * (FutilityJudge::kBudget + 1024));
  }
}

// Two judges on one table: the second finds V(s) in the table the first one's search filled, and
// answers alike without a search of its own.
TEST(BookJudge, ASecondJudgeReadsWhatTheFirstStored) {
  StateInfo st;
  Position pos;
  pos.set(*parse_sfen("8k/6S2/7G1/9/9/9/9/9/8L w 2r2b3g3s4n3l18p 1"), &st);
  MateTable table{std::size_t(1) << 20};
  BookJudge first(table, BLACK), second(table, BLACK);
  ASSERT_TRUE(first.judge().judge(pos, book_sq("1b")).futile);
  EXPECT_TRUE(second.judge().judge(pos, book_sq("1b")).futile);
  EXPECT_EQ(second.judge().counters().searched, 0u);
  EXPECT_EQ(second.nodes(), 0u);
}

}  // namespace
}  // namespace tsumi
