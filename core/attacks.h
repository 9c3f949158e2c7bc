#pragma once
// Attack sets of every piece, and the between/line tables.
//
// Step pieces (pawn, knight, silver, gold and the golds' promoted cousins, king) read a constexpr
// table. Sliders are computed from the occupancy without magic tables:
// - lance and rook file: one 64-bit word (a file never straddles the halves, see bitboard.h); toward
//   lower indices the nearest blocker is the highest set bit, toward higher indices x ^ (x - 1);
// - rook rank and bishop diagonals: the "Qugiy" method (YaneuraOu, WCSC31): the 128-bit decrement
//   trick on the directions of increasing index, and the same on the byte-reversed board for the
//   directions of decreasing index. The AVX2 path does both halves of a pair in one 256-bit register;
//   the plain path does them one after the other with the Bitboard operations (SSE or scalar twin).
// All tables are constexpr; nothing is initialised at run time.

#include <bit>
#include <cstdint>

#include "core/bitboard.h"
#include "core/platform.h"
#include "core/square.h"
#include "core/types.h"

namespace tsumi {

namespace attacks_detail {

struct Step {
  int df, dr;  // file and rank deltas with "forward" = rank - 1 (black's view)
};

constexpr Bitboard ray(Square sq, int df, int dr, bool slide) {
  Bitboard b = Bitboard::zero();
  int f = file_of(sq) + df, r = rank_of(sq) + dr;
  while (is_on_board(f, r)) {
    b = b | Bitboard::square(make_square(File(f), Rank(r)));
    if (!slide) break;
    f += df;
    r += dr;
  }
  return b;
}

// Squares reached by the given steps (black's orientation; white mirrors the rank delta).
template <int N>
constexpr Bitboard steps(Color c, Square sq, const Step (&s)[N], bool slide = false) {
  Bitboard b = Bitboard::zero();
  for (const Step& st : s) b = b | ray(sq, st.df, c == BLACK ? st.dr : -st.dr, slide);
  return b;
}

constexpr Step kPawnSteps[] = {{0, -1}};
constexpr Step kKnightSteps[] = {{-1, -2}, {1, -2}};
constexpr Step kSilverSteps[] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}};
constexpr Step kGoldSteps[] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
constexpr Step kKingSteps[] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
constexpr Step kDiagonalSteps[] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
constexpr Step kOrthogonalSteps[] = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};

// Attacks of a piece on an empty board.
constexpr Bitboard empty_board_attacks(Color c, PieceType pt, Square sq) {
  switch (pt) {
    case PAWN: return steps(c, sq, kPawnSteps);
    case LANCE: return steps(c, sq, kPawnSteps, true);
    case KNIGHT: return steps(c, sq, kKnightSteps);
    case SILVER: return steps(c, sq, kSilverSteps);
    case GOLD:
    case PRO_PAWN:
    case PRO_LANCE:
    case PRO_KNIGHT:
    case PRO_SILVER: return steps(c, sq, kGoldSteps);
    case KING: return steps(c, sq, kKingSteps);
    case BISHOP: return steps(c, sq, kDiagonalSteps, true);
    case ROOK: return steps(c, sq, kOrthogonalSteps, true);
    case HORSE: return steps(c, sq, kDiagonalSteps, true) | steps(c, sq, kOrthogonalSteps);
    case DRAGON: return steps(c, sq, kOrthogonalSteps, true) | steps(c, sq, kDiagonalSteps);
    default: return Bitboard::zero();
  }
}

// A pair of masks for one Qugiy step: `fwd` used on the board as it is, `rev` on the byte-reversed board.
struct alignas(32) MaskPair {
  Bitboard fwd, rev;
};

struct SliderMasks {
  MaskPair rook_rank[SQ_NB];  // fwd: toward file 9 (+9); rev: toward file 1 (-9), byte-reversed
  MaskPair bishop[SQ_NB][2];  // [0] fwd +10 / rev -10; [1] fwd +8 / rev -8
};

inline constexpr auto kSliderMasks = [] {
  SliderMasks m{};
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    m.rook_rank[sq] = {ray(sq, 1, 0, true), ray(sq, -1, 0, true).byte_reverse()};
    m.bishop[sq][0] = {ray(sq, 1, 1, true), ray(sq, -1, -1, true).byte_reverse()};
    m.bishop[sq][1] = {ray(sq, 1, -1, true), ray(sq, -1, 1, true).byte_reverse()};
  }
  return m;
}();

struct PseudoTable {
  Bitboard v[COLOR_NB][PIECE_TYPE_NB][SQ_NB];
};

