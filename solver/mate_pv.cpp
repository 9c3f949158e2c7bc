#include "solver/mate_pv.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/movegen.h"
#include "solver/book_line.h"
#include "solver/mate_line.h"
#include "solver/mate_node.h"
#include "solver/mate_problem.h"
#include "solver/search_path.h"

namespace tsumi {

namespace {

// Ties between equally long defences are resolved by looking ahead only this close to the mate; far
// from it (the famous long problems) the first longest defence is taken.
constexpr std::uint16_t kTieBreakHorizon = 64;

// The longest defences at an AND node proven within exactly r plies: the evasions whose position
// cannot be mated within r - 3. Each is a search under a length limit, and far from the mate (beyond
// kTieBreakHorizon) the line takes the first longest defence without comparing it to the others: there
// the evasions are tried first where the table already holds a disproof within r - 3 (the shortest-mate
// proof's last search, which disproved the root two plies below, left one at every defence of the line
// unless replaced), then longest known proof first (one not known within r - 1 counts as r - 1), and
// the first found is returned alone. On ミクロコスモス (1525 plies, 2 workers) trying every evasion
// took 180 s and 165 M nodes of a 635 s solve; on 寿 (611 plies, 1 thread) taking the longest known
// proof first searched 3.09 M nodes to disprove what another evasion's entry already answered (1,090
// with the table's disproofs first).
std::vector<Move> longest_defences(DfpnSearch& s, std::uint16_t r, const MoveList& evasions) {
  std::vector<Move> longest;
  if (r < 3) return std::vector<Move>(evasions.begin(), evasions.end());
  const bool first_only = r > kTieBreakHorizon;
  constexpr int kKnownDisproof = 1 << 16;   // above every length
  std::vector<std::pair<int, Move>> order;  // (rank, evasion): the greatest first
  for (Move m : evasions) {
    // An evasion the table proves mated within r - 3 is no longest defence: not searched.
    const NodeResult shorter = s.probe_child(m, std::uint16_t(r - 3));
    if (shorter.proven()) continue;
    int rank = r - 1;
    if (first_only) {
      if (const NodeResult c = s.probe_child(m, std::uint16_t(r - 1)); c.proven()) rank = c.len;
      if (shorter.disproven()) rank += kKnownDisproof;
    }
    order.emplace_back(rank, m);
  }
  // The node is mated in exactly r, so some evasion holds out for r - 1: where only one is left, it is
  // that one, without a search. ミクロコスモス's exact line (2 workers) searched 108-136 M nodes, every
  // one at a defence with one evasion left: the table held no disproof there (the workers' disproofs
  // of the line's nodes likely rested on repetitions and stayed on their paths, PathTable).
  if (order.size() == 1) return {order.front().second};
  if (first_only)
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [known, m] : order) {
    s.do_move(m);
    const NodeResult shorter = s.solve_assisted(std::uint16_t(r - 3));
    s.undo_move(m);
    if (shorter.disproven()) {
      longest.push_back(m);
      if (first_only) break;
    }
  }
  return longest;
}

// Without an exact length: among the evasions the table knows a proof for within r - 1, the one with
// the longest proof, then the greatest known lower bound (a disproof stored by the shortest-mate
// searches: no mate within len plies). A proof length is an upper bound and a lower bound a floor, so
// neither orders the defences for sure; the longest proof keeps the line at the length the node was
// proven within wherever an evasion's proof allows it, and an evasion whose floor reaches another's
// proof has the longer proof anyway. The floors first (as before) let a stale one mislead the line: a
// feeble defence of kongou-24 held "no mate within 2" beside a proof in 5, the best one no floor beside
// its proof in 7, and the line was mated in 23 plies where the shortest mate is 25. Proof lengths are
// capped by r - 1, so a line never exceeds the length it was asked for. Only when the table knows no
// proof for any evasion are they searched (a deep problem over a full table would otherwise search at
// every defence). Every evasion of a node proven within r is provable within r - 1, so the bound falls
// by one each ply and the line ends even when the table has forgotten and re-proven things.
Move longest_known_defence(DfpnSearch& s, std::uint16_t r, const MoveList& evasions) {
  Move best = Move::none();
  std::uint16_t best_low = 0, best_len = 0;
  for (int pass = 0; pass < 2 && best.is_none(); ++pass) {
    for (Move m : evasions) {
      NodeResult c = s.probe_child(m, std::uint16_t(r - 1));
      if (!c.proven() && pass == 1) {
        s.do_move(m);
        c = s.solve_assisted(std::uint16_t(r - 1));
        s.undo_move(m);
      }
      if (!c.proven()) continue;
      const NodeResult low = s.probe_child(m, 1);
      const std::uint16_t lower = low.disproven() ? low.len : 0;
      if (best.is_none() || c.len > best_len || (c.len == best_len && lower >= best_low))
        best = m, best_low = lower, best_len = c.len;
    }
  }
  return best.is_none() ? evasions[0] : best;
}

// The pieces a line's ties leave the attacker, per position (fewest_spare).
using SpareMemo = std::unordered_map<Key, int>;

// The fewest pieces the defender can leave in the attacker's hand at the mate from an exact node proven
// within r, choosing among its longest defences at every ply (tsume rules' tie-break, taken all the way
// down, not at the first ply only: a knight drop's variation of a random 9-ply problem kept N in hand
// where another longest defence two plies later leaves none), the attacker playing attacker_move's
// choice. Each position is valued once (memo).
int fewest_spare(DfpnSearch& s, std::uint16_t r, SpareMemo& memo) {
  const Key key = s.position().key();
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  int spare = s.position().hand(s.attacker()).total();
  if (r > 0 && s.aborted() == DfpnSearch::Abort::kNone && s.ply() < DfpnSearch::kMaxPly - 1) {
    if (s.is_attacker_to_move()) {
      std::uint16_t child_len = 0;
      if (const Move m = shortest_check(s, r, child_len); !m.is_none()) {
        s.do_move(m);
        spare = fewest_spare(s, child_len, memo);
        s.undo_move(m);
      }
    } else {
      MoveList evasions;
      generate<EVASIONS>(s.position(), evasions);
      s.drop_futile(evasions);
      if (!evasions.empty()) {
        std::vector<Move> longest = longest_defences(s, r, evasions);
        if (longest.empty()) longest.push_back(longest_known_defence(s, r, evasions));
        spare = 1 << 30;
        for (Move m : longest) {
          s.do_move(m);
          spare = std::min(spare, fewest_spare(s, std::uint16_t(r - 1), memo));
          s.undo_move(m);
        }
      }
    }
  }
  memo.emplace(key, spare);
  return spare;
}

Move pick_defence(DfpnSearch& s, std::uint16_t r, const std::vector<Move>& longest, SpareMemo* memo) {
  if (longest.size() == 1 || !memo || r > kTieBreakHorizon) return longest.front();
  Move best = longest.front();
  int fewest = 1 << 30;
  for (Move m : longest) {
    s.do_move(m);
    const int spare = fewest_spare(s, std::uint16_t(r - 1), *memo);
    s.undo_move(m);
    if (spare < fewest) fewest = spare, best = m;
  }
  return best;
}

// The line from an OR or AND node proven within r: exact, its defences the longest (with `memo`, the
// ties broken by fewest_spare), else the longest known.
MateLine follow(DfpnSearch& s, std::uint16_t r, bool exact, SpareMemo* memo, std::vector<std::uint16_t>* bounds) {
  MateLine line;
  // r falls by one a ply, and the search's stacks end at kMaxPly: both bound the line.
  while (s.aborted() == DfpnSearch::Abort::kNone && r > 0 && s.ply() < DfpnSearch::kMaxPly - 1) {
    Move m;
    if (s.is_attacker_to_move()) {
      std::uint16_t child_len = 0;
      m = shortest_check(s, r, child_len);
      if (m.is_none()) break;
      r = std::uint16_t(child_len + 1);
    } else {
      MoveList evasions;
      generate<EVASIONS>(s.position(), evasions);
      s.drop_futile(evasions);  // the book count: futile drops are no defences
      if (evasions.empty()) break;
      if (exact) {
        const std::vector<Move> longest = longest_defences(s, r, evasions);
        // Empty only if r was not exact after all; then fall back to the known lengths.
        m = longest.empty() ? longest_known_defence(s, r, evasions) : pick_defence(s, r, longest, memo);
      } else {
        m = longest_known_defence(s, r, evasions);
      }
    }
    line.moves.push_back(m);
    s.do_move(m);
    r = std::uint16_t(r - 1);
    if (bounds) bounds->push_back(r);
  }
  line.leftover = s.position().hand(s.attacker());
  if (!s.is_attacker_to_move()) {
    MoveList evasions;
    generate<EVASIONS>(s.position(), evasions);
    s.drop_futile(evasions);
    line.mated = evasions.empty();
  }
  for (auto it = line.moves.rbegin(); it != line.moves.rend(); ++it) s.undo_move(*it);
  return line;
}

// Drops between the king and the checker that the attacker takes at once and does not need: from the
// position after the capture the attacker mates without the captured piece (its proof hand has no
// more of that kind than the attacker held before). Each such pair is two plies a book does not count.
// Drops inside a futile cycle are counted with their cycle, not here. The mate after the capture is
// sought within the plies left on the line. Where the line is not exact (the longest known defences,
// which may end it long before the length it was proven within) the table proves nothing that short
// there, and the search is a shortest-mate search of the rest of the line: 明日香, proven in 1009 and
// mated by ply 727, spent over 500 s on one. So the line's searches share kFutilePairNodes, every
// worker's nodes counted (a line crew's helpers join a search that needs them: line_crew.h); past them a
// pair is judged within the length the table proves (`bounds`, follow's, the plies left on an exact
// line), which the table answers at once.
constexpr std::uint64_t kFutilePairNodes = 4'000'000;

int futile_pairs(DfpnSearch& s, const std::vector<Move>& moves, const std::vector<PlySpan>& cycles,
                 const std::vector<std::uint16_t>& bounds) {
  const auto in_cycle = [&](std::size_t ply) {
    return std::any_of(cycles.begin(), cycles.end(), [&](const PlySpan& c) { return c.contains(ply); });
  };
  int pairs = 0, made = 0;
  std::uint64_t budget = kFutilePairNodes;  // every worker's nodes (a line crew's helpers search with the line)
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    const bool defence = !s.is_attacker_to_move();
    s.do_move(moves[i]);
    ++made;
    if (defence && moves[i].is_drop() && moves[i + 1].to() == moves[i].to() && !in_cycle(i) && !in_cycle(i + 1)) {
      const PieceType pt = moves[i].dropped_piece();
      s.do_move(moves[i + 1]);
      const Hand held = s.position().hand(s.attacker());
      // Within the plies left on the line while the budget lasts, else within what the table proves.
      const auto left = std::uint16_t(moves.size() - i - 2);
      NodeResult rest{};
      bool settled = false;
      if (budget > 0) {
        rest = s.solve_assisted(left, &budget);
        settled = rest.proven() || rest.disproven();
      }
      if (!settled && s.aborted() == DfpnSearch::Abort::kNone && bounds[i + 1] > left) {
        rest = s.solve(bounds[i + 1]);
        settled = rest.proven() || rest.disproven();
      }
      s.undo_move(moves[i + 1]);
      if (settled && rest.proven() && rest.hand.count(pt) < held.count(pt)) ++pairs;
    }
  }
  for (int k = made - 1; k >= 0; --k) s.undo_move(moves[std::size_t(k)]);
  return pairs;
}

