#include "core/movegen.h"

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/reference_rules.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;
using test::sorted;
using test::sorted_usi;

template <GenType T>
std::vector<std::string> gen(const Position& pos) {
  MoveList list;
  generate<T>(pos, list);
  return sorted_usi(list);
}

// Every generator against the independent oracle on one position.
void expect_generators_match_oracle(const std::string& sfen, SfenLeniency leniency = {}) {
  SfenPosition p(sfen, leniency);
  const std::vector<std::string> legal = gen<LEGAL>(p.pos);
  ASSERT_EQ(legal, sorted(reference::legal_moves(sfen))) << sfen;
  std::vector<std::string> checks;
  for (const std::string& m : legal)
    if (reference::gives_check(sfen, m)) checks.push_back(m);
  EXPECT_EQ(gen<CHECKS>(p.pos), checks) << sfen;
  EXPECT_EQ(p.pos.in_check(), reference::in_check(sfen)) << sfen;
  if (p.pos.in_check())
    EXPECT_EQ(gen<EVASIONS>(p.pos), legal) << sfen;
  else
    EXPECT_EQ(gen<NON_EVASIONS>(p.pos), legal) << sfen;
}

TEST(Movegen, MatchesTheOracleOnThePerftSuite) {
  for (const PerftSuiteEntry& e : test::perft_suite()) expect_generators_match_oracle(e.sfen);
}

TEST(Movegen, MatchesTheOracleOnTsumeProblems) {
  // No attacker king, the defender holding the rest of the set: drops and checks everywhere.
  for (const std::string& sfen : test::tsume_sfens()) expect_generators_match_oracle(sfen, kTsumeLeniency);
}

bool has(const Position& pos, const char* usi) {
  MoveList list;
  generate<LEGAL>(pos, list);
  for (Move m : list)
    if (to_usi(m) == usi) return true;
  return false;
}

