#include "core/sfen.h"

#include <array>
#include <cctype>
#include <string>

#include "core/quoted_text.h"

namespace tsumi {

namespace {

constexpr std::array<NamedPosition, 12> kNamedPositions = {{
    {"startpos", kStartSfen, "even game, black moves first"},
    {"left-lance", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "lance handicap (kyo-ochi)"},
    {"right-lance", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "right lance handicap"},
    {"both-lances", "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "both lances handicap"},
    {"bishop", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "bishop handicap (kaku-ochi)"},
    {"rook", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "rook handicap (hisha-ochi)"},
    {"rook-lance", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
     "rook and left lance handicap (hikyo-ochi)"},
    {"2-pieces", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "rook and bishop (nimai-ochi)"},
    {"4-pieces", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "and both lances (yonmai-ochi)"},
    {"6-pieces", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "and both knights (rokumai-ochi)"},
    {"8-pieces", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "and both silvers (hachimai-ochi)"},
    {"10-pieces", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "and both golds (jumai-ochi)"},
}};

constexpr const char* kColorName[COLOR_NB] = {"black", "white"};

PieceType piece_type_from_letter(char upper) {
  switch (upper) {
    case 'P': return PAWN;
    case 'L': return LANCE;
    case 'N': return KNIGHT;
    case 'S': return SILVER;
    case 'G': return GOLD;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'K': return KING;
    default: return NO_PIECE_TYPE;
  }
}

std::string piece_name(PieceType pt) {
  static constexpr const char* kNames[PIECE_TYPE_NB] = {
      "?",    "pawn",          "lance",          "knight",          "silver",          "bishop", "rook",  "gold",
      "king", "promoted pawn", "promoted lance", "promoted knight", "promoted silver", "horse",  "dragon"};
  return kNames[pt];
}

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Splits on runs of white space; records where each field starts.
struct Field {
  std::string_view text;
  std::size_t offset;
};

std::size_t split_fields(std::string_view s, Field* fields, std::size_t max_fields) {
  std::size_t n = 0, i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i == s.size()) break;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (n < max_fields) fields[n] = {s.substr(start, i - start), start};
    ++n;
  }
  return n;
}

std::optional<ParseError> parse_board(const Field& f, PositionSetup& setup) {
  int rank = 0, file = 8;  // file index 8 = file 9, the first listed
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    const char ch = f.text[i];
    const std::size_t at = f.offset + i;
    if (ch == '/') {
      if (file != -1)
        return ParseError{
            "rank " + std::string(1, char('a' + rank)) + " has " + std::to_string(8 - file) + " squares, expected 9",
            at};
      if (++rank >= 9) return ParseError{"more than 9 ranks", at};
      file = 8;
      continue;
    }
    if (ch >= '1' && ch <= '9') {
      file -= ch - '0';
      if (file < -1) return ParseError{"rank " + std::string(1, char('a' + rank)) + " has more than 9 squares", at};
      continue;
    }
    bool promoted = false;
    std::size_t letter_at = i;
    if (ch == '+') {
      if (i + 1 >= f.text.size()) return ParseError{"'+' at the end of the board, expected a piece letter", at};
      promoted = true;
      letter_at = ++i;
    }
    const char letter = f.text[letter_at];
    const PieceType base = piece_type_from_letter(char(std::toupper(static_cast<unsigned char>(letter))));
    if (base == NO_PIECE_TYPE || !std::isalpha(static_cast<unsigned char>(letter)))
      return ParseError{"unknown piece letter " + quoted_text(utf8_char_at(f.text, letter_at)), f.offset + letter_at};
    if (promoted && !is_promotable(base))
      return ParseError{"'+' on " + piece_name(base) + ": it cannot be promoted", at};
    if (file < 0) return ParseError{"rank " + std::string(1, char('a' + rank)) + " has more than 9 squares", at};
    const Color c = std::isupper(static_cast<unsigned char>(letter)) ? BLACK : WHITE;
    const PieceType pt = promoted ? promote(base) : base;
    const Square sq = make_square(File(file), Rank(rank));
    const Rank rel = relative_rank(c, Rank(rank));
    if (((pt == PAWN || pt == LANCE) && rel == RANK_1) || (pt == KNIGHT && rel <= RANK_2))
      return ParseError{
          std::string(kColorName[c]) + " " + piece_name(pt) + " on rank " + char('a' + rank) + " could never move", at};
    setup.board[sq] = make_piece(c, pt);
    --file;
  }
  if (rank != 8)
    return ParseError{"board has " + std::to_string(rank + 1) + " ranks, expected 9", f.offset + f.text.size()};
  if (file != -1)
    return ParseError{"rank i has " + std::to_string(8 - file) + " squares, expected 9", f.offset + f.text.size()};
  return std::nullopt;
}

