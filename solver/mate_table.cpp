#include "solver/mate_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>

#include <tbb/task_arena.h>

namespace tsumi {

namespace {

constexpr std::uint64_t kCodeMask = 0xff;
constexpr std::uint64_t kSpilledBit = 0x100;
constexpr std::uint64_t kDepthMask = std::uint64_t(kNoDepth) << MateEntry::kDepthShift;

// The tag of the board's entries in their home cluster, and in the cluster after it (code and depth 0).
std::uint64_t tag_key(Key board_key, bool spilled = false) {
  return board_key << MateEntry::kKeyShift | (spilled ? kSpilledBit : 0);
}
bool is_empty(const MateEntry& e) { return (e.tag_lo & kCodeMask) == 0; }
bool holds(const MateEntry& e, std::uint64_t tag) {
  return !is_empty(e) && (e.tag() & ~(kCodeMask | kDepthMask)) == tag;
}
bool is_spilled(const MateEntry& e) { return !is_empty(e) && (e.tag_lo & kSpilledBit) != 0; }
bool is_proven(const MateEntry& e) { return e.pn == 0; }
bool is_disproven(const MateEntry& e) { return e.dn == 0; }
bool is_final(const MateEntry& e) { return e.pn == 0 || e.dn == 0; }
// Sets the amount code of an entry in use (protect, unprotect, put_entry).
void set_code(MateEntry& e, std::uint8_t code) { e.tag_lo = (e.tag_lo & ~std::uint32_t(kCodeMask)) | code; }
// The entry with its parent link marked shared (mark_shared).
MateEntry shared_entry(const MateEntry& e) {
  MateEntry to = e;
  to.parent = ParentLink(e.parent).with_shared(true).raw();
  return to;
}

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
  return std::uint8_t(std::min<std::uint64_t>(MateTable::kProtectedCode - 1, 1 + 8 * std::uint64_t(msb) + frac));
}

namespace {

// A field of an entry read under the sequence lock: an acquire load, so that the lock word read after
// the fields cannot be read before them (Boehm's seqlock reader with acquire loads instead of a fence,
// which ThreadSanitizer does not model; on x86 an acquire load is a plain load).
template <class T>
T load_shared(const T& x) {
  return std::atomic_ref<T>(const_cast<T&>(x)).load(std::memory_order_acquire);
}

// The fields after the tag of an entry read under the sequence lock (the tag is read first, to skip
// other boards' entries).
void load_rest(const MateEntry& from, MateEntry& to) {
  to.hand = load_shared(from.hand), to.pn = load_shared(from.pn), to.dn = load_shared(from.dn);
  to.len = load_shared(from.len), to.move = load_shared(from.move), to.parent = load_shared(from.parent);
}

}  // namespace

MateTable::Guard::Guard(const MateTable& t, Cluster& c) : word_(t.concurrent_ ? &c.lock : nullptr), cluster_(c) {
  if (!word_) return;
  std::atomic_ref<std::uint32_t> lock(*word_);
  if ((lock.fetch_or(kLockBit, std::memory_order_acquire) & kLockBit) != 0) {
    const auto start = std::chrono::steady_clock::now();  // held by another worker: the wait is timed
    do {
      while ((lock.load(std::memory_order_relaxed) & kLockBit) != 0) spin_pause();
    } while ((lock.fetch_or(kLockBit, std::memory_order_acquire) & kLockBit) != 0);
    t.note_wait(std::uint64_t(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count()));
  }
}

void MateTable::Guard::put(MateEntry& to, const MateEntry& from) const {
  if (!word_) {
    to = from;
    return;
  }
  const auto store = [](auto& field, auto value) { std::atomic_ref(field).store(value, std::memory_order_relaxed); };
  store(to.tag_lo, from.tag_lo), store(to.tag_hi, from.tag_hi), store(to.hand, from.hand), store(to.pn, from.pn);
  store(to.dn, from.dn), store(to.len, from.len), store(to.move, from.move), store(to.parent, from.parent);
}

MateTable::Guard::~Guard() {
  // Unlocks and raises the version in one step (the lock bit is set: adding kVersionUnit - kLockBit
  // clears it and carries nothing into the spill bit).
  if (word_) std::atomic_ref<std::uint32_t>(*word_).fetch_add(kVersionUnit - kLockBit, std::memory_order_release);
}

MateTable::Snapshot::Snapshot(const MateTable& t, const Cluster& c) : entries_(&c.e), word_(0) {
  if (!t.concurrent_) {
    word_ = c.lock;
    return;
  }
  word_ = t.read_validated(c, [&](const Entries& from) {
    for (int i = 0; i < kClusterSize; ++i) {
      copy_[i].tag_lo = load_shared(from[i].tag_lo), copy_[i].tag_hi = load_shared(from[i].tag_hi);
      load_rest(from[i], copy_[i]);
    }
  });
  entries_ = &copy_;
}

int MateTable::lock_slot() { return std::max(0, tbb::this_task_arena::current_thread_index()); }

void MateTable::note_wait(std::uint64_t ns) const {
  WaitSlot& w = waits_[std::size_t(lock_slot()) % kWaitSlots];
  w.waits.fetch_add(1, std::memory_order_relaxed);
  w.ns.fetch_add(ns, std::memory_order_relaxed);
}

MateTable::LockWaits MateTable::lock_waits(int slot) const {
  const WaitSlot& w = waits_[std::size_t(std::max(0, slot)) % kWaitSlots];
  return LockWaits{w.waits.load(std::memory_order_relaxed), w.ns.load(std::memory_order_relaxed)};
}

MateTable::MateTable(std::size_t bytes)
    : memory_(std::max(sizeof(Cluster), bytes / sizeof(Cluster) * sizeof(Cluster))),
      waits_(new WaitSlot[kWaitSlots]),
      clusters_(memory_.bytes() / sizeof(Cluster)),
      table_(static_cast<Cluster*>(memory_.data())) {}

void MateTable::clear() {
  memory_.zero();
  collection_runs_ = collection_removed_ = collection_us_ = 0;
}

namespace {

// The best answers one cluster holds for a probe, copied out (a probe that reads the spill cluster as
// well holds one lock at a time).
struct Found {
  MateEntry proof{}, disproof{}, exact{}, warm{};
  bool has_proof = false, has_disproof = false, has_exact = false, has_warm = false;
  // probe_at: the floors of other hands, and the least depth of the entries that gave them.
  std::uint32_t floor_pn = 0, floor_dn = 0;
  std::uint16_t floor_pn_depth = kNoDepth, floor_dn_depth = kNoDepth;
};

// One entry of read_cluster (below).
void read_entry(const MateEntry& e, Hand hand, std::uint16_t remaining, std::uint16_t warm_limit, std::uint16_t depth,
                Found& f) {
  const Hand eh(e.hand);
  if (depth != kNoDepth && !is_final(e) && eh != hand && e.depth() <= depth) {
    // The attacker holds no more here than the entry's hand: no easier to mate (and no sooner).
    if (eh.dominates(hand) && e.len >= remaining && e.pn > f.floor_pn) f.floor_pn = e.pn, f.floor_pn_depth = e.depth();
    // The attacker holds at least the entry's hand: no easier to refute (and not for longer).
    if (hand.dominates(eh) && e.len <= remaining && e.dn > f.floor_dn) f.floor_dn = e.dn, f.floor_dn_depth = e.depth();
  }
  if (is_proven(e)) {
    if (e.len <= remaining && hand.dominates(eh) && (!f.has_proof || e.len < f.proof.len))
      f.proof = e, f.has_proof = true;
  } else if (is_disproven(e)) {
    if (e.len >= remaining && eh.dominates(hand) && (!f.has_disproof || e.len > f.disproof.len))
      f.disproof = e, f.has_disproof = true;
  } else if (eh == hand) {
    if (e.len == remaining) {
      if (!f.has_exact) f.exact = e, f.has_exact = true;
    } else if (e.len > remaining && e.len <= warm_limit && (!f.has_warm || e.len < f.warm.len)) {
      f.warm = e, f.has_warm = true;  // a longer limit's numbers: the nearest longer one
    }
  }
}

// Reads one cluster for the entries of tag `tag` (tag_key) and the hand; `depth` (not kNoDepth: a probe
// at that ply) takes the floors of other hands from entries no deeper. kShared: the cluster is read
// under the sequence lock (MateTable::read_validated), every field by an acquire load (load_shared), and only the
// entries of the tag whole.
template <bool kShared>
void read_cluster(const MateEntry (&entries)[MateTable::kClusterSize], std::uint64_t tag, Hand hand,
                  std::uint16_t remaining, std::uint16_t warm_limit, std::uint16_t depth, Found& f) {
  for (const MateEntry& slot : entries) {
    if constexpr (kShared) {
      MateEntry e;
      e.tag_lo = load_shared(slot.tag_lo), e.tag_hi = load_shared(slot.tag_hi);
      if (!holds(e, tag)) continue;
      load_rest(slot, e);
      read_entry(e, hand, remaining, warm_limit, depth, f);
    } else {
      if (holds(slot, tag)) read_entry(slot, hand, remaining, warm_limit, depth, f);
    }
  }
}

}  // namespace

MateProbe MateTable::probe(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0, std::uint32_t dn0,
                           std::uint16_t warm_limit) const {
  return probe_at(board_key, hand, remaining, pn0, dn0, warm_limit, kNoDepth);
}

MateProbe MateTable::probe_at(Key board_key, Hand hand, std::uint16_t remaining, std::uint32_t pn0, std::uint32_t dn0,
                              std::uint16_t warm_limit, std::uint16_t depth) const {
  const std::size_t home = home_index(board_key);
  Found f;
  bool spilled;
  if (!concurrent_) {
    read_cluster<false>(table_[home].e, tag_key(board_key), hand, remaining, warm_limit, depth, f);
    spilled = has_spilled(table_[home]);
    if (spilled)  // the home cluster's exact entry, if any, is the newer
      read_cluster<false>(table_[spill_index(home)].e, tag_key(board_key, true), hand, remaining, warm_limit, depth, f);
  } else {
    spilled = (read_validated(table_[home],
                              [&](const Entries& e) {
                                f = Found{};
                                read_cluster<true>(e, tag_key(board_key), hand, remaining, warm_limit, depth, f);
                              }) &
               kSpillBit) != 0;
    if (spilled) {
      const Found home_found = f;
      read_validated(table_[spill_index(home)], [&](const Entries& e) {
        f = home_found;
        read_cluster<true>(e, tag_key(board_key, true), hand, remaining, warm_limit, depth, f);
      });
    }
  }
  if (f.has_proof) return MateProbe{0, kInfPn, f.proof.len, Hand(f.proof.hand), Move(f.proof.move), true};
  if (f.has_disproof) return MateProbe{kInfPn, 0, f.disproof.len, Hand(f.disproof.hand), Move(f.disproof.move), true};
  MateProbe p =
      f.has_exact
          ? MateProbe{f.exact.pn, f.exact.dn, f.exact.len, hand, Move(f.exact.move), true, ParentLink(f.exact.parent)}
      : f.has_warm ? MateProbe{f.warm.pn, f.warm.dn, remaining, hand, Move::none(), false}
                   : MateProbe{pn0, dn0, remaining, hand, Move::none(), false};
  if (depth == kNoDepth) return p;
  p.old = f.has_exact && f.exact.depth() < depth;
  if (f.floor_pn > p.pn) p.pn = f.floor_pn, p.old |= f.floor_pn_depth < depth;
  if (f.floor_dn > p.dn) p.dn = f.floor_dn, p.old |= f.floor_dn_depth < depth;
  return p;
}

MateEntry* MateTable::slot_for(Entries& c, std::uint64_t tag, Hand hand, const MateRecord& r, StoreOutcome& outcome,
                               bool& shared) {
  const bool final = r.pn == 0 || r.dn == 0;
  MateEntry* slot = nullptr;
  outcome = StoreOutcome::kNew;
  shared = false;
  for (MateEntry& e : c) {
    if (is_empty(e)) {
      if (!slot) slot = &e;
      continue;
    }
    if (!holds(e, tag)) continue;
    const Hand eh(e.hand);
    if (!is_final(e) && eh == hand && (final || e.len == r.len)) {
      outcome = StoreOutcome::kUpdate;  // the node's own unknown entry: the new result supersedes it
      shared = ParentLink(e.parent).shared();
      return &e;
    }
    // A final result that the new one makes redundant.
    if ((final && is_proven(e) && r.pn == 0 && e.len >= r.len && eh.dominates(r.hand)) ||
        (final && is_disproven(e) && r.dn == 0 && e.len <= r.len && r.hand.dominates(eh))) {
      outcome = StoreOutcome::kRedundant;
      return &e;
    }
  }
  return slot;
}

// The depth a store leaves: the shallower of the node's own entry's and the record's.
std::uint16_t MateTable::kept_depth(const MateEntry& slot, const MateRecord& r, StoreOutcome outcome) {
  return outcome == StoreOutcome::kUpdate ? std::min(slot.depth(), r.depth) : r.depth;
}

MateEntry& MateTable::least_worth(Entries& c) {
  MateEntry* least = &c[0];
  for (MateEntry& e : c)
    if (worth(e) < worth(*least)) least = &e;
  return *least;
}

MateEntry MateTable::written(std::uint64_t tag, const MateRecord& r, bool shared, std::uint16_t depth) {
  const bool final = r.pn == 0 || r.dn == 0;
  MateEntry slot;
  slot.set_tag(tag | std::uint64_t(std::min(depth, kNoDepth)) << MateEntry::kDepthShift |
               std::max<std::uint8_t>(1, amount_code(r.amount)));
  slot.hand = r.hand.raw();
  slot.pn = r.pn;
  slot.dn = r.dn;
  slot.len = r.len;
  slot.move = r.move.raw();
  slot.parent = (shared && !final ? r.parent.with_shared(true) : r.parent).raw();
  return slot;
}

StoreOutcome MateTable::store(Key board_key, Hand hand, const MateRecord& r) {
  const std::size_t home = home_index(board_key), spill = spill_index(home);
  const std::uint64_t tag = tag_key(board_key), spilled_tag = tag_key(board_key, true);
  StoreOutcome outcome;
  bool shared;
  int home_least = 0;
  bool spilled = false;
  {
    Guard guard(*this, table_[home]);
    Entries& c = guard.entries();
    if (MateEntry* slot = slot_for(c, tag, hand, r, outcome, shared)) {
      guard.put(*slot, written(tag, r, shared, kept_depth(*slot, r, outcome)));
      return outcome;
    }
    MateEntry& least = least_worth(c);
    if (spill == home) {
      guard.put(least, written(tag, r, false, r.depth));
      return StoreOutcome::kEvict;
    }
    home_least = worth(least);
    spilled = has_spilled(table_[home]);
  }
  {  // The home cluster is full: the node's entry, an empty slot, or a lesser entry in the spill cluster.
    Guard guard(*this, table_[spill]);
    Entries& c = guard.entries();
    MateEntry* slot = slot_for(c, spilled_tag, hand, r, outcome, shared);
    if (!slot && worth(least_worth(c)) < home_least)
      slot = &least_worth(c), outcome = StoreOutcome::kEvict, shared = false;
    if (slot) {
      // The home's flag is set and cleared (collect_below) under the spill cluster's lock only.
      if (!spilled) set_spilled(table_[home], true);
      guard.put(*slot, written(spilled_tag, r, shared, kept_depth(*slot, r, outcome)));
      return outcome;
    }
  }
  Guard guard(*this, table_[home]);  // the home cluster again: another worker may have stored there meanwhile
  Entries& c = guard.entries();
  MateEntry* slot = slot_for(c, tag, hand, r, outcome, shared);
  if (!slot) slot = &least_worth(c), outcome = StoreOutcome::kEvict, shared = false;
  guard.put(*slot, written(tag, r, shared, kept_depth(*slot, r, outcome)));
  return outcome;
}

bool MateTable::protect(Key board_key, Hand hand, std::uint16_t remaining, std::vector<Raised>& raised) {
  const std::size_t home = home_index(board_key);
  bool already = false;
  const auto raise = [&](Guard& guard, std::size_t at, std::uint64_t tag) {
    for (int s = 0; s < kClusterSize; ++s) {
      MateEntry& e = guard.entries()[s];
      const auto code = std::uint8_t(e.tag_lo & kCodeMask);
      if (!holds(e, tag) || !is_proven(e) || e.len > remaining || !hand.dominates(Hand(e.hand))) continue;
      if (code == kProtectedCode) {
        already = true;
        continue;
      }
      MateEntry raised_entry = e;
      set_code(raised_entry, kProtectedCode);
      guard.put(e, raised_entry);
      raised.push_back(Raised{at, raised_entry.tag(), s, code});
    }
  };
  bool spilled;
  {
    Guard guard(*this, table_[home]);
    raise(guard, home, tag_key(board_key));
    spilled = has_spilled(table_[home]);
  }
  if (spilled) {
    Guard guard(*this, table_[spill_index(home)]);
    raise(guard, spill_index(home), tag_key(board_key, true));
  }
  return already;
}

void MateTable::unprotect(const std::vector<Raised>& raised) {
  for (const Raised& r : raised) {
    if (r.cluster >= clusters_ || r.slot < 0 || r.slot >= kClusterSize) continue;
    Guard guard(*this, table_[r.cluster]);
    MateEntry& e = guard.entries()[r.slot];
    if (e.tag() != r.tag) continue;
    MateEntry lowered = e;
    set_code(lowered, r.code);
    guard.put(e, lowered);
  }
}

int MateTable::worth(const MateEntry& e) { return int(e.tag_lo & kCodeMask) + (is_final(e) ? kFinalBonus : 0); }

bool MateTable::put_entry(std::size_t cluster, int slot, const MateEntry& e) {
  if (cluster >= clusters_ || slot < 0 || slot >= kClusterSize || is_empty(e)) return false;
  Guard guard(*this, table_[cluster]);
  MateEntry to = e;
  // A protection is the saving solve's, not this one's: the entry keeps the top code a search can give.
  if ((e.tag_lo & kCodeMask) == kProtectedCode) set_code(to, kProtectedCode - 1);
  guard.put(guard.entries()[slot], to);
  if (is_spilled(e) && clusters_ > 1) set_spilled(table_[cluster == 0 ? clusters_ - 1 : cluster - 1], true);
  return true;
}

MateParent MateTable::parent(Key board_key, Hand hand) const {
  const std::size_t home = home_index(board_key);
  bool spilled;
  {
    const Snapshot view(*this, table_[home]);
    for (const MateEntry& e : view.entries())
      if (holds(e, tag_key(board_key)) && !is_final(e) && e.hand == hand.raw())
        return MateParent{true, ParentLink(e.parent), e.pn, e.dn};
    spilled = view.spilled();
  }
  if (spilled) {
    const Snapshot view(*this, table_[spill_index(home)]);
    for (const MateEntry& e : view.entries())
      if (holds(e, tag_key(board_key, true)) && !is_final(e) && e.hand == hand.raw())
        return MateParent{true, ParentLink(e.parent), e.pn, e.dn};
  }
  return MateParent{};
}

bool MateTable::mark_shared(Key board_key, Hand hand) {
  const std::size_t home = home_index(board_key);
  bool marked = false, spilled;
  {
    Guard guard(*this, table_[home]);
    for (MateEntry& e : guard.entries())
      if (holds(e, tag_key(board_key)) && !is_final(e) && e.hand == hand.raw())
        guard.put(e, shared_entry(e)), marked = true;
    spilled = has_spilled(table_[home]);
  }
  if (spilled) {
    Guard guard(*this, table_[spill_index(home)]);
    for (MateEntry& e : guard.entries())
      if (holds(e, tag_key(board_key, true)) && !is_final(e) && e.hand == hand.raw())
        guard.put(e, shared_entry(e)), marked = true;
  }
  return marked;
}

int MateTable::collection_worth() const {
  std::array<std::uint64_t, kWorths> count{};
  std::uint64_t used = 0;
  const std::size_t step = std::max<std::size_t>(1, clusters_ / kCollectionSample);
  for (std::size_t i = 0; i < clusters_; i += step) {
    const Snapshot view(*this, table_[i]);
    for (const MateEntry& e : view.entries())
      if (!is_empty(e)) ++count[std::size_t(worth(e))], ++used;
  }
  std::uint64_t below = 0;
  for (int w = 1; w < kWorths - 1; ++w) {
    below += count[std::size_t(w)];
    if (double(below) >= kCollectShare * double(used)) return w;
  }
  return kWorths - 2;  // the top worth (a protected proof, MateTable::protect) stays
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
    Guard guard(*this, table_[i]);
    bool spilled = false;  // an entry whose home is the cluster before stays
    for (MateEntry& e : guard.entries()) {
      if (!is_empty(e) && worth(e) <= limit) {
        MateEntry emptied = e;
        emptied.set_tag(0);
        guard.put(e, emptied);
        ++removed;
      }
      spilled = spilled || is_spilled(e);
    }
    if (!spilled && clusters_ > 1) set_spilled(table_[i == 0 ? clusters_ - 1 : i - 1], false);
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
    const Snapshot view(*this, table_[i]);
    for (const MateEntry& e : view.entries()) used += !is_empty(e);
  }
  return int(std::size_t(used) * 1000 / (n * kClusterSize));
}

}  // namespace tsumi