inline constexpr auto kPseudoAttacks = [] {
  PseudoTable t{};
  for (int c = 0; c < COLOR_NB; ++c)
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
      for (Square sq = SQ_11; sq < SQ_NB; ++sq) t.v[c][pt][sq] = empty_board_attacks(Color(c), PieceType(pt), sq);
  return t;
}();

// Squares within two files and three ranks of sq: every piece that attacks a square next to sq by a
// step or a knight's jump stands on one of them.
inline constexpr auto kStepReach = [] {
  struct Table {
    Bitboard v[SQ_NB];
  } t{};
  for (Square a = SQ_11; a < SQ_NB; ++a)
    for (Square b = SQ_11; b < SQ_NB; ++b) {
      const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
      if (df >= -2 && df <= 2 && dr >= -3 && dr <= 3) t.v[a] = t.v[a] | Bitboard::square(b);
    }
  return t;
}();

struct LineTable {
  Bitboard between[SQ_NB][SQ_NB];
  Bitboard line[SQ_NB][SQ_NB];
};

constexpr int sign(int x) { return (x > 0) - (x < 0); }

inline constexpr auto kLines = [] {
  LineTable t{};
  for (Square a = SQ_11; a < SQ_NB; ++a)
    for (Square b = SQ_11; b < SQ_NB; ++b) {
      const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
      if (a == b || !(df == 0 || dr == 0 || df == dr || df == -dr)) continue;
      const int sf = sign(df), sr = sign(dr);
      Bitboard between = Bitboard::zero();
      for (int f = file_of(a) + sf, r = rank_of(a) + sr; make_square(File(f), Rank(r)) != b; f += sf, r += sr)
        between = between | Bitboard::square(make_square(File(f), Rank(r)));
      t.between[a][b] = between;
      t.line[a][b] = ray(a, sf, sr, true) | ray(a, -sf, -sr, true) | Bitboard::square(a);
    }
  return t;
}();

// Qugiy step over one mask: the squares of `mask` up to and including the first occupied one, where
// "first" is the lowest position of the 128-bit value.
TSUMI_FORCE_INLINE Bitboard slide_up(Bitboard occ, Bitboard mask) {
  const Bitboard x = occ & mask;
  return (x ^ x.decrement()) & mask;
}

#if TSUMI_HAS_AVX2
TSUMI_FORCE_INLINE __m256i load_pair(const MaskPair& p) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(&p));
}
// Two independent Qugiy steps in the two 128-bit lanes.
TSUMI_FORCE_INLINE __m256i slide_up_pair(__m256i occ, __m256i mask) {
  const __m256i x = _mm256_and_si256(occ, mask);
  const __m256i low_zero = _mm256_slli_si256(_mm256_cmpeq_epi64(x, _mm256_setzero_si256()), 8);
  const __m256i dec = _mm256_add_epi64(x, _mm256_or_si256(low_zero, _mm256_set_epi64x(0, -1, 0, -1)));
  return _mm256_and_si256(_mm256_xor_si256(x, dec), mask);
}
// Low lane as it is, high lane byte-reversed back, merged.
TSUMI_FORCE_INLINE Bitboard merge_pair(__m256i v) {
  return Bitboard(_mm256_castsi256_si128(v)) | Bitboard(_mm256_extracti128_si256(v, 1)).byte_reverse();
}
TSUMI_FORCE_INLINE __m256i occupancy_pair(Bitboard occ) {
  return _mm256_set_m128i(occ.byte_reverse().load(), occ.load());
}
#endif

}  // namespace attacks_detail

// Attacks of a piece of colour c and type pt on an empty board (exact for non-sliders).
constexpr Bitboard pseudo_attacks(Color c, PieceType pt, Square sq) {
  return attacks_detail::kPseudoAttacks.v[c][pt][sq];
}
constexpr Bitboard king_attacks(Square sq) { return attacks_detail::kPseudoAttacks.v[BLACK][KING][sq]; }
// Where a piece must stand to attack a square next to sq by a step or a knight's jump.
constexpr Bitboard step_reach(Square sq) { return attacks_detail::kStepReach.v[sq]; }

// Squares strictly between a and b when they share a rank, file or diagonal; empty otherwise.
constexpr Bitboard between_bb(Square a, Square b) { return attacks_detail::kLines.between[a][b]; }
// The whole line through a and b (edge to edge) when they are aligned; empty otherwise.
constexpr Bitboard line_bb(Square a, Square b) { return attacks_detail::kLines.line[a][b]; }
// True when c lies on the line through a and b.
constexpr bool aligned(Square a, Square b, Square c) { return line_bb(a, b).test(c); }

