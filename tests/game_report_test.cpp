// Tests of front/game_report.h: the facts of a game's position in words and JSON, and the game as a kifu.

#include "front/game_report.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi::front {
namespace {

// Plays USI moves from a SFEN into a game.
void play(GameRecord& game, const std::string& moves) {
  const auto line = parse_usi_line(game.position().setup(), moves);
  ASSERT_TRUE(line) << moves;
  for (Move m : *line) ASSERT_TRUE(game.play(m));
}

TEST(GameReport, AMateInWordsAndJson) {
  // A mate in one from a tsume diagram: the gold drop on 2b, covered by the gold on 2c.
  const auto setup = parse_sfen("7kl/9/7G1/9/9/9/9/9/9 b G 1");
  ASSERT_TRUE(setup);
  GameRecord game(*setup);
  play(game, "G*2b");
  const std::string text = game_text(game);
  EXPECT_NE(text.find("side white\n"), std::string::npos) << text;
  EXPECT_NE(text.find("moves played 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("check yes (checkers 2b)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("result checkmate, black wins\n"), std::string::npos) << text;
  nlohmann::ordered_json j;
  add_game_json(game, j);
  EXPECT_EQ(j["result"], "black_wins");
  EXPECT_EQ(j["reason"], "checkmate");
  EXPECT_EQ(j["legal_moves"], 0);
  EXPECT_EQ(j["checkers"], nlohmann::ordered_json::array({"2b"}));
  EXPECT_EQ(game_kifu(*setup, game).end, "詰み");
  EXPECT_EQ(to_usi(game_kifu(*setup, game).moves), "G*2b");
}

TEST(GameReport, ARepetitionDrawAndAnOngoingGame) {
  const auto setup = parse_sfen(std::string(kStartSfen));
  ASSERT_TRUE(setup);
  GameRecord game(*setup);
  EXPECT_EQ(result_text(game.status(), game.occurrences()), "ongoing");
  EXPECT_EQ(game_kifu(*setup, game).end, "");
  // Rook out and back for both sides, three times: the start position's 4th occurrence.
  for (int i = 0; i < 3; ++i) play(game, "2h3h 8b7b 3h2h 7b8b");
  EXPECT_EQ(result_text(game.status(), game.occurrences()), "repetition draw (4th occurrence)");
  EXPECT_EQ(game_kifu(*setup, game).end, "千日手");
}

}  // namespace
}  // namespace tsumi::front
