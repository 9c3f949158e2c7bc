#include "notation/csa_reader.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <string>

#include "core/movegen.h"
#include "core/position.h"
#include "core/quoted_text.h"
#include "core/sfen.h"

namespace tsumi::notation {

namespace {

// The special moves of CSA V2.2 (and %MAX_MOVES of the servers' V3 files): each ends the moves.
constexpr std::array<std::string_view, 15> kSpecialMoves = {
    "%TORYO",           "%CHUDAN",          "%SENNICHITE", "%TIME_UP", "%ILLEGAL_MOVE",
    "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION", "%JISHOGI",    "%KACHI",   "%HIKIWAKE",
    "%MATTA",           "%TSUMI",           "%FUZUMI",     "%ERROR",   "%MAX_MOVES"};

constexpr const char* kColorName[COLOR_NB] = {"black", "white"};

// More plies than any game or tsume problem (the longest problem, Microcosmos, has 1525): a bound on the
// memory a file can make the reader take (one StateInfo a ply).
constexpr std::size_t kMaxPlies = 100000;

// The piece type of a two-letter code, NO_PIECE_TYPE when it is none.
PieceType piece_of(std::string_view code) {
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
    if (kCsaPiece[pt] == code) return PieceType(pt);
  return NO_PIECE_TYPE;
}

bool is_digit_1_9(char c) { return c >= '1' && c <= '9'; }

// A square of two digits 1..9 (file, rank), nullopt when it is not one.
std::optional<Square> square_of(std::string_view s) {
  if (s.size() < 2 || !is_digit_1_9(s[0]) || !is_digit_1_9(s[1])) return std::nullopt;
  return make_square(File(s[0] - '1'), Rank(s[1] - '1'));
}

std::string square_name(Square sq) { return {char('1' + file_of(sq)), char('1' + rank_of(sq))}; }

class CsaReader {
 public:
  ParseResult<Kifu> read(std::string_view text);

 private:
  // Where the reader is: what may come next depends on it.
  enum class Phase { kStart, kInformation, kPosition, kMoves };

  std::optional<ParseError> read_line(std::string_view line);
  std::optional<ParseError> statement(std::string_view s, std::size_t at);
  std::optional<ParseError> version(std::string_view s, std::size_t at);
  std::optional<ParseError> information(std::string_view s, std::size_t at);
  std::optional<ParseError> handicap(std::string_view s, std::size_t at);
  std::optional<ParseError> row(std::string_view s, std::size_t at);
  std::optional<ParseError> piece_list(std::string_view s, std::size_t at);
  std::optional<ParseError> side_to_move(std::string_view s, std::size_t at);
  std::optional<ParseError> move(std::string_view s, std::size_t at);
  std::optional<ParseError> time(std::string_view s, std::size_t at);
  std::optional<ParseError> special(std::string_view s, std::size_t at);
  void give_the_rest(Color c);

  // An error at byte `at` of the current line.
  ParseError error(std::string message, std::size_t at) const {
    return ParseError{std::move(message), utf8_column(line_, at), line_number_};
  }

