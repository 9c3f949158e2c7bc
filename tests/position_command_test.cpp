#include "cli/position/position_command.h"

#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kifu_file.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

using Outcome = test::CommandResult;

Outcome run(std::string sfen, std::string moves, bool json = false) {
  PositionOptions options;
  options.position.sfen = std::move(sfen);
  options.position.moves = std::move(moves);
  options.json = json;
  return test::run_command(run_position, options);
}

Outcome run_handicap(std::string handicap) {
  PositionOptions options;
  options.position.handicap = std::move(handicap);
  return test::run_command(run_position, options);
}

// The rest of the text line that starts with `key` and a space; "<missing>" when there is none.
std::string fact(const std::string& text, std::string_view key) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.size() > key.size() && line.starts_with(key) && line[key.size()] == ' ')
      return line.substr(key.size() + 1);
  return "<missing>";
}

// `moves` repeated `times` times, separated by spaces.
std::string repeated(std::string_view moves, int times) {
  std::string s;
  for (int i = 0; i < times; ++i) s += (s.empty() ? "" : " ") + std::string(moves);
  return s;
}

// The king shuffle of tests/game_record_test.cpp: back to the start position every four moves.
constexpr std::string_view kKingShuffle = "5i5h 5a5b 5h5i 5b5a";
// Black's rook checks along ranks a and b while the white king steps between 5a and 5b.
constexpr std::string_view kRookChecks = "4k4/9/9/9/9/9/9/9/R3K4 b - 1";
constexpr std::string_view kRookCheckCycle = "5a5b 9a9b 5b5a 9b9a";

TEST(PositionCommand, StartPosition) {
  const Outcome r = run("", "");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
            "side black\n"
            "moves played 0\n"
            "check no\n"
            "legal moves 30\n"
            "result ongoing\n"
            "repetition 1\n"
            "impasse points black 27, white 27\n"
            "both kings entered no\n"
            "24-point rule draw (not applicable: it judges only when both kings have entered)\n"
            "declaration no (black, to move, may not declare a win by the 27-point rule)\n");
}

TEST(PositionCommand, MovesAndHandicaps) {
  const Outcome r = run("startpos", "7g7f 3c3d");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fact(r.out, "sfen"), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  EXPECT_EQ(fact(r.out, "moves played"), "2");
  EXPECT_EQ(fact(r.out, "side"), "black");
  const Outcome handicap = run_handicap("2-pieces");
  ASSERT_EQ(handicap.code, 0) << handicap.err;
  EXPECT_EQ(fact(handicap.out, "side"), "white") << "white moves first in a handicap game";
  EXPECT_EQ(fact(handicap.out, "impasse points"), "black 27, white 17") << "without rook and bishop";
}

TEST(PositionCommand, CheckmateByMovesEndsTheGame) {
  // The gold dropped on 5b, guarded by the pawn on 5c, covers every square of the king on 5a.
  const std::string sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
  const Outcome r = run(sfen, "G*5b");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fact(r.out, "side"), "white");
  EXPECT_EQ(fact(r.out, "check"), "yes (checkers 5b)");
  EXPECT_EQ(fact(r.out, "legal moves"), "0");
  EXPECT_EQ(fact(r.out, "result"), "checkmate, black wins");
  // Nothing may follow the mate, not even text that is no move at all.
  const Outcome after = run(sfen, "G*5b 5a4a");
  EXPECT_EQ(after.code, 2);
  EXPECT_EQ(after.out, "");
  EXPECT_EQ(after.err,
            "tsumi position: move 2 of --moves: '5a4a' cannot be played: the game ended with move 1 (checkmate, "
            "black wins)\n");
}

