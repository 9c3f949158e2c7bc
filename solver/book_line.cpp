#include "solver/book_line.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/movegen.h"

namespace tsumi {

Move shortest_check(DfpnSearch& s, std::uint16_t r, std::uint16_t& child_len) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    MoveList checks;
    generate<CHECKS>(s.position(), checks);
    Move best = Move::none();
    child_len = kInfLen;
    for (Move m : checks) {
      const NodeResult c = s.probe_child(m, std::uint16_t(r - 1));
      if (c.proven() && c.len < child_len) best = m, child_len = c.len;
    }
    if (!best.is_none() || attempt == 1) return best;
    if (!s.solve_assisted(r).proven()) return Move::none();
  }
  return Move::none();
}

namespace {

// The walk: every position of the solution tree valued once (its value and the move that gives it),
// the current path kept to refuse a line that comes back to a position.
class BookLineWalk {
 public:
  BookLineWalk(DfpnSearch& s, std::size_t max_positions) : s_(s), max_positions_(max_positions) {}

  // The value of the current node, proven within r plies; false when the walk is cut.
  bool value(std::uint16_t r, BookLineValue& out) {
    const Key key = s_.position().key();
    if (const auto it = memo_.find(key); it != memo_.end()) {
      if (it->second.value.plies > r) return false;  // valued under a longer bound: not a line within r
      out = it->second.value;
      return true;
    }
    if (s_.aborted() != DfpnSearch::Abort::kNone || memo_.size() >= max_positions_ ||
        s_.ply() >= DfpnSearch::kMaxPly - 1 || !path_.insert(key).second)
      return false;
    Valued v;
    const bool ok = s_.is_attacker_to_move() ? attack(r, v) : defend(r, v);
    path_.erase(key);
    if (!ok) return false;
    memo_.emplace(key, v);
    out = v.value;
    return true;
  }

  // The move the walk chose at the current node (none at the mate).
  Move chosen() const {
    const auto it = memo_.find(s_.position().key());
    return it == memo_.end() ? Move::none() : it->second.move;
  }

 private:
  struct Valued {
    BookLineValue value;
    Move move = Move::none();
  };

  bool attack(std::uint16_t r, Valued& v) {
    if (r == 0) return false;
    std::uint16_t child_len = 0;
    const Move m = shortest_check(s_, r, child_len);
    if (m.is_none()) return false;
    s_.do_move(m);
    BookLineValue child;
    const bool ok = value(child_len, child);
    s_.undo_move(m);
    if (!ok) return false;
    v = {{child.spare, child.plies + 1}, m};
    return true;
  }

  // The defences of the current node (futile drops are none), kept apart from the search's move list:
  // the walk recurses below each of them, a MoveList a ply would take the stack kMaxPly deep.
  std::vector<Move> defences() {
    MoveList generated;
    generate<EVASIONS>(s_.position(), generated);
    s_.drop_futile(generated);
    return std::vector<Move>(generated.begin(), generated.end());
  }

  bool defend(std::uint16_t r, Valued& v) {
    const std::vector<Move> evasions = defences();
    if (evasions.empty()) {
      v = {{s_.position().hand(s_.attacker()).total(), 0}, Move::none()};
      return true;
    }
    if (r == 0) return false;
    bool any = false;
    for (Move m : evasions) {
      // Every evasion of a node proven within r is proven within r - 1: the table's length, else a search.
      NodeResult c = s_.probe_child(m, std::uint16_t(r - 1));
      s_.do_move(m);
      if (!c.proven()) c = s_.solve_assisted(std::uint16_t(r - 1));
      BookLineValue child;
      const bool ok = c.proven() && value(c.len, child);
      s_.undo_move(m);
      if (!ok) return false;
      const BookLineValue here{child.spare, child.plies + 1};
      if (!any || defender_prefers(here, v.value)) v = {here, m};
      any = true;
    }
    return true;
  }

  DfpnSearch& s_;
  std::size_t max_positions_;
  std::unordered_map<Key, Valued> memo_;
  std::unordered_set<Key> path_;
};

}  // namespace

std::optional<MateLine> book_line(DfpnSearch& s, std::uint16_t length, std::size_t max_positions) {
  BookLineWalk walk(s, max_positions);
  BookLineValue root;
  if (!walk.value(length, root)) return std::nullopt;
  MateLine line;
  std::unordered_set<Key> seen{s.position().key()};
  bool repeated = false;
  for (Move m = walk.chosen(); !m.is_none() && int(line.moves.size()) < root.plies; m = walk.chosen()) {
    line.moves.push_back(m);
    s.do_move(m);
    if (!seen.insert(s.position().key()).second) {
      repeated = true;
      break;
    }
  }
  line.leftover = s.position().hand(s.attacker());
  if (!repeated && !s.is_attacker_to_move()) {
    MoveList evasions;
    generate<EVASIONS>(s.position(), evasions);
    s.drop_futile(evasions);
    line.mated = evasions.size() == 0;
  }
  for (auto it = line.moves.rbegin(); it != line.moves.rend(); ++it) s.undo_move(*it);
  if (!line.mated || int(line.moves.size()) != root.plies) return std::nullopt;
  line.futile_length = root.plies;
  return line;
}

}  // namespace tsumi
