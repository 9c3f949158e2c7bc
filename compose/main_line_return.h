#pragma once
// Returns to the main line: whether, after another check m at an attacker ply, the attacker can bring the
// play back onto a position of the main line. That makes m a detour (迂回: back onto the position before
// m, a loop, or onto a later one when m is no later attacker move of the main line) or a transposition
// (手順前後: onto a later position, m being one of its later attacker moves) instead of a cook
// (attacker_branch.h decides which).
//
// A return is either
//   - forced within kReturnPlies plies after m (forces_return: a plain full-width search, every evasion
//     counted, one check enough), or
//   - one along shortest mates: the attacker, playing only checks after which the mate is a ply
//     shorter, can bring the play onto the positions against every longest defence (at its plies some
//     such check leads there, at the defender's every evasion after which the mate is a ply shorter
//     does; one mated sooner is no longest defence). The branch's own line is tried first; every other
//     check and evasion is a bounded solve (BranchSolves::quiet_solve), and a route whose board and
//     hands are further from every target than the plies left allow is not followed (reachable).
//     This search has a budget; past it, or where a limit cuts a solve, the answer is no and `cut` says
//     it is not settled (a cook can be an unproven detour, never the other way).
// A mate off the targets is no return.
//
// Thread safety: one check at a time (BranchSolves).

#include <cstdint>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "compose/branch_solves.h"
#include "core/move.h"
#include "core/position.h"

namespace tsumi {

// The plies within which a transposition or detour must come back to a main-line position when it is
// forced whatever the play (forces_return).
inline constexpr int kReturnPlies = 4;

// The nodes a branch may spend on a return along shortest mates: kReturnShare times the nodes of its
// own solves, and at least kReturnMinNodes. Every other check of the routes it follows, and every
// evasion off them, is a solve: antma-tsume1-4's three cooks (a 1-ply problem with 2R4G4S4N4L in hand)
// took 76 M nodes and two minutes without a bound, against 14 k nodes before.
inline constexpr std::uint64_t kReturnShare = 1;
inline constexpr std::uint64_t kReturnMinNodes = 50000;

// The main line's positions, the targets of a return: keys[j] and shots[j] after j plies (j = 0..n).
struct MainLinePositions {
  MainLinePositions(const PositionSetup& start, std::span<const Move> line);
  std::vector<Key> keys;
  std::vector<PositionSetup> shots;
};

// Positions that a return may land on: their keys, and for the prune (reachable) each one's board and
// hands with the plies of its own mate (a lower bound will do).
struct ReturnTargets {
  std::unordered_set<Key> keys;
  std::vector<std::pair<int, const PositionSetup*>> at;  // (plies of its mate, the position)
};

// Whether the attacker, from `pos`, can force the play onto a position whose key is in `targets`
// within `plies` plies: every evasion must come back, one check must. A mate off those positions is no
// return. A plain full-width search: it runs only for the few moves that mate and are not shorter.
bool forces_return(Position& pos, Color attacker, const std::unordered_set<Key>& targets, int plies);

// Whether pos, `rest` plies from mate, can still reach one of the targets while the play keeps to
// shortest mates: target t, whose own mate takes left_t plies (or more), can only be reached after
// rest - left_t plies at most, and each ply changes at most two squares of the board (a move's from
// and to, a drop's to) and one piece in the hands (a capture taken in, a drop given out). A cheap
// necessary test that spares most solves of routes going elsewhere.
bool reachable(const Position& pos, int rest, const ReturnTargets& targets);

class MainLineReturn {
 public:
  MainLineReturn(BranchSolves& solves, const MainLinePositions& line) : solves_(solves), line_(line) {}

  // Position `pos` is after another check at the (0-based) attacker ply i, whose mate `mate` found
  // (its line tried first where its length is proven shortest). Whether the play returns onto the main
  // line's positions from index `from` on, and onto the one before the check (index i) where `loop`.
  // The return along mates spends `budget` and sets `cut` where it was not settled.
  bool returns(Position& pos, int i, int from, bool loop, const MateResult& mate, std::uint64_t& budget, bool& cut);

 private:
  bool along_mates(Position& pos, int rest, std::span<const Move> line, const ReturnTargets& later,
                   std::uint64_t& budget, std::unordered_map<Key, bool>& seen, bool& cut);

  BranchSolves& solves_;
  const MainLinePositions& line_;
};

}  // namespace tsumi
