#include "notation/kif_reader.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/movegen.h"
#include "core/quoted_text.h"
#include "core/sfen.h"

namespace tsumi::notation {
namespace {

// The reader works on one line at a time as code points, so that a column is a count of characters and
// a full-width character is one unit to compare.
using Chars = std::u32string_view;

// More plies than any game or tsume problem (the longest problem, Microcosmos, has 1525): a bound on the
// memory a file can make the reader take (one StateInfo a ply), the moves of every branch together, and
// on the number of branches.
constexpr std::size_t kMaxPlies = 100000;

constexpr bool is_space(char32_t c) { return c == U' ' || c == U'\t' || c == U'\r' || c == U'\u3000'; }

// 1..9 for a half- or full-width digit 1..9, 0 for 0, -1 for anything else.
constexpr int digit_value(char32_t c) {
  if (c >= U'0' && c <= U'9') return int(c - U'0');
  if (c >= U'０' && c <= U'９') return int(c - U'０');
  return -1;
}

// 1..9 for the kanji numerals 一..九, 10 for 十, 0 otherwise.
int kanji_value(char32_t c) {
  static constexpr Chars kNumerals = U"一二三四五六七八九十";
  const std::size_t at = kNumerals.find(c);
  return at == Chars::npos ? 0 : int(at + 1);
}

// A piece as one character: the board's and the moves' names (kif_text.h), and the variants other
// writers use (王 for the king, 竜 for the dragon).
PieceType piece_of_char(char32_t c) {
  switch (c) {
    case U'歩': return PAWN;
    case U'香': return LANCE;
    case U'桂': return KNIGHT;
    case U'銀': return SILVER;
    case U'角': return BISHOP;
    case U'飛': return ROOK;
    case U'金': return GOLD;
    case U'玉':
    case U'王': return KING;
    case U'と': return PRO_PAWN;
    case U'杏': return PRO_LANCE;
    case U'圭': return PRO_KNIGHT;
    case U'全': return PRO_SILVER;
    case U'馬': return HORSE;
    case U'龍':
    case U'竜': return DRAGON;
    default: return NO_PIECE_TYPE;
  }
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += char(0xE0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  } else {
    out += char(0xF0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3F));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  }
}

std::string to_utf8_text(Chars s) {
  std::string out;
  for (char32_t c : s) append_utf8(out, c);
  return out;
}

Chars trim_spaces(Chars s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The words that end a move list (KIF move lines, a `まで` line), as the GUIs write them.
constexpr std::array<Chars, 16> kEndWords = {
    U"投了",     U"詰み", U"中断",     U"千日手", U"持将棋",   U"切れ負け", U"反則勝ち", U"反則負け",
    U"入玉勝ち", U"不詰", U"宣言勝ち", U"封じ手", U"時間切れ", U"不戦勝",   U"不戦敗",   U"入玉宣言"};

// The end word at the start of s (followed by nothing, a blank or a time field), if any.
std::optional<Chars> end_word_at(Chars s) {
  for (Chars w : kEndWords) {
    if (!s.starts_with(w)) continue;
    if (s.size() == w.size() || is_space(s[w.size()]) || s[w.size()] == U'(') return w;
  }
  return std::nullopt;
}

std::optional<Color> mark_color(char32_t c) {
  if (c == U'▲' || c == U'☗') return BLACK;
  if (c == U'△' || c == U'☖') return WHITE;
  return std::nullopt;
}

// ---- moves ----

// KI2's relative words (日本将棋連盟「棋譜の表記方法」): which of the pieces that can reach the square moves.
enum Relative : unsigned {
  kRight = 1,     // 右: the rightmost of them, seen from the mover's side
  kLeft = 2,      // 左: the leftmost
  kStraight = 4,  // 直: straight forward
  kUp = 8,        // 上 (also 行, 入): forward
  kBack = 16,     // 引: backward
  kSideways = 32  // 寄: along the rank
};

enum class Promotion { unwritten, promote, no_promote };

// One move as written, before it is matched with a legal move.
struct MoveText {
  std::size_t column = 0;  // of its first character
  std::size_t end = 0;     // one past its last character
  bool same = false;       // 同: the destination of the move before
  Square to = SQ_NONE;
  PieceType piece = NO_PIECE_TYPE;  // as it stood before the move
  Promotion promotion = Promotion::unwritten;
  bool drop = false;      // 打
  Square from = SQ_NONE;  // KIF's origin `(77)`
  unsigned relative = 0;  // Relative bits
};

ParseError error_at(std::size_t line, std::size_t column, std::string message) {
  return ParseError{std::move(message), column, line};
}

// Reads the square, or 同, at s[i]; i is moved past it.
std::optional<ParseError> read_destination(Chars s, std::size_t line, std::size_t& i, MoveText& m) {
  if (i < s.size() && s[i] == U'同') {
    m.same = true;
    ++i;
    while (i < s.size() && is_space(s[i])) ++i;
    return std::nullopt;
  }
  const int file = i < s.size() ? digit_value(s[i]) : -1;
  if (file < 1) return error_at(line, i, "expected a move: a square such as ７六 or 同");
  ++i;
  int rank = i < s.size() ? kanji_value(s[i]) : 0;
  if (rank == 0 && i < s.size()) rank = digit_value(s[i]);
  if (rank < 1 || rank > 9) return error_at(line, i, "expected the rank of the square: 一 to 九");
  ++i;
  m.to = make_square(File(file - 1), Rank(rank - 1));
  return std::nullopt;
}

// Reads the piece name at s[i]: one character, or 成香 成桂 成銀.
std::optional<ParseError> read_piece(Chars s, std::size_t line, std::size_t& i, MoveText& m) {
  if (i + 1 < s.size() && s[i] == U'成') {
    const PieceType base = piece_of_char(s[i + 1]);
    if (base == LANCE || base == KNIGHT || base == SILVER) {
      m.piece = promote(base);
      i += 2;
      return std::nullopt;
    }
  }
  m.piece = i < s.size() ? piece_of_char(s[i]) : NO_PIECE_TYPE;
  if (m.piece == NO_PIECE_TYPE) return error_at(line, i, "expected a piece name (歩 香 桂 銀 金 角 飛 玉 と 馬 龍...)");
  ++i;
  return std::nullopt;
}

// Reads the words after the piece (relative words, 成 不成 生, 打) and KIF's origin `(77)`.
std::optional<ParseError> read_suffixes(Chars s, std::size_t line, std::size_t& i, MoveText& m) {
  for (; i < s.size(); ++i) {
    const char32_t c = s[i];
    if (c == U'右')
      m.relative |= kRight;
    else if (c == U'左')
      m.relative |= kLeft;
    else if (c == U'直')
      m.relative |= kStraight;
    else if (c == U'上' || c == U'行' || c == U'入')
      m.relative |= kUp;
    else if (c == U'引')
      m.relative |= kBack;
    else if (c == U'寄')
      m.relative |= kSideways;
    else if (c == U'成')
      m.promotion = Promotion::promote;
    else if (c == U'生')
      m.promotion = Promotion::no_promote;
    else if (c == U'不' && i + 1 < s.size() && s[i + 1] == U'成') {
      m.promotion = Promotion::no_promote;
      ++i;
    } else if (c == U'打')
      m.drop = true;
    else
      break;
  }
  if (i < s.size() && (s[i] == U'(' || s[i] == U'（')) {
    const std::size_t open = i;
    const int file = i + 1 < s.size() ? digit_value(s[i + 1]) : -1;
    const int rank = i + 2 < s.size() ? digit_value(s[i + 2]) : -1;
    if (file < 1 || rank < 1 || i + 3 >= s.size() || (s[i + 3] != U')' && s[i + 3] != U'）'))
      return error_at(line, open, "expected the origin of the move as (77)");
    if (m.drop) return error_at(line, open, "a drop (打) has no origin");
    m.from = make_square(File(file - 1), Rank(rank - 1));
    i += 4;
  }
  return std::nullopt;
}

ParseResult<MoveText> read_move_text(Chars s, std::size_t line, std::size_t& i) {
  MoveText m;
  m.column = i;
  if (auto e = read_destination(s, line, i, m)) return *e;
  if (auto e = read_piece(s, line, i, m)) return *e;
  if (auto e = read_suffixes(s, line, i, m)) return *e;
  m.end = i;
  return m;
}

// Forward steps of a move for its mover (negative: backward).
int forward_steps(Color c, Square from, Square to) {
  const int d = int(rank_of(from)) - int(rank_of(to));
  return c == BLACK ? d : -d;
}

// The file seen from the mover: 0 is its rightmost file.
int right_rank(Color c, Square sq) { return c == BLACK ? int(file_of(sq)) : 8 - int(file_of(sq)); }

// Keeps the candidates that the relative words allow: first the movement (上 引 寄 直), then the side
// (右 左) among those left.
void filter_relative(unsigned relative, Color c, std::vector<Move>& candidates) {
  std::erase_if(candidates, [&](Move m) {
    if (relative == 0) return false;
    if (m.is_drop()) return true;
    const int steps = forward_steps(c, m.from(), m.to());
    if ((relative & kUp) && steps <= 0) return true;
    if ((relative & kBack) && steps >= 0) return true;
    if ((relative & kSideways) && steps != 0) return true;
    if ((relative & kStraight) && (steps <= 0 || file_of(m.from()) != file_of(m.to()))) return true;
    return false;
  });
  if (!(relative & (kRight | kLeft)) || candidates.empty()) return;
  int best = right_rank(c, candidates.front().from());
  for (Move m : candidates) {
    const int r = right_rank(c, m.from());
    best = (relative & kRight) ? std::min(best, r) : std::max(best, r);
  }
  std::erase_if(candidates, [&](Move m) { return right_rank(c, m.from()) != best; });
}

// The legal move of pos that the text names, or why there is none or more than one.
ParseResult<Move> resolve_move(const Position& pos, const MoveText& text, Square previous_to, Chars s,
                               std::size_t line) {
  const std::string shown = quoted_text(to_utf8_text(s.substr(text.column, text.end - text.column)));
  Square to = text.to;
  if (text.same) {
    if (previous_to == SQ_NONE) return error_at(line, text.column, "同 with no move before it");
    to = previous_to;
  }
  MoveList list;
  generate<LEGAL>(pos, list);
  std::vector<Move> candidates;
  for (Move m : list) {
    if (m.to() != to) continue;
    const PieceType moved = m.is_drop() ? m.dropped_piece() : type_of(pos.piece_on(m.from()));
    if (moved != text.piece) continue;
    if (m.is_promotion() != (text.promotion == Promotion::promote)) continue;
    if (text.drop && !m.is_drop()) continue;
    if (text.from != SQ_NONE && (m.is_drop() || m.from() != text.from)) continue;
    candidates.push_back(m);
  }
  // Without 打, a drop is meant only when no piece on the board can make the move (KI2's rule).
  if (!text.drop && std::any_of(candidates.begin(), candidates.end(), [](Move m) { return !m.is_drop(); }))
    std::erase_if(candidates, [](Move m) { return m.is_drop(); });
  filter_relative(text.relative, pos.side_to_move(), candidates);
  if (candidates.empty()) return error_at(line, text.column, shown + " is not a legal move here");
  if (candidates.size() > 1)
    return error_at(line, text.column,
                    shown + " is ambiguous: " + std::to_string(candidates.size()) +
                        " legal moves match (右 左 直 上 引 寄 or 打 tell them apart)");
  return candidates.front();
}

// ---- the start position ----

struct HandText {
  bool present = false;
  bool rest = false;  // 残り全部
  Hand hand;
  std::size_t line = 0;
};

// Hand text: `なし`, `残り全部`, or pieces with kanji counts (`飛　角二　歩十八`), separated by blanks.
std::optional<ParseError> read_hand(Chars s, std::size_t line, std::size_t column, HandText& out) {
  out.present = true;
  out.line = line;
  const Chars value = trim_spaces(s.substr(column));
  if (value.empty() || value == U"なし") return std::nullopt;
  if (value == U"残り全部") {
    out.rest = true;
    return std::nullopt;
  }
  std::size_t i = column;
  while (i < s.size()) {
    if (is_space(s[i]) || s[i] == U'、' || s[i] == U',') {
      ++i;
      continue;
    }
    const PieceType pt = piece_of_char(s[i]);
    if (pt == NO_PIECE_TYPE || pt > GOLD) return error_at(line, i, "expected a piece in hand (飛 角 金 銀 桂 香 歩)");
    const std::size_t at = i++;
    int count = 0;
    if (i < s.size() && s[i] == U'十') {
      count = 10;
      ++i;
    }
    if (i < s.size() && kanji_value(s[i]) > 0 && kanji_value(s[i]) < 10) count += kanji_value(s[i++]);
    for (int digits = 0; count == 0 && digits < 2 && i < s.size() && digit_value(s[i]) >= 0; ++digits)
      count = count * 10 + digit_value(s[i++]);
    if (count == 0) count = 1;
    if (out.hand.count(pt) + count > Hand::capacity(pt))
      return error_at(line, at, "more pieces of a kind in hand than a set holds");
    out.hand.add(pt, count);
  }
  return std::nullopt;
}

// One board row `| ・ ・v桂 ...|一` into rank `rank` of the setup.
std::optional<ParseError> read_row(Chars s, std::size_t line, int rank, PositionSetup& setup) {
  std::size_t i = 1;  // past the first '|'
  for (int file = 8; file >= 0; --file) {
    Color c = BLACK;
    if (i < s.size() && (s[i] == U'v' || s[i] == U'V')) {
      c = WHITE;
      ++i;
    } else if (i < s.size() && (s[i] == U' ' || s[i] == U'^')) {
      ++i;
    }
    if (i >= s.size()) return error_at(line, i, "the row has fewer than 9 squares");
    if (s[i] == U'・') {
      if (c == WHITE) return error_at(line, i, "'v' before an empty square");
    } else {
      const PieceType pt = piece_of_char(s[i]);
      if (pt == NO_PIECE_TYPE) return error_at(line, i, "expected a piece or ・ on the square");
      setup.board[make_square(File(file), Rank(rank))] = make_piece(c, pt);
    }
    ++i;
  }
  if (i >= s.size() || s[i] != U'|') return error_at(line, i, "expected '|' after the 9th square");
  return std::nullopt;
}

// The handicaps of `手合割：`, with the named positions of core/sfen.h they start from.
std::optional<std::string_view> handicap_position(Chars name) {
  static constexpr std::array<std::pair<Chars, std::string_view>, 12> kHandicaps = {{
      {U"平手", "startpos"},
      {U"香落ち", "left-lance"},
      {U"右香落ち", "right-lance"},
      {U"両香落ち", "both-lances"},
      {U"角落ち", "bishop"},
      {U"飛車落ち", "rook"},
      {U"飛香落ち", "rook-lance"},
      {U"二枚落ち", "2-pieces"},
      {U"四枚落ち", "4-pieces"},
      {U"六枚落ち", "6-pieces"},
      {U"八枚落ち", "8-pieces"},
      {U"十枚落ち", "10-pieces"},
  }};
  for (const auto& [kif, name_in_core] : kHandicaps)
    if (kif == name) return name_in_core;
  return std::nullopt;
}

// ---- the reader ----

class KifReader {
 public:
  ParseResult<Kifu> read(std::string_view utf8);

 private:
  std::optional<ParseError> read_line(Chars s, std::size_t line);
  std::optional<ParseError> read_header(Chars s, std::size_t line, std::size_t colon);
  std::optional<ParseError> read_branch(Chars s, std::size_t line, std::size_t i);
  std::optional<ParseError> check_branch_not_empty() const;
  void read_comment(Chars s);
  void end_line(Chars word);
  std::vector<Move>& line_moves() { return line_ < 0 ? kifu_.moves : kifu_.variations[line_].moves; }
  std::string& line_end() { return line_ < 0 ? kifu_.end : kifu_.variations[line_].end; }
  std::optional<ParseError> read_kif_move(Chars s, std::size_t line, std::size_t i);
  std::optional<ParseError> read_ki2_moves(Chars s, std::size_t line, std::size_t i);
  std::optional<ParseError> play(Chars s, std::size_t line, std::size_t i, std::optional<Color> mark, std::size_t& end);
  std::optional<ParseError> set_format(KifuFormat f, std::size_t line, std::size_t column);
  std::optional<ParseError> start(std::optional<int> first_number, std::optional<Color> mark);
  std::optional<ParseError> diagram_setup(PositionSetup& setup);

  Kifu kifu_;
  std::optional<KifuFormat> moves_format_;  // kif or ki2, once a move line or `手数----` is seen
  // What comes before the moves.
  std::vector<std::pair<std::size_t, std::u32string>> rows_;  // diagram rows, with their line numbers
  HandText hands_[COLOR_NB];
  std::optional<Color> side_line_;
  bool handicap_hand_names_ = false;  // 上手/下手 used
  std::u32string handicap_;
  std::size_t handicap_line_ = 0;
  std::optional<int> bod_moves_;  // 手数＝N
  // The game as it is played: the line being read (-1 the main line, else an index in kifu_.variations)
  // and the path to its last move, pos_, made of the lines it branches from. A branch `変化：N手`
  // undoes the path back to move N-1, so the reader plays and undoes each move of the file once.
  struct PathLine {
    int line = -1;
    std::size_t first = 1;  // the ply of its first move
  };
  bool started_ = false;
  Position pos_;
  std::deque<StateInfo> states_;  // one more than path_moves_
  std::vector<Move> path_moves_;
  std::vector<PathLine> path_;
  int line_ = -1;
  bool line_ended_ = false;    // the line read an end word: move lines after it are skipped
  bool comment_open_ = false;  // `*` lines now are the comment of the branch (after its first move)
  std::size_t comment_lines_ = 0;
  std::size_t branch_line_ = 0;  // the `変化` line of the branch being read
  std::size_t total_moves_ = 0;  // of every line
  Square previous_to_ = SQ_NONE;
  int first_number_ = 1;  // the number of the first move (KIF); 変化：N手 counts from it
  int next_number_ = 0;
};

std::optional<ParseError> KifReader::set_format(KifuFormat f, std::size_t line, std::size_t column) {
  if (moves_format_ && *moves_format_ != f)
    return error_at(line, column,
                    *moves_format_ == KifuFormat::kif ? "a KI2 move in a KIF file" : "a KIF move in a KI2 file");
  moves_format_ = f;
  return std::nullopt;
}

std::optional<ParseError> KifReader::diagram_setup(PositionSetup& setup) {
  if (rows_.size() != 9)
    return error_at(rows_.back().first, 0, "the board has " + std::to_string(rows_.size()) + " rows, expected 9");
  for (int r = 0; r < 9; ++r)
    if (auto e = read_row(rows_[r].second, rows_[r].first, r, setup)) return e;
  if (hands_[BLACK].rest && hands_[WHITE].rest) return error_at(hands_[WHITE].line, 0, "both hands are 残り全部");
  for (Color c : {BLACK, WHITE}) setup.hands[c] = hands_[c].hand;
  for (Color c : {BLACK, WHITE}) {
    if (!hands_[c].rest) continue;
    for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1)) {
      int left = kPieceCountMax[pt] - setup.hands[~c].count(pt);
      for (Square sq = SQ_11; sq < SQ_NB; ++sq)
        if (setup.board[sq] != NO_PIECE && unpromote(type_of(setup.board[sq])) == pt) --left;
      if (left < 0)
        return error_at(hands_[c].line, 0, "残り全部: more pieces on the board and in hand than a set holds");
      setup.hands[c].set(pt, left);
    }
  }
  return std::nullopt;
}

