#include "core/position.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "perft/perft.h"
#include "tests/support/reference_rules.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::SfenPosition;

Move usi(const Position& pos, const char* text) {
  const auto m = parse_usi_move(pos, text);
  EXPECT_TRUE(m) << text << ": " << (m ? "" : m.error().message);
  return m ? *m : Move::none();
}

TEST(Position, StartPosition) {
  SfenPosition p(kStartSfen);
  const Position& pos = p.pos;
  EXPECT_EQ(pos.piece_on(SQ_59), make_piece(BLACK, KING));
  EXPECT_EQ(pos.piece_on(SQ_51), make_piece(WHITE, KING));
  EXPECT_EQ(pos.piece_on(SQ_28), make_piece(BLACK, ROOK));
  EXPECT_EQ(pos.piece_on(SQ_88), make_piece(BLACK, BISHOP));
  EXPECT_EQ(pos.king_square(BLACK), SQ_59);
  EXPECT_EQ(pos.pieces().popcount(), 40);
  EXPECT_EQ(pos.pieces(BLACK, PAWN).popcount(), 9);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_FALSE(pos.in_check());
  EXPECT_TRUE(pos.hand(BLACK).empty());
  std::string why;
  EXPECT_TRUE(pos.is_ok(&why)) << why;
}

TEST(Position, CaptureSendsThePieceToHandUnpromotedAndUndoRestores) {
  // Black's dragon on 2b takes white's horse on 2a... then white's gold takes back.
  SfenPosition p("4k2b1/7+R1/9/9/9/9/9/9/4K4 b - 1");
  Position& pos = p.pos;
  const std::string before = to_sfen(pos);
  const Key key_before = pos.key();
  StateInfo st;
  const Move m = usi(pos, "2b2a");
  pos.do_move(m, st);
  EXPECT_EQ(pos.hand(BLACK).count(BISHOP), 1);
  EXPECT_EQ(pos.piece_on(SQ_21), make_piece(BLACK, DRAGON));
  EXPECT_EQ(pos.captured_piece(), make_piece(WHITE, BISHOP));
  EXPECT_EQ(pos.key(), pos.board_key_from_scratch() + pos.hand_key_from_scratch());
  std::string why;
  EXPECT_TRUE(pos.is_ok(&why)) << why;
  pos.undo_move(m);
  EXPECT_EQ(to_sfen(pos), before);
  EXPECT_EQ(pos.key(), key_before);
}

TEST(Position, CapturedPromotedPieceRevertsInHand) {
  SfenPosition p("4k4/9/9/9/4+b4/4R4/9/9/4K4 b - 1");
  StateInfo st;
  p.pos.do_move(usi(p.pos, "5f5e"), st);
  EXPECT_EQ(p.pos.hand(BLACK).count(BISHOP), 1);
  EXPECT_EQ(to_sfen(p.pos), "4k4/9/9/9/4R4/9/9/9/4K4 w B 2");
}

