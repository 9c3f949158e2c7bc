#pragma once
// The df-pn kernel (Nagai 2002) over a length limit: the recursion, the limits, and what is stored.
// The arithmetic of one node (children, df-pn+ first numbers, thresholds, results) is LocalExpansion's.
//
// OR nodes are the attacker's: every legal check (generate<CHECKS>, which never yields a pawn-drop
// mate). AND nodes are the defender's: every legal evasion, interposing drops included. A node is
// searched with a remaining length r: an OR node proves only a mate within r plies, and a disproof
// found under a limit holds for that limit and any smaller one. With r = kUnlimited the search is the
// plain df-pn; MateSolver then lowers r to prove that no shorter mate exists.
//
// Repetition (search_path.h): a child whose board an ancestor has with a dominating attacker hand is
// disproven on this path. A disproof that still relies on such an ancestor when its node returns goes
// to the PathTable (under the path); every other result goes to the MateTable.
//
// Threshold control (descend, in dfpn_search.cpp): a node whose children's numbers came from entries
// first met higher up the tree (LocalExpansion::has_old_child) widens its thresholds until a new node
// has been expanded below it (TCA, Kishimoto 2010).
//
// Parallel search (join): several workers, one DfpnSearch each, search the same root over one
// concurrent MateTable and one DfpnCrew. What a worker finds reaches the others through the table;
// the crew's BusyMarks make a worker choosing a child prefer one no other worker is in (virtual proof
// numbers, Kaneko 2010), odd workers break ties between equal children the other way round, and a
// worker inside a node that another worker is also in re-reads the children's numbers from the
// table before each choice. The first worker to finish the root sets DfpnCrew::done; the others then
// return with Abort::kYielded.
//
// Worker 0 of a crew chooses as a lone search does (no virtual numbers, no tie order of its own), so
// that what it proves first is what one worker would; the helpers (workers 1 and up) steer by the
// marks and break ties the other way round.
//
// Cut-offs (Kaneko 2010): a worker of a crew looks up nodes on its path every kLimitInterval nodes (the
// kNearAncestors nearest and every power of two further up); where one is final in the table (another
// worker settled it, or a transposition did), the worker returns to that node's parent, which reads its
// children again and chooses anew. So a worker learns within kLimitInterval nodes that a near ancestor
// was settled; a far one is found only at a look where it lies a power of two above. The nodes it
// searched under that ancestor from the check before the one that found it until it left it are late
// (WorkerTally): at most kLimitInterval with the cut-offs, the whole rest of its search there without.
//
// The book count (set_book): the search owns a futility judge (futility_judge.h), which needs nothing
// of the search.
//
// Thread safety: one DfpnSearch per thread; it owns its position and stacks, and shares only the
// table and the crew it was given.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "solver/busy_marks.h"
#include "solver/child_stack.h"
#include "solver/futility_judge.h"
#include "solver/local_expansion.h"
#include "solver/mate_node.h"
#include "solver/mate_table.h"
#include "solver/merge_detection.h"
#include "solver/path_table.h"
#include "solver/search_path.h"
#include "solver/worker_tally.h"

namespace tsumi {

// What the workers of one parallel solve share besides the table.
struct DfpnCrew {
  explicit DfpnCrew(std::size_t workers = 1) : busy(workers) {}
  std::atomic<bool> done{false};        // a worker has finished the root: the others return
  std::atomic<std::uint64_t> nodes{0};  // every worker's nodes, brought up to date every kLimitInterval
  BusyMarks busy;
  // Cut-offs on (DfpnSearch, "Cut-offs"); off, a worker only counts the late nodes (for measuring).
  // Set while no worker searches.
  bool cutoffs = true;
};

class DfpnSearch {
 public:
  static constexpr int kMaxPly = 4000;
  // The limits, the stop flag and the crew are looked at once every kLimitInterval nodes (a power of
  // two: the test is a mask).
  static constexpr std::uint64_t kLimitInterval = 1024;
  static_assert((kLimitInterval & (kLimitInterval - 1)) == 0);
  // The table is asked to collect garbage (MateTable::collect) once every kCollectInterval nodes.
  static constexpr std::uint64_t kCollectInterval = 16 * kLimitInterval;
  // The nearest ancestors a cut-off's look probes, before it probes every power of two further up.
  static constexpr int kNearAncestors = 16;

  DfpnSearch(MateTable& table, Color attacker);
  ~DfpnSearch();
  DfpnSearch(const DfpnSearch&) = delete;
  DfpnSearch& operator=(const DfpnSearch&) = delete;

  // The position searched; set it up, then make moves on it with do_move/undo_move to search below
  // the root (PV extraction does).
  Position& position() { return pos_; }
  void set_root(const PositionSetup& setup);
  void do_move(Move m);
  void undo_move(Move m);
  int ply() const { return ply_; }
  // The board key (node_key) and attacker hand of the node at `ply` (0 to ply()) of the current path.
  NodeKeys path_node(int ply) const { return NodeKeys{path_.board_at(ply), path_.hand_at(ply)}; }