// Builds the start position when the first move (or the end of the text) is reached.
std::optional<ParseError> KifReader::start(std::optional<int> first_number, std::optional<Color> mark) {
  started_ = true;
  PositionSetup setup;
  std::size_t setup_line = 1;
  const bool handicap = (!handicap_.empty() && handicap_ != U"平手") || handicap_hand_names_;
  if (!rows_.empty()) {
    if (auto e = diagram_setup(setup)) return e;
    setup_line = rows_.front().first;
    setup.side_to_move = handicap ? WHITE : BLACK;
  } else {
    for (Color c : {BLACK, WHITE})
      if (hands_[c].present && (hands_[c].rest || !hands_[c].hand.empty()))
        return error_at(hands_[c].line, 0, "pieces in hand without a board diagram");
    std::string_view name = "startpos";
    if (!handicap_.empty()) {
      const auto known = handicap_position(handicap_);
      if (!known)
        return error_at(handicap_line_, 0,
                        "unknown 手合割 " + quoted_text(to_utf8_text(handicap_)) + " without a board diagram");
      name = *known;
      setup_line = handicap_line_;
    }
    setup = *parse_sfen(*named_sfen(name));
  }
  if (side_line_) {
    setup.side_to_move = *side_line_;
  } else if (mark) {
    setup.side_to_move = *mark;
  } else if (first_number && *first_number % 2 == 0) {
    setup.side_to_move = ~setup.side_to_move;
  }
  if (bod_moves_) setup.game_ply = *bod_moves_ + 1;
  if (auto fault = setup_fault(setup, {.allow_nifu = true}))
    return error_at(setup_line, 0, "the start position is not one of shogi: " + *fault);
  kifu_.start = setup;
  pos_.set(setup, &states_.emplace_back());
  path_.push_back(PathLine{});
  return std::nullopt;
}

