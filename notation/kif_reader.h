#pragma once
// Readers of Kakinoki's formats: KIF, KI2 and the BOD board diagram, UTF-8 text (see text_encoding.h).
//
// Format: Kakinoki's "柿木将棋 棋譜ファイル形式" (KIF/KI2 specification), as ShogiGUI, ShogiHome (tsshogi),
// Shogidokoro and Kifu for Windows write it:
//
//   # comment                     手合割：平手        key：value header lines (full-width colon)
//   後手の持駒：角　金二　歩三     hands in kanji numerals; `なし`; `残り全部` for the rest
//     ９ ８ ７ ６ ５ ４ ３ ２ １
//   +---------------------------+
//   | ・ ・ ・ ・ ・ ・ ・v桂v香|一   'v' marks a white piece
//   ...
//   +---------------------------+
//   先手の持駒：なし
//   後手番                        the side to move when it is white (BOD)
//   手数----指手---------消費時間--
//      1 ２三銀成(24)   ( 0:00/00:00:00)   KIF moves; `同　` repeats the last destination; `打` drops
//   ▲２三銀成 △同　玉 ▲３二金       KI2 moves, with 右 左 上 引 寄 直 打 where two pieces could go
//
// Leniency: marks ▲△☗☖ before KIF moves and `不成` in KIF are accepted (both are seen in the wild);
// half-width digits and spaces stand for full-width ones; `*` comments, `&` annotations, `変化：` branches
// (only the main line is read) and time fields are skipped.

#include <string_view>

#include "core/parse_error.h"
#include "notation/kifu.h"

namespace tsumi::notation {

// KIF, KI2 or a BOD diagram; the format is told by the moves (KIF numbered lines with origins, KI2 moves
// with marks, none: bod). Errors give the line and the column (characters).
ParseResult<Kifu> read_kif(std::string_view utf8);

}  // namespace tsumi::notation
