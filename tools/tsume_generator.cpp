// tsume-generator: seeded random positions of the tsume kind, one SFEN per line, for solver stress runs.
//
//   tsume-generator --seed S --count N
//
// Every position is black (the attacker) to move with no black king, a white king on ranks a..c, a few
// pieces of each side near that king, one to four pieces in black's hand and every other piece of the
// set in white's hand. A drawn position is kept only when the rules library accepts it (parse_sfen:
// no dead pieces, no nifu, piece counts of one set, white not in check) and black has at least one
// legal check (generate<CHECKS>); otherwise it is drawn again. Nothing says a kept position is a mate.
//
// The output depends only on the seed: the generator is splitmix64 and bounded draws are made by
// rejection here, not by std::uniform_int_distribution (whose algorithm each standard library picks),
// so every platform prints the same lines. One stream serves all positions, so the first N lines of a
// seed are the same whatever --count is.

#include <charconv>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "core/hash_mix.h"
#include "core/movegen.h"
#include "core/sfen.h"

namespace tsumi {
namespace {

// splitmix64 (core/hash_mix.h): fully specified, so portable bit for bit.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() { return splitmix64(state_); }

  // Uniform in [0, bound), bound > 0: draws below 2^64 mod bound are rejected so every residue is
  // equally likely (the "debiased modulo" of O'Neill's PCG notes).
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
      const std::uint64_t x = next();
      if (x >= threshold) return x % bound;
    }
  }

  // Uniform in [lo, hi].
  int between(int lo, int hi) { return lo + int(below(std::uint64_t(hi - lo + 1))); }

 private:
  std::uint64_t state_;
};

// How many pieces of each side stand near the king and how many black holds, inclusive ranges.
inline constexpr int kBlackBoardMin = 2, kBlackBoardMax = 5;
inline constexpr int kWhiteBoardMin = 0, kWhiteBoardMax = 3;
inline constexpr int kBlackHandMin = 1, kBlackHandMax = 4;
// Pieces stand within this Chebyshev distance of the white king.
inline constexpr int kNearKing = 3;
// Draws per kept position before giving up; far above what any seed needs (about one draw in three is
// kept), it only turns a bug into an error instead of a hang.
inline constexpr int kMaxAttempts = 1'000'000;

// The types a piece on the board may have, promoted ones included (the king is placed on its own).
inline constexpr PieceType kBoardTypes[] = {PAWN,     LANCE,     KNIGHT,     SILVER,     BISHOP, ROOK,  GOLD,
                                            PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE,  DRAGON};
inline constexpr PieceType kHandTypes[] = {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD};

// Pieces of each unpromoted kind of the 40-piece set not yet placed on the board or in black's hand.
struct PiecePool {
  int left[kHandTypeNb] = {};

  PiecePool() {
    for (PieceType pt : kHandTypes) left[pt] = kPieceCountMax[pt];
  }
  bool has(PieceType pt) const { return left[unpromote(pt)] > 0; }
  void take(PieceType pt) { --left[unpromote(pt)]; }
};

// A type out of `types` whose kind the pool still holds, uniformly; NO_PIECE_TYPE when there is none.
template <std::size_t N>
PieceType draw_type(SplitMix64& rng, const PieceType (&types)[N], const PiecePool& pool) {
  PieceType available[N];
  std::size_t n = 0;
  for (PieceType pt : types)
    if (pool.has(pt)) available[n++] = pt;
  return n == 0 ? NO_PIECE_TYPE : available[rng.below(n)];
}

// An empty square within kNearKing of the king (in square order, then drawn uniformly); SQ_NONE when
// every such square is taken.
Square draw_square_near(SplitMix64& rng, const PositionSetup& setup, Square king) {
  Square empty[SQ_NB];
  std::size_t n = 0;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    const int df = file_of(sq) - file_of(king), dr = rank_of(sq) - rank_of(king);
    const bool near = df >= -kNearKing && df <= kNearKing && dr >= -kNearKing && dr <= kNearKing;
    if (near && setup.board[sq] == NO_PIECE) empty[n++] = sq;
  }
  return n == 0 ? SQ_NONE : empty[rng.below(n)];
}