TEST(Movegen, PromotionRules) {
  // Pawn to the last rank must promote; to rank b it may do either.
  SfenPosition a("4k4/P8/9/9/9/9/9/2P6/4K4 b - 1");
  EXPECT_TRUE(has(a.pos, "9b9a+"));
  EXPECT_FALSE(has(a.pos, "9b9a"));
  SfenPosition b("4k4/9/P8/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(has(b.pos, "9c9b+"));
  EXPECT_TRUE(has(b.pos, "9c9b"));
  // Knight: no non-promotion onto the last two ranks, both onto the third.
  SfenPosition c("4k4/9/9/N8/9/N8/9/9/4K4 b - 1");
  EXPECT_TRUE(has(c.pos, "9d8b+"));
  EXPECT_FALSE(has(c.pos, "9d8b"));
  EXPECT_TRUE(has(c.pos, "9f8d"));
  EXPECT_FALSE(has(c.pos, "9f8d+"));
  SfenPosition d("4k4/9/9/9/N8/9/9/9/4K4 b - 1");
  EXPECT_TRUE(has(d.pos, "9e8c+"));
  EXPECT_TRUE(has(d.pos, "9e8c"));
  // Leaving the zone may promote; bishop and rook keep their non-promotion too.
  SfenPosition e("4k4/9/B8/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(has(e.pos, "9c5g+"));
  EXPECT_TRUE(has(e.pos, "9c5g"));
  SfenPosition f("4k4/9/9/9/9/9/9/9/R3K4 b - 1");
  EXPECT_TRUE(has(f.pos, "9i9c+"));
  EXPECT_TRUE(has(f.pos, "9i9c"));
  EXPECT_FALSE(has(f.pos, "9i9d+"));
  // White's zone is ranks g-i; gold and king never promote.
  SfenPosition g("4k4/9/9/9/9/9/g8/9/4K4 w - 1");
  EXPECT_FALSE(has(g.pos, "9g9h+"));
  EXPECT_TRUE(has(g.pos, "9g9h"));
}

TEST(Movegen, DropRules) {
  SfenPosition p("4k4/9/9/9/9/9/9/4P4/4K4 b PLN 1");
  EXPECT_FALSE(has(p.pos, "P*5e"));  // nifu
  EXPECT_TRUE(has(p.pos, "P*4e"));
  EXPECT_FALSE(has(p.pos, "P*4a"));  // dead square
  EXPECT_FALSE(has(p.pos, "L*4a"));
  EXPECT_TRUE(has(p.pos, "L*4b"));
  EXPECT_FALSE(has(p.pos, "N*4b"));
  EXPECT_TRUE(has(p.pos, "N*4c"));
  EXPECT_FALSE(has(p.pos, "P*5a"));  // occupied
  // A promoted pawn does not count for nifu.
  SfenPosition q("4k4/9/9/9/9/9/9/4+P4/4K4 b P 1");
  EXPECT_TRUE(has(q.pos, "P*5e"));
}

TEST(Movegen, PawnDropMateIsExcludedButPawnMoveMateIsNot) {
  SfenPosition drop("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_FALSE(has(drop.pos, "P*1b"));
  EXPECT_TRUE(has(drop.pos, "P*2b"));
  MoveList checks;
  generate<CHECKS>(drop.pos, checks);
  EXPECT_FALSE(checks.contains(Move::make_drop(PAWN, SQ_12)));
  // The same mate given by a pawn push is legal.
  SfenPosition push("7lk/9/7SP/9/9/9/9/7L1/8K b - 1");
  ASSERT_TRUE(has(push.pos, "1c1b"));
  StateInfo st;
  push.pos.do_move(Move::make(SQ_13, SQ_12), st);
  EXPECT_TRUE(push.pos.in_check());
  EXPECT_FALSE(has_legal_move(push.pos));
}

TEST(Movegen, KingAndPinnedPieces) {
  // The king may not step along the checking line, away from a rook.
  SfenPosition a("4k4/9/9/9/9/9/9/4K4/4r4 b - 1");
  EXPECT_FALSE(has(a.pos, "5h5g"));
  EXPECT_TRUE(has(a.pos, "5h4g"));
  // A silver pinned on the file may not leave it.
  SfenPosition b("4r4/9/9/9/4S4/9/9/9/4K3k b - 1");
  EXPECT_FALSE(has(b.pos, "5e4d"));
  EXPECT_TRUE(has(b.pos, "5e5d"));
  // A side without a king may move anywhere; its pieces are never pinned.
  SfenPosition c("4r3k/9/9/9/4S4/9/9/9/9 b - 1");
  EXPECT_TRUE(has(c.pos, "5e4d"));
}

TEST(Movegen, EvasionsInterposeByMoveAndDrop) {
  // Rook check along rank i, answered by moving the king, capturing, or interposing (the suite's
  // check_interpose_rank position).
  SfenPosition p("4k4/9/9/9/9/9/9/9/4K3r b GSNLPr2b3g3s3n3l17p 1");
  ASSERT_TRUE(p.pos.in_check());
  EXPECT_TRUE(has(p.pos, "G*3i"));
  EXPECT_TRUE(has(p.pos, "P*2i"));   // black's back rank is no dead square for its pawn
  EXPECT_FALSE(has(p.pos, "G*5e"));  // does not address the check
  MoveList ev;
  generate<EVASIONS>(p.pos, ev);
  EXPECT_EQ(ev.size(), 18u);
  // Double check: only king moves.
  SfenPosition d("4k4/9/9/9/9/9/2b6/9/4K3r b G 1");
  ASSERT_TRUE(d.pos.checkers().more_than_one());
  MoveList dl;
  generate<EVASIONS>(d.pos, dl);
  for (Move m : dl) EXPECT_EQ(m.from(), SQ_59) << to_usi(m);
}

TEST(Movegen, MaximalPositionFitsTheList) {
  SfenPosition p("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
  MoveList list;
  generate<LEGAL>(p.pos, list);
  EXPECT_EQ(list.size(), 593u);
  EXPECT_TRUE(has_legal_move(p.pos));
}

TEST(Movegen, IsLegalMoveAcceptsOnlyLegalMoves) {
  SfenPosition p(kStartSfen);
  EXPECT_TRUE(is_legal_move(p.pos, Move::make(SQ_77, SQ_76)));
  EXPECT_FALSE(is_legal_move(p.pos, Move::make(SQ_77, SQ_75)));
  EXPECT_FALSE(is_legal_move(p.pos, Move::make_drop(PAWN, SQ_55)));
  EXPECT_FALSE(is_legal_move(p.pos, Move::none()));
}

}  // namespace
}  // namespace tsumi
