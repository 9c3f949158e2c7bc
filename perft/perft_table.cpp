#include "perft/perft_table.h"

#include <algorithm>

#include "core/hash_mix.h"

namespace tsumi {

namespace {

// Murmur3's 64-bit finaliser: every input bit affects every output bit. Deliberately not splitmix64's
// (core/hash_mix.h, which made the Zobrist keys): the fingerprint must share nothing with the key.
constexpr std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

}  // namespace

std::uint64_t PerftTable::fingerprint(const Position& pos) {
  // A sum of independently mixed words, each salted by its place: a polynomial-free hash whose bits
  // have nothing in common with the XOR of Zobrist keys.
  std::uint64_t h = pos.side_to_move() == WHITE ? 0x5bd1e9955bd1e995ULL : 0;
  std::uint64_t salt = 0x243f6a8885a308d3ULL;  // digits of pi
  auto add = [&](std::uint64_t word) {
    salt += kGoldenGamma;
    h += mix(word ^ salt);
  };
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
    const Bitboard b = pos.pieces(PieceType(pt));
    add(b.part(0));
    add(b.part(1));
  }
  add(pos.pieces(BLACK).part(0));
  add(pos.pieces(BLACK).part(1));
  add(std::uint64_t(pos.hand(BLACK).raw()) << 32 | pos.hand(WHITE).raw());
  return mix(h);
}

PerftTable::Bucket& PerftTable::bucket(Key key, int depth) const {
  return buckets_.at(mix(key ^ (std::uint64_t(depth) * kGoldenGamma)));
}

bool PerftTable::probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes) const {
  for (const Entry& e : bucket(key, depth).entries) {
    const std::uint64_t data = load_word(e.data);
    const std::uint64_t check = load_word(e.check);
    if ((data & 0xff) == std::uint64_t(depth) && (check ^ data) == fingerprint) {
      nodes = data >> 8;
      return true;
    }
  }
  return false;
}

void PerftTable::store(Key key, std::uint64_t fingerprint, int depth, std::uint64_t nodes) {
  if (depth <= 0 || depth > 255 || nodes >= (std::uint64_t(1) << 56)) return;
  const std::uint64_t data = nodes << 8 | std::uint64_t(depth);
  Entry* victim = nullptr;
  std::uint64_t victim_nodes = UINT64_MAX;
  for (Entry& e : bucket(key, depth).entries) {
    const std::uint64_t d = load_word(e.data);
    if ((d & 0xff) == std::uint64_t(depth) && (load_word(e.check) ^ d) == fingerprint)
      return;               // another thread stored it meanwhile
    if ((d & 0xff) == 0) {  // empty
      victim = &e;
      break;
    }
    if ((d >> 8) < victim_nodes) {
      victim_nodes = d >> 8;
      victim = &e;
    }
  }
  store_word(victim->check, fingerprint ^ data);
  store_word(victim->data, data);
}

}  // namespace tsumi
