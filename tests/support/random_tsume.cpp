#include "tests/support/random_tsume.h"

#include <optional>
#include <random>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "solver/mate_solver.h"
#include "tests/support/minimax_oracle.h"

namespace tsumi::test {
namespace {

// Uniform in [0, n), n > 0, by modulo (a bias of n / 2^64, nothing here can see it) so that every
// standard library draws the same numbers.
class Draw {
 public:
  explicit Draw(std::uint64_t seed) : rng_(seed) {}
  int below(int n) { return int(rng_() % std::uint64_t(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }

 private:
  std::mt19937_64 rng_;
};

constexpr PieceType kBoardTypes[] = {PAWN,     LANCE,     KNIGHT,     SILVER,     BISHOP, ROOK,  GOLD,
                                     PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE,  DRAGON};
constexpr PieceType kHandTypes[] = {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD};

bool near(Square a, Square b, int d) {
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return df >= -d && df <= d && dr >= -d && dr <= d;
}

// Pieces of each unpromoted kind of the set not yet on the board or in black's hand.
struct Pool {
  int left[kHandTypeNb] = {};
  Pool() {
    for (PieceType pt : kHandTypes) left[pt] = kPieceCountMax[pt];
  }
};

PositionSetup draw_setup(Draw& draw) {
  PositionSetup s;
  s.side_to_move = BLACK;
  const Square king = make_square(File(draw.below(9)), Rank(draw.below(3)));
  s.board[king] = make_piece(WHITE, KING);
  Pool pool;
  const int on_board[COLOR_NB] = {draw.between(2, 5), draw.between(0, 3)};
  for (Color c : {BLACK, WHITE})
    for (int i = 0; i < on_board[c]; ++i) {
      std::vector<Square> empty;
      for (Square sq = SQ_11; sq < SQ_NB; ++sq)
        if (near(sq, king, 3) && s.board[sq] == NO_PIECE) empty.push_back(sq);
      std::vector<PieceType> types;
      for (PieceType pt : kBoardTypes)
        if (pool.left[unpromote(pt)] > 0) types.push_back(pt);
      if (empty.empty() || types.empty()) break;
      const Square sq = empty[draw.below(int(empty.size()))];
      const PieceType pt = types[draw.below(int(types.size()))];
      s.board[sq] = make_piece(c, pt);
      --pool.left[unpromote(pt)];
    }
  const int in_hand = draw.between(1, 4);
  for (int i = 0; i < in_hand; ++i) {
    std::vector<PieceType> types;
    for (PieceType pt : kHandTypes)
      if (pool.left[pt] > 0) types.push_back(pt);
    if (types.empty()) break;
    const PieceType pt = types[draw.below(int(types.size()))];
    s.hands[BLACK].add(pt);
    --pool.left[pt];
  }
  for (PieceType pt : kHandTypes) s.hands[WHITE].set(pt, pool.left[pt]);
  return s;
}

// Nodes of the solver's quick look at a drawn problem (see accept()).
constexpr std::uint64_t kScreenNodes = 100'000;

// The problem with its shortest mate, when the setup is a legal problem with a mate within max_plies.
// Most drawn problems have no mate at all, and the oracle would search every one of them to its full
// bound first: the df-pn solver throws out those it proves have no mate (of any length) in a few
// thousand nodes, so that the oracle only measures the rest. (A no-mate verdict is the one answer of the
// solver's taken on trust; every kept problem's shortest mate is the oracle's.)
std::optional<RandomTsume> accept(const PositionSetup& setup, int max_plies, MateSolver& screen) {
  if (setup_fault(setup)) return std::nullopt;
  const auto problem = make_mate_problem(setup);
  if (!problem || problem->attacker != BLACK) return std::nullopt;
  StateInfo st;
  Position pos;
  pos.set(problem->setup, &st);
  if (pos.has_king(BLACK) || pos.in_check()) return std::nullopt;
  MoveList checks;
  generate<CHECKS>(pos, checks);
  if (checks.empty()) return std::nullopt;
  MateLimits limits;
  limits.nodes = kScreenNodes;
  limits.prove_shortest = false;
  limits.book_search = false;
  screen.clear();
  if (screen.solve(*problem, limits).verdict == MateVerdict::kNoMate) return std::nullopt;
  const int n = shortest_mate(pos, BLACK, max_plies);
  if (n < 0) return std::nullopt;
  RandomTsume t;
  t.sfen = to_sfen(problem->setup);
  t.problem = *problem;
  t.shortest = n;
  return t;
}

// One change of a drawn problem, and what it was; nullopt when the drawn kind of change has nothing to
// act on.
std::optional<std::pair<PositionSetup, std::string>> change(const PositionSetup& base, Draw& draw) {
  PositionSetup s = base;
  switch (draw.below(3)) {
    case 0: {  // a piece of white's hand to black's
      std::vector<PieceType> types;
      for (PieceType pt : kHandTypes)
        if (s.hands[WHITE].has(pt)) types.push_back(pt);
      if (types.empty()) return std::nullopt;
      const PieceType pt = types[draw.below(int(types.size()))];
      s.hands[WHITE].remove(pt);
      s.hands[BLACK].add(pt);
      return std::pair{s, std::string("hand+") + kPieceLetter[pt]};
    }
    case 1: {  // a white piece off the board, to white's hand
      std::vector<Square> squares;
      for (Square sq = SQ_11; sq < SQ_NB; ++sq)
        if (s.board[sq] != NO_PIECE && color_of(s.board[sq]) == WHITE && type_of(s.board[sq]) != KING)
          squares.push_back(sq);
      if (squares.empty()) return std::nullopt;
      const Square sq = squares[draw.below(int(squares.size()))];
      s.hands[WHITE].add(unpromote(type_of(s.board[sq])));
      s.board[sq] = NO_PIECE;
      return std::pair{s, "removed " + to_usi(sq)};
    }
    default: {  // a piece one square away, onto an empty square
      std::vector<Square> squares;
      for (Square sq = SQ_11; sq < SQ_NB; ++sq)
        if (s.board[sq] != NO_PIECE) squares.push_back(sq);
      const Square from = squares[draw.below(int(squares.size()))];
      std::vector<Square> to;
      for (Square sq = SQ_11; sq < SQ_NB; ++sq)
        if (sq != from && near(sq, from, 1) && s.board[sq] == NO_PIECE) to.push_back(sq);
      if (to.empty()) return std::nullopt;
      const Square dest = to[draw.below(int(to.size()))];
      s.board[dest] = s.board[from];
      s.board[from] = NO_PIECE;
      return std::pair{s, "moved " + to_usi(from) + "-" + to_usi(dest)};
    }
  }
}

constexpr int kChangesPerProblem = 12;

}  // namespace

std::vector<RandomTsume> random_tsume_problems(std::uint64_t seed, int count, int max_plies) {
  Draw draw(seed);
  MateSolver screen(4);
  std::vector<RandomTsume> problems;
  while (int(problems.size()) < count) {
    std::optional<RandomTsume> drawn = accept(draw_setup(draw), max_plies, screen);
    if (!drawn) continue;
    if (problems.size() % 2 == 0) {
      problems.push_back(*drawn);
      continue;
    }
    for (int i = 0; i < kChangesPerProblem; ++i) {
      const auto changed = change(drawn->problem.setup, draw);
      if (!changed) continue;
      std::optional<RandomTsume> t = accept(changed->first, max_plies, screen);
      if (!t) continue;
      t->variant = changed->second;
      problems.push_back(*t);
      break;
    }
  }
  return problems;
}

}  // namespace tsumi::test
