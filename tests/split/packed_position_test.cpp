#include "perft/split/packed_position.h"

#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi::split {
namespace {

using test::without_move_number;

// pack, unpack and set again give the same position (board, hands, side), and the same words.
void expect_round_trip(const Position& pos) {
  const PackedPosition p = pack(pos);
  PositionSetup setup;
  ASSERT_EQ(unpack(p, setup), std::nullopt) << to_sfen(pos);
  EXPECT_EQ(without_move_number(to_sfen(setup)), without_move_number(to_sfen(pos)));
  StateInfo st;
  Position again;
  again.set(setup, &st);
  EXPECT_EQ(pack(again), p);
  EXPECT_EQ(again.key(), pos.key());
}

TEST(PackedPosition, RoundTripsEverySuitePosition) {
  for (const PerftSuiteEntry& e : test::perft_suite()) {
    test::SfenPosition p(e.sfen);
    expect_round_trip(p.pos);
  }
}

TEST(PackedPosition, RoundTripsRandomGamesWithPiecesInHand) {
  std::mt19937_64 rng(17);
  for (int game = 0; game < 50; ++game) {
    test::SfenPosition p(kStartSfen);
    StateInfo states[120];
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      generate<LEGAL>(p.pos, moves);
      if (moves.empty()) break;
      p.pos.do_move(moves[rng() % moves.size()], states[ply]);
      expect_round_trip(p.pos);
    }
  }
}

TEST(PackedPosition, TellsPositionsApartExactly) {
  test::SfenPosition a(kStartSfen);
  test::SfenPosition b("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");  // other side to move
  test::SfenPosition c("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
  test::SfenPosition d("4k4/9/9/9/9/9/9/9/4K4 b P 1");
  test::SfenPosition e("4k4/9/9/9/9/9/9/9/4K4 b p 1");  // the pawn in the other hand
  test::SfenPosition f("4k4/9/9/9/9/9/9/9/4K4 b - 1");
  test::SfenPosition g("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 99");  // another move number
  EXPECT_NE(pack(a.pos), pack(b.pos));
  EXPECT_NE(pack(b.pos), pack(c.pos));
  EXPECT_NE(pack(d.pos), pack(e.pos));
  EXPECT_NE(pack(d.pos), pack(f.pos));
  EXPECT_EQ(pack(a.pos), pack(g.pos));
}

TEST(PackedPosition, RefusesWordsThatAreNoPosition) {
  test::SfenPosition start(kStartSfen);
  const PackedPosition good = pack(start.pos);
  PositionSetup setup;
  PackedPosition p = good;
  p.words[3] |= std::uint64_t(15) << 10;  // an empty square (4e: square 40) given piece code 15
  EXPECT_NE(unpack(p, setup), std::nullopt);
  p = good;
  p.words[0] |= std::uint64_t(1) << 62;  // above the twelve squares of a word
  EXPECT_NE(unpack(p, setup), std::nullopt);
  p = good;
  p.words[7] |= std::uint64_t(1) << 5;  // black's pawn guard bit
  EXPECT_NE(unpack(p, setup), std::nullopt);
  p = good;
  p.words[7] |= std::uint64_t(1) << 60;  // above the side bit
  EXPECT_NE(unpack(p, setup), std::nullopt);
  p = good;
  p.words[7] |= std::uint64_t(3) << 22;  // three bishops in black's hand
  EXPECT_NE(unpack(p, setup), std::nullopt);
  p = PackedPosition{};
  p.words[0] = std::uint64_t(make_piece(BLACK, KING)) | std::uint64_t(make_piece(BLACK, KING)) << 5;  // two kings
  EXPECT_NE(unpack(p, setup), std::nullopt);
  for (std::uint64_t seed = 1; seed < 2000; ++seed) {  // random words: refused or a position, never a crash
    std::mt19937_64 rng(seed);
    for (auto& w : p.words) w = rng() & rng();
    if (!unpack(p, setup)) expect_round_trip(test::SfenPosition(to_sfen(setup)).pos);
  }
}

}  // namespace
}  // namespace tsumi::split
