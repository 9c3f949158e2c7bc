#pragma once
// A position as eight 64-bit words, exact and comparable: what tsumi-mpi deduplicates its work units
// by and sends between ranks. Two positions pack equal exactly when board, hands and side to move are
// equal (no hash is trusted); the move number is not kept.
//
// Layout: words 0..6 hold the board, twelve squares a word, five bits a square (the Piece value,
// colour * 16 + type), square s in word s / 12 at bit 5 * (s % 12); the top four bits of each are zero.
// Word 7 holds black's hand (Hand::raw, 28 bits) at bit 0, white's at bit 28 and the side to move at
// bit 56.

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>

#include "core/position.h"

namespace tsumi::split {

struct PackedPosition {
  std::array<std::uint64_t, 8> words{};

  auto operator<=>(const PackedPosition&) const = default;
};

PackedPosition pack(const Position& pos);

// The position as a plain description (move number 1), or why the words are not a position of shogi
// (a piece code out of range, a malformed hand, a setup that parse_sfen would refuse).
std::optional<std::string> unpack(const PackedPosition& packed, PositionSetup& out);

}  // namespace tsumi::split
