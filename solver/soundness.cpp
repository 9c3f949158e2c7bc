#include "solver/soundness.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/movegen.h"
#include "core/stopwatch.h"
#include "core/usi.h"
#include "solver/book_judge.h"
#include "solver/mate_line.h"
#include "solver/proof_hand.h"

namespace tsumi {

namespace {
// The reason of an unknown branch whose finding rests on a futility verdict the judge's budget left
// open: a drop that may be futile (no defence), a cook that may be a last-move one, a leftover that
// may be counted from another ply.
constexpr const char* kFutilityOpen = "futility not settled";
}  // namespace

const char* to_string(SoundnessVerdict v) {
  switch (v) {
    case SoundnessVerdict::kSound: return "sound";
    case SoundnessVerdict::kFlawed: return "flawed";
    case SoundnessVerdict::kNoMate: return "nomate";
    case SoundnessVerdict::kBadLine: return "bad-line";
    case SoundnessVerdict::kUnknown: return "unknown";
  }
  return "?";
}

const char* to_string(CookKind k) {
  switch (k) {
    case CookKind::kCook: return "cook";
    case CookKind::kShort: return "short";
    case CookKind::kLastMove: return "last-move";
    case CookKind::kDetour: return "detour";
    case CookKind::kTransposition: return "transposition";
  }
  return "?";
}

const char* to_string(DefenceKind k) {
  switch (k) {
    case DefenceKind::kLonger: return "longer";
    case DefenceKind::kEqual: return "equal";
    case DefenceKind::kEqualLeftover: return "equal-leftover";
  }
  return "?";
}

SoundnessVerdict soundness_verdict(const SoundnessReport& r) {
  if (r.bad_line) return SoundnessVerdict::kBadLine;
  if (r.main_line.empty())
    return r.solve.verdict == MateVerdict::kNoMate ? SoundnessVerdict::kNoMate : SoundnessVerdict::kUnknown;
  // tsumi's own line not proven a shortest mate against the longest defences: its branches are no
  // findings about the problem (a "short" mate there shows the line long, not the problem cooked).
  if (!r.recorded && (!r.solve.shortest_proven || !r.solve.line_exact)) return SoundnessVerdict::kUnknown;
  // Findings inside variations (variation_path) are reported and leave the verdict as it is.
  const bool cooked = std::any_of(r.cooks.begin(), r.cooks.end(), [](const Cook& c) {
    return c.variation_path.empty() && (c.kind == CookKind::kCook || c.kind == CookKind::kShort) && c.kind_settled;
  });
  const bool defended = std::any_of(r.defences.begin(), r.defences.end(), [](const Defence& d) {
    return d.variation_path.empty() && d.kind != DefenceKind::kEqualLeftover;
  });
  // The main line's leftover, where a futility verdict left open which ply the book's line ends at (an
  // unknown on a move of the main line itself), is no finding.
  const bool leftover_open = std::any_of(r.unknown.begin(), r.unknown.end(), [&](const UnknownBranch& u) {
    return u.variation_path.empty() && u.reason == kFutilityOpen && u.ply >= 1 &&
           std::size_t(u.ply) <= r.main_line.size() && u.move == r.main_line[std::size_t(u.ply - 1)];
  });
  if (cooked || defended || (!r.leftover.empty() && !leftover_open)) return SoundnessVerdict::kFlawed;
  const bool doubt =
      std::any_of(r.unknown.begin(), r.unknown.end(), [](const UnknownBranch& u) { return u.variation_path.empty(); });
  return doubt ? SoundnessVerdict::kUnknown : SoundnessVerdict::kSound;
}

namespace {

// The 1-based ply that check_mate_line's message ("ply 3 (...): ...") names, 0 when it names none.
int ply_of_message(const std::string& message) {
  int ply = 0;
  if (message.starts_with("ply ")) std::from_chars(message.data() + 4, message.data() + message.size(), ply);
  return ply;
}

// Whether the attacker, from `pos`, can force the play onto a position whose key is in `targets`
// within `plies` plies: every evasion must come back, one check must. A mate off those positions is no
// return. A plain full-width search: it runs only for the few moves that mate and are not shorter.
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

// Main-line positions that a return along shortest mates may land on (Checker::returns_along_mates):
// their keys, and for the prune (reachable) each one's board and hands with the plies of its own mate.
struct ReturnTargets {
  std::unordered_set<Key> keys;
  std::vector<std::pair<int, const PositionSetup*>> at;  // (plies of its mate, the position)
};

// Whether pos, `rest` plies from mate, can still reach one of the targets while the play keeps to
// shortest mates: target t, whose own mate takes left_t plies (or more: a lower bound will do), can only
// be reached after rest - left_t plies at most, and each ply changes at most two squares of the board (a move's from
// and to, a drop's to) and one piece in the hands (a capture taken in, a drop given out). A cheap necessary test that
// spares most solves of routes going elsewhere.
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

// The shortest-mate proof of a branch that mates no faster than the main line (a cook, a longer defence)
// may spend this many times the nodes of finding its mate, and at least kShortestMinNodes; where that
// cuts it, its length is the plies of the line the table gives (length_proven false: no bound either way).
constexpr std::uint64_t kShortestShare = 1;
constexpr std::uint64_t kShortestMinNodes = 50000;

// The length bounds of short_probe, tried in turn after a search without one was cut.
constexpr int kProbeLengths[] = {5, 9, 17, 33};

// Whether a check mates at once as books count it (no evasion, or futile drops only); unsettled where
// that rests on futility verdicts the judge's budget left open (FutilityJudge::mated_by_futility).
enum class AtOnce : std::uint8_t { kNo, kYes, kUnsettled };

// The nodes a branch may spend on a return along shortest mates (returns_along_mates): kReturnShare
// times the nodes of its own solves, and at least kReturnMinNodes. Every other check of the routes it
// follows, and every evasion off them, is a solve: antma-tsume1-4's three cooks (a 1-ply problem with
// 2R4G4S4N4L in hand) took 76 M nodes and two minutes without a bound, against 14 k nodes before.
constexpr std::uint64_t kReturnShare = 1;
constexpr std::uint64_t kReturnMinNodes = 50000;

// The check of one problem: the branches of its main line, each solved on the solver's table.
class Checker {
 public:
  Checker(MateSolver& solver, const MateProblem& problem, const SoundnessLimits& limits, SoundnessReport& report)
      : solver_(solver), problem_(problem), limits_(limits), report_(report), start_(Clock::now()) {}

