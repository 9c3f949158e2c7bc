#pragma once
// A kifu (棋譜): a start position and the moves played from it, as the notation files of shogi hold it
// (KIF, KI2, CSA, a BOD board diagram, SFEN). Every reader of notation/ returns one; the writers take one.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace tsumi::notation {

// The notations a file can be in (read_kifu() tells them apart by content).
enum class KifuFormat {
  sfen,  // one SFEN line, optionally `sfen ...` / `position sfen ... moves ...` as USI writes it
  kif,   // Kakinoki's KIF: header lines, a board diagram or 手合割, numbered moves `1 ７六歩(77)`
  ki2,   // KI2: KIF's header and diagram, moves as `▲７六歩 △３四歩` without origins
  csa,   // CSA V2.2: `P1`..`P9` or `PI`, `P+`/`P-` piece lists, `+`/`-`, moves `+7776FU`
  bod,   // a board diagram alone (KIF's BOD), as pasted from a web page
};

std::string_view format_name(KifuFormat format);  // "sfen", "kif", "ki2", "csa", "bod"

struct Kifu {
  KifuFormat format = KifuFormat::sfen;
  // The position before the first move: the diagram, the handicap (手合割 / PI) or the start position.
  // A tsume diagram's `後手の持駒：残り全部` (CSA `P-00AL`) is resolved: the hand holds every piece that is
  // neither on the board nor in the other hand. Valid by setup_fault() (core/sfen.h), nifu allowed.
  PositionSetup start;
  std::vector<Move> moves;  // played from start, each legal where it stands
  // The header in file order, UTF-8: KIF's `key：value` lines (表題, 作者, 手合割, ...), CSA's `N+`/`N-`
  // names and `$KEY:value` lines (written as the key without `$`).
  std::vector<std::pair<std::string, std::string>> headers;
  // How the move list ended, in the file's own words: KIF `詰み`/`投了`/`中断`..., CSA `%TORYO`...; empty
  // when the moves simply stop.
  std::string end;
};

}  // namespace tsumi::notation
