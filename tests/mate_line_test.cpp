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

// 新桃花源 (positions/tsume-famous.txt, id shintougen) and the 1213-ply line of the book count's search
// (`tsumi mate --threads 2 --hash 16384 --json`, futile_pv at 46bd397). The book counts 1205.
constexpr const char* kShinTougen =
    "p2+N3g1/P2R3+pP/g3+BnpP1/lPP1+p3p/+LnnS2+LS+p/G+P1l+Bp+P1+p/3pp1P1g/9/4kSR1s b - 1";
constexpr const char* kShinTougenLine =
    "4i4h 5i4h 5f3h 4h5h 3h4i 5h6h 4i5i 6h7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f "
    "9g8g 7f8f 8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h1h 3i2i 1h2g 3f2f 1e2f "
    "5c5d 2g3g 7i3i 3g4h 2i3h 4h5h 3h4i 5h6h 4i5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i "
    "9h9g 8f9f 9g8g 7f8f 8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h3g 3e3f 3g4g "
    "7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f "
    "8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h2g 3f4f 2g3g 4f3f 3g4g 7i4i 4g5h "
    "3i4h 5h6h 4h5i 6h7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i "
    "7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h2g 3f3e 2g3g 5d6d P*4f P*3h 3g4g 7i4i 4g5h "
    "3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i "
    "7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2i 4i3i 2i1h 3i2i 1h2g 6d6c 2g3g 7i3i 3g4h 2i3h 4h5h "
    "3h4i 5h6h 4i5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 3i7i "
    "7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h3g 3e3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h "
    "5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i "
    "5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h2g 3f4f 2g3g 4f3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g "
    "8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i "
    "4h3h 5i4i 3h2h 4i3i 2h2g 3f3e 2g3g 6c7c P*4f P*3h 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g "
    "8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i "
    "4h3h 5i4i 3h2i 4i3i 2i1h 3i2i 1h2g 7c7b 2g3g 7i3i 3g4h 2i3h 4h5h 3h4i 5h6h 4i5i 6h7h 5i6i 7h7g "
    "8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i "
    "4h3h 5i4i 3h2h 4i3i 2h3g 3e3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g "
    "9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i "
    "2h2g 3f4f 2g3g 4f3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h "
    "7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h2g 3f3e "
    "2g3g 7b8b P*4f P*3h 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h "
    "7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2i 4i3i 2i1h 3i2i "
    "1h2g 8b8a 2g3g 7i3i 3g4h 2i3h 4h5h 3h4i 5h6h 4i5i 6h7h 5i6i 7h8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h "
    "7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h3g 3e3f "
    "3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g "
    "7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h2g 3f4f 2g3g 4f3f 3g4g 7i4i "
    "4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g "
    "4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h2g 3f3e 2g3g 8a9a P*4f P*3h 3g4g 7i4i "
    "4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g "
    "4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2i 4i3i 2i1h 3i2i 1h2g 9a8a 2g3g 7i3i 3g4h 2i3h "
    "4h5h 3h4i 5h6h 4i5i 6h7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g "
    "3i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h3g 3e3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i "
    "6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h "
    "7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h2g 3f4f 2g3g 4f3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i "
    "7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h "
    "6i5i 4h3i 5i4i 3i2h 4i3i 2h2g 3f3e 2g3g 8a8b P*4f P*3h 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7i 5i6i "
    "7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4i "
    "6i5i 4i3h 5i4i 3h2i 4i3i 2i1h 3i2i 1h2g 8b7b 2g3g 7i3i 3g4h 2i3h 4h5h 3h4i 5h6h 4i5i 6h7h 5i6i "
    "7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4h "
    "6i5i 4h3h 5i4i 3h2h 4i3i 2h3g 3e3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i "
    "8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3i 5i4i 3i2h "
    "4i3i 2h2g 3f4f 2g3g 4f3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f "
    "8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h2g "
    "3f3e 2g3g 7b7c P*4f P*3h 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f "
    "8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3h 5i4i 3h2i 4i3i 2i1h "
    "3i2i 1h2g 7c6c 2g3g 7i3i 3g4h 2i3h 4h5h 3h4i 5h6i 4i5i 6i7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f "
    "8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3i 5i4i 3i2h 4i3i 2h3g "
    "3e3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f "
    "9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3i 5i4i 3i2h 4i3i 2h2g 3f4f 2g3g 4f3f 3g4g "
    "7i4i 4g5h 3i4h 5h6h 4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f "
    "8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3i 5i4i 3i2h 4i3i 2h2g 3f3e 2g3g 6c6d P*4f P*3h 3g4g "
    "7i4i 4g5h 3i4h 5h6h 4h5i 6h7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f "
    "8g7g 4i7i 7g6h 8i7h 6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2i 4i3i 2i1h 3i2i 1h2g 6d5d 2g3g 7i3i 3g4h "
    "2i3h 4h5h 3h4i 5h6h 4i5i 6h7i 5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f "
    "8g7g 3i7i 7g6h 8i7h 6h5h 7h6i 5h4h 6i5i 4h3i 5i4i 3i2h 4i3i 2h3g 3e3f 3g4g 7i4i 4g5h 3i4h 5h6h "
    "4h5i 6h7h 5i6i 7h7g 8f7f 7g8h 6i7i 8h8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h "
    "6h5h 7h6i 5h4i 6i5i 4i3h 5i4i 3h2h 4i3i 2h2g 3f4f 2g3g 4f3f 3g4g 7i4i 4g5h 3i4h 5h6h 4h5i 6h7i "
    "5i6i 7i8h 6i7i 8h7g 8f7f 7g8g 9f8f 8g9h 7i8i 9h9g 8f9f 9g8g 7f8f 8g7g 4i7i 7g6h 8i7h 6h5h 7h6i "
    "5h4h 6i5i 4h3h 5i4i 3h2h 4i3i 2h2g 3f2f 2g2f 3i1g 2f2e 5d4c S*3d 4c3d 3c3d N*3g 2e2d S*2e 2d2c "
    "P*2d 2c1b G*2c 1b1a 6b2b+ 2a2b P*1b 1a2a 2c2b 2a2b G*2c 2b2a 1b1a+ 2a3a P*3b 3a4a P*4b 4a4b "
    "P*4c 4b4c 7i4i P*4h 4i4h P*4g 4h4g P*4f 4g4f P*4e 4f4e P*4d 1g4d 4c4b 4d4c 4b4a 4c4b ";