std::optional<ParseError> parse_hands(const Field& f, PositionSetup& setup) {
  if (f.text == "-") return std::nullopt;
  bool seen[COLOR_NB][kHandTypeNb] = {};
  std::size_t i = 0;
  while (i < f.text.size()) {
    const std::size_t start = i;
    int count = 1;
    if (std::isdigit(static_cast<unsigned char>(f.text[i]))) {
      count = 0;
      while (i < f.text.size() && std::isdigit(static_cast<unsigned char>(f.text[i]))) {
        count = count * 10 + (f.text[i] - '0');
        if (count > 99) return ParseError{"hand count too large", f.offset + start};
        ++i;
      }
      if (i == f.text.size()) return ParseError{"hand count without a piece letter", f.offset + start};
      if (count == 0) return ParseError{"hand count of zero", f.offset + start};
    }
    const char letter = f.text[i];
    const PieceType pt = piece_type_from_letter(char(std::toupper(static_cast<unsigned char>(letter))));
    if (letter == '+') return ParseError{"promoted piece in hand (captured pieces are held unpromoted)", f.offset + i};
    if (pt == NO_PIECE_TYPE || !std::isalpha(static_cast<unsigned char>(letter)))
      return ParseError{"unknown hand piece " + quoted_text(utf8_char_at(f.text, i)), f.offset + i};
    if (pt == KING) return ParseError{"king in hand", f.offset + i};
    const Color c = std::isupper(static_cast<unsigned char>(letter)) ? BLACK : WHITE;
    if (seen[c][pt])
      return ParseError{std::string(kColorName[c]) + " " + piece_name(pt) + " listed twice in hand", f.offset + i};
    seen[c][pt] = true;
    if (count > Hand::capacity(pt))
      return ParseError{
          std::to_string(count) + " " + piece_name(pt) + "s in hand, a set has " + std::to_string(Hand::capacity(pt)),
          f.offset + start};
    setup.hands[c].set(pt, count);
    ++i;
  }
  return std::nullopt;
}

// Piece counts, kings and nifu over the whole setup.
std::optional<ParseError> check_material(const PositionSetup& setup, std::size_t board_offset, bool allow_nifu) {
  int counts[KING + 1] = {};
  int kings[COLOR_NB] = {};
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    const Piece pc = setup.board[sq];
    if (pc == NO_PIECE) continue;
    ++counts[unpromote(type_of(pc))];
    if (type_of(pc) == KING && ++kings[color_of(pc)] > 1)
      return ParseError{std::string("two ") + kColorName[color_of(pc)] + " kings", board_offset};
  }
  for (Color c : {BLACK, WHITE}) {
    for (int pt = PAWN; pt < kHandTypeNb; ++pt) counts[pt] += setup.hands[c].count(PieceType(pt));
    for (int f = 0; f < FILE_NB; ++f) {
      int pawns = 0;
      for (int r = 0; r < RANK_NB; ++r) pawns += setup.board[make_square(File(f), Rank(r))] == make_piece(c, PAWN);
      if (pawns > 1 && !allow_nifu)
        return ParseError{
            std::string("two unpromoted ") + kColorName[c] + " pawns on file " + std::to_string(f + 1) + " (nifu)",
            board_offset};
    }
  }
  for (int pt = PAWN; pt < KING; ++pt)
    if (counts[pt] > kPieceCountMax[pt])
      return ParseError{std::to_string(counts[pt]) + " " + piece_name(PieceType(pt)) +
                            "s on board and in hand, a set has " + std::to_string(kPieceCountMax[pt]),
                        board_offset};
  return std::nullopt;
}

// The side that just moved may not have left its king in check.
bool side_not_to_move_in_check(const PositionSetup& setup) {
  Position pos;
  StateInfo si;
  pos.set(setup, &si);
  const Color them = ~setup.side_to_move;
  return pos.has_king(them) && pos.is_attacked(setup.side_to_move, pos.king_square(them), pos.pieces());
}

}  // namespace