  void run(std::span<const Move> recorded) {
    report_.solve = solver_.solve(problem_, limits_.branch);
    report_.nodes += report_.solve.nodes;
    // The problem's own solve, cut: the probes (short_probe) for a mate the unbounded search missed, its
    // shortest proven within the bound (seed 20261226: a mate in 7 that 300,000 nodes did not find, a
    // search within 9 plies proves in 3,705). run_solve counts the probes' nodes.
    if (report_.solve.verdict == MateVerdict::kTimeout &&
        (report_.solve.stop == MateStop::kNodes || report_.solve.stop == MateStop::kTime)) {
      StateInfo st;
      Position root;
      root.set(problem_.setup, &st);
      if (std::optional<MateResult> p = short_probe(root, limits_.branch, true)) {
        p->nodes += report_.solve.nodes;
        p->time_ms += report_.solve.time_ms;
        report_.solve = *p;
      }
    }
    report_.solve_ms = report_.solve.time_ms;
    const MateResult& s = report_.solve;
    if (!recorded.empty()) {
      report_.recorded = true;
      if (const auto fault = check_mate_line(problem_, recorded)) {
        const int ply = ply_of_message(*fault);
        report_.bad_line =
            BadLine{ply, ply >= 1 && std::size_t(ply) <= recorded.size() ? recorded[ply - 1] : Move::none(), *fault};
        return;
      }
      report_.main_line.assign(recorded.begin(), recorded.end());
      std::size_t cut = 0;
      for (const PlySpan& span : futile_cycles(problem_, recorded)) cut += span.size();
      report_.futile_length = int(recorded.size() - cut);
    } else {
      if (s.verdict != MateVerdict::kMate || s.pv.empty()) return;
      report_.main_line = s.pv;
      report_.futile_length = s.futile_length;
      if (!s.shortest_proven || !s.line_exact)
        report_.unknown.push_back(
            {0, Move::none(), s.shortest_proven ? "main line not exact" : "main line not proven shortest", {}});
    }
    report_.length = int(report_.main_line.size());
    branches();
  }

