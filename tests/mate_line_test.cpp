#include "solver/mate_line.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"

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

}  // namespace
}  // namespace tsumi
