#include "perft/perft_stats_table.h"

#include <algorithm>
#include <array>

#include "core/hash_mix.h"

namespace tsumi {

namespace {

using Words = std::array<std::uint64_t, 5>;

Words words_of(const PerftStats& s) { return {s.captures, s.promotions, s.drops, s.checks, s.mates}; }

PerftStats stats_of(const Words& w) { return {w[0], w[1], w[2], w[3], w[4]}; }

// A hash of every stored word: a torn entry (words of two stores) fails the check.
std::uint64_t digest(std::uint64_t data, const Words& words) {
  std::uint64_t h = mix64(data);
  for (std::uint64_t w : words) h = mix64(h ^ w ^ kGoldenGamma);
  return h;
}

}  // namespace

PerftStatsTable::Bucket& PerftStatsTable::bucket(Key key, int depth) const {
  return buckets_.at(mix64(key ^ (std::uint64_t(depth) * kGoldenGamma)));
}

bool PerftStatsTable::probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes,
                            PerftStats& stats) const {
  for (const Entry& e : bucket(key, depth).entries) {
    const std::uint64_t data = load_word(e.data);
    if ((data & 0xff) != std::uint64_t(depth)) continue;
    Words words;
    for (std::size_t i = 0; i < words.size(); ++i) words[i] = load_word(e.counts[i]);
    if ((load_word(e.check) ^ digest(data, words)) != fingerprint) continue;
    nodes = data >> 8;
    stats = stats_of(words);
    return true;
  }
  return false;
}

void PerftStatsTable::store(Key key, std::uint64_t fingerprint, int depth, std::uint64_t nodes,
                            const PerftStats& stats) {
  if (depth <= 0 || depth > 255 || nodes >= (std::uint64_t(1) << 56)) return;
  const std::uint64_t data = nodes << 8 | std::uint64_t(depth);
  const Words words = words_of(stats);
  Bucket& b = bucket(key, depth);
  // The first entry keeps the bigger subtree; the second takes what the first refuses.
  const std::uint64_t first = load_word(b.entries[0].data);
  Entry& e = (first & 0xff) == 0 || (first >> 8) <= nodes ? b.entries[0] : b.entries[1];
  store_word(e.check, fingerprint ^ digest(data, words));
  store_word(e.data, data);
  for (std::size_t i = 0; i < words.size(); ++i) store_word(e.counts[i], words[i]);
}

}  // namespace tsumi
