#pragma once
// The words of Kakinoki's KIF and KI2 formats that the reader and the writer share: piece names, file
// digits, rank and count numerals, side marks. UTF-8.

#include <array>
#include <string_view>

#include "core/types.h"

namespace tsumi::notation::kif_text {

// Indexed by PieceType. A board square uses one character a piece (`・` empty), a move the usual names.
inline constexpr std::array<std::string_view, PIECE_TYPE_NB> kBoardName = {
    "・", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"};
inline constexpr std::array<std::string_view, PIECE_TYPE_NB> kMoveName = {
    "?", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
// Full-width file digits 1..9, and the kanji numerals 1..10 (index 0 empty) for ranks and hand counts.
inline constexpr std::array<std::string_view, 9> kFileDigit = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
inline constexpr std::array<std::string_view, 11> kKanjiNumber = {"",   "一", "二", "三", "四", "五",
                                                                  "六", "七", "八", "九", "十"};
// Hand pieces in the order KIF lists them.
inline constexpr std::array<PieceType, 7> kHandOrder = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
// Side marks: black ▲ (also ☗), white △ (also ☖).
inline constexpr std::string_view kBlackMark = "▲";
inline constexpr std::string_view kWhiteMark = "△";

}  // namespace tsumi::notation::kif_text
