#pragma once
// One node of the df-pn search, expanded: its children with their numbers, the child to search next
// with its thresholds, and the node's result. DfpnSearch runs the loop (descend, update, repeat); all
// the arithmetic of df-pn lives here, testable without a search.
//
// On expansion every child gets its numbers from, in order:
//   1. the repetition rule (search_path.h): a position dominated by an ancestor is disproven on this
//      path, with loop_ply the ancestor's ply;
//   2. the path table: a disproof that relies on repetitions of positions that are on this path too
//      (path_table.h);
//   3. the transposition table;
//   4. the df-pn+ first numbers for a child the table does not know: at an OR node the defender's
//      number of legal replies (none: mate, and the expansion stops there, the node proven), at an AND
//      node the attacker's number of checks (none: disproven).
//
// The numbers (Nagai 2002): an OR node's pn is the least pn of its children and its dn their sum; an
// AND node the other way round. The child to search is the one with the least number the node
// minimises; it may run until that number passes the second best by a quarter (the 1+epsilon trick,
// Pawlewicz and Lew 2007) and the node's own threshold. With shared BusyMarks (a helper of a parallel
// search) a child other workers are in looks one harder a worker (virtual proof numbers, Kaneko 2010)
// but is still taken when it is the only one under the node's threshold.
//
// Delayed children (after KomoringHeights' delayed expansion): at an AND node, drops of different
// pieces on the same square stand in line, and only the first unsettled one counts in the node's
// numbers; the next joins when it is proven. At an OR node a non-promotion waits behind the promotion
// of the same move until that is disproven. A node is still proven only when every child is, and
// disproven only by a final child, so results are unchanged; what changes is that a line of futile
// interpositions costs the proof number of one, not of seven.
//
// The book count (ctx.judge set): at an AND node the futile interpositions (futility_judge.h) are no
// defences and are left out of the children; a node whose every evasion is one is mated, its proof
// hand what the futility proofs need. A child the book count does not know yet may be answered by a
// proof of the count of every defence (a mate there is a mate in the book's count, no longer).
//
// Results and repetitions: a disproof that relies on a repetition carries loop_ply, the shallowest ply
// it returns to. At the node of that ply the repetition is the node's own, which holds on every path
// to it, so the result becomes an ordinary disproof there (loop_ply cleared) and can be shared through
// the table. Until then it is valid on this path only (DfpnSearch keeps it in the path table).
//
// Thread safety: one per worker, on the worker's position and stacks; the table may be shared.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"
#include "solver/busy_marks.h"
#include "solver/child_stack.h"
#include "solver/futility_judge.h"
#include "solver/mate_node.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/search_counters.h"
#include "solver/search_path.h"