 private:
  // Each ply of the main line, with the positions after it as the targets of a return.
  void branches() {
    const std::vector<Move>& line = report_.main_line;
    const int n = int(line.size());
    std::vector<StateInfo> states(line.size() + 1);
    Position pos;
    pos.set(problem_.setup, &states[0]);
    // The main line's positions (the targets of a return): keys_[j] and shots_[j] after j plies.
    keys_.assign(1, pos.key());
    shots_.assign(1, pos.setup());
    {
      Position walk;
      std::vector<StateInfo> ws(line.size() + 1);
      walk.set(problem_.setup, &ws[0]);
      for (int i = 0; i < n; ++i)
        walk.do_move(line[i], ws[i + 1]), keys_.push_back(walk.key()), shots_.push_back(walk.setup());
    }
    BookJudge book(solver_.table(), problem_.attacker);
    FutilityJudge& judge = book.judge();
    judge_ = &judge;
    // The leftover as books count the main line (solver/README.md): the attacker's hand where the line
    // first mates at once as books count (kongou-2: at ply 9 of 11, whose last two plies are a futile
    // lance drop and its capture), less the pieces taken from futile drops before that.
    std::optional<Hand> book_end;
    Hand futile_taken;
    for (int i = 0; i < n; ++i) {
      const bool attacking = i % 2 == 0;
      MoveList moves;
      if (attacking)
        generate<CHECKS>(pos, moves);
      else
        generate<EVASIONS>(pos, moves);
      const bool drops_only = !attacking && std::all_of(moves.begin(), moves.end(), [](Move m) { return m.is_drop(); });
      // Whether the main line's own move here mates at once as books count it (the last attacker move
      // of the book's line): another move that mates at once is then a last-move cook, not a short mate.
      AtOnce main_at_once = AtOnce::kNo;
      if (attacking) {
        StateInfo st;
        pos.do_move(line[i], st);
        main_at_once = mated_at_once(pos);
        if (main_at_once == AtOnce::kYes && !book_end) book_end = pos.hand(problem_.attacker);
        pos.undo_move(line[i]);
        // Where the book's line ends, and so its leftover and the kinds of the cooks here, is open.
        if (main_at_once == AtOnce::kUnsettled && !book_end) unknown(i + 1, line[i], kFutilityOpen);
      } else if (!book_end && drops_only && i + 1 < n && line[i + 1].to() == line[i].to()) {
        const FutilityVerdict v = judge.judge(pos, line[i].to());
        if (v.futile) futile_taken.add(line[i].dropped_piece());  // a futile drop, taken at once
        if (v.unsettled) unknown(i + 1, line[i], kFutilityOpen);  // the leftover is open
      }
      for (const Move m : moves) {
        if (m == line[i]) continue;
        bool open = false;  // a drop whose futility is unsettled: a defence, its findings unknown
        if (drops_only) {
          const FutilityVerdict v = judge.judge(pos, m.to());
          if (v.futile) continue;  // a futile drop is no defence
          open = v.unsettled;
        }
        StateInfo st;
        pos.do_move(m, st);
        if (attacking) {
          attacker_branch(pos, i, n, m, main_at_once);
        } else {
          defender_branch(pos, i, n, m, open);
          if (limits_.variation_depth > 0) variation(pos, i, m);
        }
        pos.undo_move(m);
      }
      pos.do_move(line[i], states[i + 1]);
    }
    report_.leftover = book_end.value_or(pos.hand(problem_.attacker));
    for (PieceType pt : proof_hand::kHandTypes)
      report_.leftover.remove(pt, std::min(futile_taken.count(pt), report_.leftover.count(pt)));
    report_.nodes += judge.nodes();
    judge_ = nullptr;
  }

