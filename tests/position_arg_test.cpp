#include "cli/common/position_arg.h"

#include <gtest/gtest.h>

#include "core/sfen.h"

namespace tsumi::cli {
namespace {

TEST(PositionArg, DefaultsToTheStartPosition) {
  GamePosition g;
  ASSERT_FALSE(build_position({}, g));
  EXPECT_EQ(to_sfen(g.pos), std::string(kStartSfen));
  ASSERT_FALSE(build_position({"startpos", "", ""}, g));
  EXPECT_EQ(to_sfen(g.pos), std::string(kStartSfen));
}

TEST(PositionArg, HandicapsAndMoves) {
  GamePosition g;
  ASSERT_FALSE(build_position({"", "2-pieces", "3c3d 7g7f"}, g));
  EXPECT_EQ(g.pos.side_to_move(), WHITE);
  EXPECT_EQ(to_sfen(g.pos), "lnsgkgsnl/9/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3");
}

TEST(PositionArg, ErrorsSayWhatIsWrong) {
  GamePosition g;
  auto e = build_position({"", "3-pieces", ""}, g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("unknown handicap '3-pieces'"), std::string::npos) << *e;
  e = build_position({"startpos", "rook", ""}, g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("not both"), std::string::npos) << *e;
  e = build_position({"9/9/9 b - 1", "", ""}, g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("bad SFEN"), std::string::npos) << *e;
  e = build_position({"", "", "7g7f 7g7f"}, g);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("move 2 of --moves"), std::string::npos) << *e;
}

}  // namespace
}  // namespace tsumi::cli