TEST(MateLine, FutileCapturesOfShinTougenkyou) {
  const MateProblem p = problem_of(kShinTougen);
  const std::vector<Move> line = parse_line(p, kShinTougenLine);
  ASSERT_EQ(line.size(), 1213u);
  ASSERT_EQ(check_mate_line(p, line), std::nullopt);
  // Near the end the king stands on 4c with a step to 4b; the rook checks up file 4 and takes P*4h,
  // P*4g, P*4f, P*4e in turn: one run of eight plies, the pawns never needed. The last drop, P*4d, is
  // taken by the horse, whose new square the mate uses: no futile capture.
  const std::vector<PlySpan> runs = futile_captures(p, line);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].size(), 8u);
  EXPECT_EQ(to_usi(line[runs[0].begin]), "P*4h");
  EXPECT_EQ(to_usi(line[runs[0].end - 1]), "4f4e");
  const std::vector<Move> book = cut_spans(line, runs);
  EXPECT_EQ(book.size(), 1205u);
  EXPECT_EQ(check_mate_line(p, book), std::nullopt);
  EXPECT_TRUE(futile_captures(p, book).empty());
}

TEST(MateLine, ADropTakenBackIsNoFutileCapture) {
  // yo-mate7-6 (positions/tsume-public.txt, a real-game mate): N*7h 8f7h+ 7g7h. Cut, the line still
  // replays as a mate, but the defender's 7g7h, which took the knight back, is then a quiet move: the
  // interposition won an exchange, and the run is no futile capture.
  const MateProblem p = problem_of("l2R2snl/4gkg2/p+P1ppp2p/2p3pp1/9/1nPPP4/P1G1GPP1P/3K1Ss2/+r3Bb1NL w N2Psl 68");
  const std::vector<Move> line = parse_line(p, "9i8h N*7h 8f7h+ 7g7h S*7g 6h6i 7g7h+");
  ASSERT_EQ(check_mate_line(p, line), std::nullopt);
  EXPECT_EQ(check_mate_line(p, cut_spans(line, std::vector<PlySpan>{{1, 3}})), std::nullopt);
  EXPECT_TRUE(futile_captures(p, line).empty());
}

TEST(MateLine, NoFutileCapturesWithoutADropOrAMate) {
  EXPECT_TRUE(futile_captures(problem_of(kMate3), std::vector<Move>{k1d2c, k1b1a, k2c2b}).empty());
  // 新桃花源's line less its last ply ends with no mate: no run is judged.
  const MateProblem p = problem_of(kShinTougen);
  std::vector<Move> line = parse_line(p, kShinTougenLine);
  line.pop_back();
  EXPECT_TRUE(futile_captures(p, line).empty());
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