  Kifu kifu_;
  Phase phase_ = Phase::kStart;
  bool done_ = false;
  std::string_view line_;
  std::size_t line_number_ = 0;
  // The position being read: PI seen, rows P1..P9 seen (bit r), squares given by a row or a list,
  // the side that 00AL gives the rest to.
  bool handicap_ = false;
  unsigned rows_ = 0;
  bool placed_ = false;
  std::optional<Color> rest_to_;
  std::deque<StateInfo> states_;  // a deque never moves the states the position links
  Position pos_;
};

ParseResult<Kifu> CsaReader::read(std::string_view text) {
  kifu_.format = KifuFormat::csa;
  std::size_t begin = 0;
  while (begin < text.size() && !done_) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line_ = line;
    ++line_number_;
    if (auto e = read_line(line)) return *e;
    begin = end + 1;
  }
  if (phase_ != Phase::kMoves) {
    line_number_ = std::max<std::size_t>(line_number_, 1);
    return error("no position ended by the side to move (`+` or `-`)", line_.size());
  }
  return std::move(kifu_);
}

std::optional<ParseError> CsaReader::read_line(std::string_view line) {
  if (line.empty() || line.front() == '\'') return std::nullopt;
  if (line.front() == 'N' || line.front() == '$') return information(line, 0);
  if (line.front() == '/') {
    done_ = true;  // the next game of a multi-game file
    return std::nullopt;
  }
  std::size_t at = 0;
  while (at <= line.size() && !done_) {
    std::size_t comma = line.find(',', at);
    if (comma == std::string_view::npos) comma = line.size();
    std::string_view s = line.substr(at, comma - at);
    if (!s.empty() && s.front() == '\'') break;  // a comment to the end of the line
    // Trailing blanks are dropped, except from a row P1..P9, whose last square may end in one.
    if (!(s.size() >= 2 && s[0] == 'P' && is_digit_1_9(s[1])))
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (!s.empty())
      if (auto e = statement(s, at)) return e;
    at = comma + 1;
  }
  return std::nullopt;
}

std::optional<ParseError> CsaReader::statement(std::string_view s, std::size_t at) {
  switch (s.front()) {
    case 'V': return version(s, at);
    case 'P':
      if (phase_ == Phase::kMoves) return error("position statement " + quoted_text(s) + " after the moves began", at);
      phase_ = Phase::kPosition;
      if (s.size() >= 2 && s[1] == 'I') return handicap(s, at);
      if (s.size() >= 2 && is_digit_1_9(s[1])) return row(s, at);
      if (s.size() >= 2 && (s[1] == '+' || s[1] == '-')) return piece_list(s, at);
      return error(quoted_text(s) + " is not a position statement (PI, P1..P9, P+ or P-)", at);
    case '+':
    case '-':
      if (s.size() == 1) return side_to_move(s, at);
      return move(s, at);
    case 'T': return time(s, at);
    case '%': return special(s, at);
    default: return error("unknown statement " + quoted_text(s), at);
  }
}

std::optional<ParseError> CsaReader::version(std::string_view s, std::size_t at) {
  if (phase_ != Phase::kStart) return error("the version line " + quoted_text(s) + " must come first", at);
  if (s != "V2" && s != "V2.1" && s != "V2.2")
    return error("unsupported CSA version " + quoted_text(s) + " (V2, V2.1 and V2.2 are read)", at);
  phase_ = Phase::kInformation;
  return std::nullopt;
}

std::optional<ParseError> CsaReader::information(std::string_view s, std::size_t at) {
  if (phase_ != Phase::kStart && phase_ != Phase::kInformation)
    return error("information line " + quoted_text(s) + " after the position began", at);
  phase_ = Phase::kInformation;
  if (s.front() == 'N') {
    if (s.size() < 2 || (s[1] != '+' && s[1] != '-'))
      return error(quoted_text(s) + " is not a name line (N+ or N-)", at);
    kifu_.headers.emplace_back(s[1] == '+' ? "先手" : "後手", std::string(s.substr(2)));
    return std::nullopt;
  }
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos) return error(quoted_text(s) + " has no ':' (expected $KEY:value)", at);
  if (colon == 1) return error("information line " + quoted_text(s) + " has an empty key", at);
  kifu_.headers.emplace_back(std::string(s.substr(1, colon - 1)), std::string(s.substr(colon + 1)));
  return std::nullopt;
}

// PI: the start position, less the pieces listed (square and piece, `82HI`).
std::optional<ParseError> CsaReader::handicap(std::string_view s, std::size_t at) {
  if (handicap_ || rows_ != 0 || placed_)
    return error("PI must be the only board (no other PI, row or piece before)", at);
  handicap_ = true;
  kifu_.start = *parse_sfen(kStartSfen);
  for (std::size_t i = 2; i < s.size(); i += 4) {
    const std::string_view item = s.substr(i, 4);
    const auto sq = square_of(item);
    const PieceType pt = item.size() == 4 ? piece_of(item.substr(2)) : NO_PIECE_TYPE;
    if (!sq || pt == NO_PIECE_TYPE)
      return error(quoted_text(item) + " is not a square and a piece (as in PI82HI22KA)", at + i);
    const Piece on = kifu_.start.board[*sq];
    if (on == NO_PIECE || type_of(on) != pt)
      return error(
          "PI removes " + std::string(kCsaPiece[pt]) + " from " + square_name(*sq) + ", which does not hold one",
          at + i);
    kifu_.start.board[*sq] = NO_PIECE;
  }
  return std::nullopt;
}

