#include "solver/dfpn_search.h"

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

std::uint16_t len_plus_one(std::uint16_t len) { return len >= kInfLen - 1 ? kInfLen : std::uint16_t(len + 1); }

// The check on the side to move could be answered by a drop between the king and the checker.
bool drop_possible(const Position& pos) {
  const Bitboard checkers = pos.checkers();
  if (checkers.empty() || checkers.more_than_one()) return false;
  return !between_bb(pos.king_square(pos.side_to_move()), checkers.lsb()).empty();
}

// The 1+epsilon trick (Pawlewicz and Lew 2007): a child may run until its number passes the second
// best by a quarter, not just by one, which cuts the back-and-forth between siblings.
std::uint32_t second_threshold(std::uint32_t second) {
  return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(second) + 1 + second / 4, kInfPn));
}

}  // namespace

struct DfpnSearch::Child {
  Move move;
  std::uint32_t pn, dn;
  std::uint32_t pn0;  // the initial proof number (df-pn+), used while the table knows nothing
  std::uint16_t len;
  std::uint16_t loop_ply;  // as NodeResult::loop_ply
  Hand hand;               // proof or disproof hand once final
  Hand child_hand;         // the attacker's hand after the move
  ph::HandChange change;
  Key board_key;
  Key mark;  // BusyMarks key (with a crew)
  bool is_final() const { return pn == 0 || dn == 0; }
};

// A node's children: a run of n entries in the worker's ChildStack.
struct DfpnSearch::Frame {
  Child* c = nullptr;
  int n = 0;
};

// The children of every node on the current path, each node's run contiguous, in blocks that are
// never moved or freed while the search lives; a node takes its run when it expands and gives it back
// when it returns (last in, first out). Memory follows the branching along the path, not kMaxMoves
// per ply: a few MiB even for a path of thousands of plies.
class DfpnSearch::ChildStack {
 public:
  static constexpr std::size_t kBlock = std::size_t(1) << 15;  // children per block (>= kMaxMoves)

  struct Mark {
    std::size_t block, used;
  };
  Mark mark() const { return {block_, used_}; }
  void release(Mark m) { block_ = m.block, used_ = m.used; }
  Child* take(std::size_t n) {
    if (blocks_.empty()) blocks_.push_back(std::make_unique<Child[]>(kBlock));
    if (used_ + n > kBlock) {
      if (++block_ == blocks_.size()) blocks_.push_back(std::make_unique<Child[]>(kBlock));
      used_ = 0;
    }
    Child* run = &blocks_[block_][used_];
    used_ += n;
    return run;
  }

 private:
  std::vector<std::unique_ptr<Child[]>> blocks_;
  std::size_t block_ = 0, used_ = 0;
};

DfpnSearch::DfpnSearch(MateTable& table, Color attacker)
    : table_(table),
      attacker_(attacker),
      states_(kMaxPly + 2),
      path_(kMaxPly),
      children_(std::make_unique<ChildStack>()) {}

DfpnSearch::~DfpnSearch() = default;

void DfpnSearch::set_root(const PositionSetup& setup) {
  pos_.set(setup, &states_[0]);
  ply_ = 0;
  path_.reset(pos_.board_key(), pos_.hand(attacker_));
}

void DfpnSearch::do_move(Move m) {
  pos_.do_move(m, states_[ply_ + 1]);
  ++ply_;
  path_.push(pos_.board_key(), pos_.hand(attacker_), m.raw());
}

void DfpnSearch::undo_move(Move m) {
  path_.pop();
  pos_.undo_move(m);
  --ply_;
}

void DfpnSearch::set_limits(std::chrono::steady_clock::time_point deadline, bool has_deadline, std::uint64_t max_nodes,
                            const std::atomic<bool>* stop) {
  deadline_ = deadline;
  has_deadline_ = has_deadline;
  max_nodes_ = max_nodes;
  stop_ = stop;
}