TEST(PositionCommand, GivenPositionAlreadyOver) {
  const Outcome mated = run("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "");
  ASSERT_EQ(mated.code, 0) << mated.err;
  EXPECT_EQ(fact(mated.out, "result"), "checkmate, black wins");
  const Outcome moved = run("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "5a4a");
  EXPECT_EQ(moved.code, 2);
  EXPECT_NE(moved.err.find("move 1 of --moves"), std::string::npos) << moved.err;
  EXPECT_NE(moved.err.find("the game is over in the given position (checkmate, black wins)"), std::string::npos)
      << moved.err;
  // White's king on 9a cannot move and is not in check: in shogi that loses too.
  const Outcome stuck = run("k8/2G6/S8/9/9/9/9/9/4K4 w - 1", "");
  ASSERT_EQ(stuck.code, 0) << stuck.err;
  EXPECT_EQ(fact(stuck.out, "check"), "no");
  EXPECT_EQ(fact(stuck.out, "result"), "no legal moves, black wins");
}

TEST(PositionCommand, FourfoldRepetitionIsADraw) {
  for (int cycles = 1; cycles <= 2; ++cycles) {
    const Outcome r = run("", repeated(kKingShuffle, cycles));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fact(r.out, "repetition"), std::to_string(cycles + 1));
    EXPECT_EQ(fact(r.out, "result"), "ongoing");
  }
  // Halfway through a cycle the position is a new one again... for the first time only.
  EXPECT_EQ(fact(run("", "5i5h 5a5b").out, "repetition"), "1");
  EXPECT_EQ(fact(run("", repeated(kKingShuffle, 1) + " 5i5h 5a5b").out, "repetition"), "2");
  const Outcome r = run("", repeated(kKingShuffle, 3));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fact(r.out, "moves played"), "12");
  EXPECT_EQ(fact(r.out, "repetition"), "4");
  EXPECT_EQ(fact(r.out, "result"), "repetition draw (4th occurrence)");
  EXPECT_EQ(fact(r.out, "legal moves"), "30") << "the draw leaves the moves on the board";
  const Outcome after = run("", repeated(kKingShuffle, 3) + " 7g7f");
  EXPECT_EQ(after.code, 2);
  EXPECT_EQ(after.err,
            "tsumi position: move 13 of --moves: '7g7f' cannot be played: the game ended with move 12 (repetition "
            "draw (4th occurrence))\n");
}

TEST(PositionCommand, PerpetualCheckLosesForTheChecker) {
  const std::string moves = "9i9a " + repeated(kRookCheckCycle, 3);
  const Outcome three = run(std::string(kRookChecks), "9i9a " + repeated(kRookCheckCycle, 2));
  ASSERT_EQ(three.code, 0) << three.err;
  EXPECT_EQ(fact(three.out, "repetition"), "3");
  EXPECT_EQ(fact(three.out, "result"), "ongoing");
  const Outcome r = run(std::string(kRookChecks), moves);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fact(r.out, "side"), "white");
  EXPECT_EQ(fact(r.out, "check"), "yes (checkers 9a)");
  EXPECT_EQ(fact(r.out, "repetition"), "4");
  EXPECT_EQ(fact(r.out, "result"), "perpetual check by black, white wins");
  EXPECT_EQ(run(std::string(kRookChecks), moves + " 5a5b").code, 2);
}

TEST(PositionCommand, ImpassePointsWithBothKingsEntered) {
  // Black: dragon on 9a (5) + horse on 1a (5) + 4 golds, 4 silvers, 4 knights, 4 lances and 10 pawns in
  // hand (26) = 36. White: 8 pawns in hand = 8, short of 24.
  const Outcome r = run("+R3K3+B/9/9/9/9/9/9/9/4k4 b 4G4S4N4L10P8p 1", "");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fact(r.out, "impasse points"), "black 36, white 8");
  EXPECT_EQ(fact(r.out, "both kings entered"), "yes");
  EXPECT_EQ(fact(r.out, "24-point rule"), "black wins");
  // Only two pieces beside the king in the camp: no declaration.
  EXPECT_EQ(fact(r.out, "declaration"), "no (black, to move, may not declare a win by the 27-point rule)");
  // The same count with the white king outside black's camp: the judgement is shown but does not apply.
  const Outcome home = run("+R3K3+B/9/9/4k4/9/9/9/9/9 b 4G4S4N4L10P8p 1", "");
  ASSERT_EQ(home.code, 0) << home.err;
  EXPECT_EQ(fact(home.out, "both kings entered"), "no");
  EXPECT_EQ(fact(home.out, "24-point rule"),
            "black wins (not applicable: it judges only when both kings have entered)");
}