template <Color C>
TSUMI_FORCE_INLINE Bitboard lance_attacks(Square sq, Bitboard occ) {
  const int h = sq >= 63;
  const std::uint64_t ray = pseudo_attacks(C, LANCE, sq).part(h);
  const std::uint64_t o = occ.part(h) & ray;
  std::uint64_t a;
  if constexpr (C == BLACK)
    a = ray & (~std::uint64_t(0) << (63 - std::countl_zero(o | 1)));
  else
    a = ray & (o ^ (o - 1));
  return h ? Bitboard(0, a) : Bitboard(a, 0);
}

inline Bitboard lance_attacks(Color c, Square sq, Bitboard occ) {
  return c == BLACK ? lance_attacks<BLACK>(sq, occ) : lance_attacks<WHITE>(sq, occ);
}

TSUMI_FORCE_INLINE Bitboard rook_file_attacks(Square sq, Bitboard occ) {
  const int h = sq >= 63;
  const std::uint64_t up = pseudo_attacks(BLACK, LANCE, sq).part(h);
  const std::uint64_t down = pseudo_attacks(WHITE, LANCE, sq).part(h);
  const std::uint64_t ou = occ.part(h) & up, od = occ.part(h) & down;
  const std::uint64_t a = (up & (~std::uint64_t(0) << (63 - std::countl_zero(ou | 1)))) | (down & (od ^ (od - 1)));
  return h ? Bitboard(0, a) : Bitboard(a, 0);
}

TSUMI_FORCE_INLINE Bitboard rook_rank_attacks(Square sq, Bitboard occ) {
  using namespace attacks_detail;
  const MaskPair& m = kSliderMasks.rook_rank[sq];
#if TSUMI_HAS_AVX2
  return merge_pair(slide_up_pair(occupancy_pair(occ), load_pair(m)));
#else
  return slide_up(occ, m.fwd) | slide_up(occ.byte_reverse(), m.rev).byte_reverse();
#endif
}

TSUMI_FORCE_INLINE Bitboard bishop_attacks(Square sq, Bitboard occ) {
  using namespace attacks_detail;
  const MaskPair* m = kSliderMasks.bishop[sq];
#if TSUMI_HAS_AVX2
  const __m256i o = occupancy_pair(occ);
  return merge_pair(_mm256_or_si256(slide_up_pair(o, load_pair(m[0])), slide_up_pair(o, load_pair(m[1]))));
#else
  const Bitboard rev = occ.byte_reverse();
  return slide_up(occ, m[0].fwd) | slide_up(occ, m[1].fwd) |
         (slide_up(rev, m[0].rev) | slide_up(rev, m[1].rev)).byte_reverse();
#endif
}

TSUMI_FORCE_INLINE Bitboard rook_attacks(Square sq, Bitboard occ) {
  return rook_file_attacks(sq, occ) | rook_rank_attacks(sq, occ);
}
TSUMI_FORCE_INLINE Bitboard horse_attacks(Square sq, Bitboard occ) {
  return bishop_attacks(sq, occ) | king_attacks(sq);
}
TSUMI_FORCE_INLINE Bitboard dragon_attacks(Square sq, Bitboard occ) { return rook_attacks(sq, occ) | king_attacks(sq); }

// Attacks of a piece known at compile time given the occupancy (the generators' inner loops).
template <Color C, PieceType Pt>
TSUMI_FORCE_INLINE Bitboard attacks_from(Square sq, Bitboard occ) {
  if constexpr (Pt == LANCE)
    return lance_attacks<C>(sq, occ);
  else if constexpr (Pt == BISHOP)
    return bishop_attacks(sq, occ);
  else if constexpr (Pt == ROOK)
    return rook_attacks(sq, occ);
  else if constexpr (Pt == HORSE)
    return horse_attacks(sq, occ);
  else if constexpr (Pt == DRAGON)
    return dragon_attacks(sq, occ);
  else
    return pseudo_attacks(C, Pt, sq);
}

// Attacks of any piece given the occupancy.
inline Bitboard attacks_from(Color c, PieceType pt, Square sq, Bitboard occ) {
  switch (pt) {
    case LANCE: return lance_attacks(c, sq, occ);
    case BISHOP: return bishop_attacks(sq, occ);
    case ROOK: return rook_attacks(sq, occ);
    case HORSE: return horse_attacks(sq, occ);
    case DRAGON: return dragon_attacks(sq, occ);
    default: return pseudo_attacks(c, pt, sq);
  }
}

}  // namespace tsumi