// The children of a node of a mate search: every check at an OR node, every evasion at an AND node.
MoveList node_moves(const Position& pos, bool or_node) {
  MoveList moves;
  if (or_node)
    generate<CHECKS>(pos, moves);
  else
    generate<EVASIONS>(pos, moves);
  return moves;
}

}  // namespace

MateLine build_mate_line(DfpnSearch& search, std::uint16_t length, bool exact) {
  SpareMemo memo;
  std::vector<std::uint16_t> bounds;
  MateLine line = follow(search, length, exact, &memo, &bounds);
  if (search.book()) {  // the book count's line: its length is the book length
    line.futile_length = int(line.moves.size());
    return line;
  }
  const MateProblem here{search.position().setup(), search.attacker()};
  line.cycles = futile_cycles(here, line.moves);
  int cut = 0;
  for (const PlySpan& c : line.cycles) cut += int(c.size());
  line.futile_length = int(line.moves.size()) - cut - 2 * futile_pairs(search, line.moves, line.cycles, bounds);
  return line;
}

LineBuilder::LineBuilder(MateTable& table, const PositionSetup& root, Color attacker, const std::atomic<bool>* stop,
                         int helpers)
    : search_(table, attacker), crew_(table, root, attacker, helpers), root_(root), stop_(stop) {
  if (crew_.helpers() > 0) search_.set_assist(&LineCrew::assist, &crew_);
}