std::optional<ParseError> KifReader::play(Chars s, std::size_t line, std::size_t i, std::optional<Color> mark,
                                          std::size_t& end) {
  auto text = read_move_text(s, line, i);
  if (!text) return text.error();
  end = text->end;
  if (mark && *mark != pos_.side_to_move())
    return error_at(line, text->column,
                    std::string(*mark == BLACK ? "▲ (black)" : "△ (white)") + " moves, but it is " +
                        (pos_.side_to_move() == BLACK ? "black's" : "white's") + " turn");
  auto move = resolve_move(pos_, *text, previous_to_, s, line);
  if (!move) return move.error();
  if (total_moves_ >= kMaxPlies) return error_at(line, text->column, "more than 100000 moves");
  ++total_moves_;
  pos_.do_move(*move, states_.emplace_back());
  path_moves_.push_back(*move);
  line_moves().push_back(*move);
  previous_to_ = move->to();
  return std::nullopt;
}

void KifReader::end_line(Chars word) {
  line_end() = to_utf8_text(word);
  line_ended_ = true;
}

// `   1 ７六歩(77)   ( 0:00/00:00:00)`, or an end word in place of the move.
std::optional<ParseError> KifReader::read_kif_move(Chars s, std::size_t line, std::size_t i) {
  if (auto e = set_format(KifuFormat::kif, line, i)) return e;
  const std::size_t number_at = i;
  int number = 0;
  for (; i < s.size() && s[i] >= U'0' && s[i] <= U'9'; ++i) {
    if (i - number_at >= 6) return error_at(line, number_at, "move number too large");
    number = number * 10 + int(s[i] - U'0');
  }
  while (i < s.size() && is_space(s[i])) ++i;
  std::optional<Color> mark;
  if (i < s.size() && (mark = mark_color(s[i]))) ++i;
  if (!started_) {
    if (auto e = start(number, mark)) return e;
    first_number_ = next_number_ = number;
  }
  if (number != next_number_)
    return error_at(line, number_at,
                    "move number " + std::to_string(number) + ", expected " + std::to_string(next_number_));
  ++next_number_;
  if (const auto word = end_word_at(s.substr(i))) {
    end_line(*word);
    return std::nullopt;
  }
  std::size_t end = 0;
  return play(s, line, i, mark, end);
}