// P1..P9: one rank, files 9 to 1, three characters a square (` * `, `+FU`, `-OU`).
std::optional<ParseError> CsaReader::row(std::string_view s, std::size_t at) {
  const int r = s[1] - '1';
  if (handicap_) return error("P" + std::string(1, s[1]) + " after PI", at);
  if (rows_ & (1u << r)) return error("P" + std::string(1, s[1]) + " is given twice", at);
  rows_ |= 1u << r;
  const std::string_view cells = s.substr(2);
  if (cells.size() > 27 && cells.find_first_not_of(' ', 27) != std::string_view::npos)
    return error("a row has nine squares; more follow", at + 2 + 27);
  for (int i = 0; i < 9; ++i) {
    const std::size_t c = std::size_t(i) * 3;
    std::string cell(c < cells.size() ? cells.substr(c, 3) : std::string_view());
    if (cell.empty()) return error("a row has nine squares; this one has " + std::to_string(i), at + 2 + cells.size());
    cell.resize(3, ' ');  // the last square may have lost its trailing space
    const Square sq = make_square(File(8 - i), Rank(r));
    if (cell == " * ") continue;
    const PieceType pt = piece_of(std::string_view(cell).substr(1));
    if ((cell[0] != '+' && cell[0] != '-') || pt == NO_PIECE_TYPE)
      return error(quoted_text(cell) + " is not a square (` * `, or + or - and a piece such as FU)", at + 2 + c);
    if (kifu_.start.board[sq] != NO_PIECE) return error("square " + square_name(sq) + " is given twice", at + 2 + c);
    kifu_.start.board[sq] = make_piece(cell[0] == '+' ? BLACK : WHITE, pt);
  }
  return std::nullopt;
}

// P+ / P-: pieces of one side on squares (`52KI`) or in hand (`00HI`); `00AL`, the rest in hand.
std::optional<ParseError> CsaReader::piece_list(std::string_view s, std::size_t at) {
  const Color c = s[1] == '+' ? BLACK : WHITE;
  for (std::size_t i = 2; i < s.size(); i += 4) {
    const std::string_view item = s.substr(i, 4);
    if (item == "00AL") {
      if (rest_to_) return error("00AL is given twice", at + i);
      rest_to_ = c;
      continue;
    }
    const PieceType pt = item.size() == 4 ? piece_of(item.substr(2)) : NO_PIECE_TYPE;
    const bool in_hand = item.starts_with("00");
    const auto sq = square_of(item);
    if ((!in_hand && !sq) || pt == NO_PIECE_TYPE)
      return error(quoted_text(item) + " is not a square (00 for the hand) and a piece (as in P+00HI52KI)", at + i);
    if (in_hand) {
      if (pt >= KING) return error(std::string(kCsaPiece[pt]) + " cannot be in hand", at + i);
      Hand& hand = kifu_.start.hands[c];
      if (hand.count(pt) >= Hand::capacity(pt))
        return error(std::string(kColorName[c]) + " holds more " + std::string(kCsaPiece[pt]) + " than a set has",
                     at + i);
      hand.add(pt);
      continue;
    }
    if (kifu_.start.board[*sq] != NO_PIECE) return error("square " + square_name(*sq) + " is given twice", at + i);
    kifu_.start.board[*sq] = make_piece(c, pt);
    placed_ = true;
  }
  return std::nullopt;
}

// 00AL: every piece that is neither on the board nor in a hand goes to c's hand (kings aside).
void CsaReader::give_the_rest(Color c) {
  int left[kHandTypeNb] = {};
  for (int pt = PAWN; pt < kHandTypeNb; ++pt)
    left[pt] = kPieceCountMax[pt] - kifu_.start.hands[BLACK].count(PieceType(pt)) -
               kifu_.start.hands[WHITE].count(PieceType(pt));
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    const Piece pc = kifu_.start.board[sq];
    if (pc != NO_PIECE && type_of(pc) != KING) --left[unpromote(type_of(pc))];
  }
  for (int pt = PAWN; pt < kHandTypeNb; ++pt)
    if (left[pt] > 0) kifu_.start.hands[c].add(PieceType(pt), left[pt]);
}

