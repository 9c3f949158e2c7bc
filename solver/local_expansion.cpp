#include "solver/local_expansion.h"

#include <algorithm>
#include <span>

#include "core/movegen.h"

namespace tsumi {

namespace ph = proof_hand;

namespace {

// Sums stop short of the root thresholds (kInfPn - 1), so only a final result or a limit ends a solve.
constexpr std::uint32_t kMaxSum = kInfPn - 2;

std::uint32_t add_sat(std::uint32_t a, std::uint32_t b) {
  return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(a) + b, kMaxSum));
}

// A child whose summed number (OR: dn, AND: pn) is this or more is counted by max, not by sum: where
// lines merge again and again, sums count one subtree many times over and grow exponentially with the
// depth (solver/README.md, "Double counting"); above this size they can only grow by addition.
constexpr std::uint32_t kCountedByMax = 1u << 20;

bool by_max(const ExpandedChild& c, std::uint32_t summed_number) { return c.merged || summed_number >= kCountedByMax; }

std::uint32_t clamp_threshold(std::uint64_t th) { return std::uint32_t(std::min<std::uint64_t>(th, kInfPn - 1)); }

std::uint16_t len_plus_one(std::uint16_t len) { return len >= kInfLen - 1 ? kInfLen : std::uint16_t(len + 1); }

// The 1+epsilon trick (Pawlewicz and Lew 2007): a child may run until its number passes the second
// best by a quarter, not just by one, which cuts the back-and-forth between siblings.
std::uint32_t second_threshold(std::uint32_t second) {
  return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(second) + 1 + second / 4, kInfPn));
}

// The df-pn+ first proof number of a check: the defender's number of legal replies, but the drops
// between king and checker counted once a square, since they stand in line (delayed children). The
// drops are estimated (every kind the defender holds on every square between), not generated: the
// number is only a first guess, and generating the replies would cost more than it saves.
std::uint64_t first_proof_number(const Position& pos, std::uint64_t replies) {
  if (replies <= 1 || !drop_possible(pos)) return replies;
  const Hand defender = pos.hand(pos.side_to_move());
  int kinds = 0;
  for (PieceType pt : proof_hand::kHandTypes) kinds += defender.has(pt);
  if (kinds <= 1) return replies;
  const auto squares = std::uint64_t(between_bb(pos.king_square(pos.side_to_move()), pos.checkers().lsb()).popcount());
  const std::uint64_t merged = squares * std::uint64_t(kinds - 1);
  return replies > merged ? replies - merged : 1;
}

}  // namespace

// One pass over the children: the node's numbers, and the children to search.
struct LocalExpansion::Sums {
  std::uint32_t pn, dn;
  // The summed number (OR: dn, AND: pn) in its two parts: the sum over the children counted by sum,
  // the max over those counted by max (merged, or kCountedByMax and more).
  std::uint32_t summed = 0, maxed = 0;
  int best = 0, best_real = 0;  // the least number with virtual numbers added, and without
  std::uint32_t second = kInfPn, second_real = kInfPn;
};

// The book count's prior for a child the count of every defence refuted (above, where it is applied).
// Measured on the public set's book search (one thread, `tsumi mate --suite positions/tsume-public.txt
// --json`): 32.32 M nodes without it, 21.38 M at 32, 21.76 M at 64, 18.07 M at 1024. A book mate that
// runs through such a child waits the longer the higher it is: rand-652's book mate of 23, found at the
// gate's paced share at 64 or less, is not found within it at 256 or 1024.
// The raised number stays far below infinity: a sum of many such children must not reach kInfPn, which
// no threshold passes (a first build that raised it to kInfPn - 1 left Astral Traveler's book search
// stalled until the book's share of nodes ran out). A floor above the cap (mate_table.h) is kept.
constexpr std::uint64_t kRefutedInFullPn = 32;
constexpr std::uint64_t kRefutedInFullPnCap = std::uint64_t(1) << 20;

