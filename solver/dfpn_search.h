#pragma once
// The serial df-pn kernel (Nagai 2002) with the df-pn+ initial numbers and the 1+epsilon threshold
// trick (Pawlewicz and Lew 2007), over a length limit.
//
// OR nodes are the attacker's: every legal check (generate<CHECKS>, which never yields a pawn-drop
// mate). AND nodes are the defender's: every legal evasion, interposing drops included. A node is
// searched with a remaining length r: an OR node proves only a mate within r plies, and a disproof
// found under a limit holds for that limit and any smaller one. With r = kUnlimited the search is the
// plain df-pn; MateSolver then lowers r to prove that no shorter mate exists.
//
// Repetition: a child equal to a position on the current path is disproven for this path only; such
// results go to the PathTable, never to the MateTable (see path_table.h).
//
// Parallel search (join): several workers, one DfpnSearch each, search the same root over one
// concurrent MateTable and one DfpnCrew. What a worker finds reaches the others through the table;
// the crew's BusyMarks make a worker choosing a child prefer one no other worker is in (virtual proof
// numbers, Kaneko 2010), odd workers break ties between equal children the other way round, and a
// worker inside a node that another worker is also in re-reads the children's numbers from the
// table before each choice. The first worker to finish the root sets DfpnCrew::done; the others then
// return with Abort::kYielded.
//
// Thread safety: one DfpnSearch per thread; it owns its position and stacks, and shares only the
// table and the crew it was given.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/position.h"
#include "solver/busy_marks.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/proof_hand.h"
#include "solver/search_path.h"

namespace tsumi {

inline constexpr std::uint16_t kUnlimited = 0xfff0;  // a remaining length no problem needs

// The numbers a search returns for its node.
struct NodeResult {
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint16_t len;  // as MateEntry::len
  Hand hand;          // proof or disproof hand when final
  Move best;          // proven OR: the mating move; proven AND: the longest defence
  // Disproven: the shallowest ply of a position on the path that the disproof returns to (a
  // repetition), kNoLoop when it returns to none. The disproof of the node at ply p holds whatever the
  // path to it when loop_ply >= p (every repetition is the node itself or below it).
  std::uint16_t loop_ply;
  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
};

inline constexpr std::uint16_t kNoLoop = 0xffff;  // NodeResult::loop_ply of a result that relies on no repetition

// What the workers of one parallel solve share besides the table.
struct DfpnCrew {
  std::atomic<bool> done{false};        // a worker has finished the root: the others return
  std::atomic<std::uint64_t> nodes{0};  // every worker's nodes, brought up to date every 1024
  BusyMarks busy;
};

class DfpnSearch {
 public:
  static constexpr int kMaxPly = 4000;

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

  // Searches the current node until it is proven or disproven within `remaining` plies, or stopped.
  NodeResult solve(std::uint16_t remaining);

  // Limits: checked every 1024 nodes. The stop flag may be set from another thread.
  void set_limits(std::chrono::steady_clock::time_point deadline, bool has_deadline, std::uint64_t max_nodes,
                  const std::atomic<bool>* stop);
  // kYielded: another worker of the crew finished the root first.
  enum class Abort : std::uint8_t { kNone, kTime, kNodes, kStopped, kDepth, kYielded };
  Abort aborted() const { return abort_; }
  void clear_abort() { abort_ = Abort::kNone; }
  std::uint64_t nodes() const { return nodes_; }
  // Joins a crew as worker number `worker` (null: search alone). With a crew, the node limit applies
  // to the crew's total.
  void join(DfpnCrew* crew, int worker) {
    crew_ = crew;
    tie_last_ = worker % 2 == 1;
  }
  void set_tick(void (*tick)(void*), void* ctx) {
    tick_ = tick;
    tick_ctx_ = ctx;
  }

  // The table's answer for the child after move m of the current node (no search).
  NodeResult probe_child(Move m, std::uint16_t child_remaining) const;
  bool is_attacker_to_move() const { return pos_.side_to_move() == attacker_; }
  Color attacker() const { return attacker_; }
  void clear_paths() { paths_.clear(); }

 private:
  struct Child;
  struct Frame;
  class ChildStack;

  NodeResult search(std::uint32_t thpn, std::uint32_t thdn, std::uint16_t remaining);
  bool expand(Frame& f, bool or_node, std::uint16_t remaining);
  void refresh(Frame& f, std::uint16_t child_remaining);
  NodeResult conclude(const Frame& f, bool or_node, std::uint32_t pn, std::uint32_t dn) const;
  void check_limits();

  MateTable& table_;
  PathTable paths_;
  Color attacker_;
  Position pos_;
  std::vector<StateInfo> states_;
  SearchPath path_;
  std::unique_ptr<ChildStack> children_;
  int ply_ = 0;
  Move move_buffer_[kMaxMoves];   // scratch for generating a node's moves
  Move check_buffer_[kMaxMoves];  // scratch for counting a child's checks

  std::uint64_t nodes_ = 0;
  std::uint64_t max_nodes_ = 0;
  std::chrono::steady_clock::time_point deadline_{};
  bool has_deadline_ = false;
  const std::atomic<bool>* stop_ = nullptr;
  Abort abort_ = Abort::kNone;
  DfpnCrew* crew_ = nullptr;
  bool tie_last_ = false;           // among equal children pick the last (odd workers), not the first
  std::uint64_t crew_counted_ = 0;  // nodes_ already added to crew_->nodes
  void (*tick_)(void*) = nullptr;
  void* tick_ctx_ = nullptr;
};

}  // namespace tsumi