void DfpnSearch::check_limits() {
  std::uint64_t total = nodes_;
  if (crew_) {
    total = crew_->nodes.fetch_add(nodes_ - crew_counted_, std::memory_order_relaxed) + (nodes_ - crew_counted_);
    crew_counted_ = nodes_;
  }
  if (stop_ && stop_->load(std::memory_order_relaxed))
    abort_ = Abort::kStopped;
  else if (crew_ && crew_->done.load(std::memory_order_relaxed))
    abort_ = Abort::kYielded;
  else if (max_nodes_ && total >= max_nodes_)
    abort_ = Abort::kNodes;
  else if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_)
    abort_ = Abort::kTime;
  if (tick_) tick_(tick_ctx_);
}

NodeResult DfpnSearch::probe_child(Move m, std::uint16_t child_remaining) const {
  const ph::HandChange change = ph::hand_change(m, pos_.piece_on(m.to()));
  Hand child_hand = pos_.hand(attacker_);
  if (is_attacker_to_move()) {
    if (change.dropped != NO_PIECE_TYPE) child_hand.remove(change.dropped);
    if (change.captured != NO_PIECE_TYPE) child_hand.add(change.captured);
  }
  const MateProbe p = table_.probe(pos_.board_key_after(m), child_hand, child_remaining, 1, 1);
  return NodeResult{p.pn, p.dn, p.len, p.hand, p.move, kNoLoop};
}

// Generates the children and gives each its numbers: from a repetition, the path table, the main
// table, or the df-pn+ initial values. At an OR node, a check the defender cannot answer proves the
// node at once (returns true with that child last).
bool DfpnSearch::expand(Frame& f, bool or_node, std::uint16_t remaining) {
  const Move* end = or_node ? generate<CHECKS>(pos_, move_buffer_) : generate<EVASIONS>(pos_, move_buffer_);
  const Hand hand = pos_.hand(attacker_);
  const std::uint16_t child_remaining = remaining >= kUnlimited ? kUnlimited : std::uint16_t(remaining - 1);
  // Every child's cluster is requested first, so the probes below overlap their cache misses.
  f.n = int(end - move_buffer_);
  f.c = children_->take(std::size_t(f.n));
  for (int i = 0; i < f.n; ++i) {
    Child& c = f.c[i];
    c.move = move_buffer_[i];
    c.board_key = pos_.board_key_after(c.move);
    if (remaining != 1) table_.prefetch(c.board_key);
    c.change = ph::hand_change(c.move, pos_.piece_on(c.move.to()));
    c.child_hand = hand;
    if (or_node) {
      if (c.change.dropped != NO_PIECE_TYPE) c.child_hand.remove(c.change.dropped);
      if (c.change.captured != NO_PIECE_TYPE) c.child_hand.add(c.change.captured);
    }
    if (crew_) c.mark = BusyMarks::node_key(c.board_key, c.child_hand.raw());
  }
  for (Child& c : std::span(f.c, std::size_t(f.n))) {
    const Move* m = &c.move;
    c.pn0 = 1;
    c.loop_ply = kNoLoop;
    if (const int rep = path_.repeated_ply(c.board_key, c.child_hand); rep >= 0) {
      c.pn = kInfPn, c.dn = 0, c.len = kInfLen, c.hand = ph::full(), c.loop_ply = std::uint16_t(rep);
      continue;
    }
    if (const PathTable::Hit hit = paths_.disproven(path_.child_path_key(m->raw()), child_remaining); hit.found) {
      c.pn = kInfPn, c.dn = 0, c.len = hit.len, c.hand = ph::full(), c.loop_ply = hit.loop_ply;
      continue;
    }
    // At the horizon (a mate in one is all that is left) the table cannot help: only mates count.
    MateProbe p = child_remaining == 0 ? MateProbe{1, 1, 0, c.child_hand, Move::none(), false}
                                       : table_.probe(c.board_key, c.child_hand, child_remaining, 1, 1);
    if (!p.found && or_node) {
      // df-pn+: the number of evasions is the child's first proof number; none means mate.
      StateInfo st;
      pos_.do_move(*m, st, StateScope::kMovesOnly);
      const std::uint64_t evasions = legal_move_count(pos_);
      if (evasions == 0) {
        const Hand proof =
            ph::with_interposition_kinds(Hand(), c.child_hand, pos_.hand(~attacker_), drop_possible(pos_));
        pos_.undo_move(*m);
        table_.store(c.board_key, c.child_hand, MateRecord{0, kInfPn, 0, proof, Move::none(), 1});
        c.pn = 0, c.dn = kInfPn, c.len = 0, c.hand = proof;
        f.n = int(&c - f.c) + 1;
        return true;
      }
      pos_.undo_move(*m);
      c.pn0 = std::uint32_t(evasions);
      p.pn = std::max(p.pn, c.pn0);
      if (child_remaining == 0)
        p = MateProbe{kInfPn,       0,   1, ph::keeping_defender_drops(ph::full(), c.child_hand, pos_.hand(~attacker_)),
                      Move::none(), true};
    } else if (!p.found && child_remaining > 1) {
      // The dual at an AND node: the attacker's number of checks is the child's first disproof
      // number, so the defence that leaves the fewest checks is tried first; none means disproven.
      StateInfo st;
      pos_.do_move(*m, st);
      const Move* checks_end = generate<CHECKS>(pos_, check_buffer_);
      pos_.undo_move(*m);
      const auto checks = std::uint32_t(checks_end - check_buffer_);
      if (checks == 0) {
        p = MateProbe{kInfPn, 0, kInfLen, ph::without_absent_kinds(ph::full(), c.child_hand), Move::none(), true};
        table_.store(c.board_key, c.child_hand, MateRecord{kInfPn, 0, kInfLen, p.hand, Move::none(), 1});
      } else {
        p.dn = std::max(p.dn, checks);
      }
    }
    c.pn = p.pn, c.dn = p.dn, c.len = p.len, c.hand = p.hand;
  }
  return false;
}

