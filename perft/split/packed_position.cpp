#include "perft/split/packed_position.h"

#include "core/sfen.h"

namespace tsumi::split {

namespace {

constexpr int kSquaresPerWord = 12;
constexpr int kHandBits = 28;
constexpr std::uint64_t kHandMask = (std::uint64_t(1) << kHandBits) - 1;
constexpr int kSideShift = 2 * kHandBits;

}  // namespace

PackedPosition pack(const Position& pos) {
  PackedPosition p;
  for (int s = 0; s < SQ_NB; ++s)
    p.words[std::size_t(s / kSquaresPerWord)] |= std::uint64_t(pos.piece_on(Square(s))) << (5 * (s % kSquaresPerWord));
  p.words[7] = std::uint64_t(pos.hand(BLACK).raw()) | std::uint64_t(pos.hand(WHITE).raw()) << kHandBits |
               std::uint64_t(pos.side_to_move()) << kSideShift;
  return p;
}

std::optional<std::string> unpack(const PackedPosition& packed, PositionSetup& out) {
  out = PositionSetup{};
  for (int s = 0; s < SQ_NB; ++s) {
    const auto code = unsigned((packed.words[std::size_t(s / kSquaresPerWord)] >> (5 * (s % kSquaresPerWord))) & 31);
    const auto type = PieceType(code & 15);
    if (code != 0 && (type == NO_PIECE_TYPE || type >= PIECE_TYPE_NB))
      return "square " + std::to_string(s) + " holds no piece code (" + std::to_string(code) + ")";
    out.board[s] = Piece(code);
  }
  for (std::size_t w = 0; w < 7; ++w) {
    const int used = w == 6 ? SQ_NB - 6 * kSquaresPerWord : kSquaresPerWord;
    if (packed.words[w] >> (5 * used) != 0) return "unused board bits are set";
  }
  const std::uint64_t last = packed.words[7];
  if (last >> (kSideShift + 1) != 0) return "unused bits of the hands word are set";
  for (int c = 0; c < COLOR_NB; ++c) {
    const Hand h(std::uint32_t((last >> (c * kHandBits)) & kHandMask));
    Hand rebuilt;
    for (PieceType pt : kSfenHandOrder) {
      if (h.count(pt) > Hand::capacity(pt)) return "a hand holds more pieces than a set has";
      rebuilt.set(pt, h.count(pt));
    }
    if (rebuilt != h) return "a hand has guard bits set";
    out.hands[c] = h;
  }
  out.side_to_move = Color(last >> kSideShift);
  if (auto fault = setup_fault(out)) return *fault;
  return std::nullopt;
}

}  // namespace tsumi::split