std::optional<ParseError> CsaReader::side_to_move(std::string_view s, std::size_t at) {
  if (phase_ == Phase::kMoves) return error("the side to move is given twice", at);
  if (phase_ != Phase::kPosition) return error("the side to move comes after a position (PI, P1..P9, P+, P-)", at);
  if (rest_to_) give_the_rest(*rest_to_);
  kifu_.start.side_to_move = s == "+" ? BLACK : WHITE;
  kifu_.start.game_ply = 1;
  if (auto fault = setup_fault(kifu_.start, {.allow_nifu = true}))
    return error("the position is not one of shogi: " + *fault, at);
  pos_.set(kifu_.start, &states_.emplace_back());
  phase_ = Phase::kMoves;
  return std::nullopt;
}

// +7776FU: side, from (00: a drop), to, the piece after the move.
std::optional<ParseError> CsaReader::move(std::string_view s, std::size_t at) {
  if (phase_ != Phase::kMoves) return error("move " + quoted_text(s) + " before the side to move (`+` or `-`)", at);
  const auto to = s.size() >= 5 ? square_of(s.substr(3, 2)) : std::nullopt;
  const bool drop = s.substr(1, 2) == "00";
  const auto from = square_of(s.substr(1));
  const PieceType pt = s.size() == 7 ? piece_of(s.substr(5)) : NO_PIECE_TYPE;
  if (s.size() != 7 || !to || (!drop && !from) || pt == NO_PIECE_TYPE)
    return error(quoted_text(s) + " is not a move (as in +7776FU, +0055KA)", at);
  const Color us = s[0] == '+' ? BLACK : WHITE;
  if (us != pos_.side_to_move())
    return error(quoted_text(s) + " is a move of " + kColorName[us] + ", but " + kColorName[~us] + " is to move", at);
  Move m = Move::none();
  if (drop) {
    if (pt >= KING) return error(quoted_text(s) + ": " + std::string(kCsaPiece[pt]) + " cannot be dropped", at);
    m = Move::make_drop(pt, *to);
  } else {
    const Piece pc = pos_.piece_on(*from);
    if (pc == NO_PIECE || color_of(pc) != us)
      return error(quoted_text(s) + ": no " + kColorName[us] + " piece on " + square_name(*from), at);
    const PieceType was = type_of(pc);
    if (pt != was && !(is_promotable(was) && pt == promote(was)))
      return error(quoted_text(s) + ": the piece on " + square_name(*from) + " is " + std::string(kCsaPiece[was]) +
                       ", it cannot become " + std::string(kCsaPiece[pt]),
                   at);
    m = Move::make(*from, *to, pt != was);
  }
  if (!is_legal_move(pos_, m)) return error(quoted_text(s) + " is not a legal move here", at);
  if (kifu_.moves.size() == kMaxPlies) return error("more than " + std::to_string(kMaxPlies) + " moves", at);
  pos_.do_move(m, states_.emplace_back());
  kifu_.moves.push_back(m);
  return std::nullopt;
}

// T12 (seconds; V3's T12.345 too): checked, not kept.
std::optional<ParseError> CsaReader::time(std::string_view s, std::size_t at) {
  if (phase_ != Phase::kMoves) return error("time " + quoted_text(s) + " before the moves", at);
  const std::string_view n = s.substr(1);
  const std::size_t dot = n.find('.');
  const std::string_view whole = n.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : n.substr(dot + 1);
  const auto digits = [](std::string_view d) { return d.find_first_not_of("0123456789") == std::string_view::npos; };
  if (whole.empty() || !digits(whole) || !digits(fraction) || (dot != std::string_view::npos && fraction.empty()))
    return error(quoted_text(s) + " is not a time (T and seconds, as in T12)", at);
  return std::nullopt;
}

std::optional<ParseError> CsaReader::special(std::string_view s, std::size_t at) {
  if (phase_ != Phase::kMoves) return error(quoted_text(s) + " before the side to move (`+` or `-`)", at);
  for (std::string_view known : kSpecialMoves)
    if (s == known) {
      kifu_.end = std::string(s);
      done_ = true;
      return std::nullopt;
    }
  return error("unknown special move " + quoted_text(s) + " (as in %TORYO)", at);
}

}  // namespace

ParseResult<Kifu> read_csa(std::string_view utf8) { return CsaReader().read(utf8); }

}  // namespace tsumi::notation