std::optional<MateLine> LineBuilder::build(std::uint16_t length, bool exact,
                                           std::chrono::steady_clock::time_point until, bool has_until, bool book,
                                           std::uint64_t max_nodes) {
  search_.set_root(root_);
  search_.set_book(book);
  search_.clear_abort();
  crew_.set_limits(search_, until, has_until, max_nodes > 0 ? nodes() + max_nodes : 0, stop_);
  MateLine line = build_mate_line(search_, length, exact);
  if (search_.aborted() != DfpnSearch::Abort::kNone || !line.mated) return std::nullopt;
  return line;
}

std::optional<MateLine> LineBuilder::build_book(std::uint16_t length, std::chrono::steady_clock::time_point until,
                                                bool has_until) {
  search_.set_root(root_);
  search_.set_book(true);
  search_.clear_abort();
  crew_.set_limits(search_, until, has_until, 0, stop_);
  return book_line(search_, length, kBookLinePositions);
}

std::vector<Move> table_line(const MateTable& table, const PositionSetup& root, Color attacker, int max_plies) {
  std::vector<Move> line;
  std::vector<StateInfo> states(std::size_t(std::max(0, max_plies)) + 1);
  std::vector<Key> seen;
  Position pos;
  pos.set(root, &states[0]);
  seen.push_back(pos.key());
  while (int(line.size()) < max_plies) {
    const bool or_node = pos.side_to_move() == attacker;
    const MoveList moves = node_moves(pos, or_node);
    Move best = Move::none();
    std::uint32_t best_pn = 0;
    std::uint16_t best_len = 0;
    for (Move m : moves) {
      const ChildKey child = child_key(pos, attacker, m);
      const MateProbe p = table.probe(child.board_key, child.hand, kUnlimited);
      if (!p.found || (or_node && p.dn == 0)) continue;
      // Scores: the attacker wants a proof (pn 0) of the least length, else the least pn; the
      // defender the greatest pn (a refutation first), among proven defences the longest.
      bool better;
      if (best.is_none())
        better = true;
      else if (or_node)
        better = p.pn < best_pn || (p.pn == 0 && best_pn == 0 && p.len < best_len);
      else
        better = p.pn > best_pn || (p.pn == 0 && best_pn == 0 && p.len > best_len);
      if (better) best = m, best_pn = p.pn, best_len = p.len;
    }
    if (best.is_none()) break;
    pos.do_move(best, states[line.size() + 1]);
    line.push_back(best);
    if (std::find(seen.begin(), seen.end(), pos.key()) != seen.end()) break;
    seen.push_back(pos.key());
  }
  return line;
}