LocalExpansion::LocalExpansion(const ExpansionContext& ctx, Position& pos, std::uint16_t remaining)
    : ctx_(ctx),
      pos_(pos),
      mark_(ctx.children.mark()),
      ply_(ctx.path.ply()),
      or_node_(is_or_node(pos, ctx.attacker)),
      remaining_(remaining),
      child_remaining_(remaining >= kUnlimited ? kUnlimited : std::uint16_t(remaining - 1)) {
  const Move* end = or_node_ ? generate<CHECKS>(pos, ctx.moves) : generate<EVASIONS>(pos, ctx.moves);
  n_ = int(end - ctx.moves);
  // The book count: the futile drops are no defences (FutilityJudge::drop_futile).
  if (!or_node_ && ctx.judge && n_ > 0 && drop_possible(pos))
    n_ = ctx.judge->drop_futile(pos, ctx.moves, n_, futile_hand_);
  c_ = ctx.children.take(std::size_t(n_));
  // Every child's cluster is requested first, so the probes below overlap their cache misses. The book
  // count and a cold probe read a second cluster for each child (the count of every defence's, the
  // cold numbers' below): requested here too. Unrequested, those misses were a third of the book
  // count's time (Astral Traveler's book search at 277 k nodes/s against the solve's 528 k).
  const Key second_salt = ctx.salt != 0 ? ctx.salt : ctx.cold_salt;
  for (int i = 0; i < n_; ++i) {
    ExpandedChild& c = c_[i];
    c.key = child_key(pos, ctx.attacker, ctx.moves[i], ctx.salt);
    if (remaining != 1) {
      ctx.table.prefetch(c.key.board_key);
      if (second_salt != 0) ctx.table.prefetch(c.key.board_key ^ second_salt);
    }
    if (ctx.marks) c.mark = BusyMarks::node_key(c.key.board_key, c.key.hand.raw());
    c.next = -1, c.active = true, c.merged = false, c.visited = true, c.parent = ParentLink();
  }
  for (int i = 0; i < n_; ++i) {
    ExpandedChild& c = c_[i];
    c.loop_ply = kNoLoop;
    if (const int rep = ctx.path.repeated_ply(c.key.board_key, c.key.hand); rep >= 0) {
      c.pn = kInfPn, c.dn = 0, c.len = kInfLen, c.hand = ph::full(), c.loop_ply = std::uint16_t(rep);
      ++ctx.counters.repetitions;
      continue;
    }
    if (const PathDisproof hit = path_disproof(ctx, c.key.board_key, c.key.hand, child_remaining_); hit.found) {
      c.pn = kInfPn, c.dn = 0, c.len = hit.len, c.hand = hit.hand, c.loop_ply = hit.loop_ply;
      ++ctx.counters.path_hits;
      continue;
    }
    // At the horizon (a mate in one is all that is left) the table cannot help: only mates count.
    // A cold probe reads no longer limit's numbers, no floors and no depths (warm_limit 0, kNoDepth).
    MateProbe p = child_remaining_ == 0 ? MateProbe{kUnknownPn, kUnknownDn, 0, c.key.hand, Move::none(), false}
                                        : ctx.table.probe_at(c.key.board_key, c.key.hand, child_remaining_, kUnknownPn,
                                                             kUnknownDn, ctx.cold_salt != 0 ? 0 : kInfLen,
                                                             ctx.cold_salt != 0 ? kNoDepth : depth_of_ply(ply_ + 1));
    if (ctx.cold_salt != 0 && child_remaining_ != 0 && p.pn != 0 && p.dn != 0) {
      // A cold probe's numbers for this length, if it has searched the child already. They are new to
      // the table proper, so the child is still taken as new (found false: the df-pn+ first numbers
      // apply); measured against taking them as found, 乱's shortest phase 13.23 M nodes against 13.39 M.
      const MateProbe own =
          ctx.table.probe(c.key.board_key ^ ctx.cold_salt, c.key.hand, child_remaining_, kUnknownPn, kUnknownDn, 0);
      if (own.found && own.pn != 0 && own.dn != 0) p = own, p.found = false, p.parent = ParentLink();
    }
    // The book count: what the count of every defence knows of a child new to the book's count.
    MateProbe full{kUnknownPn, kUnknownDn, 0, c.key.hand, Move::none(), false};
    if (ctx.salt != 0 && child_remaining_ != 0 && p.pn != 0 && p.dn != 0) {
      full = ctx.table.probe(c.key.board_key ^ ctx.salt, c.key.hand, child_remaining_);
      // It proved it: a mate in the book's count as well, no longer.
      if (full.found && full.pn == 0) p = full;
    }
    const bool refuted_in_full = !p.found && full.found && full.dn == 0;
    if (!p.found) {
      first_numbers(c, pos, p);
      // Its unfinished disproof number is the book count's first: the searches differ only where a
      // futile drop is left out, so the effort a disproof took there is the best estimate there is.
      // Its proof number is not taken: a book mate that only leaving futile drops out makes (Astral
      // Traveler's 579, where every defence needs 581) is what the other search found hard to prove,
      // and at the gate's paced share the book count then missed it. 寿's book search (one thread):
      // 7.50 M nodes without, 3.60 M with the disproof number, 2.04 M with both.
      if (full.found && full.pn != 0 && full.dn != 0 && p.pn != 0 && p.dn != 0) p.dn = std::max(p.dn, full.dn);
      // The book count: a child new to it that the count of every defence refuted within these plies
      // is likely refuted here too (it differs only where a futile drop was the escape). Its first
      // numbers say so: easy to disprove, hard to prove (kRefutedInFullPn times the usual), so the
      // book count's disproof follows the one the shortest-mate proof found.
      if (refuted_in_full && p.pn != 0 && p.dn != 0) {
        const auto raised = std::min<std::uint64_t>(std::uint64_t(p.pn) * kRefutedInFullPn, kRefutedInFullPnCap);
        p.dn = 1, p.pn = std::max(p.pn, std::uint32_t(raised));
      }
    }
    old_child_ |= p.old && p.pn != 0 && p.dn != 0;
    c.visited = p.found;
    c.pn = p.pn, c.dn = p.dn, c.len = p.len, c.hand = p.hand, c.parent = p.parent, c.merged = p.parent.shared();
    if (or_node_ && c.pn == 0 && c.len == 0) {  // a check without reply: the shortest mate, no need to read on
      n_ = i + 1;
      return;
    }
  }
  delay_siblings();
}