// `▲７六歩　△３四歩`: any number of moves, each after its mark.
std::optional<ParseError> KifReader::read_ki2_moves(Chars s, std::size_t line, std::size_t i) {
  if (auto e = set_format(KifuFormat::ki2, line, i)) return e;
  while (true) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i >= s.size()) return std::nullopt;
    const std::optional<Color> mark = mark_color(s[i]);
    if (!mark) return error_at(line, i, "expected ▲ or △ before the next move");
    if (!started_)
      if (auto e = start(std::nullopt, mark)) return e;
    ++i;
    if (const auto word = end_word_at(s.substr(i))) {
      end_line(*word);
      return std::nullopt;
    }
    std::size_t end = 0;
    if (auto e = play(s, line, i, mark, end)) return e;
    i = end;
    if (i < s.size() && !is_space(s[i]) && !mark_color(s[i]))
      return error_at(line, i, "unexpected " + quoted_text(to_utf8_text(s.substr(i, 1))) + " after the move");
  }
}

std::optional<ParseError> KifReader::read_header(Chars s, std::size_t line, std::size_t colon) {
  const Chars key = trim_spaces(s.substr(0, colon));
  const Chars value = trim_spaces(s.substr(colon + 1));
  const bool upper = key == U"上手の持駒", lower = key == U"下手の持駒";
  if (key == U"先手の持駒" || key == U"後手の持駒" || upper || lower) {
    if (started_) return error_at(line, 0, "a hand after the moves");
    handicap_hand_names_ = handicap_hand_names_ || upper || lower;
    const Color c = (key == U"後手の持駒" || upper) ? WHITE : BLACK;
    if (hands_[c].present) return error_at(line, 0, "a second hand for the same side");
    return read_hand(s, line, colon + 1, hands_[c]);
  }
  if (key == U"手合割" && !started_) {
    handicap_ = value;
    handicap_line_ = line;
  }
  kifu_.headers.emplace_back(to_utf8_text(key), to_utf8_text(value));
  return std::nullopt;
}