// proof_line's positions visited at most: the walk goes back where the table lost part of a proof and
// tries the next proven child, each position and length once; a reading of a table that lost much of a
// proof stops here rather than walk every proven position (明日香's reading at 891 met 6 dead ends).
constexpr std::size_t kProofLineVisits = std::size_t(1) << 17;

namespace {

// proof_line's reading: a walk down the proof the table holds, best child first, back from each dead
// end to the last choice. `failed` keeps the (position, plies left) seen to end nowhere.
class ProofLineReading {
 public:
  ProofLineReading(const MateTable& table, const PositionSetup& root, Color attacker, int length, bool every_defence)
      : table_(table),
        attacker_(attacker),
        length_(length),
        every_defence_(every_defence),
        states_(std::size_t(std::max(0, length)) + 1) {
    pos_.set(root, &states_[0]);
  }

  std::vector<Move> read(ProofLineEnd* end) {
    bool mated = false;
    if (open(length_, mated) || mated) {
      while (!mated && !cut_ && !stack_.empty()) step(mated);
    }
    if (!mated) line_.clear();
    if (end) {
      *end = mated ? ProofLineEnd{} : first_end_;
      if (mated) end->ply = int(line_.size());
      end->dead_ends = dead_ends_;
    }
    return std::move(line_);
  }