TEST(Position, DropsLeaveTheHand) {
  SfenPosition p("4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
  StateInfo st;
  const Move m = usi(p.pos, "P*5e");
  p.pos.do_move(m, st);
  EXPECT_EQ(p.pos.hand(BLACK).count(PAWN), 1);
  EXPECT_EQ(p.pos.piece_on(SQ_55), make_piece(BLACK, PAWN));
  EXPECT_EQ(p.pos.hand_key(), p.pos.hand_key_from_scratch());
  p.pos.undo_move(m);
  EXPECT_EQ(p.pos.hand(BLACK).count(PAWN), 2);
}

TEST(Position, TranspositionsShareKeysAndHandsChangeThem) {
  SfenPosition a(kStartSfen), b(kStartSfen);
  StateInfo s[4];
  a.pos.do_move(usi(a.pos, "7g7f"), s[0]);
  a.pos.do_move(usi(a.pos, "3c3d"), s[1]);
  a.pos.do_move(usi(a.pos, "2g2f"), s[2]);
  StateInfo t[4];
  b.pos.do_move(usi(b.pos, "2g2f"), t[0]);
  b.pos.do_move(usi(b.pos, "3c3d"), t[1]);
  b.pos.do_move(usi(b.pos, "7g7f"), t[2]);
  EXPECT_EQ(a.pos.key(), b.pos.key());
  // Same board, different hands: board keys agree, keys do not.
  SfenPosition h1("4k4/9/9/9/9/9/9/9/4K4 b P 1"), h2("4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
  EXPECT_EQ(h1.pos.board_key(), h2.pos.board_key());
  EXPECT_NE(h1.pos.key(), h2.pos.key());
  // Side to move is in the key.
  SfenPosition w("4k4/9/9/9/9/9/9/9/4K4 w P 1");
  EXPECT_NE(h1.pos.key(), w.pos.key());
  EXPECT_EQ(h1.pos.key() & 1, 0u);
  EXPECT_EQ(w.pos.key() & 1, 1u);
}

TEST(Position, CheckersAndBlockers) {
  // White lance on 5a checks through 5b..5h onto black's king on 5i? No: a silver on 5e blocks it.
  SfenPosition p("4l4/9/9/9/4S4/9/9/9/4K4 b - 1");
  EXPECT_FALSE(p.pos.in_check());
  EXPECT_EQ(p.pos.blockers_for_king(BLACK), Bitboard::square(SQ_55));
  SfenPosition q("4l4/9/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(q.pos.in_check());
  EXPECT_EQ(q.pos.checkers(), Bitboard::square(SQ_51));
  // A side with no king has no checks and no pins.
  SfenPosition t("4k4/9/9/9/9/9/9/9/4L4 w - 1");
  EXPECT_FALSE(t.pos.has_king(BLACK));
  EXPECT_TRUE(t.pos.blockers_for_king(BLACK).empty());
}

TEST(Position, GivesCheckDirectDiscoveredPromotedAndDropped) {
  // Black: lance 5i behind silver 5e, white king 5a. Silver moving off the file discovers check.
  SfenPosition p("4k4/9/9/9/4S4/9/9/9/4L3K b G 1");
  EXPECT_TRUE(p.pos.gives_check(usi(p.pos, "5e4d")));   // discovered
  EXPECT_FALSE(p.pos.gives_check(usi(p.pos, "5e5d")));  // stays on the line
  EXPECT_TRUE(p.pos.gives_check(usi(p.pos, "G*5b")));   // drop, direct
  EXPECT_TRUE(p.pos.gives_check(usi(p.pos, "G*4b")));
  EXPECT_FALSE(p.pos.gives_check(usi(p.pos, "G*4c")));
  // A silver stepping beside the king checks only once promoted (a gold attacks sideways).
  SfenPosition r("9/4k4/6S2/9/9/9/9/9/8K b - 1");
  EXPECT_TRUE(r.pos.gives_check(usi(r.pos, "3c4b+")));
  EXPECT_FALSE(r.pos.gives_check(usi(r.pos, "3c4b")));
  EXPECT_FALSE(r.pos.gives_check(usi(r.pos, "3c3b")));
}

TEST(Position, PawnDropMateCases) {
  // White king on 1a. The reference case: the silver on 1c guards the pawn, the lance on 2h covers 2b.
  SfenPosition a("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_TRUE(a.pos.is_pawn_drop_mate(SQ_12));
  // The king can take the unguarded pawn.
  SfenPosition b("8k/9/9/9/9/9/9/9/8K b P 1");
  EXPECT_FALSE(b.pos.is_pawn_drop_mate(SQ_12));
  // A gold on 2a can take it.
  SfenPosition c("7gk/9/8S/9/9/9/9/9/8K b P 1");
  EXPECT_FALSE(c.pos.is_pawn_drop_mate(SQ_12));
  // A gold on 2b could take it sideways, but the bishop on 4d pins it to the king: mate.
  SfenPosition d("6G1k/7g1/8S/5B3/9/9/9/9/K8 b P 1");
  EXPECT_TRUE(d.pos.blockers_for_king(WHITE).test(SQ_22));
  EXPECT_TRUE(d.pos.is_pawn_drop_mate(SQ_12));
  // Without the bishop the gold takes the pawn.
  SfenPosition e("6G1k/7g1/8S/9/9/9/9/9/K8 b P 1");
  EXPECT_FALSE(e.pos.is_pawn_drop_mate(SQ_12));
  // The attacker has no king (tsume): the drop still mates.
  SfenPosition f("7lk/9/8S/9/9/9/9/7L1/9 b P 1");
  EXPECT_TRUE(f.pos.is_pawn_drop_mate(SQ_12));
  for (const SfenPosition* p : {&a, &b, &c, &d, &e, &f})
    EXPECT_EQ(p->pos.is_pawn_drop_mate(SQ_12), !reference::is_legal(to_sfen(p->pos), "P*1b")) << to_sfen(p->pos);
}

TEST(Position, FlipTwiceIsIdentityAndPerftAgrees) {
  for (const PerftSuiteEntry& e : test::perft_suite()) {
    const auto setup = parse_sfen(e.sfen);
    ASSERT_TRUE(setup);
    EXPECT_EQ(to_sfen(flipped(flipped(*setup))), to_sfen(*setup));
    Position a, b;
    StateInfo sa, sb;
    a.set(*setup, &sa);
    b.set(flipped(*setup), &sb);
    std::string why;
    ASSERT_TRUE(b.is_ok(&why)) << why;
    EXPECT_EQ(perft(a, 2), perft(b, 2)) << e.id;
  }
}

TEST(Position, CopyFromIsIndependent) {
  SfenPosition p(kStartSfen);
  Position copy;
  StateInfo root, st;
  copy.copy_from(p.pos, &root);
  EXPECT_EQ(to_sfen(copy), to_sfen(p.pos));
  EXPECT_EQ(copy.key(), p.pos.key());
  copy.do_move(usi(copy, "7g7f"), st);
  EXPECT_NE(copy.key(), p.pos.key());
  EXPECT_EQ(to_sfen(p.pos), std::string(kStartSfen));
}

// key_after / board_key_after agree with the keys do_move computes, for every legal move of positions
// with captures, promotions and drops.
TEST(Position, KeysAfterAMoveMatchDoMove) {
  for (const auto& entry : test::perft_suite()) {
    test::SfenPosition p(entry.sfen);
    MoveList moves;
    generate<LEGAL>(p.pos, moves);
    for (Move m : moves) {
      const Key board = p.pos.board_key_after(m), full = p.pos.key_after(m);
      StateInfo st;
      p.pos.do_move(m, st);
      EXPECT_EQ(p.pos.board_key(), board) << entry.id << " " << to_usi(m);
      EXPECT_EQ(p.pos.key(), full) << entry.id << " " << to_usi(m);
      p.pos.undo_move(m);
    }
  }
}

}  // namespace
}  // namespace tsumi