// `変化：N手`: the lines that follow replace move N of the path read so far and what came after it.
std::optional<ParseError> KifReader::read_branch(Chars s, std::size_t line, std::size_t i) {
  if (!started_) return std::nullopt;  // ShogiHome once wrote `変化：` lines in the header (tsshogi skips them)
  if (auto e = check_branch_not_empty()) return e;
  std::size_t k = i + 2;
  while (k < s.size() && is_space(s[k])) ++k;
  if (k < s.size() && (s[k] == U'：' || s[k] == U':')) ++k;
  while (k < s.size() && is_space(s[k])) ++k;
  const std::size_t number_at = k;
  long number = 0;
  for (; k < s.size() && digit_value(s[k]) >= 0; ++k) {
    if (k - number_at >= 6) return error_at(line, number_at, "move number too large");
    number = number * 10 + digit_value(s[k]);
  }
  if (k == number_at) return error_at(line, k, "expected the number of the move the branch replaces: 変化：N手");
  const long ply = number - first_number_ + 1;
  const std::size_t played = path_moves_.size();
  const std::string at = "a branch at move " + std::to_string(number);
  if (ply < 1) return error_at(line, number_at, at + ", before the first move, " + std::to_string(first_number_));
  // Past the last move only where the line read last has an end word: the branch replaces it.
  if (std::size_t(ply) > played + !line_end().empty()) {
    const long last = long(played) + first_number_ - 1;
    std::string message = at + ", but the line before it ends at move " + std::to_string(last);
    if (!line_end().empty()) message += " (" + std::to_string(last + 1) + " " + line_end() + ")";
    return error_at(line, number_at, message);
  }
  if (kifu_.variations.size() >= kMaxPlies) return error_at(line, i, "more than 100000 branches");
  // The line it branches from: the innermost of the path with a move before move N (Kakinoki writes the
  // branches of a line after the branches of those branches, the later moves first). A branch from the
  // first move of a branch is a sibling of that branch.
  while (path_.size() > 1 && path_.back().first >= std::size_t(ply)) path_.pop_back();
  while (path_moves_.size() >= std::size_t(ply)) {
    pos_.undo_move(path_moves_.back());
    path_moves_.pop_back();
    states_.pop_back();
  }
  previous_to_ = ply >= 2 ? path_moves_[ply - 2].to() : SQ_NONE;
  KifuVariation& v = kifu_.variations.emplace_back();
  v.ply = int(ply);
  v.parent = path_.back().line;
  line_ = int(kifu_.variations.size() - 1);
  path_.push_back(PathLine{line_, std::size_t(ply)});
  line_ended_ = false;
  comment_lines_ = 0;
  branch_line_ = line;
  next_number_ = int(number);
  return std::nullopt;
}

