#include "core/usi.h"

#include <deque>

#include "core/movegen.h"
#include "core/quoted_text.h"

namespace tsumi {

namespace {

constexpr std::string_view kDropLetters = "?PLNSBRG";

bool parse_square(std::string_view s, Square& sq) {
  if (s.size() < 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i') return false;
  sq = make_square(File(s[0] - '1'), Rank(s[1] - 'a'));
  return true;
}

}  // namespace

std::string to_usi(Square sq) { return {char('1' + file_of(sq)), char('a' + rank_of(sq))}; }

std::string to_usi(Move m) {
  if (m.is_none()) return "none";
  const Square to = m.to();
  if (m.is_drop()) return {kDropLetters[m.dropped_piece()], '*', char('1' + file_of(to)), char('a' + rank_of(to))};
  std::string s = {char('1' + file_of(m.from())), char('a' + rank_of(m.from())), char('1' + file_of(to)),
                   char('a' + rank_of(to))};
  if (m.is_promotion()) s.push_back('+');
  return s;
}

ParseResult<Move> parse_usi_move(const Position& pos, std::string_view text) {
  Move m = Move::none();
  Square to;
  if (text.size() == 4 && text[1] == '*') {
    const std::size_t at = kDropLetters.find(text[0]);
    if (at == std::string_view::npos || at == 0)
      return ParseError{quoted_text(text) + ": unknown drop piece " + quoted_text(utf8_char_at(text, 0)) +
                            " (expected one of PLNSGBR)",
                        0};
    if (!parse_square(text.substr(2), to)) return ParseError{quoted_text(text) + ": bad square", 2};
    m = Move::make_drop(PieceType(at), to);
  } else if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
    Square from;
    if (!parse_square(text.substr(0, 2), from)) return ParseError{quoted_text(text) + ": bad from-square", 0};
    if (!parse_square(text.substr(2, 2), to)) return ParseError{quoted_text(text) + ": bad to-square", 2};
    m = Move::make(from, to, text.size() == 5);
  } else {
    return ParseError{quoted_text(text) + " is not a USI move (7g7f, 8h2b+ or P*5e)", 0};
  }
  if (!is_legal_move(pos, m)) return ParseError{quoted_text(text) + " is not a legal move in this position", 0};
  return m;
}

ParseResult<std::vector<Move>> parse_usi_line(const PositionSetup& setup, std::string_view text,
                                              std::size_t max_moves) {
  std::vector<Move> moves;
  std::deque<StateInfo> states(1);  // a deque: a StateInfo the position points to never moves
  Position pos;
  pos.set(setup, &states.front());
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  for (std::size_t i = 0;;) {
    while (i < text.size() && space(text[i])) ++i;
    if (i == text.size()) return moves;
    std::size_t end = i;
    while (end < text.size() && !space(text[end])) ++end;
    if (moves.size() == max_moves) return ParseError{"more than " + std::to_string(max_moves) + " moves", i};
    const auto m = parse_usi_move(pos, text.substr(i, end - i));
    if (!m) return ParseError{"move " + std::to_string(moves.size() + 1) + " " + m.error().message, i};
    moves.push_back(*m);
    pos.do_move(*m, states.emplace_back());
    i = end;
  }
}

std::string to_usi(std::span<const Move> moves) {
  std::string s;
  for (Move m : moves) {
    if (!s.empty()) s += ' ';
    s += to_usi(m);
  }
  return s;
}

}  // namespace tsumi