// Links the lines of delayed children (see the header): each line keeps its first unsettled child
// active, and every final child (it settles the node or is settled) active too.
void LocalExpansion::delay_siblings() {
  std::int16_t last[SQ_NB];
  std::fill(std::begin(last), std::end(last), std::int16_t(-1));
  const auto append = [&](int i, Square sq) {
    if (last[sq] >= 0) c_[last[sq]].next = std::int16_t(i);
    last[sq] = std::int16_t(i);
  };
  if (!or_node_) {
    for (int i = 0; i < n_; ++i)
      if (c_[i].key.move.is_drop()) append(i, c_[i].key.move.to());
  } else {
    // A move's promotion and non-promotion (the generators emit them one after the other): the
    // promotion first.
    for (int i = 1; i < n_; ++i) {
      const Move m = c_[i].key.move, p = c_[i - 1].key.move;
      if (!m.is_drop() && !m.is_promotion() && p.is_promotion() && p.from() == m.from() && p.to() == m.to())
        c_[i - 1].next = std::int16_t(i);
    }
  }
  bool has_prev[kMaxMoves] = {};
  for (int i = 0; i < n_; ++i)
    if (c_[i].next >= 0) has_prev[c_[i].next] = true;
  for (int head = 0; head < n_; ++head) {
    if (has_prev[head]) continue;
    bool waiting = false;  // an unsettled child is ahead in the line
    for (int j = head; j >= 0; j = c_[j].next) {
      if (c_[j].is_final()) continue;
      c_[j].active = !waiting;
      waiting = true;
    }
  }
}