// Reads the table's numbers for the children that are not final yet (what other workers found).
void DfpnSearch::refresh(Frame& f, std::uint16_t child_remaining) {
  for (Child& c : std::span(f.c, std::size_t(f.n))) {
    if (c.is_final()) continue;
    const MateProbe p = table_.probe(c.board_key, c.child_hand, child_remaining, c.pn, c.dn);
    if (p.found) c.pn = p.pn, c.dn = p.dn, c.len = p.len, c.hand = p.hand;
  }
}

// The result of a node from its children's numbers (final or not).
NodeResult DfpnSearch::conclude(const Frame& f, bool or_node, std::uint32_t pn, std::uint32_t dn) const {
  const Hand hand = pos_.hand(attacker_);
  NodeResult r{pn, dn, 0, hand, Move::none(), kNoLoop};
  if (or_node && pn == 0) {
    const Child* best = nullptr;
    for (const Child& c : std::span(f.c, std::size_t(f.n)))
      if (c.pn == 0 && (!best || c.len < best->len)) best = &c;
    r.dn = kInfPn, r.len = len_plus_one(best->len), r.hand = ph::before_attack(best->hand, best->change);
    r.best = best->move;
  } else if (or_node && dn == 0) {
    Hand d = ph::full();
    std::uint16_t len = kInfLen;
    for (const Child& c : std::span(f.c, std::size_t(f.n))) {
      d = ph::min(d, ph::before_attack(c.hand, c.change));
      len = std::min(len, c.len);
      r.loop_ply = std::min(r.loop_ply, c.loop_ply);
    }
    r.pn = kInfPn, r.len = len_plus_one(len), r.hand = ph::without_absent_kinds(d, hand);
  } else if (!or_node && pn == 0) {
    Hand p;
    const Child* longest = nullptr;
    for (const Child& c : std::span(f.c, std::size_t(f.n))) {
      p = ph::max(p, c.hand);
      if (!longest || c.len > longest->len) longest = &c;
    }
    r.dn = kInfPn, r.len = len_plus_one(longest->len), r.best = longest->move;
    r.hand = ph::with_interposition_kinds(p, hand, pos_.hand(~attacker_), drop_possible(pos_));
  } else if (!or_node && dn == 0) {
    const Child* refutation = nullptr;
    for (const Child& c : std::span(f.c, std::size_t(f.n))) {
      if (c.dn != 0) continue;
      // The refutation that depends least on the path, then the longest.
      if (!refutation || c.loop_ply > refutation->loop_ply ||
          (c.loop_ply == refutation->loop_ply && c.len > refutation->len))
        refutation = &c;
    }
    r.pn = kInfPn, r.len = len_plus_one(refutation->len), r.hand = refutation->hand;
    if (refutation->move.is_drop())
      r.hand = ph::keeping_defender_drops(r.hand, hand, pos_.hand(~attacker_), refutation->move.dropped_piece());
    r.loop_ply = refutation->loop_ply, r.best = refutation->move;
  }
  // A repetition of this node or of a node below it holds on every path to this node.
  if (r.loop_ply != kNoLoop && r.loop_ply >= ply_) r.loop_ply = kNoLoop;
  return r;
}

