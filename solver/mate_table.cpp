#include "solver/mate_table.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace tsumi {

namespace {

bool is_empty(const MateEntry& e) { return e.amount == 0; }
bool is_proven(const MateEntry& e) { return e.pn == 0; }
bool is_disproven(const MateEntry& e) { return e.dn == 0; }
bool is_final(const MateEntry& e) { return e.pn == 0 || e.dn == 0; }

std::uint32_t saturate(std::uint64_t amount) { return std::uint32_t(std::min<std::uint64_t>(amount, 0xffffffffu)); }

}  // namespace

MateTable::Guard::Guard(const MateTable& t, Cluster& c) : word_(t.concurrent_ ? &c.e[0].lock : nullptr) {
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
    : clusters_(std::max<std::size_t>(1, bytes / sizeof(Cluster))), table_(new Cluster[clusters_]) {
  clear();
}

void MateTable::clear() { std::memset(static_cast<void*>(table_.get()), 0, clusters_ * sizeof(Cluster)); }

MateProbe MateTable::probe(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0,
                           std::uint32_t dn0) const {
  Cluster& c = cluster(board_key);
  const Guard guard(*this, c);
  const MateEntry* proof = nullptr;
  const MateEntry* disproof = nullptr;
  const MateEntry* exact = nullptr;
  std::uint32_t pn_floor = 0, dn_floor = 0;
  for (const MateEntry& e : c.e) {
    if (e.board_key != board_key || is_empty(e)) continue;
    const Hand eh(e.hand);
    if (is_proven(e)) {
      if (e.len <= remaining && hand.dominates(eh) && (!proof || e.len < proof->len)) proof = &e;
    } else if (is_disproven(e)) {
      if (e.len >= remaining && eh.dominates(hand) && (!disproof || e.len > disproof->len)) disproof = &e;
    } else if (e.len != remaining) {
      continue;  // numbers from a search under another length limit mean little here
    } else if (eh == hand) {
      exact = &e;
    } else if (hand.dominates(eh)) {
      dn_floor = std::max(dn_floor, e.dn);  // more pieces than an unproven hand: as hard to disprove
    } else if (eh.dominates(hand)) {
      pn_floor = std::max(pn_floor, e.pn);  // fewer pieces than an unproven hand: as hard to prove
    }
  }
  if (proof) return MateProbe{0, kInfPn, proof->len, Hand(proof->hand), Move(proof->move), true};
  if (disproof) return MateProbe{kInfPn, 0, disproof->len, Hand(disproof->hand), Move(disproof->move), true};
  if (exact)
    return MateProbe{
        std::max(exact->pn, pn_floor), std::max(exact->dn, dn_floor), exact->len, hand, Move(exact->move), true};
  return MateProbe{std::max(pn0, pn_floor), std::max(dn0, dn_floor), remaining, hand, Move::none(), false};
}

void MateTable::store(Key board_key, Hand hand, const MateRecord& r) {
  Cluster& c = cluster(board_key);
  const Guard guard(*this, c);
  const bool final = r.pn == 0 || r.dn == 0;
  MateEntry* slot = nullptr;
  for (MateEntry& e : c.e) {
    if (is_empty(e)) {
      if (!slot) slot = &e;
      continue;
    }
    if (e.board_key != board_key) continue;
    const Hand eh(e.hand);
    if (!is_final(e) && eh == hand && (final || e.len == r.len)) {
      slot = &e;  // the node's own unknown entry: the new result supersedes it
      break;
    }
    // A final result that the new one makes redundant.
    if (final && is_proven(e) && r.pn == 0 && e.len >= r.len && eh.dominates(r.hand)) {
      slot = &e;
      break;
    }
    if (final && is_disproven(e) && r.dn == 0 && e.len <= r.len && r.hand.dominates(eh)) {
      slot = &e;
      break;
    }
  }
  if (!slot) {
    slot = &c.e[0];
    for (MateEntry& e : c.e)
      if (e.amount < slot->amount) slot = &e;
  }
  slot->board_key = board_key;
  slot->hand = r.hand.raw();
  slot->pn = r.pn;
  slot->dn = r.dn;
  slot->len = r.len;
  slot->move = r.move.raw();
  slot->amount = std::max<std::uint32_t>(1, saturate(r.amount));
}

int MateTable::hashfull() const {
  const std::size_t n = std::min<std::size_t>(clusters_, 125);
  int used = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Guard guard(*this, table_[i]);
    for (const MateEntry& e : table_[i].e) used += !is_empty(e);
  }
  return int(used * 1000 / (n * kClusterSize));
}

}  // namespace tsumi