namespace tsumi {

// What an expansion reads besides the position: one per worker, for all its expansions.
struct ExpansionContext {
  MateTable& table;
  const SearchPath& path;
  const PathTable& paths;  // the path-dependent disproofs of this searcher
  ChildStack& children;
  Color attacker;
  bool marks;    // compute the children's BusyMarks keys (the workers share marks)
  Move* moves;   // scratch of kMaxMoves for generating the node's moves
  Move* checks;  // scratch of kMaxMoves for counting a child's checks
  SearchCounters& counters;
  // The book count (futility_judge.h): its judge, and the salt of its keys; null and 0 for the count of
  // every defence.
  FutilityJudge* judge = nullptr;
  Key salt = 0;
  // The path table of the whole solve (DfpnSearch::share_paths), read where `paths` has no answer and
  // its filter says it may; null: none.
  const PathTable* shared_paths = nullptr;
  // A cold probe (DfpnSearch::probe_cold) when not 0: no longer limit's numbers stand in for a child's
  // estimates (MateTable::probe's warm_limit 0, where the search proper allows any, kInfLen), and the
  // probe's own unfinished numbers are kept under the board key xor `cold_salt`, apart from the table
  // proper's.
  Key cold_salt = 0;
};

// A disproof of the child with board key `board_key` and attacker hand `hand` (a child of the path's
// end) that relies on repetitions and holds on this path, within `remaining` plies: from the
// searcher's own path table, else the shared one. Its loop_ply is the first ply of the segment it was
// stored under (its repetitions are of positions there or below, so that ply or a deeper one). Probed
// for every child, so inline and cheap where neither table holds anything (the child's node hash is
// mixed only when one does).
struct PathDisproof {
  bool found;
  std::uint16_t len;
  std::uint16_t loop_ply;
  Hand hand;
};
inline PathDisproof path_disproof(const ExpansionContext& ctx, Key board_key, Hand hand, std::uint16_t remaining) {
  if (!ctx.paths.used() && !(ctx.shared_paths && ctx.shared_paths->used())) return {};
  const Key child = SearchPath::node_hash(board_key, hand);
  const PathTable* tables[2] = {&ctx.paths, ctx.shared_paths};
  for (const PathTable* t : tables) {
    if (!t || (t == ctx.shared_paths && !t->maybe_holds(child))) continue;
    const int distance = t->distance(child);
    if (distance == 0 || distance > ctx.path.ply() + 1) continue;
    if (const PathTable::Hit hit = t->disproven(child, ctx.path.child_segment_key(child, distance), remaining);
        hit.found)
      return {true, hit.len, std::uint16_t(ctx.path.ply() + 1 - distance), hit.hand};
  }
  return {};
}

class LocalExpansion {
 public:
  // Expands the node at the end of ctx.path, searched within `remaining` plies (kUnlimited: no limit).
  // `pos` is that node; it is left as it was.
  LocalExpansion(const ExpansionContext& ctx, Position& pos, std::uint16_t remaining);
  ~LocalExpansion() { ctx_.children.release(mark_); }
  LocalExpansion(const LocalExpansion&) = delete;
  LocalExpansion& operator=(const LocalExpansion&) = delete;

  bool or_node() const { return or_node_; }
  int size() const { return n_; }
  const ExpandedChild& child(int i) const { return c_[i]; }
  std::uint16_t child_remaining() const { return child_remaining_; }

  // What to do next under the node's thresholds: stop (the node is final or a number reached its
  // threshold), or search child `index` with the thresholds given.
  struct Step {
    bool stop;
    int index;
    std::uint32_t thpn, thdn;
  };
  // busy: the shared marks (null with one worker); tie_last: among equal children take the last;
  // widen: threshold control (DfpnSearch) raises the thresholds to the node's pn + 1 and dn + 1 first.
  Step next(std::uint32_t thpn, std::uint32_t thdn, const BusyMarks* busy, bool tie_last, bool widen = false) const;
  // Whether a child's numbers came from an unfinished entry met higher up the tree than the child
  // (MateProbe::old): the node's numbers may overestimate, and threshold control widens its thresholds.
  bool has_old_child() const { return old_child_; }

  // The child's numbers after a search of it.
  void update(int index, const NodeResult& r);
  // The child with this board key and attacker hand, or -1.
  int find(Key board_key, Hand hand) const;
  // From now on the child's summed number (OR: dn, AND: pn) counts by max (a merge was found below).
  void count_by_max(int index);
  // Reads the table's numbers for the children that are not final yet (what other workers found).
  void refresh();

  // The node's result from its children's numbers; unfinished: the numbers and the best child.
  NodeResult result() const;

 private:
  struct Sums;
  Sums sums(const BusyMarks* busy, bool tie_last) const;
  void first_numbers(ExpandedChild& c, Position& pos, MateProbe& p) const;
  void delay_siblings();
  NodeResult book_out_of_length(const Position& pos) const;
  void settle(int index);  // after child `index` changed: brings the next of its line in when it is due
  NodeResult conclude_final(std::uint32_t pn, std::uint32_t dn) const;

  const ExpansionContext& ctx_;
  const Position& pos_;
  ChildStack::Mark mark_;
  ExpandedChild* c_ = nullptr;
  int n_ = 0;
  int ply_;
  bool or_node_;
  std::uint16_t remaining_, child_remaining_;
  // The book count: the proof hands of the futile interpositions left out (what the node's proof needs
  // beside its children's).
  Hand futile_hand_;
  bool old_child_ = false;
};

}  // namespace tsumi