ParseResult<PositionSetup> parse_sfen(std::string_view text, SfenLeniency leniency) {
  Field fields[4];
  const std::size_t n = split_fields(text, fields, 4);
  if (n == 0) return ParseError{"empty SFEN", 0};
  if (n > 4) {
    Field extra[5];
    split_fields(text, extra, 5);
    return ParseError{"unexpected text after the move number: " + quoted_text(extra[4].text), extra[4].offset};
  }
  PositionSetup setup;
  if (auto e = parse_board(fields[0], setup)) return *e;
  if (n < 2) return ParseError{"missing side to move after the board", text.size()};
  if (fields[1].text != "b" && fields[1].text != "w")
    return ParseError{"side to move must be 'b' or 'w', found " + quoted_text(fields[1].text), fields[1].offset};
  setup.side_to_move = fields[1].text == "b" ? BLACK : WHITE;
  if (n < 3) return ParseError{"missing hands after the side to move ('-' for none)", text.size()};
  if (auto e = parse_hands(fields[2], setup)) return *e;
  if (n == 4) {
    const Field& f = fields[3];
    long ply = 0;
    for (char ch : f.text) {
      if (!std::isdigit(static_cast<unsigned char>(ch)) || ply > 100000000)
        return ParseError{"move number must be a positive integer, found " + quoted_text(f.text), f.offset};
      ply = ply * 10 + (ch - '0');
    }
    if (ply < 1) return ParseError{"move number must be a positive integer, found " + quoted_text(f.text), f.offset};
    setup.game_ply = int(ply);
  }
  if (auto e = check_material(setup, fields[0].offset, leniency.allow_nifu)) return *e;
  if (side_not_to_move_in_check(setup))
    return ParseError{std::string("the side not to move (") + kColorName[~setup.side_to_move] + ") is in check",
                      fields[1].offset};
  return setup;
}

std::optional<std::string> setup_fault(const PositionSetup& setup, SfenLeniency leniency) {
  for (Square sq = SQ_11; sq < SQ_NB; ++sq) {
    const Piece pc = setup.board[sq];
    if (pc == NO_PIECE) continue;
    const Color c = color_of(pc);
    const PieceType pt = type_of(pc);
    const Rank rel = relative_rank(c, rank_of(sq));
    if (((pt == PAWN || pt == LANCE) && rel == RANK_1) || (pt == KNIGHT && rel <= RANK_2))
      return std::string(kColorName[c]) + " " + piece_name(pt) + " on " + std::to_string(file_of(sq) + 1) +
             char('a' + rank_of(sq)) + " could never move";
  }
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < kHandTypeNb; ++pt)
      if (setup.hands[c].count(PieceType(pt)) > kPieceCountMax[pt])
        return std::string(kColorName[c]) + " holds " + std::to_string(setup.hands[c].count(PieceType(pt))) + " " +
               piece_name(PieceType(pt)) + "s in hand, a set has " + std::to_string(kPieceCountMax[pt]);
  if (setup.game_ply < 1) return std::string("move number must be positive");
  if (auto e = check_material(setup, 0, leniency.allow_nifu)) return e->message;
  if (side_not_to_move_in_check(setup))
    return std::string("the side not to move (") + kColorName[~setup.side_to_move] + ") is in check";
  return std::nullopt;
}

std::string to_sfen(const PositionSetup& setup) {
  std::string s;
  for (int r = 0; r < RANK_NB; ++r) {
    int empty = 0;
    for (int f = FILE_9; f >= FILE_1; --f) {
      const Piece pc = setup.board[make_square(File(f), Rank(r))];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      if (is_promoted(type_of(pc))) s += '+';
      const char letter = kPieceLetter[type_of(pc)];
      s += color_of(pc) == BLACK ? letter : char(std::tolower(letter));
    }
    if (empty) s += char('0' + empty);
    if (r != RANK_9) s += '/';
  }
  s += setup.side_to_move == BLACK ? " b " : " w ";
  const std::string hands = hand_to_sfen(setup.hands[BLACK], BLACK) + hand_to_sfen(setup.hands[WHITE], WHITE);
  s += hands.empty() ? "-" : hands;
  s += ' ' + std::to_string(setup.game_ply);
  return s;
}

std::string to_sfen(const Position& pos) { return to_sfen(pos.setup()); }

std::string hand_to_sfen(Hand hand, Color c) {
  std::string s;
  for (PieceType pt : kSfenHandOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    if (n > 1) s += std::to_string(n);
    s += c == BLACK ? kPieceLetter[pt] : char(std::tolower(kPieceLetter[pt]));
  }
  return s;
}

std::span<const NamedPosition> named_positions() { return kNamedPositions; }

std::optional<std::string_view> named_sfen(std::string_view name) {
  for (const NamedPosition& p : kNamedPositions)
    if (p.name == name) return p.sfen;
  return std::nullopt;
}

}  // namespace tsumi
