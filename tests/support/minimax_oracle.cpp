#include "tests/support/minimax_oracle.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "core/attacks.h"
#include "core/movegen.h"
#include "core/usi.h"

namespace tsumi::test {

// Repetition is ignored: the search is memoryless, a position's value is the same on every path. That
// gives the same shortest mate as the rules with repetition: along an optimal line (the attacker plays a
// check that mates within the fewest plies, the defender an evasion that lasts the longest) the exact
// value strictly decreases ply by ply, so no position comes back and the mate tree is free of
// repetition; and the repetition rules only ever take mates away from the attacker (a perpetual check
// does not mate), never add one.

namespace {

int chebyshev(Square a, Square b) {
  return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

// Sorts a move list by a score, highest first, `first` before all (ties by the move's bits, so the
// order is deterministic).
template <class Score>
void sort_moves(MoveList& list, Move first, Score score) {
  std::pair<int, std::uint16_t> keyed[kMaxMoves];
  std::size_t n = 0;
  for (Move m : list) keyed[n++] = {m == first ? 1 << 20 : score(m), m.raw()};
  std::sort(keyed, keyed + n, [](const auto& a, const auto& b) { return a > b; });
  for (std::size_t i = 0; i < n; ++i) list.data()[i] = Move(keyed[i].second);
}

// Checks that take, drop next to the king, or land near it first: where mates usually are.
void order_checks(const Position& pos, MoveList& list, Move first, Square king) {
  sort_moves(list, first, [&](Move m) {
    int s = 10 * (8 - chebyshev(m.to(), king));
    if (!m.is_drop() && pos.piece_on(m.to()) != NO_PIECE) s += 50;
    if (m.is_drop() && chebyshev(m.to(), king) == 1) s += 20;
    if (m.is_promotion()) s += 5;
    return s;
  });
}

// Captures and king moves first (the usual refutations), interpositions by a board piece next, drops
// last.
void order_evasions(const Position& pos, MoveList& list, Move first, Square king) {
  sort_moves(list, first, [&](Move m) {
    if (m.is_drop()) return 0;
    int s = 20;
    if (pos.piece_on(m.to()) != NO_PIECE) s += 40;
    if (m.from() == king) s += 30;
    return s;
  });
}

// The moves of a tsume line from pos: the attacker's checks, or the defender's evasions.
void tsume_moves(const Position& pos, bool attacker_to_move, MoveList& moves) {
  if (attacker_to_move)
    generate<CHECKS>(pos, moves);
  else
    generate<EVASIONS>(pos, moves);
}

}  // namespace

std::uint64_t MinimaxOracle::table_key(const Position& pos) const {
  // key() already covers the side to move; it is mixed in again so that the table's key says so.
  return pos.key() ^ (pos.side_to_move() == attacker_ ? 0 : 0x9e3779b97f4a7c15ULL);
}

bool MinimaxOracle::mate_within(Position& pos, int d) { return search(pos, d, 0); }

bool MinimaxOracle::search(Position& pos, int d, int level) {
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  // A mate ends with the defender to move: the attacker's lengths are odd, the defender's even.
  if (attacker_to_move) {
    if (d % 2 == 0) --d;
    if (d < 1) return false;
  } else {
    if (d % 2 != 0) --d;
    if (d < 0) return false;
  }
  if (spend()) return false;
  auto& table = table_[level];
  const std::uint64_t key = table_key(pos);
  Move best = Move::none();
  if (const auto it = table.find(key); it != table.end()) {
    if (it->second.proven <= d) return true;
    if (it->second.disproven >= d) return false;
    best = it->second.best;
  }
  const bool result = attacker_to_move ? attacker_mates(pos, d, best, level) : defender_mated(pos, d, best, level);
  if (spent_) return false;
  Entry& e = table[key];  // looked up again: the recursion may have rehashed the table
  if (result)
    e.proven = std::min(e.proven, d);
  else
    e.disproven = std::max(e.disproven, d);
  if (!best.is_none()) e.best = best;
  return result;
}

// OR node: one check after which the defender is mated within d - 1 plies. At d == 1 (every defence
// counted) a check mates or not, with no table entry for the child.
bool MinimaxOracle::attacker_mates(Position& pos, int d, Move& best, int level) {
  MoveList checks;
  generate<CHECKS>(pos, checks);
  order_checks(pos, checks, best, pos.king_square(~attacker_));
  for (Move m : checks) {
    StateInfo st;
    pos.do_move(m, st);
    const bool mated = d == 1 && level == 0 ? !has_legal_move(pos) : search(pos, d - 1, level);
    pos.undo_move(m);
    if (mated) {
      best = m;
      return true;
    }
  }
  return false;
}

// AND node: every evasion leads to a mate within d - 1 plies; the first that does not refutes. As books
// count, futile drops are left out first (a node of nothing else is mated).
bool MinimaxOracle::defender_mated(Position& pos, int d, Move& best, int level) {
  if (!pos.in_check()) return false;  // the attacker did not check: no tsume position
  MoveList evasions;
  generate<EVASIONS>(pos, evasions);
  if (level >= 1 && level < kFutilityNesting && drops_only(pos)) {
    MoveList defences;
    Move* out = defences.data();
    for (Move m : evasions)
      if (!futile_drop(pos, m, level + 1)) *out++ = m;
    defences.set_end(out);
    evasions = defences;
  }
  if (evasions.empty()) return true;
  if (d < 2) return false;
  order_evasions(pos, evasions, best, pos.king_square(~attacker_));
  for (Move m : evasions) {
    StateInfo st;
    pos.do_move(m, st);
    const bool mated = search(pos, d - 1, level);
    pos.undo_move(m);
    if (!mated) {
      best = m;
      return false;
    }
  }
  return true;
}

bool MinimaxOracle::mates_exactly(Position& pos, int length) {
  return mate_within(pos, length) && !mate_within(pos, length - 2);
}

int MinimaxOracle::shortest_mate(Position& pos, int max_plies) {
  for (int d = pos.side_to_move() == attacker_ ? 1 : 0; d <= max_plies; d += 2)
    if (mate_within(pos, d)) return d;
  return -1;
}

LeftoverRange MinimaxOracle::leftover(Position& pos, int length) {
  if (length == 0) {
    const bool left = !pos.hand(attacker_).empty();
    return {left, left};
  }
  const std::uint64_t key = table_key(pos);
  if (const auto it = leftovers_.find(key); it != leftovers_.end()) return it->second;

  // The moves of a tsume-rules line: the attacker's checks after which the mate is exactly length - 1
  // plies (a shortest mate), the defender's evasions after which it is exactly length - 1 (a longest
  // defence).
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  MoveList moves;
  tsume_moves(pos, attacker_to_move, moves);
  // The attacker picks: min prefers false (an empty hand), max prefers true. The defender always
  // prefers an empty hand for the attacker: min over its longest defences, in both cases.
  LeftoverRange r = attacker_to_move ? LeftoverRange{true, false} : LeftoverRange{true, true};
  for (Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    if (mates_exactly(pos, length - 1)) {
      const LeftoverRange child = leftover(pos, length - 1);
      r.min = r.min && child.min;
      r.max = attacker_to_move ? (r.max || child.max) : (r.max && child.max);
    }
    pos.undo_move(m);
  }
  if (!spent_) leftovers_[key] = r;
  return r;
}

bool MinimaxOracle::drops_only(const Position& pos) {
  if (!pos.in_check()) return false;
  MoveList evasions;
  generate<EVASIONS>(pos, evasions);
  if (evasions.empty()) return false;
  return std::all_of(evasions.begin(), evasions.end(), [](Move m) { return m.is_drop(); });
}

bool MinimaxOracle::futile_drop(Position& pos, Move drop, int level) {
  const Square s = drop.to();
  const Square king = pos.king_square(~attacker_);
  const Square checker = pos.checkers().lsb();
  const bool next_to_king = king_attacks(king).test(s);
  const PositionSetup before = pos.setup();

  // The attacker's legal captures on s after the drop, checks all: the generator says which promotions
  // are legal. V(s) is built from the position before the drop, so it holds no trace of the piece.
  MoveList takes;
  {
    StateInfo st;
    pos.do_move(drop, st);
    generate<CHECKS>(pos, takes);
    pos.undo_move(drop);
  }
  for (Move t : takes) {
    if (t.is_drop() || t.to() != s) continue;
    if (t.from() != checker && !next_to_king) continue;
    PositionSetup v = before;
    const Piece taker = v.board[t.from()];
    v.board[t.from()] = NO_PIECE;
    v.board[s] = t.is_promotion() ? Piece(taker + kPromotionOffset) : taker;
    StateInfo vst;
    Position vpos;
    vpos.set(v, &vst);
    // Another piece than the checker counts only where it gives check from s itself.
    if (t.from() != checker && !vpos.checkers().test(s)) continue;
    if (search(vpos, 0, level)) return true;
  }
  return false;
}

bool MinimaxOracle::book_mated_at_once(Position& pos) {
  if (!pos.in_check()) return false;
  if (!has_legal_move(pos)) return true;
  if (!drops_only(pos)) return false;
  MoveList evasions;
  generate<EVASIONS>(pos, evasions);
  return std::all_of(evasions.begin(), evasions.end(), [&](Move m) { return futile_drop(pos, m, 1); });
}

bool MinimaxOracle::forced_return(Position& pos, int plies, const std::unordered_set<Key>& targets) {
  if (targets.count(pos.key())) return true;
  if (plies == 0 || spend()) return false;
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  MoveList moves;
  tsume_moves(pos, attacker_to_move, moves);
  if (!attacker_to_move && moves.empty()) return false;  // mated off the main line
  for (Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const bool back = forced_return(pos, plies - 1, targets);
    pos.undo_move(m);
    if (attacker_to_move && back) return true;
    if (!attacker_to_move && !back) return false;
  }
  return !attacker_to_move;
}

bool MinimaxOracle::optimal_return(Position& pos, int length, const std::unordered_set<Key>& targets) {
  if (targets.count(pos.key())) return true;
  if (length <= 0) return false;
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  MoveList moves;
  tsume_moves(pos, attacker_to_move, moves);
  for (Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const bool exact = mates_exactly(pos, length - 1);
    const bool back = exact && optimal_return(pos, length - 1, targets);
    pos.undo_move(m);
    if (attacker_to_move && back) return true;
    if (!attacker_to_move && exact && !back) return false;
  }
  return !attacker_to_move;
}

int shortest_mate(Position& pos, Color attacker, int max_plies) {
  MinimaxOracle oracle(attacker);
  return oracle.shortest_mate(pos, max_plies);
}

const char* to_string(OracleCookKind k) {
  switch (k) {
    case OracleCookKind::kCook: return "cook";
    case OracleCookKind::kShort: return "short";
    case OracleCookKind::kLastMove: return "last-move";
    case OracleCookKind::kDetour: return "detour";
    case OracleCookKind::kTransposition: return "transposition";
  }
  return "?";
}

const char* to_string(OracleDefenceKind k) {
  switch (k) {
    case OracleDefenceKind::kLonger: return "longer";
    case OracleDefenceKind::kEqual: return "equal";
    case OracleDefenceKind::kEqualLeftover: return "equal-leftover";
    case OracleDefenceKind::kLongerLeftover: return "longer-leftover";
  }
  return "?";
}

const char* to_string(OracleVerdict v) {
  switch (v) {
    case OracleVerdict::kSound: return "sound";
    case OracleVerdict::kFlawed: return "flawed";
    case OracleVerdict::kNoMate: return "nomate";
    case OracleVerdict::kBadLine: return "bad-line";
  }
  return "?";
}

namespace {

// Replays the main line from the root and says what is wrong with it (empty: a legal line of checks
// that ends in mate). keys: the key of every position on it, the root's first.
std::vector<std::string> replay_faults(Position& pos, Color attacker, std::span<const Move> line,
                                       std::vector<StateInfo>& states, std::vector<Key>& keys) {
  std::vector<std::string> faults;
  keys.assign(1, pos.key());
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::string where = "ply " + std::to_string(i + 1) + " " + to_usi(line[i]);
    MoveList legal;
    generate<LEGAL>(pos, legal);
    if (!legal.contains(line[i])) {
      faults.push_back(where + ": not a legal move");
      return faults;
    }
    if (pos.side_to_move() == attacker) {
      MoveList checks;
      generate<CHECKS>(pos, checks);
      if (!checks.contains(line[i])) {
        faults.push_back(where + ": the attacker does not check");
        return faults;
      }
    }
    pos.do_move(line[i], states[i + 1]);
    keys.push_back(pos.key());
  }
  if (pos.side_to_move() == attacker || !pos.in_check() || has_legal_move(pos))
    faults.push_back("the line of " + std::to_string(line.size()) + " plies does not end in mate");
  return faults;
}

// Two plies more that leave pieces are as long as the main line's rest by the composers' order
// (2手変長駒余り, solver/book_line.h): a minor finding.
OracleDefenceKind defence_kind(int mate_length, int remaining, bool leftover) {
  if (mate_length == remaining + 2 && leftover) return OracleDefenceKind::kLongerLeftover;
  if (mate_length > remaining) return OracleDefenceKind::kLonger;
  return leftover ? OracleDefenceKind::kEqualLeftover : OracleDefenceKind::kEqual;
}

OracleVerdict verdict_of(const OracleFindings& f, bool with_max) {
  if (!f.leftover.empty()) return OracleVerdict::kFlawed;  // 駒余り: pieces left after the main line
  for (const OracleCook& c : f.cooks)
    if (c.kind == OracleCookKind::kCook || c.kind == OracleCookKind::kShort) return OracleVerdict::kFlawed;
  for (const OracleDefence& d : f.defences) {
    const OracleDefenceKind k = with_max ? d.kind_max : d.kind_min;
    if (k == OracleDefenceKind::kLonger || k == OracleDefenceKind::kEqual) return OracleVerdict::kFlawed;
  }
  return OracleVerdict::kSound;
}

// The tables' size past which a run drops them before its next branch (about 60 bytes an entry).
constexpr std::size_t kMaxEntries = std::size_t(1) << 23;

// The oracle's nodes for one problem: at most `branch` a branch and `left` for the rest of the problem
// (0: no limit).
struct Budget {
  std::uint64_t branch = 0;
  std::uint64_t left = 0;
  bool limited = false;  // left is a limit
};

// Before each branch: what the one before spent taken off the problem's budget, this branch's budget
// (a single node where the problem's is spent: only what needs no search is then known), and the
// tables dropped where they have grown past kMaxEntries.
void start_branch(MinimaxOracle& oracle, Budget& budget) {
  if (budget.limited) budget.left -= std::min(budget.left, oracle.nodes());
  if (oracle.table_size() > kMaxEntries) oracle.clear();
  std::uint64_t nodes = budget.branch;
  if (budget.limited) nodes = budget.left == 0 ? 1 : (nodes == 0 ? budget.left : std::min(nodes, budget.left));
  oracle.set_budget(nodes);
}

// The other checks at attacker ply i (0-based) of the main line.
void attacker_branches(MinimaxOracle& oracle, Position& pos, std::span<const Move> line, int i,
                       const std::vector<Key>& keys, Budget& budget, OracleFindings& f) {
  const int n = int(line.size()), remaining = n - i;
  const std::unordered_set<Key> ahead(keys.begin() + i + 1, keys.end());
  // Whether the main line's own move here mates at once as books count (its last attacker move as
  // books count, the plies after it a futile drop and its capture, or simply its last ply): another
  // move that mates at once is then a last-move cook.
  bool main_mates_at_once = i == n - 1;
  if (!main_mates_at_once) {
    StateInfo st;
    pos.do_move(line[i], st);
    start_branch(oracle, budget);
    main_mates_at_once = oracle.book_mated_at_once(pos);
    pos.undo_move(line[i]);
  }
  const bool unsettled = oracle.spent();  // then nothing at this ply is known
  MoveList checks;
  generate<CHECKS>(pos, checks);
  for (Move m : checks) {
    if (m == line[i]) continue;
    if (unsettled) {
      f.undetermined.push_back({i + 1, m});
      continue;
    }
    StateInfo st;
    pos.do_move(m, st);
    start_branch(oracle, budget);
    int after = oracle.shortest_mate(pos, f.bound - 1);
    // A check that leaves the defender nothing but futile drops mates at once, as books count it
    // (solver/README.md, "Checking a problem"): a lance dropped a square further away is the same mate.
    if (after != 0 && oracle.book_mated_at_once(pos)) after = 0;
    if (oracle.spent()) {
      f.undetermined.push_back({i + 1, m});
    } else if (after < 0) {
      f.beyond.push_back({i + 1, m});
    } else {
      OracleCook c;
      c.ply = i + 1;
      c.move = m;
      c.mate_length = 1 + after;
      if (c.mate_length == 1 && main_mates_at_once) {
        c.kind = OracleCookKind::kLastMove;
      } else if (c.mate_length < remaining) {
        c.kind = OracleCookKind::kShort;
      } else {
        // Back onto the position before m (a loop: a detour), or else onto a later position of the main
        // line (a transposition where m is one of its later attacker moves): within the return plies
        // however the play goes, or along a shortest mate against every longest defence.
        const auto returns = [&](const std::unordered_set<Key>& to) {
          return oracle.forced_return(pos, kOracleReturnPlies, to) || oracle.optimal_return(pos, after, to);
        };
        const bool loop = returns({keys[std::size_t(i)]});
        if (loop || returns(ahead)) {
          bool later = false;
          for (int j = i + 2; j < n; j += 2) later = later || line[j] == m;
          c.kind = later && !loop ? OracleCookKind::kTransposition : OracleCookKind::kDetour;
        }
      }
      if (oracle.spent())  // the searches of the return spent the budget: the kind is not known
        f.undetermined.push_back({i + 1, m});
      else
        f.cooks.push_back(c);
    }
    pos.undo_move(m);
  }
}

// The other evasions at defender ply i (0-based) of the main line, futile drops left out.
void defender_branches(MinimaxOracle& oracle, Position& pos, std::span<const Move> line, int i, Budget& budget,
                       OracleFindings& f) {
  const int remaining = int(line.size()) - i;
  const bool drops_only = MinimaxOracle::drops_only(pos);
  MoveList evasions;
  generate<EVASIONS>(pos, evasions);
  for (Move d : evasions) {
    if (d == line[i]) continue;
    start_branch(oracle, budget);
    if (drops_only && oracle.futile_drop(pos, d)) {
      f.futile.push_back({i + 1, d});
      continue;
    }
    if (oracle.spent()) {
      f.undetermined.push_back({i + 1, d});
      continue;
    }
    StateInfo st;
    pos.do_move(d, st);
    const int after = oracle.shortest_mate(pos, f.bound - 1);
    const LeftoverRange leftover = after >= 0 && 1 + after >= remaining ? oracle.leftover(pos, after) : LeftoverRange{};
    if (oracle.spent()) {
      f.undetermined.push_back({i + 1, d});
    } else if (after < 0) {
      f.beyond.push_back({i + 1, d});
    } else if (1 + after >= remaining) {
      OracleDefence def;
      def.ply = i + 1;
      def.move = d;
      def.mate_length = 1 + after;
      def.leftover = leftover;
      def.kind_min = defence_kind(def.mate_length, remaining, def.leftover.min);
      def.kind_max = defence_kind(def.mate_length, remaining, def.leftover.max);
      f.defences.push_back(def);
    }
    pos.undo_move(d);
  }
}

}  // namespace

OracleFindings oracle_findings(const MateProblem& problem, std::span<const Move> main_line, int max_plies,
                               std::uint64_t branch_nodes, std::uint64_t problem_nodes) {
  OracleFindings f;
  f.bound = max_plies;
  f.length = int(main_line.size());
  const Color attacker = problem.attacker;
  MinimaxOracle oracle(attacker);
  std::vector<StateInfo> states(main_line.size() + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  oracle.set_budget(branch_nodes);
  f.shortest = oracle.shortest_mate(pos, max_plies);
  if (oracle.spent()) {
    f.undetermined_root = true;
    return f;
  }

  if (main_line.empty()) {
    if (f.shortest >= 0) f.line_faults.push_back("no line, yet a mate in " + std::to_string(f.shortest));
    f.verdict_min = f.verdict_max = f.shortest >= 0 ? OracleVerdict::kBadLine : OracleVerdict::kNoMate;
    return f;
  }
  std::vector<Key> keys;
  f.line_faults = replay_faults(pos, attacker, main_line, states, keys);
  if (!f.line_faults.empty()) {
    f.verdict_min = f.verdict_max = OracleVerdict::kBadLine;
    return f;
  }
  f.leftover = pos.hand(attacker);
  // As books count, the line ends at its first check after which the defender has nothing but futile
  // drops (mated as books count): what the attacker holds there is what is left, less the pieces it
  // took from futile drops played before (a futile drop taken at once is no play in a book).
  pos.set(problem.setup, &states[0]);
  oracle.set_budget(branch_nodes);
  Hand futile_taken;
  for (int i = 0; i + 1 < f.length; ++i) {
    const Move m = main_line[std::size_t(i)];
    if (pos.side_to_move() != attacker && MinimaxOracle::drops_only(pos) &&
        main_line[std::size_t(i) + 1].to() == m.to() && oracle.futile_drop(pos, m))
      futile_taken.add(m.dropped_piece());
    pos.do_move(m, states[i + 1]);
    if (pos.side_to_move() != attacker && oracle.book_mated_at_once(pos)) {
      f.leftover = pos.hand(attacker);
      break;
    }
  }
  for (PieceType pt : {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK})
    f.leftover.remove(pt, std::min(futile_taken.count(pt), f.leftover.count(pt)));
  if (oracle.spent()) {
    f.undetermined_root = true;
    return f;
  }
  if (f.shortest != f.length)
    f.line_faults.push_back("the line has " + std::to_string(f.length) + " plies, the shortest mate " +
                            (f.shortest < 0 ? "is beyond the bound" : std::to_string(f.shortest)));

  // Every branch, from the root along the line.
  pos.set(problem.setup, &states[0]);
  oracle.set_budget(0);  // what the root's searches spent is not the branches'
  Budget budget{branch_nodes, problem_nodes, problem_nodes > 0};
  for (int i = 0; i < f.length; ++i) {
    if (pos.side_to_move() == attacker)
      attacker_branches(oracle, pos, main_line, i, keys, budget, f);
    else
      defender_branches(oracle, pos, main_line, i, budget, f);
    pos.do_move(main_line[i], states[i + 1]);
  }
  f.verdict_min = verdict_of(f, false);
  f.verdict_max = verdict_of(f, true);
  return f;
}

}  // namespace tsumi::test
