#include "solver/dfpn_search.h"

#include "core/movegen.h"

namespace tsumi {

DfpnSearch::DfpnSearch(MateTable& table, Color attacker)
    : table_(table), attacker_(attacker), states_(kMaxPly + 2), path_(kMaxPly), context_{table,        path_,
                                                                                         paths_,       children_,
                                                                                         attacker,     false,
                                                                                         move_buffer_, check_buffer_} {}

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
  if ((nodes_ & (kCollectInterval - 1)) == 0) table_.collect();
  if (tick_) tick_(tick_ctx_);
}

NodeResult DfpnSearch::probe_child(Move m, std::uint16_t child_remaining) const {
  const ChildKey c = child_key(pos_, attacker_, m);
  const MateProbe p = table_.probe(c.board_key, c.hand, child_remaining);
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
    result = has_legal_move(pos_) ? out_of_length(pos_, attacker_) : mated(pos_, attacker_);
  } else {
    return false;
  }
  return true;
}

// Searches the children of `node` until its numbers reach the thresholds, it is final, or a limit.
void DfpnSearch::descend(LocalExpansion& node, std::uint32_t thpn, std::uint32_t thdn, Key mark) {
  const BusyMarks* busy = crew_ ? &crew_->busy : nullptr;
  for (bool fresh = true;; fresh = false) {
    // Another worker in this node may have changed its children since: read them again.
    if (busy && !fresh && busy->count(mark) > 1) node.refresh();
    const LocalExpansion::Step step = node.next(thpn, thdn, busy, tie_last_);
    if (step.stop) return;
    const Move m = node.child(step.index).key.move;
    do_move(m);
    const NodeResult r = search(step.thpn, step.thdn, node.child_remaining());
    undo_move(m);
    node.update(step.index, r);
    if (abort_ != Abort::kNone) return;
  }
}

// A final result of this node that a final entry of the table denies: a disproof for len plies against
// a proof within len or fewer, or a proof within len against a disproof for len or more (counted in
// contradictions() by builds with assertions).
bool DfpnSearch::contradicts_table(const NodeResult& result) const {
  const MateProbe p = table_.probe(pos_.board_key(), pos_.hand(attacker_), result.len);
  return p.found && (result.disproven() ? p.pn == 0 : p.dn == 0);
}

// A disproof that still relies on the path goes to the path table, every other result to the table.
void DfpnSearch::store(const NodeResult& result, std::uint16_t remaining, std::uint64_t amount) {
  if (result.disproven() && result.loop_ply != kNoLoop) {
    paths_.store(path_.path_key(), result.len, result.loop_ply, result.hand);
    return;
  }
  const bool final = result.proven() || result.disproven();
  const Hand hand = pos_.hand(attacker_);
#ifndef NDEBUG
  if (final && contradicts_table(result)) ++contradictions_;
#endif
  table_.store(pos_.board_key(), hand,
               MateRecord{result.pn, result.dn, final ? result.len : remaining, final ? result.hand : hand, result.best,
                          amount});
}

NodeResult DfpnSearch::search(std::uint32_t thpn, std::uint32_t thdn, std::uint16_t remaining) {
  const std::uint64_t start_nodes = nodes_++;
  if ((nodes_ & (kLimitInterval - 1)) == 0) check_limits();
  NodeResult result;
  if (leaf(remaining, result)) return result;
  const Key mark = BusyMarks::node_key(pos_.board_key(), pos_.hand(attacker_).raw());
  if (crew_) crew_->busy.enter(mark);
  {
    LocalExpansion node(context_, pos_, remaining);
    descend(node, thpn, thdn, mark);
    result = node.result();
  }
  if (crew_) crew_->busy.leave(mark);
  store(result, remaining, nodes_ - start_nodes);
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
