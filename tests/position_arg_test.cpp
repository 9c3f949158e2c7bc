#include "cli/common/position_arg.h"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

PositionArgs args(std::string sfen, std::string handicap, std::string moves) {
  PositionArgs a;
  a.sfen = std::move(sfen);
  a.handicap = std::move(handicap);
  a.moves = std::move(moves);
  return a;
}

TEST(PositionArg, DefaultsToTheStartPosition) {
  GamePosition g;
  ASSERT_FALSE(build_position({}, g));
  EXPECT_EQ(to_sfen(g.pos), std::string(kStartSfen));
  ASSERT_FALSE(build_position(args("startpos", "", ""), g));
  EXPECT_EQ(to_sfen(g.pos), std::string(kStartSfen));
}

TEST(PositionArg, HandicapsAndMoves) {
  GamePosition g;
  ASSERT_FALSE(build_position(args("", "2-pieces", "3c3d 7g7f"), g));
  EXPECT_EQ(g.pos.side_to_move(), WHITE);
  EXPECT_EQ(to_sfen(g.pos), "lnsgkgsnl/9/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3");
}

TEST(PositionArg, ErrorsSayWhatIsWrong) {
  GamePosition g;
  auto e = build_position(args("", "3-pieces", ""), g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("unknown handicap '3-pieces'"), std::string::npos) << *e;
  e = build_position(args("startpos", "rook", ""), g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("give one of --sfen, --handicap and --file"), std::string::npos) << *e;
  e = build_position(args("9/9/9 b - 1", "", ""), g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("bad SFEN"), std::string::npos) << *e;
  e = build_position(args("", "", "7g7f 7g7f"), g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("move 2 of --moves"), std::string::npos) << *e;
}

// --file: a notation file's start with its recorded moves, then --moves; `-` reads `in`.
TEST(PositionArg, AFileIsItsPositionAfterItsMoves) {
  std::istringstream in("PI\n+\n+7776FU\n-3334FU\n");
  PositionArgs a = args("", "", "8h2b+");
  a.file = "-";
  a.in = &in;
  GamePosition g;
  ASSERT_FALSE(build_position(a, g));
  GamePosition expected;
  ASSERT_FALSE(build_position(args("startpos", "", "7g7f 3c3d 8h2b+"), expected));
  EXPECT_EQ(to_sfen(g.pos), to_sfen(expected.pos));

  a.file = test::positions_path("notation/handicap-2pieces.kif");
  a.moves.clear();
  ASSERT_FALSE(build_position(a, g));
  ASSERT_FALSE(build_position(args("", "2-pieces", "6c6d 7g7f 5a4b 2g2f 6a5b 2f2e"), expected));
  EXPECT_EQ(to_sfen(g.pos), to_sfen(expected.pos));

  a.file = test::temp_file("bad.csa", "PI\n+\n+7775FU\n");
  const auto e = build_position(a, g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("line 3"), std::string::npos) << *e;
  a.sfen = "startpos";
  EXPECT_TRUE(build_position(a, g));
}

}  // namespace
}  // namespace tsumi::cli
