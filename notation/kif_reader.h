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
//   変化：1手                     a branch: the moves that follow replace move 1 and those after it
//
// Branches (変化, in KIF and KI2) go to Kifu::variations, in file order. `変化：N手` counts as the move
// lines do (KIF: from the number of the first move; KI2: from 1) and branches from the line read last,
// or the line that one branches from, and so on: the innermost that has a move before move N and is not
// a branch whose first move is move N (that one is a sibling: they share a parent). This is the order
// Kifu for Windows and tsshogi write (kif_writer.h). A branch past the last move of the line read last
// (past its end word, where it has one: the branch replaces it), an empty branch or an illegal move in
// one is an error. The `*` lines right after a branch's first move (or
// its end word, when it has no move) are its comment; other comments are skipped. Move lines after an
// end word are skipped up to the next `変化`, and `変化` lines before the first move (ShogiHome once
// wrote them in the header).
//
// Leniency: marks ▲△☗☖ before KIF moves and `不成` in KIF are accepted (both are seen in the wild);
// half-width digits and spaces stand for full-width ones; `&` annotations, the `+` that marks a move with
// a branch, and time fields are skipped.

#include <string_view>

#include "core/parse_error.h"
#include "notation/kifu.h"

namespace tsumi::notation {

// KIF, KI2 or a BOD diagram; the format is told by the moves (KIF numbered lines with origins, KI2 moves
// with marks, none: bod). Errors give the line and the column (characters).
ParseResult<Kifu> read_kif(std::string_view utf8);

}  // namespace tsumi::notation
