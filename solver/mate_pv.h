#pragma once
// The main line of a proven mate, by tsume rules: the attacker plays a mate of the proven length; the
// defender takes the longest defence, and among defences of equal length the one that leaves the
// attacker the fewest spare pieces in hand at the end.
//
// The table holds only upper bounds of lengths, so at each defence node the line asks the search
// which evasions still need every remaining ply: an evasion whose position cannot be mated within
// r - 3 plies (r the node's exact length) is a longest defence. Ties are broken by following each
// candidate's own line (greedily below) and counting what the attacker holds at the end.
//
// Also: the length when futile interpositions are not counted (the pair rule here, the cycles of
// mate_line.h; solver/README.md gives the policy), and the line the table suggests while a search
// runs (for progress reports).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "solver/dfpn_search.h"
#include "solver/line_crew.h"
#include "solver/mate_line.h"

namespace tsumi {

// Builds the line from the search's current node, which is proven within `length` plies. With
// `exact` (the length was proven shortest) the defences are the provably longest; without, the
// longest the table knows of. Leaves the search at the node it started from.
MateLine build_mate_line(DfpnSearch& search, std::uint16_t length, bool exact);

// Builds the main lines of one problem with a search of its own over the table the workers have
// filled, and `helpers` more searchers (LineCrew) that join the line's searches that need them. Call it
// only while no worker searches (the table is then used without locks, except by the crew while it
// searches).
class LineBuilder {
 public:
  LineBuilder(MateTable& table, const PositionSetup& root, Color attacker, const std::atomic<bool>* stop,
              int helpers = 0);

  // The main line from the root of a mate within `length` (build_mate_line); nothing when the deadline
  // (if `has_until`) or a stop request cut it, or when it does not end in mate: a partial line is no
  // mate.
  // `book`: the line by the book count (futile interpositions no defences; it ends where every evasion
  // is a futile drop). max_nodes (0: none): the build may search this many nodes, then it is cut too.
  std::optional<MateLine> build(std::uint16_t length, bool exact, std::chrono::steady_clock::time_point until,
                                bool has_until, bool book = false, std::uint64_t max_nodes = 0);
  // The book's line by the composers' order (book_line.h) over the book count's proof of a mate within
  // `length`; nothing when the deadline, a stop or the walk's bound cut it.
  std::optional<MateLine> build_book(std::uint16_t length, std::chrono::steady_clock::time_point until, bool has_until);
  // The nodes of its searches, the helpers' included.
  std::uint64_t nodes() const { return search_.nodes() + crew_.nodes(); }
  // The helpers' time in the line's searches, each helper's in microseconds (index 0: helper 1).
  const std::vector<std::uint64_t>& helper_busy_us() const { return crew_.busy_us(); }
  // Whether the last build was cut by its deadline or a stop (else a missing line did not end in mate).
  bool cut() const { return search_.aborted() != DfpnSearch::Abort::kNone; }
  DfpnSearch::Abort aborted() const { return search_.aborted(); }  // what cut it
  // The stop request the line searches obey (nullptr: none; then only the deadline cuts them).
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  // The line searches read and add to `shared`, the workers' path table (DfpnSearch::share_paths): a
  // disproof of a line's defence that rested on a repetition is then found, not searched again.
  void share_paths(PathTable& shared, std::uint64_t min_nodes = DfpnSearch::kSharedPathNodes) {
    search_.share_paths(shared, min_nodes);
    crew_.share_paths(shared, min_nodes);
  }
  // Called every DfpnSearch::kLimitInterval nodes of the line searches (progress reports).
  void set_tick(void (*tick)(void*), void* ctx) { search_.set_tick(tick, ctx); }

 private:
  DfpnSearch search_;
  LineCrew crew_;
  PositionSetup root_;
  const std::atomic<bool>* stop_;
};

// The most promising line the table knows now, from `root` with `attacker` to move first: the
// attacker takes the shortest proven check, else the one with the least proof number; the defender
// the longest proven defence, else the evasion with the greatest proof number. It ends where the
// table knows no child, at a repetition, a mate, or after max_plies. No search; the table may be in
// concurrent use (it is only probed).
std::vector<Move> table_line(const MateTable& table, const PositionSetup& root, Color attacker, int max_plies);

// The line of a proof the table holds now, from `root` (the attacker to move) proven within `length`
// plies, read off the table without a search: with r plies left, the attacker's check proven within
// the fewest plies (at most r - 1), the defender's evasion whose proof needs the most (each evasion
// proven within r - 1). r falls by one a ply, so the line ends within `length` plies whatever the
// entries' lengths (those of several workers need not agree). Empty when the table no longer holds the
// proof (an entry replaced, or an evasion not proven within the plies left); else a line that ends with
// the defender to move and no evasion. `end` (if given) says where it ended and why.
// Where the table lost a position of the proof, the reading goes back to the last choice and takes the
// next proven child (each position and length tried once, kProofLineVisits positions at most). Without
// `every_defence` an evasion the table does not prove is passed over, not a dead end: the defender takes
// the longest of those it proves, so the line is a mate whose defences are not shown to be the longest.
// Tables lose part of a proof before the root is proven: Astral Traveler at 1 thread in the gate's table
// lost every check of a position at ply 562 of its 601-ply first proof; 明日香 with 2 workers (2026-11-29)
// kept no line read at any of its seven proofs, and answered timeout.
// No search; the table is only probed.
std::vector<Move> proof_line(const MateTable& table, const PositionSetup& root, Color attacker, int length,
                             ProofLineEnd* end = nullptr, bool every_defence = true);

// Protects the proof tree of a mate within `length` plies from replacement and collection
// (MateTable::protect, each entry raised added to `raised`), as shtsume protects its proof tree from its
// collector: from the root, at each attacker node the check proven within the fewest of the r - 1 plies
// left (the one proof_line takes), at each defender node every evasion proven within r - 1, each
// position once, and not below a position whose proof an earlier walk protected. Stops after `most` positions (a bound
// on the share of the table that can no longer be collected). Returns the positions protected. Call it while no worker
// searches.
std::size_t protect_proof(MateTable& table, const PositionSetup& root, Color attacker, int length, std::size_t most,
                          std::vector<MateTable::Raised>& raised);

}  // namespace tsumi
