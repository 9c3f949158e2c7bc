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

PerftStatsTable::PerftStatsTable(std::size_t megabytes)
    : bucket_count_(std::max<std::size_t>(1, (megabytes << 20) / sizeof(Bucket))),
      buckets_(new Bucket[bucket_count_]) {}

const PerftStatsTable::Bucket& PerftStatsTable::bucket(Key key, int depth) const {
  return buckets_[table_index(mix64(key ^ (std::uint64_t(depth) * kGoldenGamma)), bucket_count_)];
}

bool PerftStatsTable::probe(Key key, std::uint64_t fingerprint, int depth, std::uint64_t& nodes,
                            PerftStats& stats) const {
  for (const Entry& e : bucket(key, depth).entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((data & 0xff) != std::uint64_t(depth)) continue;
    Words words;
    for (std::size_t i = 0; i < words.size(); ++i) words[i] = e.counts[i].load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ digest(data, words)) != fingerprint) continue;
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
  Bucket& b = const_cast<Bucket&>(bucket(key, depth));
  // The first entry keeps the bigger subtree; the second takes what the first refuses.
  const std::uint64_t first = b.entries[0].data.load(std::memory_order_relaxed);
  Entry& e = (first & 0xff) == 0 || (first >> 8) <= nodes ? b.entries[0] : b.entries[1];
  e.check.store(fingerprint ^ digest(data, words), std::memory_order_relaxed);
  e.data.store(data, std::memory_order_relaxed);
  for (std::size_t i = 0; i < words.size(); ++i) e.counts[i].store(words[i], std::memory_order_relaxed);
}

void PerftStatsTable::clear() {
  for (std::size_t i = 0; i < bucket_count_; ++i)
    for (Entry& e : buckets_[i].entries) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
      for (auto& c : e.counts) c.store(0, std::memory_order_relaxed);
    }
}

int PerftStatsTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(bucket_count_, 500);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : buckets_[i].entries) used += (e.data.load(std::memory_order_relaxed) & 0xff) != 0;
  return int(used * 1000 / (sample * kWays));
}

}  // namespace tsumi