void LocalExpansion::settle(int index) {
  ExpandedChild& c = c_[index];
  if (!c.is_final()) return;
  const bool was_active = c.active;
  c.active = true;  // a final child always counts
  if (!was_active) return;
  for (int j = c.next; j >= 0; j = c_[j].next)
    if (!c_[j].is_final()) {
      c_[j].active = true;
      return;
    }
}

// Not mated within the plies left. The book count keeps the hand as it is where the defence may be a
// drop: with more in the attacker's hand the drop could turn futile.
NodeResult LocalExpansion::book_out_of_length(const Position& pos) const {
  NodeResult r = out_of_length(pos, ctx_.attacker);
  if (ctx_.judge && drop_possible(pos)) r.hand = ph::min(r.hand, pos.hand(ctx_.attacker));
  return r;
}

// The df-pn+ first numbers of a child the table does not know (see the header); a child found final
// this way is stored.
void LocalExpansion::first_numbers(ExpandedChild& c, Position& pos, MateProbe& p) const {
  const auto settled = [&](const NodeResult& r, bool store) {
    p = MateProbe{r.pn, r.dn, r.len, r.hand, Move::none(), true};
    if (store) ctx_.table.store(c.key.board_key, c.key.hand, MateRecord{r.pn, r.dn, r.len, r.hand, Move::none(), 1});
  };
  const Move m = c.key.move;
  StateInfo st;
  if (or_node_) {
    // The futility judge reads the pins on the attacker's king, which kMovesOnly leaves uncomputed
    // (a real-game position's book count read them uninitialised: antma-tsume5-6's futile line and
    // nodes changed from run to run).
    const bool judged = child_remaining_ == 0 && ctx_.judge;
    pos.do_move(m, st, judged ? StateScope::kFull : StateScope::kMovesOnly);
    const std::uint64_t evasions = first_proof_number(pos, legal_move_count(pos));
    Hand futile_proof;
    if (evasions == 0)
      settled(mated(pos, ctx_.attacker), true);
    else if (child_remaining_ == 0 && ctx_.judge && ctx_.judge->mated_by_futility(pos, futile_proof))
      settled(NodeResult{0, kInfPn, 0, futile_proof, Move::none(), kNoLoop}, true);
    else if (child_remaining_ == 0)
      settled(book_out_of_length(pos), false);
    else
      p.pn = std::max(p.pn, std::uint32_t(evasions));
    pos.undo_move(m);
  } else if (child_remaining_ > 1) {
    pos.do_move(m, st);
    const auto checks = std::uint32_t(generate<CHECKS>(pos, ctx_.checks) - ctx_.checks);
    if (checks == 0)
      settled(without_check(pos, ctx_.attacker), true);
    else
      p.dn = std::max(p.dn, checks);
    pos.undo_move(m);
  }
}

int LocalExpansion::find(Key board_key, Hand hand) const {
  for (int i = 0; i < n_; ++i)
    if (c_[i].key.board_key == board_key && c_[i].key.hand == hand) return i;
  return -1;
}

void LocalExpansion::count_by_max(int index) { c_[index].merged = true; }

void LocalExpansion::refresh() {
  if (child_remaining_ == 0) return;
  for (ExpandedChild& c : std::span(c_, std::size_t(n_))) {
    if (c.is_final()) continue;
    const MateProbe p = ctx_.table.probe(c.key.board_key, c.key.hand, child_remaining_, c.pn, c.dn);
    if (p.found)
      c.pn = p.pn, c.dn = p.dn, c.len = p.len, c.hand = p.hand, c.merged |= p.parent.shared(), c.visited = true;
    settle(int(&c - c_));
  }
}