 private:
  // A frame per position of the line: the proven children to try, best first (the attacker's shortest,
  // the defender's longest).
  struct Frame {
    std::vector<std::pair<std::uint16_t, Move>> tries;  // (the table's length, the move)
    std::size_t next = 0;
  };

  Key failed_key(int r) const { return pos_.key() ^ (Key(std::uint32_t(r)) * 0x9e3779b97f4a7c15ULL); }
  // The first dead end met is the reason when there is no line.
  void note(ProofLineEnd::Kind kind, int ply, const MateProbe* p = nullptr) {
    if (dead_ends_++ > 0) return;
    first_end_.kind = kind, first_end_.ply = ply;
    if (p) first_end_.pn = p->pn, first_end_.dn = p->dn, first_end_.len = p->len;
  }
  bool fail(int r) {
    failed_.insert(failed_key(r));
    return false;
  }

  // The frame of the position with r plies left; false where the line ends here (mate: `mated`).
  bool open(int r, bool& mated) {
    mated = false;
    const int ply = int(line_.size());
    if (++visits_ > kProofLineVisits) return cut_ = true, note(ProofLineEnd::kWalkCut, ply), false;
    const bool or_node = pos_.side_to_move() == attacker_;
    const MoveList moves = node_moves(pos_, or_node);
    if (!or_node && moves.empty()) return mated = true, false;
    if (r <= 0) return note(ProofLineEnd::kOutOfPlies, ply), false;
    if (failed_.count(failed_key(r))) return false;
    std::vector<std::pair<std::uint16_t, Move>> proven;
    for (Move m : moves) {
      const ChildKey child = child_key(pos_, attacker_, m);
      const MateProbe p = table_.probe(child.board_key, child.hand, std::uint16_t(r - 1));
      if (p.found && p.pn == 0) {
        proven.emplace_back(p.len, m);
      } else if (!or_node && every_defence_) {  // an evasion the table does not refute within the plies left
        note(p.found ? ProofLineEnd::kDefenceUnproven : ProofLineEnd::kDefenceUnknown, ply, p.found ? &p : nullptr);
        return fail(r);
      }
    }
    if (proven.empty()) {
      note(or_node ? ProofLineEnd::kNoProvenCheck : ProofLineEnd::kDefenceUnknown, ply);
      return fail(r);
    }
    std::stable_sort(proven.begin(), proven.end(),
                     [&](const auto& a, const auto& b) { return or_node ? a.first < b.first : a.first > b.first; });
    stack_.push_back(Frame{std::move(proven), 0});
    return true;
  }