TEST(PositionCommand, TwentySevenPointDeclaration) {
  // Black king on 6a with ten pieces in the camp: 8 tokins (8) + 2 dragons (10), plus 2 bishops in hand
  // (10) = 28, exactly what black needs (tests/impasse_test.cpp).
  const Outcome yes = run("+P+P+PK+P+P+P+P+R/+R+P7/9/9/9/9/9/9/4k4 b 2B 1", "");
  ASSERT_EQ(yes.code, 0) << yes.err;
  EXPECT_EQ(fact(yes.out, "declaration"), "yes (black, to move, may declare a win by the 27-point rule)");
  EXPECT_EQ(fact(yes.out, "impasse points"), "black 28, white 0");
  // With one bishop fewer, 23 points; and after a white move it is white who is to move.
  EXPECT_EQ(fact(run("+P+P+PK+P+P+P+P+R/+R+P7/9/9/9/9/9/9/4k4 b B 1", "").out, "declaration"),
            "no (black, to move, may not declare a win by the 27-point rule)");
  EXPECT_EQ(fact(run("+P+P+PK+P+P+P+P+R/+R+P7/9/9/9/9/9/9/4k4 w 2B 1", "").out, "declaration"),
            "no (white, to move, may not declare a win by the 27-point rule)");
}

TEST(PositionCommand, BadMovesNameTheirNumber) {
  const Outcome illegal = run("", "7g7f 7g7f");
  EXPECT_EQ(illegal.code, 2);
  EXPECT_EQ(illegal.out, "");
  EXPECT_EQ(illegal.err, "tsumi position: move 2 of --moves: '7g7f' is not a legal move in this position\n");
  const Outcome malformed = run("", "7g7f 3c3d x\x1b");
  EXPECT_EQ(malformed.code, 2);
  EXPECT_EQ(malformed.err, "tsumi position: move 3 of --moves: 'x\\x1b' is not a USI move (7g7f, 8h2b+ or P*5e)\n");
}

TEST(PositionCommand, BadSfen) {
  const Outcome r = run("9/9/9 b - 1", "");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(r.err.starts_with("tsumi position: bad SFEN '9/9/9 b - 1' at column")) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line";
  const Outcome handicap = run_handicap("3-pieces");
  EXPECT_EQ(handicap.code, 2);
  EXPECT_NE(handicap.err.find("unknown handicap '3-pieces'"), std::string::npos) << handicap.err;
}

// --svg: the final position drawn (notation/board_svg.h), its last move marked; `-` writes it before the
// facts, --svg-latin in letters.
TEST(PositionCommand, DrawsTheFinalPosition) {
  PositionOptions o;
  o.position.moves = "7g7f 3c3d";
  o.svg_out = "-";
  o.svg_latin = true;
  const Outcome r = test::run_command(run_position, o);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("<?xml")) << r.out;
  EXPECT_NE(r.out.find("</svg>\nsfen "), std::string::npos);
  EXPECT_NE(r.out.find(">K<"), std::string::npos);
  EXPECT_NE(r.out.find("#f0a848"), std::string::npos);  // 3c3d marked
  o.svg_out = test::temp_path("board.svg");
  o.svg_latin = false;
  ASSERT_EQ(test::run_command(run_position, o).code, 0);
  EXPECT_NE(test::read_file(o.svg_out).find(">玉<"), std::string::npos);
}