  // A solve of one branch (the position after its move) by the branch limits, with at most max_length
  // plies (0: any) and the shortest-mate proof or not; nullopt when a limit cut it or the total limits
  // are spent, with the branch recorded as unknown. node_cap (0: none) caps this solve's nodes below
  // the branch limit, and each build of its lines, and a solve it cuts is not recorded as unknown.
  std::optional<MateResult> solve_branch(const Position& pos, int ply, Move m, int max_length, bool shortest,
                                         std::uint64_t node_cap = 0) {
    const char* why = "";
    std::optional<MateLimits> left = limits_left(max_length, shortest, why);
    if (!left) return unknown(ply, m, why);
    MateLimits& l = *left;
    const bool capped = node_cap > 0 && (l.nodes == 0 || node_cap < l.nodes);
    if (capped) l.nodes = l.line_nodes = node_cap;  // its lines too (MateLimits::line_nodes)
    MateResult r = run_solve(pos, l);
    if (r.verdict == MateVerdict::kTimeout && max_length == 0 && !capped &&
        (r.stop == MateStop::kNodes || r.stop == MateStop::kTime))
      if (std::optional<MateResult> p = short_probe(pos, l)) return p;
    if (r.verdict == MateVerdict::kTimeout) {
      if (capped && r.stop == MateStop::kNodes) return std::nullopt;
      return unknown(ply, m, to_string(r.stop));
    }
    return r;
  }

  // After a search without a length bound that a limit cut: searches for a mate within kProbeLengths
  // plies, each with a quarter of that limit, the shortest first (with its shortest-mate proof where
  // `shortest`); the first mate found, else nullopt.
  // df-pn can lose itself in long forced lines of checks with one reply each (their proof numbers stay
  // 1) and miss a short mate beside them: after S*9b in the oracle's
  // `1k2+P4/3+bG4/+P8/4g4/9/9/9/9/9 b RGSNPrbg3s3n4l15p 1`, a mate in 4 that 3,000,000 nodes of
  // the unbounded search do not find, and a search within 4 plies finds in 40.
  std::optional<MateResult> short_probe(const Position& pos, const MateLimits& cut, bool shortest = false) {
    for (const int length : kProbeLengths) {
      const char* why = "";
      std::optional<MateLimits> l = limits_left(length, shortest, why);
      if (!l) return std::nullopt;
      if (cut.nodes > 0) {  // a quarter, at least 1 (0 would be no limit at all)
        const std::uint64_t quarter = std::max<std::uint64_t>(1, cut.nodes / 4);
        l->nodes = l->line_nodes = std::min(l->nodes > 0 ? l->nodes : quarter, quarter);
      }
      if (cut.time_s > 0) l->time_s = std::min(l->time_s > 0 ? l->time_s : cut.time_s, cut.time_s / 4);
      MateResult r = run_solve(pos, *l);
      if (r.verdict == MateVerdict::kMate) return r;
      if (r.verdict == MateVerdict::kTimeout) return std::nullopt;  // a longer bound would be cut too
    }
    return std::nullopt;
  }

