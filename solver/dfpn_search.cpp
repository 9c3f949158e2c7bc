#include "solver/dfpn_search.h"

#include "core/movegen.h"

namespace tsumi {

DfpnSearch::DfpnSearch(MateTable& table, Color attacker)
    : table_(table),
      attacker_(attacker),
      states_(kMaxPly + 2),
      drop_chain_(kMaxPly + 2, 0),
      path_(kMaxPly),
      context_{table, path_, paths_, children_, attacker, false, move_buffer_, check_buffer_, counters_},
      expansions_(kMaxPly + 2, nullptr),
      remaining_at_(kMaxPly + 2, 0),
      moves_(kMaxPly + 2) {}

DfpnSearch::~DfpnSearch() = default;

void DfpnSearch::set_root(const PositionSetup& setup) {
  pos_.set(setup, &states_[0]);
  ply_ = 0;
  drop_chain_[0] = 0;
  path_.reset(node_key(), pos_.hand(attacker_));
}

void DfpnSearch::set_book(bool on) {
  salt_ = on ? kBookSalt : 0;
  if (on && !judge_) judge_ = std::make_unique<FutilityJudge>(attacker_);
  context_.judge = on ? judge_.get() : nullptr;
  context_.salt = salt_;
  path_.reset(node_key(), pos_.hand(attacker_));  // the root's key in the new count
}

void DfpnSearch::drop_futile(MoveList& evasions) {
  if (!judge_ || !salt_ || !drop_possible(pos_)) return;
  Hand proof;
  evasions.set_end(evasions.data() + judge_->drop_futile(pos_, evasions.data(), int(evasions.size()), proof));
}

void DfpnSearch::do_move(Move m) {
  const bool defender_moves = !is_attacker_to_move();
  const std::uint16_t run = drop_chain_[std::size_t(ply_)];
  moves_[std::size_t(ply_)] = m;
  pos_.do_move(m, states_[ply_ + 1]);
  ++ply_;
  drop_chain_[std::size_t(ply_)] = defender_moves ? (m.is_drop() ? std::uint16_t(run + 1) : std::uint16_t(0)) : run;
  path_.push(node_key(), pos_.hand(attacker_));
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
  if ((nodes_ & (kCollectInterval - 1)) == 0) table_.collect();
  if (crew_ && abort_ == Abort::kNone) find_settled_ancestor();
  last_check_nodes_ = nodes_;
  if (tick_) tick_(tick_ctx_);
}

// The ancestors a look probes, between the searched node (the root, or a line's position that a
// LineCrew searches: the done flag answers for it, and the plies above it are none of this search's)
// and the node being entered (which may be a leaf, returning at once: its parent chose it and reads it
// when it returns): the kNearAncestors nearest, then every power of two further up, so at most
// kNearAncestors + log2(ply) probes a look. Probing the whole path (1,500 probes a look on
// ミクロコスモス's 1525-ply lines) left that problem at 0.90× the node rate of the build without
// cut-offs at 2 workers; with these probes, 0.98× (two runs each, alternating). The shallowest final one
// probed is the one returned to.
void DfpnSearch::find_settled_ancestor() {
  if (settled_ply_ >= 0) return;
  int found = -1;
  for (int distance = 1; ply_ - distance > solve_ply_;
       distance = distance < kNearAncestors ? distance + 1 : 2 * distance) {
    const int p = ply_ - distance;
    const MateProbe probe = table_.probe(path_.board_at(p), path_.hand_at(p), remaining_at_[std::size_t(p)]);
    if (probe.found && (probe.pn == 0 || probe.dn == 0)) found = p;
  }
  if (found < 0) return;
  settled_ply_ = found;
  late_from_ = last_check_nodes_;
  if (crew_->cutoffs) unwind_to_ = found - 1;
}

NodeResult DfpnSearch::probe_child(Move m, std::uint16_t child_remaining) const {
  const ChildKey c = child_key(pos_, attacker_, m, salt_);
  if (const PathDisproof hit = path_disproof(context_, c.board_key, c.hand, child_remaining); hit.found)
    return NodeResult{kInfPn, 0, hit.len, hit.hand, Move::none(), hit.loop_ply};
  MateProbe p = table_.probe(c.board_key, c.hand, child_remaining);
  if (salt_ != 0 && p.pn != 0 && p.dn != 0) {
    // The count of every defence proved it: a mate in the book's count as well, no longer (as the
    // expansion reads it, local_expansion.cpp).
    const MateProbe full = table_.probe(c.board_key ^ salt_, c.hand, child_remaining);
    if (full.found && full.pn == 0) p = full;
  }
  return NodeResult{p.pn, p.dn, p.len, p.hand, p.move, kNoLoop};
}

// The node's result when it needs no expansion: a limit was hit, or no length is left.
bool DfpnSearch::leaf(std::uint16_t remaining, NodeResult& result) {
  if (ply_ >= kMaxPly && abort_ == Abort::kNone) abort_ = Abort::kDepth;
  if (abort_ != Abort::kNone) {
    result = NodeResult{1, 1, remaining, pos_.hand(attacker_), Move::none(), kNoLoop};
  } else if (is_or_node(pos_, attacker_) && remaining == 0) {  // no mate within the plies left
    result = NodeResult{kInfPn, 0, 0, proof_hand::full(), Move::none(), kNoLoop};
  } else if (!is_or_node(pos_, attacker_) && remaining <= 1) {  // mated now, or not within the plies left
    Hand futile_proof;
    if (!has_legal_move(pos_))
      result = mated(pos_, attacker_);
    else if (judge_ && salt_ && judge_->mated_by_futility(pos_, futile_proof))
      result = NodeResult{0, kInfPn, 0, futile_proof, Move::none(), kNoLoop};
    else if (salt_ && drop_possible(pos_))  // the book count: more in hand could make the drops futile
      result = out_of_length(pos_, attacker_), result.hand = proof_hand::min(result.hand, pos_.hand(attacker_));
    else
      result = out_of_length(pos_, attacker_);
  } else {
    return false;
  }
  return true;
}

// Searches the children of `node` until its numbers reach the thresholds, it is final, or a limit.
//
// Threshold control (TCA, Kishimoto 2010, as KomoringHeights 1.1.0 counts it): `widening` is the count,
// along the path, of nodes that used an old child's numbers (LocalExpansion::has_old_child) and have not
// yet seen a new node expanded below them. While it is above zero the thresholds are widened to the
// node's pn + 1 and dn + 1, so that a number inflated by work of the node's own ancestors cannot send
// the search back up before it has learnt something new; each first visit below takes one off, and a
// node whose widening has run out returns to its parent. A first visit whose numbers already pass the
// thresholds returns at once, before any widening of its own.
void DfpnSearch::descend(LocalExpansion& node, std::uint32_t thpn, std::uint32_t thdn, Key mark,
                         std::uint32_t& widening, bool first_visit) {
  if (first_visit) {
    if (widening > 0) --widening;
    if (node.next(thpn, thdn, nullptr, tie_last_).stop) return;
  }
  const std::uint32_t widening_before = widening;
  if (node.has_old_child()) ++widening;
  // Worker 0 chooses as a lone search does; the helpers steer by the marks.
  const BusyMarks* marks = crew_ ? &crew_->busy : nullptr;
  const BusyMarks* busy = worker_ > 0 ? marks : nullptr;
  int last = -1;  // the child of the last descent (SearchCounters::switches)
  for (bool fresh = true;; fresh = false) {
    if (unwinding()) break;  // a cut-off above: back to the parent of the settled node
    if (!fresh && ply_ == unwind_to_) {
      // The cut-off's end: a child was settled meanwhile; read every child again and choose anew.
      unwind_to_ = -1;
      ++tally_.cutoffs;
      node.refresh();
    } else if (marks && !fresh && marks->count(mark) > 1) {
      node.refresh();  // another worker in this node may have changed its children since: read them again
    }
    const LocalExpansion::Step step = node.next(thpn, thdn, busy, tie_last_, widening > 0);
    if (step.stop) break;
    if (widening == 0 && widening_before > 0) break;  // the widening ran out below: back to the parent
    ++counters_.child_searches;
    counters_.switches += last >= 0 && step.index != last;
    last = step.index;
    const ExpandedChild& child = node.child(step.index);
    const Move m = child.key.move;
    const ParentLink link = ParentLink::of(pos_, m);
    if (child.parent.valid() && !child.parent.same_edge(link) && context_.cold_salt == 0) find_merge(child);
    do_move(m);
    const NodeResult r = search(step.thpn, step.thdn, node.child_remaining(), link, widening, !child.visited);
    undo_move(m);
    node.update(step.index, r);
    if (ply_ == 0) {
      const NodeResult now = node.result();
      root_pn_ = now.pn, root_dn_ = now.dn;
    }
    if (abort_ != Abort::kNone) break;
  }
  widening = std::min(widening, widening_before);
}

// A final result of this node that a final entry of the table denies: a disproof for len plies against
// a proof within len or fewer, or a proof within len against a disproof for len or more (counted in
// contradictions() by builds with assertions).
bool DfpnSearch::contradicts_table(const NodeResult& result) const {
  const MateProbe p = table_.probe(node_key(), pos_.hand(attacker_), result.len);
  return p.found && (result.disproven() ? p.pn == 0 : p.dn == 0);
}

// A disproof that still relies on the path goes to the path table, every other result to the table.
void DfpnSearch::store(const NodeResult& result, std::uint16_t remaining, std::uint64_t amount, ParentLink link) {
  if (result.disproven() && result.loop_ply != kNoLoop) {
    const Key node = SearchPath::node_hash(node_key(), pos_.hand(attacker_));
    const Key segment = path_.segment_key(result.loop_ply);
    const auto distance = std::uint16_t(ply_ - result.loop_ply);
    paths_.store(node, segment, result.len, distance, result.hand);
    if (shared_paths_ && amount >= shared_min_nodes_)
      shared_paths_->store(node, segment, result.len, distance, result.hand);
    ++counters_.path_stores;
    return;
  }
  const bool final = result.proven() || result.disproven();
  const Hand hand = pos_.hand(attacker_);
#ifndef NDEBUG
  if (final && contradicts_table(result)) ++contradictions_;
#endif
  const StoreOutcome outcome =
      table_.store(final ? node_key() : node_key() ^ context_.cold_salt, hand,
                   MateRecord{result.pn, result.dn, final ? result.len : remaining, final ? result.hand : hand,
                              result.best, amount, link, depth_of_ply(ply_)});
  counters_.stores_new += outcome == StoreOutcome::kNew;
  if (outcome == StoreOutcome::kUpdate) counters_.count_reexpansion(ply_);
  counters_.evictions += outcome == StoreOutcome::kEvict;
}

NodeResult DfpnSearch::search(std::uint32_t thpn, std::uint32_t thdn, std::uint16_t remaining, ParentLink link,
                              std::uint32_t& widening, bool first_visit) {
  const std::uint64_t start_nodes = nodes_++;
  remaining_at_[std::size_t(ply_)] = remaining;
  if ((nodes_ & (kLimitInterval - 1)) == 0) check_limits();
  NodeResult result;
  if (leaf(remaining, result)) return result;
  const Key mark = BusyMarks::node_key(node_key(), pos_.hand(attacker_).raw());
  if (crew_) crew_->busy.enter(mark);
  {
    counters_.count_expansion(ply_, drop_chain_[std::size_t(ply_)]);
    LocalExpansion node(context_, pos_, remaining);
    expansions_[std::size_t(ply_)] = &node;
    descend(node, thpn, thdn, mark, widening, first_visit);
    result = node.result();
    expansions_[std::size_t(ply_)] = nullptr;
  }
  if (crew_) crew_->busy.leave(mark);
  store(result, remaining, nodes_ - start_nodes, link);
  if (ply_ == settled_ply_) {  // leaving the settled ancestor: what was searched under it since is late
    tally_.late_nodes += nodes_ - late_from_;
    settled_ply_ = -1;
  }
  return result;
}

// Merge detection (merge_detection.h): the child about to be searched was last stored through another
// parent. If the walk up the table meets an ancestor, that ancestor counts the child twice: its two
// children on the two routes count by max from now on, here and (shared flag) wherever they are
// expanded again.
void DfpnSearch::find_merge(const ExpandedChild& child) {
  ++counters_.merge_checks;
  const std::optional<MergeRoot> root = find_merge_root(
      table_, path_, attacker_, NodeKeys{child.key.board_key, child.key.hand}, child.parent, child.pn, child.dn);
  if (!root) return;
  LocalExpansion* ancestor = expansions_[std::size_t(root->ply)];
  const NodeKeys on_path{path_.board_at(root->ply + 1), path_.hand_at(root->ply + 1)};
  const int walked = ancestor ? ancestor->find(root->walked.board_key, root->walked.hand) : -1;
  const int path_child = ancestor ? ancestor->find(on_path.board_key, on_path.hand) : -1;
  if (walked < 0 || path_child < 0 || walked == path_child) return;
  ancestor->count_by_max(walked);
  ancestor->count_by_max(path_child);
  table_.mark_shared(root->walked.board_key, root->walked.hand);
  table_.mark_shared(on_path.board_key, on_path.hand);
  ++counters_.merges;
}

NodeResult DfpnSearch::solve(std::uint16_t remaining) {
  NodeResult r{};
  root_pn_ = root_dn_ = 0;
  unwind_to_ = settled_ply_ = -1;
  solve_ply_ = ply_;
  do {
    std::uint32_t widening = 0;
    r = search(kInfPn - 1, kInfPn - 1, remaining, ParentLink(), widening, false);
  } while (!r.proven() && !r.disproven() && abort_ == Abort::kNone);
  return r;
}

NodeResult DfpnSearch::probe_cold(std::uint16_t remaining, std::uint64_t budget) {
  // A worker of a crew ends each search it did not finish itself with kYielded: a probe starts afresh,
  // as every worker's search does (RootSearch::search). Left standing, it cut 木星の旅's shortest-mate
  // proof at 447 (2 workers) after a one-node probe.
  clear_abort();
  DfpnCrew* const crew = crew_;
  const bool marks = context_.marks;
  const std::uint64_t outer = max_nodes_;
  if (crew) {
    // Alone, the limits see this worker's nodes only: the crew's node limit less the others' nodes (as
    // of their last check). The crew's done flag is the last search's and is not looked at.
    const std::uint64_t others = crew->nodes.load(std::memory_order_relaxed) - crew_counted_;
    if (outer) max_nodes_ = outer > others ? outer - others : 1;
    crew_ = nullptr;
    context_.marks = false;
  }
  context_.cold_salt = kColdSalt;
  const NodeResult r = solve_capped(remaining, budget);
  context_.cold_salt = 0;
  if (crew) {
    crew_ = crew;
    context_.marks = marks;
    max_nodes_ = outer;
  }
  return r;
}

NodeResult DfpnSearch::solve_assisted(std::uint16_t remaining, std::uint64_t* budget) {
  return assist_ ? assist_(assist_ctx_, *this, remaining, budget) : solve_budgeted(remaining, 0, budget);
}

NodeResult DfpnSearch::solve_budgeted(std::uint16_t remaining, std::uint64_t cap, std::uint64_t* budget) {
  if (budget) cap = std::max<std::uint64_t>(1, cap == 0 ? *budget : std::min(cap, *budget));
  const std::uint64_t before = nodes();
  const NodeResult r = cap == 0 ? solve(remaining) : solve_capped(remaining, cap);
  if (budget) *budget -= std::min(*budget, nodes() - before);
  return r;
}

NodeResult DfpnSearch::solve_capped(std::uint16_t remaining, std::uint64_t budget) {
  const std::uint64_t outer = max_nodes_, cap = nodes() + budget;
  const bool capped = outer == 0 || cap < outer;
  if (capped) max_nodes_ = cap;
  const NodeResult r = solve(remaining);
  max_nodes_ = outer;
  if (capped && abort_ == Abort::kNodes && (outer == 0 || nodes() < outer)) clear_abort();
  return r;
}

}  // namespace tsumi