  // The moves from the root to the current node.
  std::span<const Move> path_moves() const { return {moves_.data(), std::size_t(ply_)}; }

  // Searches the current node until it is proven or disproven within `remaining` plies, or stopped.
  NodeResult solve(std::uint16_t remaining);
  // solve, by the searchers lent with set_assist where there are some (a line builder's LineCrew: the
  // solve's other workers, idle while a line is built), else by this one alone. The line's searches
  // (mate_pv.h, book_line.h) call this; the searches within a search call solve. With a budget: at most
  // *budget more nodes, every worker's counted (checked every kLimitInterval); *budget is lowered by the
  // nodes spent, and past it the search gives up as solve_capped does.
  NodeResult solve_assisted(std::uint16_t remaining, std::uint64_t* budget = nullptr);
  using Assist = NodeResult (*)(void* ctx, DfpnSearch& lead, std::uint16_t remaining, std::uint64_t* budget);
  void set_assist(Assist assist, void* ctx) {
    assist_ = assist;
    assist_ctx_ = ctx;
  }
  // solve within at most `budget` more nodes (checked every kLimitInterval): past them it gives up,
  // answers the unfinished numbers and leaves no abort behind; the limits set_limits gave still cut it
  // (aborted() then says which).
  NodeResult solve_capped(std::uint16_t remaining, std::uint64_t budget);
  // This worker alone within `cap` more nodes (0: no cap) and *budget if there is one (at least a
  // look at the limits), which is lowered by the nodes spent: solve_capped within the smaller, or solve.
  NodeResult solve_budgeted(std::uint16_t remaining, std::uint64_t cap, std::uint64_t* budget);
  // A cold probe: solve_capped as if the table knew nothing of longer limits. No unfinished entry of a
  // longer limit stands in for a child's estimates (MateTable::probe, "Warm estimates": warm_limit 0),
  // and the probe's own unfinished numbers are stored under the node's key xor kColdSalt, where only
  // another cold probe reads them: when it gives up, the search that follows starts from the table as it
  // was, plus the final results the probe found (those go to the table proper, as every search's do).
  // No merge detection meanwhile (a walk up the table would miss the probe's entries). The worker
  // searches alone even when it is in a crew; a crew's node limit still counts every worker's nodes. It
  // starts afresh: an abort left by the search before (kYielded, say) is cleared.
  // Why the shortest-mate proof probes cold: shortest_proof.h, "Cold probes".
  NodeResult probe_cold(std::uint16_t remaining, std::uint64_t budget);
  static constexpr Key kColdSalt = 0x5bd1e9955bd1e995ull;

  // Limits: checked every kLimitInterval nodes. The stop flag may be set from another thread.
  void set_limits(std::chrono::steady_clock::time_point deadline, bool has_deadline, std::uint64_t max_nodes,
                  const std::atomic<bool>* stop);
  // kYielded: another worker of the crew finished the root first.
  enum class Abort : std::uint8_t { kNone, kTime, kNodes, kStopped, kDepth, kYielded };
  Abort aborted() const { return abort_; }
  void clear_abort() { abort_ = Abort::kNone; }
  std::uint64_t nodes() const { return nodes_; }
  const SearchCounters& counters() const { return counters_; }
  // The root's numbers after the last child search returned to it (0 and 0 before any did).
  std::uint32_t root_pn() const { return root_pn_; }
  std::uint32_t root_dn() const { return root_dn_; }
  // Builds with assertions (Debug, the sanitizers) probe the table before every store: the number of
  // final results this search stored that a final entry of the table denied (a proof within len
  // against a disproof for len or more of a hand it covers, or the reverse). A sound search on a sound
  // table stores none: a disproof hand wider than its disproof made them (fixed in 9f6cd49). Always 0 in
  // Release, which does not look.
  std::uint64_t contradictions() const { return contradictions_; }
  // Joins a crew as worker number `worker` (null: search alone). With a crew, the node limit applies
  // to the crew's total, to which this worker adds its nodes from now on. Between searches only.
  void join(DfpnCrew* crew, int worker) {
    crew_ = crew;
    crew_counted_ = nodes_;
    worker_ = crew ? worker : 0;
    tie_last_ = worker_ % 2 == 1;
    context_.marks = crew != nullptr;
  }
  int worker() const { return worker_; }
  // This worker's nodes, late nodes and cut-offs so far (the rest of WorkerTally is RootSearch's).
  WorkerTally tally() const {
    WorkerTally t = tally_;
    t.nodes = nodes_;
    return t;
  }
  void set_tick(void (*tick)(void*), void* ctx) {
    tick_ = tick;
    tick_ctx_ = ctx;
  }