  // The limits of one solve of the check: the branch limits, with at most max_length plies (0: any) and
  // the shortest-mate proof or not, within what the total limits leave; nullopt, with `why`, where the
  // check is stopped or its totals are spent.
  std::optional<MateLimits> limits_left(int max_length, bool shortest, const char*& why) const {
    MateLimits l = limits_.branch;
    l.book_search = false;
    l.max_length = max_length;
    l.prove_shortest = shortest;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) {
      why = "stopped";
      return std::nullopt;
    }
    if (limits_.total_time_s > 0) {
      const double left = limits_.total_time_s - seconds_since(start_);
      if (left <= 0) {
        why = "total time";
        return std::nullopt;
      }
      l.time_s = l.time_s > 0 ? std::min(l.time_s, left) : left;
    }
    if (limits_.total_nodes > 0) {
      if (report_.nodes >= limits_.total_nodes) {
        why = "total nodes";
        return std::nullopt;
      }
      const std::uint64_t left = limits_.total_nodes - report_.nodes;
      l.nodes = l.nodes > 0 ? std::min(l.nodes, left) : left;
    }
    return l;
  }

  // The mate after the branch's move, found by `found` (no shortest-mate proof), with its shortest
  // length proven where that costs at most kShortestShare times the nodes of finding it.
  // The proof searches within the length the found proof bounds (mate_bound: the shortest is no
  // longer), a bound that also keeps it out of the long forced lines short_probe is for. Not within the
  // found line's plies: its defences are the table's, not proven the longest, and it can be shorter
  // than the shortest mate (a 7-ply line for a mate in 9 after 7a8b in an oracle problem, whose
  // shortest-mate proof within 7 then failed and left a detour a cook).
  MateResult shortest_of(const Position& pos, int ply, Move m, MateResult found) {
    const std::uint64_t cap = std::max<std::uint64_t>(kShortestMinNodes, kShortestShare * found.nodes);
    const int bound = found.mate_bound > 0 ? std::max(found.mate_bound, found.length) : 0;
    if (auto exact = solve_branch(pos, ply, m, bound, true, cap); exact && exact->verdict == MateVerdict::kMate)
      return *exact;
    found.shortest_proven = false;
    return found;
  }

  std::nullopt_t unknown(int ply, Move m, std::string reason) {
    report_.unknown.push_back({ply, m, std::move(reason), {}});
    return std::nullopt;
  }

  // Mated at once: no evasion, or none but futile drops (no defences, as books count them); unsettled
  // where the answer no rests on futility verdicts the judge's budget left unsettled alone.
  AtOnce mated_at_once(const Position& pos) {
    if (!has_legal_move(pos)) return AtOnce::kYes;
    Hand proof;
    bool open = false;
    if (judge_->mated_by_futility(pos, proof, true, &open)) return AtOnce::kYes;
    return open ? AtOnce::kUnsettled : AtOnce::kNo;
  }

