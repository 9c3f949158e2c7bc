#include "solver/mate_line.h"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/game_record.h"
#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi {
namespace {

// tanuki1-1 and tanuki3-1 of positions/tsume-public.txt (cat=graded-1, graded-3).
constexpr const char* kMate1 = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";
constexpr const char* kMate3 = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
// kMate3 after its first move 1d2c: white to move, in check; the root is a defence.
constexpr const char* kMate3AfterCheck = "9/8k/7G1/7R1/9/9/9/9/9 w r2b3g4s4n4l18p 1";
// P*1b would mate: the gold on 2c guards 1b and 2b, the knight on 3c guards 2a.
constexpr const char* kPawnDropMate = "8k/9/6NG1/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1";

MateProblem problem_of(const char* sfen) {
  const auto s = parse_sfen(sfen);
  EXPECT_TRUE(s.ok()) << sfen;
  if (!s.ok()) return {};
  const auto p = make_mate_problem(*s);
  EXPECT_TRUE(p.ok()) << sfen;
  return p.ok() ? *p : MateProblem{};
}

// The claimed line's verdict; the moves are built from squares, not parsed, so that illegal ones can be given.
std::optional<std::string> check(const char* sfen, const std::vector<Move>& line) {
  return check_mate_line(problem_of(sfen), line);
}

// Asserts a failure whose message holds every one of the given fragments.
void expect_failure(const std::optional<std::string>& result, std::initializer_list<const char*> fragments) {
  ASSERT_TRUE(result.has_value()) << "the line was accepted";
  for (const char* f : fragments)
    EXPECT_NE(result->find(f), std::string::npos) << "'" << *result << "' lacks '" << f << "'";
}

const Move k8c1c = Move::make(SQ_83, SQ_13);  // dragon 8c-1c: mate
const Move k1d2c = Move::make(SQ_14, SQ_23);  // gold 1d-2c, check
const Move k1b1a = Move::make(SQ_12, SQ_11);  // king 1b-1a
const Move k2c2b = Move::make(SQ_23, SQ_22);  // gold 2c-2b: mate

// How a reading of the table ended, as the answer's JSON shows it (recorded_line.reading).
TEST(MateLine, ProofLineEndSaysWhereAndWhy) {
  ProofLineEnd end;
  end.ply = 611;
  EXPECT_EQ(to_string(end), "mate in 611");
  end.dead_ends = 15;
  EXPECT_EQ(to_string(end), "mate in 611, 15 dead ends");
  end = ProofLineEnd{};
  end.kind = ProofLineEnd::kDefenceUnproven, end.ply = 13, end.pn = 4, end.dn = 9, end.len = 20, end.dead_ends = 1;
  EXPECT_EQ(to_string(end), "defence unproven at ply 13 (pn 4 dn 9 len 20), 1 dead end");
  end.kind = ProofLineEnd::kNoProvenCheck;
  EXPECT_EQ(to_string(end), "no proven check at ply 13, 1 dead end");
  end.kind = ProofLineEnd::kWalkCut;
  EXPECT_EQ(to_string(end), "walk cut at ply 13, 1 dead end");
}

TEST(MateLine, MateInOne) { EXPECT_EQ(check(kMate1, {k8c1c}), std::nullopt); }

TEST(MateLine, MateInThree) { EXPECT_EQ(check(kMate3, {k1d2c, k1b1a, k2c2b}), std::nullopt); }

TEST(MateLine, RootDefence) {
  const MateProblem p = problem_of(kMate3AfterCheck);
  EXPECT_EQ(p.attacker, BLACK);
  const std::vector<Move> line = {k1b1a, k2c2b};
  EXPECT_EQ(check_mate_line(p, line), std::nullopt);
  // Starting with an attacker move is illegal here: white is to move.
  expect_failure(check(kMate3AfterCheck, {k2c2b}), {"ply 1", "2c2b", "illegal"});
}

TEST(MateLine, AttackerMoveWithoutCheck) {
  // Rook 2d-3d is legal but gives no check.
  expect_failure(check(kMate3, {Move::make(SQ_24, SQ_34)}), {"ply 1", "2d3d", "check"});
  // The same at ply 3: after 1d2c 1b1a, gold 2c-3c.
  expect_failure(check(kMate3, {k1d2c, k1b1a, Move::make(SQ_23, SQ_33)}), {"ply 3", "2c3c", "check"});
}

TEST(MateLine, IllegalMoves) {
  // A dragon cannot go from 8c to 1a.
  expect_failure(check(kMate1, {Move::make(SQ_83, SQ_11)}), {"ply 1", "8c1a", "illegal"});
  // The defender's king cannot step to 1c, which the gold guards.
  expect_failure(check(kMate3, {k1d2c, Move::make(SQ_12, SQ_13), k2c2b}), {"ply 2", "1b1c", "illegal"});
  // A drop of a piece the attacker does not hold.
  expect_failure(check(kMate3, {Move::make_drop(GOLD, SQ_22)}), {"ply 1", "G*2b", "illegal"});
}

TEST(MateLine, GarbageMovesDoNotCrash) {
  for (std::uint16_t raw : {std::uint16_t(0), std::uint16_t(0xffff), std::uint16_t(0x7fff), std::uint16_t(0x4000 | 127),
                            std::uint16_t(0x4000 | (15 << 7) | 80), std::uint16_t((100 << 7) | 5)}) {
    const auto r = check(kMate1, {Move(raw)});
    ASSERT_TRUE(r.has_value()) << raw;
    EXPECT_NE(r->find("ply 1"), std::string::npos) << *r;
    EXPECT_NE(r->find("illegal"), std::string::npos) << *r;
  }
  expect_failure(check(kMate3, {k1d2c, Move::none()}), {"ply 2", "none", "illegal"});
}

TEST(MateLine, LineNotEndingInMate) {
  // Ends after the check, with a defence left.
  expect_failure(check(kMate3, {k1d2c}), {"ply 1", "not mate"});
  // Ends after a defence.
  expect_failure(check(kMate3, {k1d2c, k1b1a}), {"ply 2", "defence"});
}

TEST(MateLine, EmptyLine) {
  expect_failure(check(kMate1, {}), {"empty"});
  expect_failure(check(kMate3AfterCheck, {}), {"empty"});
}

TEST(MateLine, LineContinuingAfterMate) {
  // After 8c1c the king has no move at all; any further move is one too many.
  expect_failure(check(kMate1, {k8c1c, k1b1a}), {"ply 2", "after the mate"});
  expect_failure(check(kMate1, {k8c1c, Move::none()}), {"ply 2", "after the mate"});
}

TEST(MateLine, PawnDropMate) {
  const Move p1b = Move::make_drop(PAWN, SQ_12);
  expect_failure(check(kPawnDropMate, {p1b}), {"ply 1", "P*1b", "pawn-drop"});
}

TEST(MateLine, PawnDropCheckThatIsNotMateIsFine) {
  // Without the knight on 3c the king escapes to 2a after P*1b: the drop is legal but the line is no mate.
  expect_failure(check("8k/9/7G1/9/9/9/9/9/9 b P2r2b3g4s4n4l17p 1", {Move::make_drop(PAWN, SQ_12)}),
                 {"ply 1", "P*1b", "not mate"});
}

TEST(MateLine, WrongAttackerInProblem) {
  // A hand-made problem naming the side to move as defender without it being in check.
  MateProblem p = problem_of(kMate3);
  p.attacker = WHITE;
  const std::vector<Move> line = {k1d2c};
  EXPECT_TRUE(check_mate_line(p, line).has_value());
}

// 木星の旅 (positions/tsume-famous.txt, id mokusei) and the 435-ply shortest mate tsumi proved for it,
// counting every defence (`tsumi mate --threads 2 --hash 16384`, at 9f6cd49). The book counts 411.
constexpr const char* kMokusei = "3pl3p/1+Pn3pk1/2+p6/4+pG3/1K3p2P/+B5l1+B/+p3pS1+ll/p+p2PN3/3S1+sSPN b 2R2P3gn2p 1";
constexpr const char* kMokuseiLine =
    "R*2d P*2c 2d2c+ 2b2c 1f3d 2c2b 4d3c 3b3c R*2c 2b1b 2c3c+ 1b2a 3d4c 2a1b 3c3b R*2b 4c3d 1b1c 3b2b "
    "1c2b R*2c 2b3b P*3c 3b3a 9f9g 7c6d 3c3b+ 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b "
    "9g8h 5d5e R*2c 2b3a P*3b 3a3b 8h8g 5e5d 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b 8g7g "
    "5d5e R*2c 2b3a P*3b 3a3b 7g7f 5e5d 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b 7f6f 5d5e "
    "R*2c 2b3a P*3b 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 6f5g 4e4f 3b2b 1c2b R*2c 2b3a P*3b "
    "3a3b 2c3c 3b2a 3d4c 2a1b 5g6g P*5f 4c3d 1b2a 6g7f 5e5d 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b "
    "7f7g 5d5e R*2c 2b3a P*3b 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3d3e 1c1b 3e4e 1b1c 4e4f "
    "1c1b 4f5f 1b1c 5f4f 1c1b 4f4e 1b1c 4e3e 1c1b 3e3d 1b1c 7g6h P*4f 3b2b 1c2b R*2c 2b3a P*3b 3a3b "
    "2c3c 3b2a 3d4c 2a1b 6h7h P*5f 4c3d 1b2a 7h8g 5e5d 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b 8g8h "
    "5d5e R*2c 2b3a P*3b 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3d3e 1c1b 3e4e 1b1c 4e4f 1c1b "
    "4f5f 1b1c 5f4f 1c1b 4f4e 1b1c 4e3e 1c1b 3e3d 1b1c 8h7i P*4f 3b2b 1c2b R*2c 2b3a P*3b 3a3b 2c3c "
    "3b2a 3d4c 2a1b 7i8i P*5f 4c3d 1b2a 8i9h 5e5d 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b 9h8h 5d5e "
    "R*2c 2b3a P*3b 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3d3e 1c1b 3e4e 1b1c 4e4f 1c1b 4f5f "
    "1b1c 5f4f 1c1b 4f4e 1b1c 4e3e 1c1b 3e3d 1b1c 8h7i P*4f 3b2b 1c2b R*2c 2b3a P*3b 3a3b 2c3c 3b2a "
    "3d4c 2a1b 7i7h P*5f 4c3d 1b2a 7h8g 5e5d 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b 8g7g 5d5e R*2c "
    "2b3a P*3b 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3d3e 1c1b 3e4e 1b1c 4e4f 1c1b 4f5f 1b1c "
    "5f4f 1c1b 4f4e 1b1c 4e3e 1c1b 3e3d 1b1c 7g6h P*4f 3b2b 1c2b R*2c 2b3a P*3b 3a3b 2c3c 3b2a 3d4c "
    "2a1b 6h6g P*5f 4c3d 1b2a 6g7f 5e5d 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3b2b 1c2b 7f6f 5d5e R*2c 2b3a "
    "P*3b 3a3b 2c3c 3b2a 3d4c 2a1b 3c3b+ R*2b 4c3d 1b1c 3d3e 1c1b 3e4e 1b1c 4e4f P*3e 4f3e 1c1b 3e4e "
    "1b1c 4e4f P*3e 4f3e 1c1b 3e4e 1b1c 4e4f P*3e 4f3e 1c1b 3e4e 1b1c 4e4f P*3e 4f3e 1c1b 3e4e 1b1c "
    "4e4f 1c1b 4f5f 1b1c 5f4f 1c1b 4f4e 1b1c 4e3e 1c1b 3e3d 1b1c 6f5g P*4f 3b2b 1c2b R*2c 2b3a P*3b "
    "3a3b 3d3c 3b4a P*4b 4a5b 3c3d N*4c 2c4c+ 5b6b N*5d 5e5d 8b7b 6b7b 4c8c 7b8c 3d6a P*7b 5g8d 8c8b "
    "N*9d 8b8a P*8b 8a9a P*9b 9a9b P*9c 9b9a 8b8a+ 9a8a 9c9b+ 8a9b 8d9c 9b9c 6a7a 9c8c 7a8b ";

// The moves of a USI line from the problem's position, played on a GameRecord (which keeps the states).
std::vector<Move> parse_line(const MateProblem& p, std::string_view text) {
  GameRecord game(p.setup);
  std::istringstream words{std::string(text)};
  for (std::string word; words >> word;) {
    const auto m = parse_usi_move(game.position(), word);
    EXPECT_TRUE(m.ok() && game.play(*m)) << word;
    if (!m.ok()) break;
  }
  return {game.moves().begin(), game.moves().end()};
}

TEST(MateLine, FutileCyclesOfJupiter) {
  const MateProblem p = problem_of(kMokusei);
  const std::vector<Move> line = parse_line(p, kMokuseiLine);
  ASSERT_EQ(line.size(), 435u);
  ASSERT_EQ(check_mate_line(p, line), std::nullopt);
  // Four times P*3e 4f3e 1c1b 3e4e 1b1c 4e4f (plies 358-381): one stretch of 24 plies, back on the
  // board it started from with four pawns more in the attacker's hand, which it never needs.
  const std::vector<PlySpan> cycles = futile_cycles(p, line);
  ASSERT_EQ(cycles.size(), 1u);
  EXPECT_EQ(cycles[0].begin, 357u);
  EXPECT_EQ(cycles[0].size(), 24u);
  for (std::size_t i = cycles[0].begin; i < cycles[0].end; i += 6) {
    EXPECT_EQ(to_usi(line[i]), "P*3e") << i;
    EXPECT_EQ(to_usi(line[i + 1]), "4f3e") << i;
    EXPECT_EQ(to_usi(line[i + 5]), "4e4f") << i;
  }
  const std::vector<Move> book = cut_spans(line, cycles);
  EXPECT_EQ(book.size(), 411u);
  EXPECT_EQ(check_mate_line(p, book), std::nullopt);
  // The book line has no cycle left.
  EXPECT_TRUE(futile_cycles(p, book).empty());
}

TEST(MateLine, NoFutileCyclesInALineThatIsNoMate) {
  const MateProblem p = problem_of(kMokusei);
  std::vector<Move> line = parse_line(p, kMokuseiLine);
  ASSERT_EQ(line.size(), 435u);
  line.pop_back();  // ends with a defence
  EXPECT_TRUE(futile_cycles(p, line).empty());
  line.pop_back();  // ends with a check that is not mate
  EXPECT_TRUE(futile_cycles(p, line).empty());
}

TEST(MateLine, CycleWhoseGainIsNeededIsNotCut) {
  // The same line with one pawn fewer in the attacker's hand from the start (the defender holds it):
  // the line still replays, ending with three pawns to spare, so only three of the four cycles can go;
  // cutting all four would leave a later pawn drop without its pawn.
  const MateProblem full = problem_of(kMokusei);
  const MateProblem less =
      problem_of("3pl3p/1+Pn3pk1/2+p6/4+pG3/1K3p2P/+B5l1+B/+p3pS1+ll/p+p2PN3/3S1+sSPN b 2RP3gn3p 1");
  const std::vector<Move> line = parse_line(full, kMokuseiLine);
  ASSERT_EQ(check_mate_line(less, line), std::nullopt);
  const std::vector<PlySpan> all = futile_cycles(full, line);
  const std::vector<PlySpan> cycles = futile_cycles(less, line);
  ASSERT_EQ(cycles.size(), 1u);
  EXPECT_EQ(cycles[0].size(), 18u);
  EXPECT_TRUE(check_mate_line(less, cut_spans(line, all)).has_value());
  EXPECT_EQ(check_mate_line(less, cut_spans(line, cycles)), std::nullopt);
}

TEST(MateLine, CutSpans) {
  const std::vector<Move> line = {k1d2c, k1b1a, k2c2b, k8c1c};
  const std::vector<PlySpan> spans = {{1, 3}};
  const std::vector<Move> cut = cut_spans(line, spans);
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[0], k1d2c);
  EXPECT_EQ(cut[1], k8c1c);
  EXPECT_EQ(cut_spans(line, {}).size(), 4u);
}

}  // namespace
}  // namespace tsumi