  // The next child of the last frame, or back up where every child was tried.
  void step(bool& mated) {
    Frame& f = stack_.back();
    const int r = length_ - int(line_.size());
    if (f.next == f.tries.size()) {  // every child tried: this position ends nowhere within r
      stack_.pop_back();
      fail(r);
      if (line_.empty()) return;
      pos_.undo_move(line_.back());
      line_.pop_back();
      return;
    }
    const Move m = f.tries[f.next++].second;
    pos_.do_move(m, states_[line_.size() + 1]);
    line_.push_back(m);
    if (!open(r - 1, mated) && !mated) {
      pos_.undo_move(m);
      line_.pop_back();
    }
  }

  const MateTable& table_;
  Color attacker_;
  int length_;
  bool every_defence_;
  std::vector<StateInfo> states_;
  Position pos_;
  std::vector<Frame> stack_;
  std::vector<Move> line_;
  std::unordered_set<Key> failed_;
  ProofLineEnd first_end_;
  std::size_t dead_ends_ = 0, visits_ = 0;
  bool cut_ = false;
};

}  // namespace

std::vector<Move> proof_line(const MateTable& table, const PositionSetup& root, Color attacker, int length,
                             ProofLineEnd* end, bool every_defence) {
  return ProofLineReading(table, root, attacker, length, every_defence).read(end);
}

std::size_t protect_proof(MateTable& table, const PositionSetup& root, Color attacker, int length, std::size_t most,
                          std::vector<MateTable::Raised>& raised) {
  // A depth-first walk: a frame per position on the way down, holding the proof's moves from it.
  struct Frame {
    std::vector<Move> moves;
    std::size_t next = 0;
    int r = 0;
  };
  std::vector<StateInfo> states(std::size_t(std::max(0, length)) + 1);
  Position pos;
  pos.set(root, &states[0]);
  std::unordered_set<Key> seen;
  std::size_t protected_nodes = 0;
  // The proof's children of `pos` with r plies left, each protected and marked as seen; the walk goes on
  // below those not protected before (an earlier walk, of a longer mate, went below the others).
  const auto children = [&](int r) {
    Frame f;
    f.r = r;
    if (r <= 0 || protected_nodes >= most) return f;
    const bool or_node = pos.side_to_move() == attacker;
    ChildKey best{};
    std::uint16_t best_len = 0;
    for (Move m : node_moves(pos, or_node)) {
      const ChildKey child = child_key(pos, attacker, m);
      const MateProbe p = table.probe(child.board_key, child.hand, std::uint16_t(r - 1));
      if (!p.found || p.pn != 0) continue;
      if (or_node) {
        if (best.move.is_none() || p.len < best_len) best = child, best_len = p.len;
      } else if (protected_nodes < most && seen.insert(SearchPath::node_hash(child.board_key, child.hand)).second) {
        if (!table.protect(child.board_key, child.hand, std::uint16_t(r - 1), raised)) f.moves.push_back(m);
        ++protected_nodes;
      }
    }
    if (!best.move.is_none() && protected_nodes < most &&
        seen.insert(SearchPath::node_hash(best.board_key, best.hand)).second) {
      if (!table.protect(best.board_key, best.hand, std::uint16_t(r - 1), raised)) f.moves.push_back(best.move);
      ++protected_nodes;
    }
    return f;
  };
  std::vector<Frame> stack;
  stack.push_back(children(length));
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.moves.size()) {
      stack.pop_back();
      if (!stack.empty()) pos.undo_move(stack.back().moves[stack.back().next - 1]);
      continue;
    }
    const Move m = f.moves[f.next++];
    const int r = f.r - 1;
    pos.do_move(m, states[stack.size()]);
    stack.push_back(children(r));
  }
  return protected_nodes;
}

}  // namespace tsumi