NodeResult DfpnSearch::search(std::uint32_t thpn, std::uint32_t thdn, std::uint16_t remaining) {
  const std::uint64_t start_nodes = nodes_++;
  if ((nodes_ & 1023) == 0) check_limits();
  const bool or_node = pos_.side_to_move() == attacker_;
  const Hand hand = pos_.hand(attacker_);
  if (abort_ != Abort::kNone) return NodeResult{1, 1, remaining, hand, Move::none(), kNoLoop};
  // Out of length: no mate within the plies left, whatever the hand.
  if (or_node && remaining == 0) return NodeResult{kInfPn, 0, 0, ph::full(), Move::none(), kNoLoop};
  if (!or_node && remaining <= 1) {
    if (has_legal_move(pos_))
      return NodeResult{kInfPn,       0,      1, ph::keeping_defender_drops(ph::full(), hand, pos_.hand(~attacker_)),
                        Move::none(), kNoLoop};
    const Hand proof = ph::with_interposition_kinds(Hand(), hand, pos_.hand(~attacker_), drop_possible(pos_));
    return NodeResult{0, kInfPn, 0, proof, Move::none(), kNoLoop};
  }
  if (ply_ >= kMaxPly) {
    abort_ = Abort::kDepth;
    return NodeResult{1, 1, remaining, hand, Move::none(), kNoLoop};
  }

  const ChildStack::Mark children_mark = children_->mark();
  Frame f;
  const std::uint16_t child_remaining = remaining >= kUnlimited ? kUnlimited : std::uint16_t(remaining - 1);
  const Key key = pos_.board_key();
  const Key mark = BusyMarks::node_key(key, hand.raw());
  if (crew_) crew_->busy.enter(mark);
  NodeResult result{};
  if (expand(f, or_node, remaining)) {
    result = conclude(f, true, 0, kInfPn);
  } else if (f.n == 0) {
    result = or_node
                 ? NodeResult{kInfPn, 0, kInfLen, ph::without_absent_kinds(ph::full(), hand), Move::none(), kNoLoop}
                 : NodeResult{0,
                              kInfPn,
                              0,
                              ph::with_interposition_kinds(Hand(), hand, pos_.hand(~attacker_), drop_possible(pos_)),
                              Move::none(),
                              kNoLoop};
  } else {
    bool fresh = true;  // the children's numbers were just read from the table
    while (true) {
      // Another worker in this node may have changed its children since: read them again.
      if (crew_ && !fresh && child_remaining > 0 && crew_->busy.count(mark) > 1) refresh(f, child_remaining);
      fresh = false;
      // OR: pn = min, dn = sum over children; AND: the other way round. The child to search is the one
      // with the least number this node minimises, raised for a child other workers are in.
      std::uint32_t pn = or_node ? kInfPn : 0, dn = or_node ? 0 : kInfPn;
      std::uint32_t pick_low = kInfPn, second = kInfPn, second_real = kInfPn;
      int best = 0, best_real = 0;
      for (int i = 0; i < f.n; ++i) {
        const Child& c = f.c[i];
        const std::uint32_t mine = or_node ? c.pn : c.dn;  // the number this node minimises
        std::uint32_t& low = or_node ? pn : dn;
        std::uint32_t& sum = or_node ? dn : pn;
        const std::uint32_t other = or_node ? c.dn : c.pn;  // the number this node sums
        sum = (other >= kInfPn || sum >= kInfPn) ? kInfPn : add_sat(sum, other);
        if (mine < low) {
          second_real = low;
          low = mine;
          best_real = i;
        } else if (mine < second_real) {
          second_real = mine;
        }
        std::uint32_t pick = mine;
        if (crew_ && !c.is_final()) {
          // Virtual proof numbers: each worker inside the child makes it half again as hard.
          const std::uint32_t inside = crew_->busy.count(c.mark);
          if (inside != 0)
            pick =
                add_sat(mine, std::uint32_t(std::min<std::uint64_t>(std::uint64_t(inside) * (mine / 2 + 1), kMaxSum)));
        }
        if (pick < pick_low || (tie_last_ && pick == pick_low && pick < kInfPn)) {
          second = pick_low;
          pick_low = pick;
          best = i;
        } else if (pick < second) {
          second = pick;
        }
      }
      if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) {
        result = conclude(f, or_node, pn, dn);
        if (pn != 0 && dn != 0) result.best = f.c[best_real].move;
        break;
      }
      // A child chosen for its virtual number must still be one this node's threshold lets run.
      if ((or_node ? f.c[best].pn : f.c[best].dn) >= (or_node ? thpn : thdn)) best = best_real, second = second_real;
      Child& c = f.c[best];
      std::uint32_t cthpn, cthdn;
      if (or_node) {
        cthpn = std::min(thpn, second_threshold(second));
        cthdn = std::uint32_t(std::min<std::uint64_t>(std::uint64_t(thdn) - dn + c.dn, kInfPn - 1));
      } else {
        cthdn = std::min(thdn, second_threshold(second));
        cthpn = std::uint32_t(std::min<std::uint64_t>(std::uint64_t(thpn) - pn + c.pn, kInfPn - 1));
      }
      do_move(c.move);
      const NodeResult r = search(cthpn, cthdn, child_remaining);
      undo_move(c.move);
      c.pn = r.pn, c.dn = r.dn, c.len = r.len, c.hand = r.hand, c.loop_ply = r.loop_ply;
      if (abort_ != Abort::kNone) {
        result = NodeResult{
            std::max<std::uint32_t>(pn, 1), std::max<std::uint32_t>(dn, 1), remaining, hand, c.move, kNoLoop};
        break;
      }
    }
  }

  if (crew_) crew_->busy.leave(mark);
  children_->release(children_mark);
  if (result.disproven() && result.loop_ply != kNoLoop) {
    paths_.store(path_.path_key(), result.len, result.loop_ply);
  } else {
    const bool final = result.proven() || result.disproven();
    table_.store(key, hand,
                 MateRecord{result.pn, result.dn, final ? result.len : remaining, final ? result.hand : hand,
                            result.best, nodes_ - start_nodes});
  }
  return result;
}

NodeResult DfpnSearch::solve(std::uint16_t remaining) {
  NodeResult r{};
  do {
    r = search(kInfPn - 1, kInfPn - 1, remaining);
  } while (!r.proven() && !r.disproven() && abort_ == Abort::kNone);
  return r;
}

}  // namespace tsumi