  // Path-dependent disproofs that cost `min_nodes` or more go to `shared` as well as to the search's
  // own path table, and a child its own table has no answer for is looked up there: the workers and the
  // line builder of one solve share one (MateSolver). Call before searching; `shared` must outlive the
  // searches. The default keeps the shared table sparse, so that its filter stays selective (the
  // table-size stall stores 290 such disproofs at 256 nodes or more in 5 M nodes).
  static constexpr std::uint64_t kSharedPathNodes = 1024;
  void share_paths(PathTable& shared, std::uint64_t min_nodes = kSharedPathNodes) {
    shared_paths_ = &shared;
    shared_min_nodes_ = min_nodes;
    context_.shared_paths = shared_paths_;
  }

  // The answer for the child after move m of the current node, without a search: the path table's
  // disproof on the current path where it holds one, else the table's.
  // In the book count, a proof of the count of every defence answers where the book count knows none.
  NodeResult probe_child(Move m, std::uint16_t child_remaining) const;

  // The book count (futility_judge.h): futile interpositions are no defences, and lengths are counted
  // as problem books count them. Its nodes are kept apart in the table under keys XORed with
  // kBookSalt (bit 0, the side to move, untouched). Switch only between searches.
  static constexpr Key kBookSalt = 0x5bd1e9955bd1e994ULL & ~Key(1);
  void set_book(bool on);
  bool book() const { return salt_ != 0; }
  // The futility judge of the book count (null before set_book(true)).
  const FutilityJudge* judge() const { return judge_.get(); }
  // The book count: leaves the futile drops out of the evasions of the current node (a defence).
  void drop_futile(MoveList& evasions);
  // The board key the table knows the current node by.
  Key node_key() const { return pos_.board_key() ^ salt_; }
  bool is_attacker_to_move() const { return is_or_node(pos_, attacker_); }
  Color attacker() const { return attacker_; }

 private:
  NodeResult search(std::uint32_t thpn, std::uint32_t thdn, std::uint16_t remaining, ParentLink link,
                    std::uint32_t& widening, bool first_visit);
  void descend(LocalExpansion& node, std::uint32_t thpn, std::uint32_t thdn, Key mark, std::uint32_t& widening,
               bool first_visit);
  bool leaf(std::uint16_t remaining, NodeResult& result);
  void store(const NodeResult& result, std::uint16_t remaining, std::uint64_t amount, ParentLink link);
  // A crew's cut-off: the first node on the path that the table holds final, if any, sets unwind_to_.
  void find_settled_ancestor();
  bool unwinding() const { return unwind_to_ >= 0 && ply_ > unwind_to_; }
  void find_merge(const ExpandedChild& child);
  bool contradicts_table(const NodeResult& result) const;
  void check_limits();

  MateTable& table_;
  PathTable paths_;
  PathTable* shared_paths_ = nullptr;
  std::uint64_t shared_min_nodes_ = kSharedPathNodes;
  Color attacker_;
  Position pos_;
  std::vector<StateInfo> states_;
  std::vector<std::uint16_t> drop_chain_;  // at each ply of the path: the defender's drops in a row (SearchCounters)
  SearchPath path_;
  ChildStack children_;
  int ply_ = 0;
  Move move_buffer_[kMaxMoves];   // scratch for generating a node's moves
  Move check_buffer_[kMaxMoves];  // scratch for counting a child's checks
  SearchCounters counters_;
  std::uint32_t root_pn_ = 0, root_dn_ = 0;
  Key salt_ = 0;
  std::unique_ptr<FutilityJudge> judge_;
  ExpansionContext context_;
  // The expansion of the node at each ply of the current path (merge detection marks an ancestor's).
  std::vector<LocalExpansion*> expansions_;

  std::uint64_t nodes_ = 0;
  std::uint64_t contradictions_ = 0;
  std::uint64_t max_nodes_ = 0;
  std::chrono::steady_clock::time_point deadline_{};
  bool has_deadline_ = false;
  const std::atomic<bool>* stop_ = nullptr;
  Abort abort_ = Abort::kNone;
  DfpnCrew* crew_ = nullptr;
  int worker_ = 0;
  WorkerTally tally_;
  // Per ply of the path: the remaining length the node is searched with (the cut-offs' probes).
  std::vector<std::uint16_t> remaining_at_;
  int unwind_to_ = -1;                  // a cut-off: return to this ply (-1: none)
  int settled_ply_ = -1;                // the ancestor the last check found settled, until the search leaves it
  std::uint64_t late_from_ = 0;         // nodes() at the check before the one that found it
  std::uint64_t last_check_nodes_ = 0;  // nodes() at the last check_limits
  bool tie_last_ = false;               // among equal children pick the last (odd workers), not the first
  std::uint64_t crew_counted_ = 0;      // nodes() already added to crew_->nodes
  int solve_ply_ = 0;                   // the ply of the node the running solve() searches
  std::vector<Move> moves_;             // at each ply of the path: the move made there (path_moves)
  Assist assist_ = nullptr;
  void* assist_ctx_ = nullptr;
  void (*tick_)(void*) = nullptr;
  void* tick_ctx_ = nullptr;
};

}  // namespace tsumi
