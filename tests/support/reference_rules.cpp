#include "tests/support/reference_rules.h"

#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>

namespace tsumi::reference {
namespace {

// An offset seen from black's side: negative rank is forward (toward rank a).
struct Step {
  int file;
  int rank;
};

constexpr std::array<Step, 1> kForward = {{{0, -1}}};
constexpr std::array<Step, 2> kKnightSteps = {{{-1, -2}, {1, -2}}};
constexpr std::array<Step, 5> kSilverSteps = {{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}};
constexpr std::array<Step, 6> kGoldSteps = {{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}};
constexpr std::array<Step, 8> kKingSteps = {{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};
constexpr std::array<Step, 4> kDiagonals = {{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}};
constexpr std::array<Step, 4> kOrthogonals = {{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}};

// Hand pieces in canonical SFEN order.
constexpr std::array<Piece, 7> kHandOrder = {Piece::kRook,   Piece::kBishop, Piece::kGold, Piece::kSilver,
                                             Piece::kKnight, Piece::kLance,  Piece::kPawn};

// Single steps and sliding directions of one kind of piece.
struct Movement {
  std::span<const Step> steps;
  std::span<const Step> slides;
};

struct Move {
  Piece drop = Piece::kNone;  // kNone for a board move
  int from_file = 0;
  int from_rank = 0;
  int to_file = 0;
  int to_rank = 0;
  bool promote = false;
};

struct Square {
  int file;
  int rank;
};

Color opponent(Color color) { return color == Color::kBlack ? Color::kWhite : Color::kBlack; }

int color_index(Color color) { return color == Color::kBlack ? 0 : 1; }

bool on_board(int file, int rank) { return file >= 1 && file <= 9 && rank >= 1 && rank <= 9; }

Movement movement_of(Piece piece) {
  switch (piece) {
    case Piece::kPawn: return {kForward, {}};
    case Piece::kLance: return {{}, kForward};
    case Piece::kKnight: return {kKnightSteps, {}};
    case Piece::kSilver: return {kSilverSteps, {}};
    case Piece::kGold:
    case Piece::kProPawn:
    case Piece::kProLance:
    case Piece::kProKnight:
    case Piece::kProSilver: return {kGoldSteps, {}};
    case Piece::kBishop: return {{}, kDiagonals};
    case Piece::kRook: return {{}, kOrthogonals};
    case Piece::kKing: return {kKingSteps, {}};
    case Piece::kHorse: return {kOrthogonals, kDiagonals};
    case Piece::kDragon: return {kDiagonals, kOrthogonals};
    case Piece::kNone: break;
  }
  return {};
}

bool can_promote(Piece piece) {
  switch (piece) {
    case Piece::kPawn:
    case Piece::kLance:
    case Piece::kKnight:
    case Piece::kSilver:
    case Piece::kBishop:
    case Piece::kRook: return true;
    default: return false;
  }
}

Piece promoted(Piece piece) {
  switch (piece) {
    case Piece::kPawn: return Piece::kProPawn;
    case Piece::kLance: return Piece::kProLance;
    case Piece::kKnight: return Piece::kProKnight;
    case Piece::kSilver: return Piece::kProSilver;
    case Piece::kBishop: return Piece::kHorse;
    case Piece::kRook: return Piece::kDragon;
    default: return piece;
  }
}

Piece unpromoted(Piece piece) {
  switch (piece) {
    case Piece::kProPawn: return Piece::kPawn;
    case Piece::kProLance: return Piece::kLance;
    case Piece::kProKnight: return Piece::kKnight;
    case Piece::kProSilver: return Piece::kSilver;
    case Piece::kHorse: return Piece::kBishop;
    case Piece::kDragon: return Piece::kRook;
    default: return piece;
  }
}

// Rank counted from the mover's far edge: 1 is the last rank for that colour.
int relative_rank(Color color, int rank) { return color == Color::kBlack ? rank : 10 - rank; }

bool in_promotion_zone(Color color, int rank) { return relative_rank(color, rank) <= 3; }

// True if an unpromoted piece of this kind could never move again from the
// given rank, so it may not be dropped there and must promote on arrival.
bool is_dead_square(Piece piece, Color color, int rank) {
  const int distance = relative_rank(color, rank);
  switch (piece) {
    case Piece::kPawn:
    case Piece::kLance: return distance == 1;
    case Piece::kKnight: return distance <= 2;
    default: return false;
  }
}

int& hand_count(Board& board, Color color, Piece piece) {
  return board.hands[color_index(color)][static_cast<int>(piece)];
}

int hand_count(const Board& board, Color color, Piece piece) {
  return board.hands[color_index(color)][static_cast<int>(piece)];
}

// Calls visit(file, rank) for every square the piece on (file, rank) attacks,
// whatever stands there; sliders stop at the first occupied square.
template <typename Visit>
void for_each_target(const Board& board, int file, int rank, Visit visit) {
  const Cell cell = board.at(file, rank);
  const int sign = cell.color == Color::kBlack ? 1 : -1;
  const Movement movement = movement_of(cell.piece);
  for (const Step step : movement.steps) {
    const int to_file = file + sign * step.file;
    const int to_rank = rank + sign * step.rank;
    if (on_board(to_file, to_rank)) visit(to_file, to_rank);
  }
  for (const Step step : movement.slides) {
    int to_file = file + sign * step.file;
    int to_rank = rank + sign * step.rank;
    while (on_board(to_file, to_rank)) {
      visit(to_file, to_rank);
      if (board.at(to_file, to_rank).piece != Piece::kNone) break;
      to_file += sign * step.file;
      to_rank += sign * step.rank;
    }
  }
}

bool is_attacked(const Board& board, Square square, Color attacker) {
  bool attacked = false;
  for (int file = 1; file <= 9; ++file) {
    for (int rank = 1; rank <= 9; ++rank) {
      const Cell cell = board.at(file, rank);
      if (cell.piece == Piece::kNone || cell.color != attacker) continue;
      for_each_target(board, file, rank, [&](int to_file, int to_rank) {
        if (to_file == square.file && to_rank == square.rank) attacked = true;
      });
      if (attacked) return true;
    }
  }
  return false;
}

std::optional<Square> find_king(const Board& board, Color color) {
  for (int file = 1; file <= 9; ++file) {
    for (int rank = 1; rank <= 9; ++rank) {
      const Cell cell = board.at(file, rank);
      if (cell.piece == Piece::kKing && cell.color == color) {
        return Square{file, rank};
      }
    }
  }
  return std::nullopt;
}

// True if the given side has a king and it is attacked; no king is never check.
bool king_attacked(const Board& board, Color color) {
  const std::optional<Square> king = find_king(board, color);
  return king.has_value() && is_attacked(board, *king, opponent(color));
}

std::vector<Move> generate_pseudo_legal(const Board& board) {
  std::vector<Move> moves;
  const Color us = board.side_to_move;
  for (int file = 1; file <= 9; ++file) {
    for (int rank = 1; rank <= 9; ++rank) {
      const Cell cell = board.at(file, rank);
      if (cell.piece == Piece::kNone || cell.color != us) continue;
      for_each_target(board, file, rank, [&](int to_file, int to_rank) {
        const Cell target = board.at(to_file, to_rank);
        if (target.piece != Piece::kNone && target.color == us) return;
        const Move move{Piece::kNone, file, rank, to_file, to_rank, false};
        if (can_promote(cell.piece) && (in_promotion_zone(us, rank) || in_promotion_zone(us, to_rank))) {
          Move promoting = move;
          promoting.promote = true;
          moves.push_back(promoting);
        }
        if (!is_dead_square(cell.piece, us, to_rank)) moves.push_back(move);
      });
    }
  }
  for (const Piece piece : kHandOrder) {
    if (hand_count(board, us, piece) == 0) continue;
    for (int file = 1; file <= 9; ++file) {
      for (int rank = 1; rank <= 9; ++rank) {
        if (board.at(file, rank).piece != Piece::kNone) continue;
        if (is_dead_square(piece, us, rank)) continue;
        moves.push_back(Move{piece, 0, 0, file, rank, false});
      }
    }
  }
  return moves;
}

// Carries out a move that is assumed to be mechanically possible.
Board apply(const Board& board, const Move& move) {
  Board next = board;
  const Color us = board.side_to_move;
  if (move.drop != Piece::kNone) {
    --hand_count(next, us, move.drop);
    next.at(move.to_file, move.to_rank) = Cell{move.drop, us};
  } else {
    const Cell mover = board.at(move.from_file, move.from_rank);
    const Cell captured = board.at(move.to_file, move.to_rank);
    if (captured.piece != Piece::kNone) {
      ++hand_count(next, us, unpromoted(captured.piece));
    }
    next.at(move.from_file, move.from_rank) = Cell{};
    next.at(move.to_file, move.to_rank) = Cell{move.promote ? promoted(mover.piece) : mover.piece, us};
  }
  next.side_to_move = opponent(us);
  next.move_number = board.move_number + 1;
  return next;
}

bool has_unpromoted_pawn_on_file(const Board& board, Color color, int file) {
  for (int rank = 1; rank <= 9; ++rank) {
    const Cell cell = board.at(file, rank);
    if (cell.piece == Piece::kPawn && cell.color == color) return true;
  }
  return false;
}

bool has_any_legal_move(const Board& board);

// The full legality filter for a move that is already pseudo-legal.
bool is_legal_move(const Board& board, const Move& move) {
  const Color us = board.side_to_move;
  if (move.drop == Piece::kPawn && has_unpromoted_pawn_on_file(board, us, move.to_file)) {
    return false;
  }
  const Board next = apply(board, move);
  if (king_attacked(next, us)) return false;
  if (move.drop == Piece::kPawn && king_attacked(next, opponent(us)) && !has_any_legal_move(next)) {
    return false;
  }
  return true;
}

// Used by the pawn-drop-mate test. The recursion stays shallow: a pawn drop
// never answers a pawn check, so it is rejected before its own mate test.
bool has_any_legal_move(const Board& board) {
  for (const Move& move : generate_pseudo_legal(board)) {
    if (is_legal_move(board, move)) return true;
  }
  return false;
}

std::vector<Move> generate_legal(const Board& board) {
  std::vector<Move> moves;
  for (const Move& move : generate_pseudo_legal(board)) {
    if (is_legal_move(board, move)) moves.push_back(move);
  }
  return moves;
}

std::uint64_t perft(const Board& board, int depth) {
  if (depth <= 0) return 1;
  const std::vector<Move> moves = generate_legal(board);
  if (depth == 1) return moves.size();
  std::uint64_t leaves = 0;
  for (const Move& move : moves) leaves += perft(apply(board, move), depth - 1);
  return leaves;
}

// SFEN letter of an unpromoted piece, uppercase.
char piece_letter(Piece piece) {
  switch (piece) {
    case Piece::kPawn: return 'P';
    case Piece::kLance: return 'L';
    case Piece::kKnight: return 'N';
    case Piece::kSilver: return 'S';
    case Piece::kGold: return 'G';
    case Piece::kBishop: return 'B';
    case Piece::kRook: return 'R';
    case Piece::kKing: return 'K';
    default: return '?';
  }
}

// The unpromoted piece for an SFEN letter of either case, or kNone.
Piece piece_from_letter(char letter) {
  switch (letter) {
    case 'P':
    case 'p': return Piece::kPawn;
    case 'L':
    case 'l': return Piece::kLance;
    case 'N':
    case 'n': return Piece::kKnight;
    case 'S':
    case 's': return Piece::kSilver;
    case 'G':
    case 'g': return Piece::kGold;
    case 'B':
    case 'b': return Piece::kBishop;
    case 'R':
    case 'r': return Piece::kRook;
    case 'K':
    case 'k': return Piece::kKing;
    default: return Piece::kNone;
  }
}

char colored(char upper, Color color) { return color == Color::kBlack ? upper : static_cast<char>(upper - 'A' + 'a'); }

[[noreturn]] void fail(const std::string& what, const std::string& input) {
  throw std::invalid_argument("reference: " + what + ": '" + input + "'");
}

std::string square_to_usi(int file, int rank) {
  return std::string{static_cast<char>('0' + file), static_cast<char>('a' + rank - 1)};
}

std::string to_usi(const Move& move) {
  if (move.drop != Piece::kNone) {
    return std::string{piece_letter(move.drop), '*'} + square_to_usi(move.to_file, move.to_rank);
  }
  return square_to_usi(move.from_file, move.from_rank) + square_to_usi(move.to_file, move.to_rank) +
         (move.promote ? "+" : "");
}

bool parse_usi_square(char file_char, char rank_char, int& file, int& rank) {
  if (file_char < '1' || file_char > '9') return false;
  if (rank_char < 'a' || rank_char > 'i') return false;
  file = file_char - '0';
  rank = rank_char - 'a' + 1;
  return true;
}

Move parse_usi(const std::string& usi) {
  Move move;
  if (usi.size() == 4 && usi[1] == '*') {
    move.drop = piece_from_letter(usi[0]);
    if (usi[0] < 'A' || usi[0] > 'Z' || move.drop == Piece::kNone || move.drop == Piece::kKing ||
        !parse_usi_square(usi[2], usi[3], move.to_file, move.to_rank)) {
      fail("malformed USI drop", usi);
    }
    return move;
  }
  if ((usi.size() != 4 && usi.size() != 5) || (usi.size() == 5 && usi[4] != '+') ||
      !parse_usi_square(usi[0], usi[1], move.from_file, move.from_rank) ||
      !parse_usi_square(usi[2], usi[3], move.to_file, move.to_rank)) {
    fail("malformed USI move", usi);
  }
  move.promote = usi.size() == 5;
  return move;
}

// Applies a USI move after checking only that it can be carried out at all.
Board apply_checked(const Board& board, const std::string& usi) {
  const Move move = parse_usi(usi);
  const Color us = board.side_to_move;
  const Cell target = board.at(move.to_file, move.to_rank);
  if (move.drop != Piece::kNone) {
    if (hand_count(board, us, move.drop) == 0) fail("no such piece in hand", usi);
    if (target.piece != Piece::kNone) fail("drop on an occupied square", usi);
    return apply(board, move);
  }
  const Cell mover = board.at(move.from_file, move.from_rank);
  if (mover.piece == Piece::kNone || mover.color != us) {
    fail("no piece of the side to move on the from-square", usi);
  }
  if (move.from_file == move.to_file && move.from_rank == move.to_rank) {
    fail("null move", usi);
  }
  if (target.piece != Piece::kNone && target.color == us) {
    fail("capture of an own piece", usi);
  }
  if (target.piece == Piece::kKing) fail("capture of a king", usi);
  if (move.promote && !can_promote(mover.piece)) {
    fail("promotion of a piece that cannot promote", usi);
  }
  return apply(board, move);
}

// Parses a positive decimal number made only of digits.
int parse_positive(const std::string& text, const std::string& sfen) {
  if (text.empty() || text.size() > 9) fail("bad number in SFEN", sfen);
  int value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') fail("bad number in SFEN", sfen);
    value = value * 10 + (c - '0');
  }
  if (value <= 0) fail("bad number in SFEN", sfen);
  return value;
}

void parse_board_field(const std::string& field, const std::string& sfen, Board& board) {
  int rank = 1;
  int file = 9;  // next file to fill, counting down; 0 means the rank is full
  bool promote_next = false;
  std::array<int, 2> kings{};
  for (const char c : field) {
    if (c == '/') {
      if (promote_next || file != 0 || rank == 9) fail("bad rank in SFEN", sfen);
      ++rank;
      file = 9;
    } else if (c >= '1' && c <= '9') {
      if (promote_next || c - '0' > file) fail("bad rank in SFEN", sfen);
      file -= c - '0';
    } else if (c == '+') {
      if (promote_next) fail("bad promotion in SFEN", sfen);
      promote_next = true;
    } else {
      const Piece base = piece_from_letter(c);
      if (base == Piece::kNone || file == 0) fail("bad board in SFEN", sfen);
      if (promote_next && !can_promote(base)) fail("bad promotion in SFEN", sfen);
      const Color color = (c >= 'A' && c <= 'Z') ? Color::kBlack : Color::kWhite;
      if (base == Piece::kKing && ++kings[color_index(color)] > 1) {
        fail("more than one king of a colour in SFEN", sfen);
      }
      board.at(file, rank) = Cell{promote_next ? promoted(base) : base, color};
      promote_next = false;
      --file;
    }
  }
  if (rank != 9 || file != 0 || promote_next) fail("bad board in SFEN", sfen);
}

void parse_hands_field(const std::string& field, const std::string& sfen, Board& board) {
  if (field == "-") return;
  std::string digits;
  for (const char c : field) {
    if (c >= '0' && c <= '9') {
      digits += c;
      continue;
    }
    const Piece piece = piece_from_letter(c);
    if (piece == Piece::kNone || piece == Piece::kKing) {
      fail("bad hand in SFEN", sfen);
    }
    const int count = digits.empty() ? 1 : parse_positive(digits, sfen);
    const Color color = (c >= 'A' && c <= 'Z') ? Color::kBlack : Color::kWhite;
    hand_count(board, color, piece) += count;
    digits.clear();
  }
  if (!digits.empty() || field.empty()) fail("bad hand in SFEN", sfen);
}

}  // namespace

Board parse_sfen(const std::string& sfen) {
  std::istringstream stream(sfen);
  std::vector<std::string> fields;
  for (std::string field; stream >> field;) fields.push_back(field);
  if (fields.size() != 3 && fields.size() != 4) fail("wrong field count", sfen);

  Board board;
  parse_board_field(fields[0], sfen, board);
  if (fields[1] == "b") {
    board.side_to_move = Color::kBlack;
  } else if (fields[1] == "w") {
    board.side_to_move = Color::kWhite;
  } else {
    fail("bad side to move in SFEN", sfen);
  }
  parse_hands_field(fields[2], sfen, board);
  board.move_number = fields.size() == 4 ? parse_positive(fields[3], sfen) : 1;
  return board;
}

std::string to_sfen(const Board& board) {
  std::string out;
  for (int rank = 1; rank <= 9; ++rank) {
    if (rank > 1) out += '/';
    int empty = 0;
    for (int file = 9; file >= 1; --file) {
      const Cell cell = board.at(file, rank);
      if (cell.piece == Piece::kNone) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty);
      empty = 0;
      if (cell.piece != unpromoted(cell.piece)) out += '+';
      out += colored(piece_letter(unpromoted(cell.piece)), cell.color);
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
  }
  out += board.side_to_move == Color::kBlack ? " b " : " w ";
  std::string hands;
  for (const Color color : {Color::kBlack, Color::kWhite}) {
    for (const Piece piece : kHandOrder) {
      const int count = hand_count(board, color, piece);
      if (count == 0) continue;
      if (count > 1) hands += std::to_string(count);
      hands += colored(piece_letter(piece), color);
    }
  }
  out += hands.empty() ? "-" : hands;
  out += ' ' + std::to_string(board.move_number);
  return out;
}

std::vector<std::string> legal_moves(const std::string& sfen) {
  std::vector<std::string> out;
  for (const Move& move : generate_legal(parse_sfen(sfen))) {
    out.push_back(to_usi(move));
  }
  return out;
}

std::vector<std::string> pseudo_legal_moves(const std::string& sfen) {
  std::vector<std::string> out;
  for (const Move& move : generate_pseudo_legal(parse_sfen(sfen))) {
    out.push_back(to_usi(move));
  }
  return out;
}

bool is_legal(const std::string& sfen, const std::string& usi_move) {
  const Board board = parse_sfen(sfen);
  for (const Move& move : generate_pseudo_legal(board)) {
    if (to_usi(move) == usi_move) return is_legal_move(board, move);
  }
  return false;
}

bool in_check(const std::string& sfen) {
  const Board board = parse_sfen(sfen);
  return king_attacked(board, board.side_to_move);
}

bool gives_check(const std::string& sfen, const std::string& usi_move) {
  const Board next = apply_checked(parse_sfen(sfen), usi_move);
  return king_attacked(next, next.side_to_move);
}

std::string apply_move(const std::string& sfen, const std::string& usi_move) {
  return to_sfen(apply_checked(parse_sfen(sfen), usi_move));
}

std::uint64_t perft(const std::string& sfen, int depth) { return perft(parse_sfen(sfen), depth); }

}  // namespace tsumi::reference
