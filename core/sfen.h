#pragma once
// SFEN text: parsing with full validation, formatting, and the named start positions.
//
// SFEN is `<board> <side> <hands> [<move number>]`: ranks a..i separated by '/', each listed from
// file 9 to file 1, digits for runs of empty squares, '+' before a promoted piece, uppercase black;
// side `b` or `w`; hands as counts before letters (`S2Pb3n`) or `-`. Output always writes hands in
// the order R B G S N L P, black's first; input accepts any order.
//
// parse_sfen refuses, with the column and the reason, anything that is not a position of shogi:
// wrong rank or file counts, unknown letters, '+' on king or gold, pieces on squares they can never
// leave, two kings of a colour, two unpromoted pawns of a colour on a file, more pieces of a kind than
// a set holds, bad hand counts, a bad side letter, a bad move number, trailing text, and the side not
// to move being in check. A side without a king is accepted (tsume problems).

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/parse_error.h"
#include "core/position.h"

namespace tsumi {

// Rules parse_sfen can be told to relax, for data that breaks them knowingly.
struct SfenLeniency {
  // Accept two unpromoted pawns of a colour on one file. Four published tsume problems of
  // positions/tsume-public.txt have them; move generation is well defined on such a board (no pawn
  // may be dropped on that file).
  bool allow_nifu = false;
};

ParseResult<PositionSetup> parse_sfen(std::string_view text, SfenLeniency leniency = {});

// What makes a board and hands read from another notation (notation/) not a position of shogi, by the
// rules parse_sfen applies (pieces that could never move, two kings of a colour, nifu unless allowed,
// more pieces than a set holds, a move number below 1, the side not to move in check); nullopt when
// it is one. Square names in the message are USI's ("5a").
std::optional<std::string> setup_fault(const PositionSetup& setup, SfenLeniency leniency = {});

std::string to_sfen(const PositionSetup& setup);
std::string to_sfen(const Position& pos);
// The pieces of one colour's hand as SFEN writes them ("2P" for black, "bg" for white, in SFEN's
// order rook, bishop, gold, silver, knight, lance, pawn); empty for an empty hand.
std::string hand_to_sfen(Hand hand, Color c);

// A position known by name: the start position and the handicaps of the rules.
struct NamedPosition {
  std::string_view name;
  std::string_view sfen;
  std::string_view description;
};

// startpos, and every handicap (white, the stronger player, moves first in all of them).
std::span<const NamedPosition> named_positions();
// The SFEN of a named position, if the name is known.
std::optional<std::string_view> named_sfen(std::string_view name);

inline constexpr std::string_view kStartSfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

}  // namespace tsumi
