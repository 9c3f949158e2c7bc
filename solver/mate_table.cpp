#include "solver/mate_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>

namespace tsumi {

namespace {

constexpr std::uint64_t kCodeMask = 0xff;

std::uint64_t tag_key(Key board_key) { return board_key << 8; }
bool is_empty(const MateEntry& e) { return (e.tag_lo & kCodeMask) == 0; }
bool holds(const MateEntry& e, Key board_key) { return !is_empty(e) && (e.tag() & ~kCodeMask) == tag_key(board_key); }
bool is_proven(const MateEntry& e) { return e.pn == 0; }
bool is_disproven(const MateEntry& e) { return e.dn == 0; }
bool is_final(const MateEntry& e) { return e.pn == 0 || e.dn == 0; }

constexpr int kWorths = 256 + MateTable::kFinalBonus;
// Clusters looked at to choose what a collection empties.
constexpr std::size_t kCollectionSample = 4096;
// Clusters hashfull looks at.
constexpr std::size_t kFullSample = 100;

}  // namespace

std::uint8_t amount_code(std::uint64_t amount) {
  if (amount == 0) return 0;
  const int msb = 63 - std::countl_zero(amount);
  const std::uint64_t frac = msb >= 3 ? (amount >> (msb - 3)) & 7 : (amount << (3 - msb)) & 7;
  return std::uint8_t(std::min<std::uint64_t>(255, 1 + 8 * std::uint64_t(msb) + frac));
}

MateTable::Guard::Guard(const MateTable& t, Cluster& c) : word_(t.concurrent_ ? &c.lock : nullptr) {
  if (!word_) return;
  std::atomic_ref<std::uint32_t> lock(*word_);
  while (lock.exchange(1, std::memory_order_acquire) != 0)
    while (lock.load(std::memory_order_relaxed) != 0) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
}

MateTable::Guard::~Guard() {
  if (word_) std::atomic_ref<std::uint32_t>(*word_).store(0, std::memory_order_release);
}

MateTable::MateTable(std::size_t bytes)
    : memory_(std::max(sizeof(Cluster), bytes / sizeof(Cluster) * sizeof(Cluster))),
      clusters_(memory_.bytes() / sizeof(Cluster)),
      table_(static_cast<Cluster*>(memory_.data())) {}

void MateTable::clear() {
  memory_.zero();
  collection_runs_ = collection_removed_ = collection_us_ = 0;
}

MateProbe MateTable::probe(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0,
                           std::uint32_t dn0) const {
  Cluster& c = cluster(board_key);
  const Guard guard(*this, c);
  const MateEntry* proof = nullptr;
  const MateEntry* disproof = nullptr;
  const MateEntry* exact = nullptr;
  for (const MateEntry& e : c.e) {
    if (!holds(e, board_key)) continue;
    const Hand eh(e.hand);
    if (is_proven(e)) {
      if (e.len <= remaining && hand.dominates(eh) && (!proof || e.len < proof->len)) proof = &e;
    } else if (is_disproven(e)) {
      if (e.len >= remaining && eh.dominates(hand) && (!disproof || e.len > disproof->len)) disproof = &e;
    } else if (e.len == remaining && eh == hand) {
      exact = &e;  // numbers from a search under another length limit mean little here
    }
  }
  if (proof) return MateProbe{0, kInfPn, proof->len, Hand(proof->hand), Move(proof->move), true};
  if (disproof) return MateProbe{kInfPn, 0, disproof->len, Hand(disproof->hand), Move(disproof->move), true};
  if (exact)
    return MateProbe{exact->pn, exact->dn, exact->len, hand, Move(exact->move), true, ParentLink(exact->parent)};
  return MateProbe{pn0, dn0, remaining, hand, Move::none(), false};
}

StoreOutcome MateTable::store(Key board_key, Hand hand, const MateRecord& r) {
  Cluster& c = cluster(board_key);
  const Guard guard(*this, c);
  const bool final = r.pn == 0 || r.dn == 0;
  MateEntry* slot = nullptr;
  StoreOutcome outcome = StoreOutcome::kNew;
  bool shared = false;
  for (MateEntry& e : c.e) {
    if (is_empty(e)) {
      if (!slot) slot = &e;
      continue;
    }
    if (!holds(e, board_key)) continue;
    const Hand eh(e.hand);
    if (!is_final(e) && eh == hand && (final || e.len == r.len)) {
      slot = &e;  // the node's own unknown entry: the new result supersedes it
      outcome = StoreOutcome::kUpdate;
      shared = ParentLink(e.parent).shared();
      break;
    }
    // A final result that the new one makes redundant.
    if ((final && is_proven(e) && r.pn == 0 && e.len >= r.len && eh.dominates(r.hand)) ||
        (final && is_disproven(e) && r.dn == 0 && e.len <= r.len && r.hand.dominates(eh))) {
      slot = &e;
      outcome = StoreOutcome::kRedundant;
      break;
    }
  }
  if (!slot) {
    slot = &c.e[0];
    for (MateEntry& e : c.e)
      if (worth(e) < worth(*slot)) slot = &e;
    outcome = StoreOutcome::kEvict;
  }
  slot->set_tag(tag_key(board_key) | std::max<std::uint8_t>(1, amount_code(r.amount)));
  slot->hand = r.hand.raw();
  slot->pn = r.pn;
  slot->dn = r.dn;
  slot->len = r.len;
  slot->move = r.move.raw();
  slot->parent = (shared && !final ? r.parent.with_shared(true) : r.parent).raw();
  return outcome;
}

int MateTable::worth(const MateEntry& e) { return int(e.tag_lo & kCodeMask) + (is_final(e) ? kFinalBonus : 0); }

bool MateTable::put_entry(std::size_t cluster, int slot, const MateEntry& e) {
  if (cluster >= clusters_ || slot < 0 || slot >= kClusterSize || is_empty(e)) return false;
  Cluster& c = table_[cluster];
  const Guard guard(*this, c);
  c.e[slot] = e;
  return true;
}

MateParent MateTable::parent(Key board_key, Hand hand) const {
  Cluster& c = cluster(board_key);
  const Guard guard(*this, c);
  for (const MateEntry& e : c.e)
    if (holds(e, board_key) && !is_final(e) && e.hand == hand.raw())
      return MateParent{true, ParentLink(e.parent), e.pn, e.dn};
  return MateParent{};
}

bool MateTable::mark_shared(Key board_key, Hand hand) {
  Cluster& c = cluster(board_key);
  const Guard guard(*this, c);
  bool marked = false;
  for (MateEntry& e : c.e)
    if (holds(e, board_key) && !is_final(e) && e.hand == hand.raw())
      e.parent = ParentLink(e.parent).with_shared(true).raw(), marked = true;
  return marked;
}

int MateTable::collection_worth() const {
  std::array<std::uint64_t, kWorths> count{};
  std::uint64_t used = 0;
  const std::size_t step = std::max<std::size_t>(1, clusters_ / kCollectionSample);
  for (std::size_t i = 0; i < clusters_; i += step) {
    const Guard guard(*this, table_[i]);
    for (const MateEntry& e : table_[i].e)
      if (!is_empty(e)) ++count[std::size_t(worth(e))], ++used;
  }
  std::uint64_t below = 0;
  for (int w = 1; w < kWorths; ++w) {
    below += count[std::size_t(w)];
    if (double(below) >= kCollectShare * double(used)) return w;
  }
  return kWorths - 1;
}

bool MateTable::collect() {
  if (hashfull() < kCollectAt) return false;
  if (collecting_.exchange(true, std::memory_order_acquire)) return false;
  const auto start = std::chrono::steady_clock::now();
  collection_removed_.fetch_add(collect_below(collection_worth()), std::memory_order_relaxed);
  collection_runs_.fetch_add(1, std::memory_order_relaxed);
  collection_us_.fetch_add(
      std::uint64_t(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count()),
      std::memory_order_relaxed);
  collecting_.store(false, std::memory_order_release);
  return true;
}

std::uint64_t MateTable::collect_below(int limit) {
  std::uint64_t removed = 0;
  for (std::size_t i = 0; i < clusters_; ++i) {
    Cluster& c = table_[i];
    const Guard guard(*this, c);
    for (MateEntry& e : c.e)
      if (!is_empty(e) && worth(e) <= limit) e.set_tag(0), ++removed;
  }
  return removed;
}

MateCollections MateTable::collections() const {
  return MateCollections{collection_runs_.load(std::memory_order_relaxed),
                         collection_removed_.load(std::memory_order_relaxed),
                         double(collection_us_.load(std::memory_order_relaxed)) / 1000.0};
}

int MateTable::hashfull() const {
  const std::size_t n = std::min(clusters_, kFullSample);
  int used = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Guard guard(*this, table_[i]);
    for (const MateEntry& e : table_[i].e) used += !is_empty(e);
  }
  return int(std::size_t(used) * 1000 / (n * kClusterSize));
}

}  // namespace tsumi