// --file then --kif/--csa: a game read in one notation goes out in the others, start, moves and header
// kept; a tsshogi KI2 file (positions/notation/) is the source.
TEST(PositionCommand, ConvertsAGameBetweenNotations) {
  PositionOptions o;
  o.position.file = test::positions_path("notation/handicap-2pieces.ki2");
  o.kif_out = test::temp_path("game.kif");
  o.csa_out = test::temp_path("game.csa");
  const Outcome r = test::run_command(run_position, o);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fact(r.out, "moves played"), "6");
  const auto source = notation::read_kifu(test::read_file(o.position.file));
  ASSERT_TRUE(source) << source.error().describe();
  for (const std::string& path : {o.kif_out, o.csa_out}) {
    SCOPED_TRACE(path);
    const auto written = notation::read_kifu(test::read_file(path));
    ASSERT_TRUE(written) << written.error().describe();
    EXPECT_EQ(to_sfen(written->start), to_sfen(source->start));
    EXPECT_EQ(to_usi(written->moves), to_usi(source->moves));
  }
  // KIF keeps the header as it was; CSA has only the players' names (N+, N-), read back as 先手/後手.
  EXPECT_EQ(notation::read_kifu(test::read_file(o.kif_out))->headers, source->headers);
  EXPECT_NE(test::read_file(o.kif_out).find("手合割：二枚落ち"), std::string::npos);
  EXPECT_NE(test::read_file(o.csa_out).find("PI82HI22KA"), std::string::npos);

  // A mate ends the file in 詰み (KIF) and %TSUMI (CSA); `-` writes on the output, before the facts.
  PositionOptions mate;
  mate.position.sfen = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";
  mate.position.moves = "8c1c";
  mate.csa_out = "-";
  const Outcome m = test::run_command(run_position, mate);
  ASSERT_EQ(m.code, 0) << m.err;
  EXPECT_NE(m.out.find("+8313RY\n%TSUMI\n"), std::string::npos) << m.out;
  EXPECT_LT(m.out.find("%TSUMI"), m.out.find("sfen ")) << m.out;

  mate.csa_out = test::temp_path("no-such-dir/game.csa");
  const Outcome bad = test::run_command(run_position, mate);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("cannot write"), std::string::npos) << bad.err;
}

// A file's moves are named as the file's in a refusal, --moves after them as --moves'.
TEST(PositionCommand, NamesWhereARefusedMoveCameFrom) {
  PositionOptions o;
  o.position.file = test::temp_file("mated.sfen", "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1 moves 8c1c\n");
  o.position.moves = "1a2a";
  const Outcome r = test::run_command(run_position, o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("move 1 of --moves: '1a2a' cannot be played: the game ended with move 1"), std::string::npos)
      << r.err;
}

TEST(PositionCommand, JsonHasTheSameFacts) {
  const Outcome r = run(std::string(kRookChecks), "9i9a " + repeated(kRookCheckCycle, 3), true);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line";
  const auto j = nlohmann::json::parse(r.out);
  const Outcome text = run(std::string(kRookChecks), "9i9a " + repeated(kRookCheckCycle, 3));
  EXPECT_EQ(j.at("sfen"), fact(text.out, "sfen"));
  EXPECT_EQ(j.at("side"), "white");
  EXPECT_EQ(j.at("moves_played"), 13);
  EXPECT_EQ(j.at("check"), true);
  EXPECT_EQ(j.at("checkers"), nlohmann::json::array({"9a"}));
  EXPECT_EQ(j.at("legal_moves").get<int>(), std::stoi(fact(text.out, "legal moves")));
  EXPECT_EQ(j.at("result"), "white_wins");
  EXPECT_EQ(j.at("reason"), "perpetual_check");
  EXPECT_EQ(j.at("repetition"), 4);
  EXPECT_EQ(j.at("impasse_points").at("black"), 5);
  EXPECT_EQ(j.at("impasse_points").at("white"), 0);
  EXPECT_EQ(j.at("both_kings_entered"), false);
  EXPECT_EQ(j.at("impasse_24"), "draw") << "both sides short of 24: core/impasse.h calls it a draw";
  EXPECT_EQ(j.at("may_declare"), false);
  const auto start = nlohmann::json::parse(run("", "", true).out);
  EXPECT_EQ(start.at("legal_moves"), 30);
  EXPECT_EQ(start.at("result"), "ongoing");
  EXPECT_EQ(start.at("reason"), "none");
  EXPECT_EQ(start.at("checkers"), nlohmann::json::array());
  const auto declare = nlohmann::json::parse(run("+P+P+PK+P+P+P+P+R/+R+P7/9/9/9/9/9/9/4k4 b 2B 1", "", true).out);
  EXPECT_EQ(declare.at("may_declare"), true);
  EXPECT_EQ(declare.at("both_kings_entered"), true);
  EXPECT_EQ(declare.at("impasse_24"), "black_wins");
}

}  // namespace
}  // namespace tsumi::cli
