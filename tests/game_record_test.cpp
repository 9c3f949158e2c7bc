#include "core/game_record.h"

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi {
namespace {

PositionSetup setup_of(std::string_view sfen) {
  const auto s = parse_sfen(sfen);
  EXPECT_TRUE(s) << sfen;
  return *s;
}

void play(GameRecord& game, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    const auto m = parse_usi_move(game.position(), text);
    ASSERT_TRUE(m) << text << ": " << m.error().message;
    ASSERT_TRUE(game.play(*m)) << text;
  }
}

TEST(GameRecord, KingShufflingRepeatsToADraw) {
  GameRecord game(setup_of(kStartSfen));
  for (int i = 0; i < 2; ++i) play(game, {"5i5h", "5a5b", "5h5i", "5b5a"});
  EXPECT_EQ(game.status().reason, GameStatus::NONE) << "three occurrences are not yet sennichite";
  play(game, {"5i5h", "5a5b", "5h5i", "5b5a"});
  const GameStatus s = game.status();
  EXPECT_EQ(s.reason, GameStatus::REPETITION);
  EXPECT_EQ(s.result, GameResult::DRAW);
  EXPECT_EQ(game.moves().size(), 12u);
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.status().reason, GameStatus::NONE);
}

// The count per position that status() reads instead of scanning the history: the same as the
// history's own count (judge_repetition) after every move and every undo.
TEST(GameRecord, OccurrencesFollowPlayAndUndo) {
  GameRecord game(setup_of(kStartSfen));
  EXPECT_EQ(game.occurrences(), 1);
  const auto same_as_history = [&] {
    EXPECT_EQ(game.occurrences(), judge_repetition(game.history()).occurrences) << game.moves().size() << " moves";
  };
  for (int i = 0; i < 3; ++i)
    for (const char* m : {"5i5h", "5a5b", "5h5i", "5b5a"}) {
      play(game, {m});
      same_as_history();
    }
  EXPECT_EQ(game.occurrences(), 4);
  while (game.undo()) same_as_history();
  EXPECT_EQ(game.occurrences(), 1);
}

TEST(GameRecord, PerpetualCheckLoses) {
  // Black's rook checks along ranks a and b while the white king steps between 5a and 5b.
  GameRecord game(setup_of("4k4/9/9/9/9/9/9/9/R3K4 b - 1"));
  play(game, {"9i9a"});
  for (int i = 0; i < 3; ++i) play(game, {"5a5b", "9a9b", "5b5a", "9b9a"});
  const GameStatus s = game.status();
  EXPECT_EQ(s.reason, GameStatus::PERPETUAL_CHECK);
  EXPECT_EQ(s.result, GameResult::WHITE_WINS);
}

TEST(GameRecord, MateAndNoLegalMove) {
  GameRecord mated(setup_of("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"));
  EXPECT_EQ(mated.status().reason, GameStatus::CHECKMATE);
  EXPECT_EQ(mated.status().result, GameResult::BLACK_WINS);
  // White's king on 9a cannot move and is not in check: in shogi that loses too.
  GameRecord stuck(setup_of("k8/2G6/S8/9/9/9/9/9/4K4 w - 1"));
  EXPECT_EQ(stuck.status().reason, GameStatus::NO_LEGAL_MOVES);
  EXPECT_EQ(stuck.status().result, GameResult::BLACK_WINS);
  GameRecord fresh(setup_of(kStartSfen));
  EXPECT_EQ(fresh.status().result, GameResult::ONGOING);
}

TEST(GameRecord, RefusesIllegalMovesAndUndoesToTheStart) {
  GameRecord game(setup_of(kStartSfen));
  EXPECT_FALSE(game.play(Move::make(SQ_77, SQ_75)));
  EXPECT_FALSE(game.undo());
  play(game, {"7g7f", "3c3d", "8h2b+", "3a2b"});
  EXPECT_EQ(game.position().hand(BLACK).count(BISHOP), 1);
  EXPECT_EQ(game.history().size(), 5u);
  while (game.undo()) {
  }
  EXPECT_EQ(to_sfen(game.position()), std::string(kStartSfen));
}

}  // namespace
}  // namespace tsumi
