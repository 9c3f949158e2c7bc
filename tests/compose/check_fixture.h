#pragma once
// What the tests of compose/ share: the small problems they check, and a check of one on a fresh table.

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "compose/soundness.h"
#include "core/position.h"
#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi::test {

// tanuki3-1 of positions/tsume-public.txt: mate in 3 (1d2c 1b1a 2c2b) with 変同 at ply 2 (1b2a is mated as
// fast) and a cook at ply 3 (2d1d mates in 5 more).
inline constexpr const char* kTanuki3 = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
// The same with a pawn more in the attacker's hand: the pawn is left over (駒余り).
inline constexpr const char* kTanuki3Pawn = "9/8k/9/7RG/9/9/9/9/9 b Pr2b3g4s4n4l17p 1";
// tanuki5-17: sound; its last move L*1b has seven twins (the lance dropped further down the file mates as
// books count it: every interposition is futile), each a last-move cook.
inline constexpr const char* kLastMove = "6G1k/6l2/5S3/7N1/9/9/9/9/9 b 2r2b3g3s3n3l18p 1";
// No mate: a lone gold far from the king.
inline constexpr const char* kNoMate = "8k/9/9/9/9/9/9/9/G8 b 2r2b3g4s4n4l18p 1";

inline MateProblem check_problem(const char* sfen) {
  const auto s = parse_sfen(sfen);
  EXPECT_TRUE(s.ok()) << sfen;
  const auto p = make_mate_problem(*s);
  EXPECT_TRUE(p.ok()) << sfen;
  return *p;
}

// The USI moves, played from the problem's position.
inline std::vector<Move> line_of(const MateProblem& problem, const std::string& usi) {
  std::vector<Move> out;
  std::vector<StateInfo> states(64);
  Position pos;
  pos.set(problem.setup, &states[0]);
  std::istringstream words(usi);
  for (std::string w; words >> w;) {
    const auto m = parse_usi_move(pos, w);
    EXPECT_TRUE(m.ok()) << w;
    out.push_back(*m);
    pos.do_move(*m, states[out.size()]);
  }
  return out;
}

// The check of `sfen` with the recorded `line` (empty: tsumi's own), on a 16 MB table cleared first.
inline SoundnessReport checked(const char* sfen, const std::string& line = "", SoundnessLimits limits = {}) {
  static MateSolver solver(16);
  solver.clear();
  const MateProblem p = check_problem(sfen);
  const std::vector<Move> recorded = line_of(p, line);
  return check_soundness(solver, p, recorded, limits);
}

// The kind of the cook `usi` at `ply`, if the report has one.
inline std::optional<CookKind> cook_kind(const SoundnessReport& r, int ply, const std::string& usi) {
  for (const Cook& c : r.cooks)
    if (c.ply == ply && to_usi(c.move) == usi) return c.kind;
  return std::nullopt;
}

// A position and the states its moves need, for the tests that call one piece of compose/ directly.
struct PlayedPosition {
  PlayedPosition(const MateProblem& problem, const std::vector<Move>& moves) : states(moves.size() + 1) {
    pos.set(problem.setup, &states[0]);
    for (std::size_t i = 0; i < moves.size(); ++i) pos.do_move(moves[i], states[i + 1]);
  }
  std::vector<StateInfo> states;
  Position pos;
};

}  // namespace tsumi::test