void LocalExpansion::update(int index, const NodeResult& r) {
  ExpandedChild& c = c_[index];
  c.pn = r.pn, c.dn = r.dn, c.len = r.len, c.hand = r.hand, c.loop_ply = r.loop_ply, c.visited = true;
  settle(index);
}

LocalExpansion::Sums LocalExpansion::sums(const BusyMarks* busy, bool tie_last) const {
  Sums s{or_node_ ? kInfPn : 0, or_node_ ? 0 : kInfPn};
  std::uint32_t& low = or_node_ ? s.pn : s.dn;  // the number this node minimises
  std::uint32_t& sum = or_node_ ? s.dn : s.pn;  // the number it sums
  std::uint32_t pick_low = kInfPn;
  for (int i = 0; i < n_; ++i) {
    const ExpandedChild& c = c_[i];
    if (!c.active) continue;
    const std::uint32_t mine = or_node_ ? c.pn : c.dn;
    const std::uint32_t other = or_node_ ? c.dn : c.pn;
    if (other >= kInfPn || sum >= kInfPn) {
      sum = kInfPn;
    } else {
      if (by_max(c, other))
        s.maxed = std::max(s.maxed, other);
      else
        s.summed = add_sat(s.summed, other);
      sum = add_sat(s.summed, s.maxed);
    }
    if (mine < low) {
      s.second_real = low, low = mine, s.best_real = i;
    } else if (mine < s.second_real) {
      s.second_real = mine;
    }
    std::uint32_t pick = mine;
    if (busy && !c.is_final()) {
      // Virtual proof numbers, light: each worker inside the child makes it one harder, so that among
      // children about as good a helper takes one nobody is in, and otherwise goes where the search
      // goes. (Half again as hard per worker, as it was before, sent helpers off the best path: 10%
      // more nodes than one worker's at 2 workers on the 14 hard kongou problems and 25% at 8, against
      // 6% and 12% with this.)
      const std::uint64_t inside = busy->count(c.mark);
      if (inside != 0) pick = add_sat(mine, std::uint32_t(std::min<std::uint64_t>(inside, kMaxSum)));
    }
    if (pick < pick_low || (tie_last && pick == pick_low && pick < kInfPn)) {
      s.second = pick_low, pick_low = pick, s.best = i;
    } else if (pick < s.second) {
      s.second = pick;
    }
  }
  return s;
}

LocalExpansion::Step LocalExpansion::next(std::uint32_t thpn, std::uint32_t thdn, const BusyMarks* busy, bool tie_last,
                                          bool widen) const {
  const Sums s = sums(busy, tie_last);
  if (widen) {
    thpn = std::max(thpn, clamp_threshold(std::uint64_t(s.pn) + 1));
    thdn = std::max(thdn, clamp_threshold(std::uint64_t(s.dn) + 1));
  }
  if (s.pn == 0 || s.dn == 0 || s.pn >= thpn || s.dn >= thdn) return Step{true, s.best_real, 0, 0};
  // A child chosen for its virtual number must still be one this node's threshold lets run.
  int best = s.best;
  std::uint32_t second = s.second;
  if ((or_node_ ? c_[best].pn : c_[best].dn) >= (or_node_ ? thpn : thdn)) best = s.best_real, second = s.second_real;
  // The child's summed number may grow until the node's reaches its threshold: a child counted by sum
  // by what the others leave, one counted by max until it alone fills what the summed ones leave.
  const ExpandedChild& c = c_[best];
  const std::uint32_t other = or_node_ ? c.dn : c.pn;
  const std::uint64_t rest =
      by_max(c, other) ? s.summed : std::uint64_t(s.summed - std::min(s.summed, other)) + s.maxed;
  const std::uint64_t th = or_node_ ? thdn : thpn;
  const std::uint32_t child_th = clamp_threshold(th > rest ? th - rest : 0);
  // A sum that saturated understates the node's number: the child cannot run under this threshold,
  // and searching it would return at once, unchanged. The node is at its threshold.
  if (child_th <= other) return Step{true, s.best_real, 0, 0};
  if (or_node_) return Step{false, best, std::min(thpn, second_threshold(second)), child_th};
  return Step{false, best, child_th, std::min(thdn, second_threshold(second))};
}