std::optional<ParseError> KifReader::check_branch_not_empty() const {
  if (line_ < 0) return std::nullopt;
  const KifuVariation& v = kifu_.variations[line_];
  if (v.moves.empty() && v.end.empty()) return error_at(branch_line_, 0, "a branch (変化) without a move");
  return std::nullopt;
}

// One `*` line (text: what follows the `*`) of the comment of the branch being read.
void KifReader::read_comment(Chars text) {
  std::string& comment = kifu_.variations[line_].comment;
  if (comment_lines_ > 0) comment += '\n';
  ++comment_lines_;
  if (!text.empty() && text.back() == U'\r') text.remove_suffix(1);
  comment += to_utf8_text(text);
}

std::optional<ParseError> KifReader::read_line(Chars s, std::size_t line) {
  std::size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  if (i == s.size()) return std::nullopt;
  const Chars t = s.substr(i);
  const char32_t c = t.front();
  if (c == U'*') {
    if (comment_open_) read_comment(t.substr(1));
    return std::nullopt;
  }
  comment_open_ = false;
  if (c == U'#' || c == U'&') return std::nullopt;
  if (t.starts_with(U"変化")) return read_branch(s, line, i);
  if (line_ended_) return std::nullopt;  // what follows an end word, up to the next branch
  if (t.starts_with(U"手数-") || t.starts_with(U"手数－")) return set_format(KifuFormat::kif, line, i);
  if (t.starts_with(U"手数＝") || t.starts_with(U"手数=")) {
    int n = 0;
    for (std::size_t k = 3; k < t.size() && k < 9 && digit_value(t[k]) >= 0; ++k) n = n * 10 + digit_value(t[k]);
    if (!started_) bod_moves_ = n;
    return std::nullopt;
  }
  const bool numbered = c >= U'0' && c <= U'9';
  if (numbered || mark_color(c)) {
    if (auto e = numbered ? read_kif_move(s, line, i) : read_ki2_moves(s, line, i)) return e;
    // The comment of a branch follows its first move, or its end word when it has no move.
    const std::size_t moves = line_moves().size();
    comment_open_ = line_ >= 0 && (line_ended_ ? moves == 0 : moves == 1);
    return std::nullopt;
  }
  if (c == U'|') {
    if (started_) return error_at(line, i, "a board diagram after the moves");
    if (rows_.size() >= 9) return error_at(line, i, "the board has more than 9 rows");
    rows_.emplace_back(line, std::u32string(t));
    return std::nullopt;
  }
  if (c == U'+' && t.size() > 1 && (t[1] == U'-' || t[1] == U'－')) return std::nullopt;  // the board's frame
  if (std::all_of(t.begin(), t.end(), [](char32_t x) { return is_space(x) || digit_value(x) > 0; }))
    return std::nullopt;         // the file numbers above the board
  if (t.starts_with(U"まで")) {  // `まで77手で先手の勝ち`, `まで9手で詰み`
    const std::size_t de = t.find(U"手で");
    if (de != Chars::npos && line_end().empty())
      if (const auto word = end_word_at(t.substr(de + 2))) line_end() = to_utf8_text(*word);
    return std::nullopt;
  }
  const Chars side = trim_spaces(t);
  if (side == U"盤面回転") return std::nullopt;  // Kakinoki: show the diagram turned; the position is the same
  if (side == U"先手番" || side == U"下手番" || side == U"後手番" || side == U"上手番") {
    side_line_ = (side == U"後手番" || side == U"上手番") ? WHITE : BLACK;
    return std::nullopt;
  }
  std::size_t colon = t.find(U'：');
  if (colon == Chars::npos) colon = t.find(U':');
  if (colon != Chars::npos && colon > 0) return read_header(t, line, colon);
  return error_at(line, i, "not a line of KIF: " + quoted_text(to_utf8_text(t)));
}