  // Position `pos` is after another check m at the (0-based) attacker ply i; main_at_once: whether the
  // main line's own move at i mates at once (as at its last ply).
  void attacker_branch(Position& pos, int i, int n, Move m, AtOnce main_at_once) {
    ++report_.branches;
    const int remaining = n - i;
    const std::uint64_t nodes_before = report_.nodes;
    Cook cook{i + 1, m, 1, {m}, CookKind::kCook, true, true, CookKind::kDetour, {}};
    // A futility verdict left unsettled, here or at the main line's move, where it decides between a
    // last-move cook (minor) and a cook or a short mate: the kind is unsettled.
    const AtOnce at_once = mated_at_once(pos);
    const auto open = [&] {
      if (at_once == AtOnce::kUnsettled) unknown(i + 1, m, kFutilityOpen);
      if ((at_once == AtOnce::kUnsettled && main_at_once != AtOnce::kNo) ||
          (at_once == AtOnce::kYes && main_at_once == AtOnce::kUnsettled))
        cook.kind_settled = false, cook.may_be = CookKind::kLastMove;
    };
    // Mated at once: as long as the main line's rest where its own move mates at once too (its last ply,
    // or a last move as books count: kongou-2's ply 9 of 11, whose last two plies are a futile drop and
    // its capture).
    if (at_once == AtOnce::kYes) {
      cook.kind = main_at_once == AtOnce::kYes ? CookKind::kLastMove : CookKind::kShort;
      open();
      report_.cooks.push_back(std::move(cook));
      return;
    }
    std::optional<MateResult> r;
    // A mate shorter than the main line's rest, with its exact length (a short search). After m the
    // defender moves, so such a mate takes 2 plies at least: with less than 5 left, none is shorter.
    if (remaining >= 5) {
      r = solve_branch(pos, i + 1, m, remaining - 3, true);
      if (!r) return;
      if (r->verdict == MateVerdict::kMate) cook.kind = CookKind::kShort;
    }
    if (cook.kind != CookKind::kShort) {
      r = solve_branch(pos, i + 1, m, 0, false);
      if (!r || r->verdict != MateVerdict::kMate) return;
      r = shortest_of(pos, i + 1, m, *r);
      // Back onto the main line: onto the position before m (a loop: a detour, whatever m is), or else
      // onto a later position of it (a transposition where m is one of its later moves). Each is a
      // return within kReturnPlies plies however the play goes, or one along the branch's mate line.
      std::uint64_t budget = std::max(kReturnMinNodes, kReturnShare * (report_.nodes - nodes_before));
      bool cut = false;  // a solve of the returns' search was cut: "no return" is not settled
      // The main line's positions from index `from` on (i + 1: after m's ply), and the one before m
      // (index i: a loop) where `loop`.
      // The plies of a target's own mate: n - j on tsumi's own line (a shortest mate against the longest
      // defences, else the verdict is unknown anyway); a recorded line's may be shorter (a short mate
      // further on), so there 0, which prunes less but never wrongly.
      const auto left = [&](int j) { return report_.recorded ? 0 : n - j; };
      const auto returns = [&](int from, bool loop) {
        ReturnTargets to;
        if (loop) to.keys.insert(keys_[std::size_t(i)]), to.at.push_back({left(i), &shots_[std::size_t(i)]});
        for (int j = from; j <= n; ++j)
          to.keys.insert(keys_[std::size_t(j)]), to.at.push_back({left(j), &shots_[std::size_t(j)]});
        std::unordered_map<Key, bool> seen;
        return forces_return(pos, problem_.attacker, to.keys, kReturnPlies) ||
               (r->shortest_proven && returns_along_mates(pos, r->length, r->pv, to, budget, seen, cut));
      };
      // The kind depends on which return only where m is a later attacker move of the main line.
      if (is_later_attacker_move(i, m)) {
        const bool loop = returns(n + 1, true);
        if (loop || returns(i + 1, false)) cook.kind = loop ? CookKind::kDetour : CookKind::kTransposition;
      } else if (returns(i + 1, true)) {
        cook.kind = CookKind::kDetour;
      }
      // A cook or a detour: which, the budget or a limit left open. Not a finding either way, an unknown.
      if (cook.kind == CookKind::kCook && cut) {
        cook.kind_settled = false;
        unknown(i + 1, m, "return not settled");
      }
    }
    open();
    cook.mate_length = 1 + r->length;
    cook.length_proven = r->shortest_proven;
    cook.line.insert(cook.line.end(), r->pv.begin(), r->pv.end());
    report_.cooks.push_back(std::move(cook));
  }

