#include "notation/csa_writer.h"

#include <array>
#include <deque>

#include "core/movegen.h"
#include "core/position.h"
#include "core/sfen.h"
#include "notation/csa_reader.h"
#include "notation/kif_text.h"
#include "notation/notation_words.h"

namespace tsumi::notation {

namespace {

// The board of setup is the start position's less some pieces, and no piece is in hand: PI can write it.
bool is_start_less_pieces(const PositionSetup& setup, const PositionSetup& start) {
  if (!setup.hands[BLACK].empty() || !setup.hands[WHITE].empty()) return false;
  for (Square sq = SQ_11; sq < SQ_NB; ++sq)
    if (setup.board[sq] != NO_PIECE && setup.board[sq] != start.board[sq]) return false;
  return true;
}

std::string square_digits(Square sq) { return {char('1' + file_of(sq)), char('1' + rank_of(sq))}; }

// PI and the pieces removed (`PI82HI22KA`), or the rows P1..P9 and the hands (`P+00KI00FU`).
std::string position_lines(const PositionSetup& setup) {
  const PositionSetup start = *parse_sfen(kStartSfen);
  std::string s;
  if (is_start_less_pieces(setup, start)) {
    s = "PI";
    for (int r = RANK_1; r <= RANK_9; ++r)
      for (int f = FILE_9; f >= FILE_1; --f) {
        const Square sq = make_square(File(f), Rank(r));
        if (start.board[sq] != NO_PIECE && setup.board[sq] == NO_PIECE)
          s += square_digits(sq) + std::string(kCsaPiece[type_of(start.board[sq])]);
      }
    return s + "\n";
  }
  for (int r = RANK_1; r <= RANK_9; ++r) {
    s += "P" + std::to_string(r + 1);
    for (int f = FILE_9; f >= FILE_1; --f) {
      const Piece pc = setup.board[make_square(File(f), Rank(r))];
      s += pc == NO_PIECE ? " * " : (color_of(pc) == BLACK ? "+" : "-") + std::string(kCsaPiece[type_of(pc)]);
    }
    s += "\n";
  }
  for (Color c : {BLACK, WHITE}) {
    if (setup.hands[c].empty()) continue;
    s += c == BLACK ? "P+" : "P-";
    for (PieceType pt : kif_text::kHandOrder)
      for (int n = setup.hands[c].count(pt); n > 0; --n) s += "00" + std::string(kCsaPiece[pt]);
    s += "\n";
  }
  return s;
}

}  // namespace

std::string write_csa(const Kifu& kifu) {
  std::string s = "V2.2\n";
  // Names first, then information, then what CSA has no key for, as comments (the format's order).
  for (const auto& [key, value] : kifu.headers)
    if (const std::string_view k = csa_header_key(key); k == "N+" || k == "N-") s += std::string(k) + value + "\n";
  for (const auto& [key, value] : kifu.headers)
    if (const std::string_view k = csa_header_key(key); !k.empty() && k != "N+" && k != "N-")
      s += "$" + std::string(k) + ":" + value + "\n";
  for (const auto& [key, value] : kifu.headers)
    if (csa_header_key(key).empty()) s += "'" + key + "：" + value + "\n";
  s += position_lines(kifu.start);
  s += kifu.start.side_to_move == BLACK ? "+\n" : "-\n";

  std::deque<StateInfo> states(1);  // a deque never moves the states the position links
  Position pos;
  pos.set(kifu.start, &states.back());
  for (Move m : kifu.moves) {
    if (!is_legal_move(pos, m)) return s + "'(a move that is not legal here follows; the rest is left out)\n";
    const Color us = pos.side_to_move();
    const PieceType after = m.is_drop()        ? m.dropped_piece()
                            : m.is_promotion() ? promote(type_of(pos.piece_on(m.from())))
                                               : type_of(pos.piece_on(m.from()));
    s += us == BLACK ? "+" : "-";
    s += m.is_drop() ? "00" : square_digits(m.from());
    s += square_digits(m.to()) + std::string(kCsaPiece[after]) + "\n";
    pos.do_move(m, states.emplace_back());
  }
  if (kifu.end.empty()) return s;
  const std::string end = csa_end_word(kifu.end, pos.side_to_move());
  return s + (end.empty() ? "'" + kifu.end + "\n" : end + "\n");
}

}  // namespace tsumi::notation
