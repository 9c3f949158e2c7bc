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

PerftTable::PerftTable(std::size_t megabytes)
    : bucket_count_(std::max<std::size_t>(1, (megabytes << 20) / sizeof(Bucket))),
      buckets_(new Bucket[bucket_count_]) {}

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

const PerftTable::Bucket& PerftTable::bucket(Key key, int depth) const {
  return buckets_[table_index(mix(key ^ (std::uint64_t(depth) * kGoldenGamma)), bucket_count_)];
}

bool PerftTable::probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes) const {
  for (const Entry& e : bucket(key, depth).entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    const std::uint64_t check = e.check.load(std::memory_order_relaxed);
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
    const std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if ((d & 0xff) == std::uint64_t(depth) && (e.check.load(std::memory_order_relaxed) ^ d) == fingerprint)
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
  victim->check.store(fingerprint ^ data, std::memory_order_relaxed);
  victim->data.store(data, std::memory_order_relaxed);
}

void PerftTable::clear() {
  for (std::size_t i = 0; i < bucket_count_; ++i)
    for (Entry& e : buckets_[i].entries) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
}

int PerftTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(bucket_count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : buckets_[i].entries) used += (e.data.load(std::memory_order_relaxed) & 0xff) != 0;
  return int(used * 1000 / (sample * kWays));
}

}  // namespace tsumi