ParseResult<Kifu> KifReader::read(std::string_view utf8) {
  if (utf8.starts_with("\xEF\xBB\xBF")) utf8.remove_prefix(3);
  std::u32string chars;
  std::size_t line = 0;
  for (std::size_t start = 0; start <= utf8.size();) {
    std::size_t end = utf8.find('\n', start);
    if (end == std::string_view::npos) end = utf8.size();
    const std::string_view bytes = utf8.substr(start, end - start);
    ++line;
    start = end + 1;
    chars.clear();
    for (std::size_t k = 0; k < bytes.size();) {
      const std::size_t n = utf8_char_length(bytes.substr(k));
      if (n == 0) return error_at(line, chars.size(), "invalid UTF-8 byte " + quoted_text(bytes.substr(k, 1)));
      chars += utf8_code_point(bytes.substr(k), n);
      k += n;
    }
    if (auto e = read_line(chars, line)) return *e;
    if (end == utf8.size()) break;
  }
  if (auto e = check_branch_not_empty()) return *e;
  if (!started_)
    if (auto e = start(std::nullopt, std::nullopt)) return *e;
  kifu_.format = moves_format_ ? *moves_format_ : rows_.empty() ? KifuFormat::kif : KifuFormat::bod;
  return std::move(kifu_);
}

}  // namespace

ParseResult<Kifu> read_kif(std::string_view utf8) { return KifReader().read(utf8); }

}  // namespace tsumi::notation
