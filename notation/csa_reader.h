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

#include <string_view>

#include "core/parse_error.h"
#include "notation/kifu.h"

namespace tsumi::notation {

ParseResult<Kifu> read_csa(std::string_view utf8);

}  // namespace tsumi::notation