  // Whether the attacker, playing shortest mates only, can force the play back onto a position of
  // `later` against every longest defence, from pos, whose shortest mate is `rest` plies (proven): at its
  // plies some check after which the mate is one ply shorter leads back, at the defender's every evasion
  // after which it is one ply shorter does (one mated sooner is no longest defence). A mate off `later`
  // is no return. `line`, a proven shortest mate from pos, is tried first: its moves need no solve.
  // Every other move costs a solve, whose nodes come out of `budget` (kReturnShare); where it runs out
  // or a limit cuts a solve, this answers no (the branch stays a cook, its kind unsettled:
  // solver/README.md).
  // `seen` holds the answers so far (a position's shortest mate is a function of it).
  bool returns_along_mates(Position& pos, int rest, std::span<const Move> line, const ReturnTargets& later,
                           std::uint64_t& budget, std::unordered_map<Key, bool>& seen, bool& cut) {
    if (later.keys.contains(pos.key())) return true;
    if (rest <= 0 || !reachable(pos, rest, later)) return false;
    if (const auto it = seen.find(pos.key()); it != seen.end()) return it->second;
    const bool attacking = pos.side_to_move() == problem_.attacker;
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
        back = returns_along_mates(pos, rest - 1, line.subspan(1), later, budget, seen, cut);
      } else {
        // A sooner mate after an evasion (within rest - 3 plies: none with rest 2) leaves it out.
        // A check (an evasion) after which no target is reachable leads nowhere: it needs no solve, but
        // for an evasion's whether it is mated sooner.
        const bool near = later.keys.contains(pos.key()) || reachable(pos, rest - 1, later);
        std::optional<MateResult> sooner;
        if (!attacking && rest >= 4) sooner = quiet_solve(pos, rest - 3, false, &budget);
        cut = cut || (!attacking && rest >= 4 && !sooner);
        if (sooner && sooner->verdict == MateVerdict::kMate) {
          counts = false;
        } else if (near && (attacking || rest < 4 || sooner)) {
          const std::optional<MateResult> exact = quiet_solve(pos, rest - 1, true, &budget);
          cut = cut || !exact || (exact->verdict == MateVerdict::kMate && !exact->shortest_proven);
          const bool mates =
              exact && exact->verdict == MateVerdict::kMate && exact->shortest_proven && exact->length == rest - 1;
          counts = mates || !attacking;  // a check that does not mate in rest - 1 is no shortest route
          back = mates && returns_along_mates(pos, rest - 1, exact->pv, later, budget, seen, cut);
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

  // A solve inside a branch that settles a kind only: by the branch limits, its nodes counted, nothing
  // recorded as unknown; nullopt where a limit cut it.
  // With `budget`, its nodes are capped by it and taken out of it (none left: nullopt).
  std::optional<MateResult> quiet_solve(const Position& pos, int max_length, bool shortest,
                                        std::uint64_t* budget = nullptr) {
    const char* why = "";
    std::optional<MateLimits> l = limits_left(max_length, shortest, why);
    if (!l || (budget && *budget == 0)) return std::nullopt;
    if (budget) l->nodes = l->line_nodes = l->nodes > 0 ? std::min(l->nodes, *budget) : *budget;
    MateResult r = run_solve(pos, *l);
    if (budget) *budget -= std::min(*budget, r.nodes);
    if (r.verdict == MateVerdict::kTimeout) return std::nullopt;
    return r;
  }

  // One solve of the check on the shared table, counted.
  MateResult run_solve(const Position& pos, const MateLimits& l) {
    ++report_.solves;
    MateResult r = solver_.solve(MateProblem{pos.setup(), problem_.attacker}, l);
    report_.nodes += r.nodes;
    return r;
  }

  // Whether m is the move of one of the main line's attacker plies after i.
  bool is_later_attacker_move(int i, Move m) const {
    const std::vector<Move>& line = report_.main_line;
    for (std::size_t k = std::size_t(i) + 2; k < line.size(); k += 2)
      if (line[k] == m) return true;
    return false;
  }

  // The checks inside the variation of another defence m at the (0-based) defender ply i (pos after m,
  // --depth-of-variations): the position after m is checked as a problem of its own on the same table,
  // with tsumi's own line as its main line and one level of variations fewer, and its findings come
  // here with the path to them (variation_path) and their plies counted from the problem's start.
  void variation(const Position& pos, int i, Move m) {
    SoundnessLimits sub = limits_;
    --sub.variation_depth;
    const char* why = "";
    if (!limits_left(0, true, why)) return;  // the check is stopped or spent: the branches say so
    // What the totals leave (limits_left has just said some is left).
    if (limits_.total_time_s > 0) sub.total_time_s = limits_.total_time_s - seconds_since(start_);
    if (limits_.total_nodes > 0) sub.total_nodes = limits_.total_nodes - report_.nodes;
    SoundnessReport r;
    Checker(solver_, MateProblem{pos.setup(), problem_.attacker}, sub, r).run({});
    report_.nodes += r.nodes;
    report_.solves += r.solves + 1;
    report_.branches += r.branches;
    if (r.solve.verdict != MateVerdict::kMate) return;  // no mate: defender_branch has said so
    std::vector<Move> path(report_.main_line.begin(), report_.main_line.begin() + i);
    path.push_back(m);
    const int offset = i + 1;
    const auto placed = [&](auto finding) {
      if (finding.variation_path.empty()) {
        finding.variation_path = path;
        finding.variation_path.insert(finding.variation_path.end(), r.main_line.begin(),
                                      r.main_line.begin() + std::max(0, finding.ply - 1));
      } else {
        finding.variation_path.insert(finding.variation_path.begin(), path.begin(), path.end());
      }
      finding.ply += offset;
      return finding;
    };
    for (const Cook& c : r.cooks) report_.cooks.push_back(placed(c));
    for (const Defence& d : r.defences) report_.defences.push_back(placed(d));
    for (UnknownBranch u : r.unknown) {
      if (u.ply == 0) u.ply = 1, u.reason = "variation's " + u.reason;  // its line is not proven
      report_.unknown.push_back(placed(u));
    }
  }

  // Position `pos` is after another defence m at the (0-based) defender ply i; `open`: m is a drop whose
  // futility the judge left unsettled (a finding it makes is an unknown: the drop may be no defence).
  void defender_branch(Position& pos, int i, int n, Move m, bool open) {
    ++report_.branches;
    const int remaining = n - i;
    // A shorter defence is no finding: one short search settles most defences.
    if (remaining >= 4) {
      const auto shorter = solve_branch(pos, i + 1, m, remaining - 3, false);
      if (!shorter || shorter->verdict == MateVerdict::kMate) return;
    }
    Defence d{i + 1, m, remaining, {m}, DefenceKind::kEqual, Hand{}, true, {}};
    auto r = solve_branch(pos, i + 1, m, remaining - 1, true);
    if (!r) return;
    if (r->verdict == MateVerdict::kMate) {
      if (!r->shortest_proven || !r->line_exact) {
        unknown(i + 1, m, "branch line not exact");
        return;
      }
      if (!r->leftover.empty()) d.kind = DefenceKind::kEqualLeftover;
    } else {
      r = solve_branch(pos, i + 1, m, 0, false);
      if (!r) return;
      if (r->verdict == MateVerdict::kNoMate) {
        if (report_.recorded && !report_.bad_line)
          report_.bad_line =
              BadLine{i + 1, m, "ply " + std::to_string(i + 1) + " (" + to_usi(m) + "): this defence escapes mate"};
        else if (!report_.recorded)
          unknown(i + 1, m, "no mate after this defence");
        return;
      }
      r = shortest_of(pos, i + 1, m, *r);
      d.kind = DefenceKind::kLonger;
      d.length_proven = r->shortest_proven;
    }
    if (open) {
      unknown(i + 1, m, kFutilityOpen);
      return;
    }
    d.mate_length = 1 + r->length;
    d.leftover = r->leftover;
    d.line.insert(d.line.end(), r->pv.begin(), r->pv.end());
    report_.defences.push_back(std::move(d));
  }

  MateSolver& solver_;
  FutilityJudge* judge_ = nullptr;  // while branches() runs
  std::vector<Key> keys_;           // the main line's positions, for the returns (branches())
  std::vector<PositionSetup> shots_;
  const MateProblem& problem_;
  const SoundnessLimits& limits_;
  SoundnessReport& report_;
  Clock::time_point start_;
};

}  // namespace

SoundnessReport check_soundness(MateSolver& solver, const MateProblem& problem, std::span<const Move> recorded,
                                const SoundnessLimits& limits) {
  const auto start = Clock::now();
  SoundnessReport report;
  Checker(solver, problem, limits, report).run(recorded);
  report.time_ms = ms_since(start);
  report.verdict = soundness_verdict(report);
  return report;
}

}  // namespace tsumi