// One candidate position, drawn without regard to legality (accept() judges it).
PositionSetup draw_setup(SplitMix64& rng) {
  PositionSetup setup;
  setup.side_to_move = BLACK;
  setup.game_ply = 1;
  const Square king = make_square(File(rng.between(FILE_1, FILE_9)), Rank(rng.between(RANK_1, RANK_3)));
  setup.board[king] = make_piece(WHITE, KING);

  PiecePool pool;
  const int on_board[COLOR_NB] = {rng.between(kBlackBoardMin, kBlackBoardMax),
                                  rng.between(kWhiteBoardMin, kWhiteBoardMax)};
  for (Color c : {BLACK, WHITE})
    for (int i = 0; i < on_board[c]; ++i) {
      const Square sq = draw_square_near(rng, setup, king);
      const PieceType pt = draw_type(rng, kBoardTypes, pool);
      if (sq == SQ_NONE || pt == NO_PIECE_TYPE) break;
      setup.board[sq] = make_piece(c, pt);
      pool.take(pt);
    }

  const int in_hand = rng.between(kBlackHandMin, kBlackHandMax);
  for (int i = 0; i < in_hand; ++i) {
    const PieceType pt = draw_type(rng, kHandTypes, pool);
    if (pt == NO_PIECE_TYPE) break;
    setup.hands[BLACK].add(pt);
    pool.take(pt);
  }
  for (PieceType pt : kHandTypes) setup.hands[WHITE].set(pt, pool.left[pt]);
  return setup;
}

// The SFEN of a drawn position when it is a legal problem: the SFEN validator accepts it, the white
// king is not attacked, and black has a legal check. Nothing otherwise.
std::optional<std::string> accept(const PositionSetup& drawn) {
  std::string sfen = to_sfen(drawn);
  const ParseResult<PositionSetup> parsed = parse_sfen(sfen);
  if (!parsed) return std::nullopt;
  StateInfo si;
  Position pos;
  pos.set(*parsed, &si);
  // parse_sfen already refuses a side not to move in check; asked again so the rule is visible here.
  if (!pos.has_king(WHITE) || pos.has_king(BLACK)) return std::nullopt;
  if (pos.is_attacked(BLACK, pos.king_square(WHITE), pos.pieces())) return std::nullopt;
  MoveList checks;
  generate<CHECKS>(pos, checks);
  if (checks.empty()) return std::nullopt;
  return sfen;
}

constexpr std::string_view kUsage =
    "usage: tsume-generator --seed S --count N\n"
    "\n"
    "Prints N random tsume positions (black to move, no black king, white king on ranks a-c),\n"
    "one SFEN per line. The same seed prints the same lines on every platform.\n"
    "\n"
    "  --seed S    unsigned 64-bit seed (decimal)\n"
    "  --count N   number of positions (decimal, 0 or more)\n"
    "  --help      this text\n";

struct Options {
  std::uint64_t seed = 0;
  std::uint64_t count = 0;
};

// A whole-string unsigned decimal number.
std::optional<std::uint64_t> parse_u64(std::string_view s) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// The options, or the exit code to stop with (0 after --help, 2 on a usage error, reported on stderr).
struct ParsedArgs {
  std::optional<Options> options;
  int exit_code = 0;
};

ParsedArgs parse_args(int argc, char** argv) {
  Options o;
  bool have_seed = false, have_count = false;
  const auto fail = [](const std::string& why) {
    std::cerr << "tsume-generator: " << why << "\n" << kUsage;
    return ParsedArgs{std::nullopt, 2};
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return {std::nullopt, 0};
    }
    if (arg != "--seed" && arg != "--count") return fail("unknown argument '" + std::string(arg) + "'");
    if (i + 1 >= argc) return fail(std::string(arg) + " needs a value");
    const std::string_view text = argv[++i];
    const std::optional<std::uint64_t> value = parse_u64(text);
    if (!value) return fail(std::string(arg) + " wants an unsigned decimal number, not '" + std::string(text) + "'");
    if (arg == "--seed") {
      o.seed = *value;
      have_seed = true;
    } else {
      o.count = *value;
      have_count = true;
    }
  }
  if (!have_seed) return fail("missing --seed");
  if (!have_count) return fail("missing --count");
  return {o, 0};
}

int run(const Options& o) {
  SplitMix64 rng(o.seed);
  for (std::uint64_t n = 0; n < o.count; ++n) {
    std::optional<std::string> sfen;
    for (int attempt = 0; attempt < kMaxAttempts && !sfen; ++attempt) sfen = accept(draw_setup(rng));
    if (!sfen) {
      std::cerr << "tsume-generator: no acceptable position after " << kMaxAttempts << " draws\n";
      return 1;
    }
    std::cout << *sfen << '\n';
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "tsume-generator: could not write to stdout\n";
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace tsumi

int main(int argc, char** argv) {
  const tsumi::ParsedArgs args = tsumi::parse_args(argc, argv);
  if (!args.options) return args.exit_code;
  return tsumi::run(*args.options);
}
