#include "compose/main_line_return.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "core/movegen.h"
#include "solver/proof_hand.h"

namespace tsumi {

MainLinePositions::MainLinePositions(const PositionSetup& start, std::span<const Move> line) {
  std::vector<StateInfo> states(line.size() + 1);
  Position walk;
  walk.set(start, &states[0]);
  keys.assign(1, walk.key());
  shots.assign(1, walk.setup());
  for (std::size_t i = 0; i < line.size(); ++i)
    walk.do_move(line[i], states[i + 1]), keys.push_back(walk.key()), shots.push_back(walk.setup());
}

bool forces_return(Position& pos, Color attacker, const std::unordered_set<Key>& targets, int plies) {
  if (targets.contains(pos.key())) return true;
  if (plies == 0) return false;
  MoveList moves;
  StateInfo st;
  if (pos.side_to_move() == attacker) {
    generate<CHECKS>(pos, moves);
    for (const Move m : moves) {
      pos.do_move(m, st);
      const bool back = forces_return(pos, attacker, targets, plies - 1);
      pos.undo_move(m);
      if (back) return true;
    }
    return false;
  }
  generate<EVASIONS>(pos, moves);
  if (moves.empty()) return false;
  for (const Move m : moves) {
    pos.do_move(m, st);
    const bool back = forces_return(pos, attacker, targets, plies - 1);
    pos.undo_move(m);
    if (!back) return false;
  }
  return true;
}

bool reachable(const Position& pos, int rest, const ReturnTargets& t) {
  for (const auto& [left, target] : t.at) {
    const int plies = rest - left;
    if (plies < 0) continue;
    int squares = 0;
    for (Square sq = SQ_11; sq < SQ_NB && squares <= 2 * plies; ++sq) squares += pos.piece_on(sq) != target->board[sq];
    if (squares > 2 * plies) continue;
    int pieces = 0;
    for (Color c : {BLACK, WHITE})
      for (PieceType pt : proof_hand::kHandTypes)
        pieces += std::abs(pos.hand(c).count(pt) - target->hands[c].count(pt));
    if (pieces <= plies) return true;
  }
  return false;
}

bool MainLineReturn::returns(Position& pos, int i, int from, bool loop, const MateResult& mate, std::uint64_t& budget,
                             bool& cut) {
  const int n = int(line_.keys.size()) - 1;
  // The plies of a target's own mate: n - j on tsumi's own line (a shortest mate against the longest
  // defences, else the verdict is unknown anyway); a recorded line's may be shorter (a short mate
  // further on), so there 0, which prunes less but never wrongly.
  const auto left = [&](int j) { return solves_.report().recorded ? 0 : n - j; };
  ReturnTargets to;
  if (loop) to.keys.insert(line_.keys[std::size_t(i)]), to.at.push_back({left(i), &line_.shots[std::size_t(i)]});
  for (int j = from; j <= n; ++j)
    to.keys.insert(line_.keys[std::size_t(j)]), to.at.push_back({left(j), &line_.shots[std::size_t(j)]});
  std::unordered_map<Key, bool> seen;
  return forces_return(pos, solves_.problem().attacker, to.keys, kReturnPlies) ||
         (mate.shortest_proven && along_mates(pos, mate.length, mate.pv, to, budget, seen, cut));
}

// From pos, whose shortest mate is `rest` plies (proven), against every longest defence; `line`, a
// proven shortest mate from pos, is tried first: its moves need no solve. `seen` holds the answers so
// far (a position's shortest mate is a function of it).
bool MainLineReturn::along_mates(Position& pos, int rest, std::span<const Move> line, const ReturnTargets& later,
                                 std::uint64_t& budget, std::unordered_map<Key, bool>& seen, bool& cut) {
  if (later.keys.contains(pos.key())) return true;
  if (rest <= 0 || !reachable(pos, rest, later)) return false;
  if (const auto it = seen.find(pos.key()); it != seen.end()) return it->second;
  const bool attacking = pos.side_to_move() == solves_.problem().attacker;
  const Move own = line.empty() ? Move::none() : line.front();
  MoveList moves;
  if (attacking)
    generate<CHECKS>(pos, moves);
  else
    generate<EVASIONS>(pos, moves);
  bool result = !attacking && !moves.empty();
  // The line's own move first: at an attacker ply it may settle the answer without a solve.
  if (!own.is_none()) std::stable_partition(moves.begin(), moves.end(), [&](Move m) { return m == own; });
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    bool back = false, counts = true;
    if (m == own) {
      back = along_mates(pos, rest - 1, line.subspan(1), later, budget, seen, cut);
    } else {
      // A sooner mate after an evasion (within rest - 3 plies: none with rest 2) leaves it out.
      // A check (an evasion) after which no target is reachable leads nowhere: it needs no solve, but
      // for an evasion's whether it is mated sooner.
      const bool near = later.keys.contains(pos.key()) || reachable(pos, rest - 1, later);
      std::optional<MateResult> sooner;
      if (!attacking && rest >= 4) sooner = solves_.quiet_solve(pos, rest - 3, false, &budget);
      cut = cut || (!attacking && rest >= 4 && !sooner);
      if (sooner && sooner->verdict == MateVerdict::kMate) {
        counts = false;
      } else if (near && (attacking || rest < 4 || sooner)) {
        const std::optional<MateResult> exact = solves_.quiet_solve(pos, rest - 1, true, &budget);
        cut = cut || !exact || (exact->verdict == MateVerdict::kMate && !exact->shortest_proven);
        const bool mates =
            exact && exact->verdict == MateVerdict::kMate && exact->shortest_proven && exact->length == rest - 1;
        counts = mates || !attacking;  // a check that does not mate in rest - 1 is no shortest route
        back = mates && along_mates(pos, rest - 1, exact->pv, later, budget, seen, cut);
      }
    }
    pos.undo_move(m);
    if (attacking && back) {
      result = true;
      break;
    }
    if (!attacking && counts && !back) {
      result = false;
      break;
    }
  }
  seen.emplace(pos.key(), result);
  return result;
}

}  // namespace tsumi
