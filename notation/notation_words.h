#pragma once
// The words of CSA and of KIF for the same things, so that either writer can write a kifu read from the
// other notation (each reader keeps its file's own words in Kifu::headers and Kifu::end): header keys,
// the players, and the ends of the moves. csa_writer.h and kif_writer.h both write with them.

#include <string>
#include <string_view>

#include "core/types.h"

namespace tsumi::notation {

// Header keys: CSA's `$EVENT` `$SITE` `$START_TIME` `$END_TIME` `$TIME_LIMIT` `$OPENING` (kept as EVENT...)
// are KIF's 棋戦 場所 開始日時 終了日時 持ち時間 戦型; the players, CSA's `N+` / `N-` lines, are kept under
// KIF's keys 先手 / 後手 (下手 / 上手 in a handicap KIF).
//
// The CSA key for a key in either notation ("EVENT" for 棋戦 or EVENT; "N+" / "N-" for the players); empty
// when CSA has no word for it.
std::string_view csa_header_key(std::string_view key);
// The KIF key for a key in either notation (棋戦 for EVENT); a key KIF has no word for is returned as it is.
std::string_view kif_header_key(std::string_view key);

// The end of the moves in CSA's words (`%TORYO` for 投了 or %TORYO), or empty when CSA has no word for it.
// to_move: the side to move when the game ended; it decides `%+ILLEGAL_ACTION` (black at fault) or
// `%-ILLEGAL_ACTION` for KIF's 反則負け (the side to move loses) and 反則勝ち (it wins).
std::string csa_end_word(std::string_view end, Color to_move);
// The same in KIF's words (投了 for %TORYO); an end not in CSA's words is returned as it is.
std::string kif_end_word(std::string_view end, Color to_move);

}  // namespace tsumi::notation
