// Independent, deliberately simple implementation of the rules of shogi, used
// only as a test oracle for the fast engine. It works on a plain 9x9 mailbox
// and talks to the outside world only through SFEN strings and USI move
// strings, so it shares no types or code with the engine under test.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tsumi::reference {

enum class Color : std::uint8_t { kBlack, kWhite };

enum class Piece : std::uint8_t {
  kNone,
  kPawn,
  kLance,
  kKnight,
  kSilver,
  kGold,
  kBishop,
  kRook,
  kKing,
  kProPawn,
  kProLance,
  kProKnight,
  kProSilver,
  kHorse,
  kDragon,
};

struct Cell {
  Piece piece = Piece::kNone;
  Color color = Color::kBlack;
};

// A position as parsed from SFEN. Files and ranks are 1-based as in USI:
// file 1..9 (file 1 on black's right), rank 1..9 for a..i (rank 1 = a = top).
struct Board {
  std::array<Cell, 81> cells{};
  // hands[color][piece] for the unpromoted hand pieces kPawn..kRook.
  std::array<std::array<int, 8>, 2> hands{};
  Color side_to_move = Color::kBlack;
  int move_number = 1;

  Cell& at(int file, int rank) { return cells[(rank - 1) * 9 + (file - 1)]; }
  const Cell& at(int file, int rank) const { return cells[(rank - 1) * 9 + (file - 1)]; }
};

// Throws std::invalid_argument on malformed SFEN; does not check legality.
Board parse_sfen(const std::string& sfen);

// Canonical SFEN: hands in order R B G S N L P, black first, "-" if empty.
std::string to_sfen(const Board& board);

// All strictly legal moves in USI notation, in no particular order.
std::vector<std::string> legal_moves(const std::string& sfen);

// Moves obeying piece movement, drop placement and compulsory promotion, but
// not own king safety, nifu or pawn-drop mate.
std::vector<std::string> pseudo_legal_moves(const std::string& sfen);

// True if usi_move is one of the pseudo-legal moves and passes the full
// legality filter (king safety, nifu, pawn-drop mate); false otherwise.
bool is_legal(const std::string& sfen, const std::string& usi_move);

// True if the side to move has a king and it is attacked.
bool in_check(const std::string& sfen);

// True if, after the move, the opponent of the mover has a king and it is
// attacked. Throws std::invalid_argument if the move cannot be applied.
bool gives_check(const std::string& sfen, const std::string& usi_move);

// The SFEN after the move (move number + 1). Only checks that the move can be
// carried out mechanically; throws std::invalid_argument otherwise.
std::string apply_move(const std::string& sfen, const std::string& usi_move);

// Leaf count of the strictly legal move tree (perft(depth 0) == 1).
std::uint64_t perft(const std::string& sfen, int depth);

}  // namespace tsumi::reference
