#pragma once
// Reader of the CSA standard format, version 2.2 (Computer Shogi Association, "CSA標準棋譜ファイル形式"):
//
//   V2.2                          version line (optional)
//   N+sente / N-gote              player names
//   $EVENT:...                    information lines
//   PI82HI22KA                    the start position less the listed pieces (a handicap), or
//   P1-KY-KE-GI-KI-OU-KI-GI-KE-KY  rows P1..P9, ` * ` for an empty square
//   P+00HI00KA / P-00AL           pieces in hand (00) or on squares; 00AL: every piece left
//   +                             the side to move
//   +7776FU,T12                   moves: side, from (00 for drops), to, the piece after the move
//   %TORYO                        the end
//
// Several statements may share a line separated by `,`; `'` starts a comment. Errors give the line and
// the column.
//
// What the Kifu keeps: the names of `N+` / `N-` under the keys 先手 / 後手 (KIF's words, so that a kifu
// read from either notation names its players alike), `$KEY:value` as (KEY, value), and the end as
// written (`%TORYO`). The version line is optional; V2, V2.1 and V2.2 are read, others refused. `N` and
// `$` lines are whole lines (a name may hold a comma). Times (`T12`) are checked and dropped. A file of
// several games separated by `/` gives the first; reading stops at the first `%` statement.
// A `P1`..`P9` row may lose its trailing spaces. `00AL` gives the side every piece, kings aside, that is
// neither on the board nor in a hand once the whole position is read.

#include <array>
#include <string_view>

#include "core/parse_error.h"
#include "core/types.h"
#include "notation/kifu.h"

namespace tsumi::notation {

// CSA's two-letter piece codes, indexed by PieceType (index 0 empty).
inline constexpr std::array<std::string_view, PIECE_TYPE_NB> kCsaPiece = {
    "", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

ParseResult<Kifu> read_csa(std::string_view utf8);

}  // namespace tsumi::notation
