#pragma once
// Squares, files and ranks of the 9x9 board.
//
// Square index = (file - 1) * 9 + (rank - 1), the vertical layout of YaneuraOu: SQ_11 is USI "1a"
// (top right from black's side), SQ_19 is "1i", SQ_99 is "9i". One file is nine consecutive indices,
// so "one rank down" (toward rank i, black's back rank) is +1 and "one file left" (toward file 9) is +9.
// Black moves toward rank 1 (a); white toward rank 9 (i).

#include <cstdint>

#include "core/types.h"

namespace tsumi {

// clang-format off
enum Square : std::int8_t {
  SQ_11, SQ_12, SQ_13, SQ_14, SQ_15, SQ_16, SQ_17, SQ_18, SQ_19,
  SQ_21, SQ_22, SQ_23, SQ_24, SQ_25, SQ_26, SQ_27, SQ_28, SQ_29,
  SQ_31, SQ_32, SQ_33, SQ_34, SQ_35, SQ_36, SQ_37, SQ_38, SQ_39,
  SQ_41, SQ_42, SQ_43, SQ_44, SQ_45, SQ_46, SQ_47, SQ_48, SQ_49,
  SQ_51, SQ_52, SQ_53, SQ_54, SQ_55, SQ_56, SQ_57, SQ_58, SQ_59,
  SQ_61, SQ_62, SQ_63, SQ_64, SQ_65, SQ_66, SQ_67, SQ_68, SQ_69,
  SQ_71, SQ_72, SQ_73, SQ_74, SQ_75, SQ_76, SQ_77, SQ_78, SQ_79,
  SQ_81, SQ_82, SQ_83, SQ_84, SQ_85, SQ_86, SQ_87, SQ_88, SQ_89,
  SQ_91, SQ_92, SQ_93, SQ_94, SQ_95, SQ_96, SQ_97, SQ_98, SQ_99,
  SQ_NB,
  SQ_NONE = SQ_NB
};
// clang-format on

enum File : std::int8_t { FILE_1, FILE_2, FILE_3, FILE_4, FILE_5, FILE_6, FILE_7, FILE_8, FILE_9, FILE_NB };
enum Rank : std::int8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_9, RANK_NB };

// Index steps between neighbouring squares.
enum Direction : int { DIR_DOWN = 1, DIR_UP = -1, DIR_LEFT = 9, DIR_RIGHT = -9 };

constexpr Square make_square(File f, Rank r) { return Square(f * 9 + r); }
constexpr File file_of(Square sq) { return File(sq / 9); }
constexpr Rank rank_of(Square sq) { return Rank(sq % 9); }
constexpr bool is_ok(Square sq) { return sq >= SQ_11 && sq < SQ_NB; }
constexpr bool is_on_board(int file, int rank) { return file >= 0 && file < 9 && rank >= 0 && rank < 9; }
// The square seen from the other side of the board: 180-degree rotation.
constexpr Square flip(Square sq) { return Square(SQ_99 - sq); }

// Rank counted from the given colour's side: RANK_1 is its farthest rank.
constexpr Rank relative_rank(Color c, Rank r) { return c == BLACK ? r : Rank(RANK_9 - r); }
// The three farthest ranks are the promotion zone.
constexpr bool in_promotion_zone(Color c, Square sq) { return relative_rank(c, rank_of(sq)) <= RANK_3; }
// One step forward for a piece of colour c.
constexpr int forward(Color c) { return c == BLACK ? DIR_UP : DIR_DOWN; }

constexpr Square& operator++(Square& sq) { return sq = Square(sq + 1); }
constexpr Square operator+(Square sq, int d) { return Square(int(sq) + d); }
constexpr Square operator-(Square sq, int d) { return Square(int(sq) - d); }

}  // namespace tsumi
