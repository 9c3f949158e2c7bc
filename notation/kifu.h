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

// A branch (変化) of the move list: moves played instead of those of another line, the main line or an
// earlier branch, from one ply on. The lines form a tree, written in KIF as `変化：N手` sections.
struct KifuVariation {
  // The number of the first move it replaces (1 for Kifu::moves[0], as KIF numbers a list that starts at
  // 1): its first move is played in the position after move ply-1 of the parent's line (the parent's
  // own moves, after those of the lines the parent branches from up to its ply). At most the parent's
  // last move, or one past it when the parent has an end word (an alternative to the end: past a line
  // without one, KIF readers take the branch's moves as more of the line). read_kif() gives ply > the
  // parent's ply: a branch that replaces a branch's first move is that branch's sibling, same parent.
  int ply = 0;
  int parent = -1;          // the line it branches from: an earlier index in Kifu::variations, -1 the main line
  std::vector<Move> moves;  // each legal where it stands
  std::string end;          // how it ends, in the words of Kifu::end; empty when its moves simply stop
  std::string comment;      // KIF's `*` lines after its first move (or after its end word when it has
                            // none), joined by '\n', without the `*`; for labels such as "余詰"
};

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
  // The branches, in the order KIF writes them (kif_writer.h; any order that keeps a parent before its
  // branches is written right). Only KIF and KI2 have them: the other readers leave this empty and their
  // writers write the main line alone.
  std::vector<KifuVariation> variations;
};

}  // namespace tsumi::notation