NodeResult LocalExpansion::result() const {
  if (n_ == 0 && or_node_) return without_check(pos_, ctx_.attacker);
  if (n_ == 0) {  // mated, or (the book count) every evasion a futile drop
    NodeResult r = mated(pos_, ctx_.attacker);
    r.hand = ph::max(r.hand, futile_hand_);
    return r;
  }
  const Sums s = sums(nullptr, false);
  if (s.pn == 0 || s.dn == 0) return conclude_final(s.pn, s.dn);
  return NodeResult{s.pn, s.dn, remaining_, pos_.hand(ctx_.attacker), c_[s.best_real].key.move, kNoLoop};
}

// The result of a proven or disproven node: length, proof or disproof hand, best move, loop ply.
NodeResult LocalExpansion::conclude_final(std::uint32_t pn, std::uint32_t dn) const {
  const Hand hand = pos_.hand(ctx_.attacker);
  const std::span<const ExpandedChild> children(c_, std::size_t(n_));
  NodeResult r{pn, dn, 0, hand, Move::none(), kNoLoop};
  if (or_node_ && pn == 0) {  // the shortest mate among the proven checks
    const ExpandedChild* best = nullptr;
    for (const ExpandedChild& c : children)
      if (c.pn == 0 && (!best || c.len < best->len)) best = &c;
    r.dn = kInfPn, r.len = len_plus_one(best->len), r.hand = ph::before_attack(best->hand, best->key.change);
    r.best = best->key.move;
  } else if (or_node_) {  // every check refuted
    Hand d = ph::full();
    std::uint16_t len = kInfLen;
    for (const ExpandedChild& c : children) {
      d = ph::min(d, ph::before_attack(c.hand, c.key.change));
      len = std::min(len, c.len);
      r.loop_ply = std::min(r.loop_ply, c.loop_ply);
    }
    r.pn = kInfPn, r.len = len_plus_one(len), r.hand = ph::without_absent_kinds(d, hand);
  } else if (pn == 0) {  // every evasion mated: the longest defence
    Hand p;
    const ExpandedChild* longest = nullptr;
    for (const ExpandedChild& c : children) {
      p = ph::max(p, c.hand);
      if (!longest || c.len > longest->len) longest = &c;
    }
    r.dn = kInfPn, r.len = len_plus_one(longest->len), r.best = longest->key.move;
    r.hand =
        ph::with_interposition_kinds(ph::max(p, futile_hand_), hand, pos_.hand(~ctx_.attacker), drop_possible(pos_));
  } else {  // a refutation: the one that depends least on the path, then the longest
    const ExpandedChild* refutation = nullptr;
    for (const ExpandedChild& c : children) {
      if (c.dn != 0) continue;
      if (!refutation || c.loop_ply > refutation->loop_ply ||
          (c.loop_ply == refutation->loop_ply && c.len > refutation->len))
        refutation = &c;
    }
    r.pn = kInfPn, r.len = len_plus_one(refutation->len), r.hand = refutation->hand;
    if (refutation->key.move.is_drop())
      r.hand =
          ph::keeping_defender_drops(r.hand, hand, pos_.hand(~ctx_.attacker), refutation->key.move.dropped_piece());
    // The book count: with more in the attacker's hand the drop could turn futile (no defence).
    if (ctx_.judge && refutation->key.move.is_drop()) r.hand = ph::min(r.hand, hand);
    r.loop_ply = refutation->loop_ply, r.best = refutation->key.move;
  }
  // A repetition of this node or of a node below it holds on every path to this node.
  if (r.loop_ply != kNoLoop && r.loop_ply >= ply_) r.loop_ply = kNoLoop;
  return r;
}

}  // namespace tsumi
