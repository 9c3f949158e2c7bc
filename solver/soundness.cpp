#include "solver/soundness.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>
#include <utility>

#include "core/movegen.h"
#include "core/stopwatch.h"
#include "core/usi.h"
#include "solver/futility_judge.h"
#include "solver/mate_line.h"
#include "solver/proof_hand.h"

namespace tsumi {

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
  const bool cooked = std::any_of(r.cooks.begin(), r.cooks.end(), [](const Cook& c) {
    return c.kind == CookKind::kCook || c.kind == CookKind::kShort;
  });
  const bool defended = std::any_of(r.defences.begin(), r.defences.end(),
                                    [](const Defence& d) { return d.kind != DefenceKind::kEqualLeftover; });
  if (cooked || defended || !r.leftover.empty()) return SoundnessVerdict::kFlawed;
  return r.unknown.empty() ? SoundnessVerdict::kSound : SoundnessVerdict::kUnknown;
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

// The shortest-mate proof of a branch that mates no faster than the main line (a cook, a longer defence)
// may spend this many times the nodes of finding its mate, and at least kShortestMinNodes; where that
// cuts it, its length is the plies of the line the table gives (length_proven false: no bound either way).
constexpr std::uint64_t kShortestShare = 1;
constexpr std::uint64_t kShortestMinNodes = 50000;

// How many lines of equally long defences deep a return to the main line is followed (line_returns).
constexpr int kTieDepth = 2;

// The check of one problem: the branches of its main line, each solved on the solver's table.
class Checker {
 public:
  Checker(MateSolver& solver, const MateProblem& problem, const SoundnessLimits& limits, SoundnessReport& report)
      : solver_(solver), problem_(problem), limits_(limits), report_(report), start_(Clock::now()) {}

  void run(std::span<const Move> recorded) {
    report_.solve = solver_.solve(problem_, limits_.branch);
    report_.solve_ms = report_.solve.time_ms;
    report_.nodes += report_.solve.nodes;
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
            {0, Move::none(), s.shortest_proven ? "main line not exact" : "main line not proven shortest"});
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
    std::vector<Key> keys{pos.key()};
    {
      Position walk;
      std::vector<StateInfo> ws(line.size() + 1);
      walk.set(problem_.setup, &ws[0]);
      for (int i = 0; i < n; ++i) walk.do_move(line[i], ws[i + 1]), keys.push_back(walk.key());
    }
    FutilityJudge judge(solver_.table(), problem_.attacker);
    judge_ = &judge;
    // The leftover as books count the main line (solver/README.md): the attacker's hand where the line
    // first mates at once as books count (kongou-2: at ply 9 of 11, whose last two plies are a futile
    // lance drop and its capture), less the pieces taken from futile drops before that.
    std::optional<Hand> book_end;
    Hand futile_taken;
    for (int i = 0; i < n; ++i) {
      const bool attacking = i % 2 == 0;
      // The main line's positions after this ply (a return onto one of them), and keys[i] the position
      // before it (a return onto that is a loop).
      const std::unordered_set<Key> ahead(keys.begin() + i + 1, keys.end());
      MoveList moves;
      if (attacking)
        generate<CHECKS>(pos, moves);
      else
        generate<EVASIONS>(pos, moves);
      const bool drops_only = !attacking && std::all_of(moves.begin(), moves.end(), [](Move m) { return m.is_drop(); });
      // Whether the main line's own move here mates at once as books count it (the last attacker move
      // of the book's line): another move that mates at once is then a last-move cook, not a short mate.
      bool main_mates_at_once = false;
      if (attacking) {
        StateInfo st;
        pos.do_move(line[i], st);
        main_mates_at_once = mated_at_once(pos);
        if (main_mates_at_once && !book_end) book_end = pos.hand(problem_.attacker);
        pos.undo_move(line[i]);
      } else if (!book_end && drops_only && i + 1 < n && line[i + 1].to() == line[i].to() &&
                 judge.judge(pos, line[i].to()).futile) {
        futile_taken.add(line[i].dropped_piece());  // a futile drop, taken at once
      }
      for (const Move m : moves) {
        if (m == line[i]) continue;
        if (drops_only && judge.judge(pos, m.to()).futile) continue;  // a futile drop is no defence
        StateInfo st;
        pos.do_move(m, st);
        if (attacking)
          attacker_branch(pos, i, n, m, ahead, keys[std::size_t(i)], main_mates_at_once);
        else
          defender_branch(pos, i, n, m);
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
    if (r.verdict == MateVerdict::kTimeout) {
      if (capped && r.stop == MateStop::kNodes) return std::nullopt;
      return unknown(ply, m, to_string(r.stop));
    }
    return r;
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
  MateResult shortest_of(const Position& pos, int ply, Move m, MateResult found) {
    const std::uint64_t cap = std::max<std::uint64_t>(kShortestMinNodes, kShortestShare * found.nodes);
    if (auto exact = solve_branch(pos, ply, m, 0, true, cap); exact && exact->verdict == MateVerdict::kMate)
      return *exact;
    found.shortest_proven = false;
    return found;
  }

  std::nullopt_t unknown(int ply, Move m, std::string reason) {
    report_.unknown.push_back({ply, m, std::move(reason)});
    return std::nullopt;
  }

  // Mated at once: no evasion, or none but futile drops (no defences, as books count them).
  bool mated_at_once(const Position& pos) {
    Hand proof;
    return !has_legal_move(pos) || judge_->mated_by_futility(pos, proof);
  }

  // Position `pos` is after another check m at the (0-based) attacker ply i; main_mates_at_once: the
  // main line's own move at i mates at once (as at its last ply).
  void attacker_branch(Position& pos, int i, int n, Move m, const std::unordered_set<Key>& ahead, Key here,
                       bool main_mates_at_once) {
    ++report_.branches;
    const int remaining = n - i;
    Cook cook{i + 1, m, 1, {m}, CookKind::kCook, true};
    // Mated at once: as long as the main line's rest where its own move mates at once too (its last ply,
    // or a last move as books count: kongou-2's ply 9 of 11, whose last two plies are a futile drop and
    // its capture).
    if (mated_at_once(pos)) {
      cook.kind = main_mates_at_once ? CookKind::kLastMove : CookKind::kShort;
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
      const auto returns = [&](const std::unordered_set<Key>& to) {
        return forces_return(pos, problem_.attacker, to, kReturnPlies) ||
               (r->shortest_proven && line_returns(pos, r->pv, to, 0));
      };
      const bool loop = returns({here}), back = loop || returns(ahead);
      if (back) cook.kind = !loop && is_later_attacker_move(i, m) ? CookKind::kTransposition : CookKind::kDetour;
    }
    cook.mate_length = 1 + r->length;
    cook.length_proven = r->shortest_proven;
    cook.line.insert(cook.line.end(), r->pv.begin(), r->pv.end());
    report_.cooks.push_back(std::move(cook));
  }

  // Whether the branch's shortest mate comes back onto the main line however the defender lasts longest:
  // `line` (a proven shortest mate from pos, its defences the longest) reaches a position of `later`,
  // and at each of its defender plies before that, every other evasion is mated sooner, or lasts as
  // long and its own line comes back too (kTieDepth such lines deep at most). A solve a limit cuts
  // answers no (the branch stays a cook, its kind unsettled). The attacker's moves are the line's: where
  // another shortest route comes back and the line does not, this says no.
  bool line_returns(Position& pos, const std::vector<Move>& line, const std::unordered_set<Key>& later, int depth) {
    // Where the line first stands on the main line (a walk of keys: the solves below only up to there).
    std::vector<StateInfo> st(line.size());
    std::size_t back = 0;
    while (back < line.size() && !later.contains(pos.key())) pos.do_move(line[back], st[back]), ++back;
    const bool reached = later.contains(pos.key());
    for (std::size_t k = back; k-- > 0;) pos.undo_move(line[k]);
    if (!reached) return false;
    bool forced = true;
    std::size_t k = 0;
    for (; k < back && forced; ++k) {
      if (pos.side_to_move() != problem_.attacker)
        forced = others_return(pos, line[k], int(line.size() - k), later, depth);
      pos.do_move(line[k], st[k]);
    }
    while (k-- > 0) pos.undo_move(line[k]);
    return forced;
  }

  // At a defender ply of a branch line with `rest` plies left (its own move `own` included): every other
  // evasion is mated in fewer, or in as many and comes back onto the main line (line_returns).
  bool others_return(Position& pos, Move own, int rest, const std::unordered_set<Key>& later, int depth) {
    MoveList moves;
    generate<EVASIONS>(pos, moves);
    for (const Move e : moves) {
      if (e == own) continue;
      StateInfo st;
      pos.do_move(e, st);
      bool ok = false;
      // Sooner: a mate within rest - 3 plies after e. With rest 2 none is (a mate takes a ply): all tie.
      std::optional<MateResult> sooner;
      if (rest >= 4) sooner = quiet_solve(pos, rest - 3, false);
      if (sooner && sooner->verdict == MateVerdict::kMate) {
        ok = true;
      } else if ((sooner || rest < 4) && depth < kTieDepth) {
        const std::optional<MateResult> tie = quiet_solve(pos, rest - 1, true);
        ok = tie && tie->verdict == MateVerdict::kMate && tie->shortest_proven && int(tie->pv.size()) == rest - 1 &&
             line_returns(pos, tie->pv, later, depth + 1);
      }
      pos.undo_move(e);
      if (!ok) return false;
    }
    return true;
  }

  // A solve inside a branch that settles a kind only: by the branch limits, its nodes counted, nothing
  // recorded as unknown; nullopt where a limit cut it.
  std::optional<MateResult> quiet_solve(const Position& pos, int max_length, bool shortest) {
    const char* why = "";
    const std::optional<MateLimits> l = limits_left(max_length, shortest, why);
    if (!l) return std::nullopt;
    MateResult r = run_solve(pos, *l);
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

  // Position `pos` is after another defence m at the (0-based) defender ply i.
  void defender_branch(Position& pos, int i, int n, Move m) {
    ++report_.branches;
    const int remaining = n - i;
    // A shorter defence is no finding: one short search settles most defences.
    if (remaining >= 4) {
      const auto shorter = solve_branch(pos, i + 1, m, remaining - 3, false);
      if (!shorter || shorter->verdict == MateVerdict::kMate) return;
    }
    Defence d{i + 1, m, remaining, {m}, DefenceKind::kEqual, Hand{}, true};
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
    d.mate_length = 1 + r->length;
    d.leftover = r->leftover;
    d.line.insert(d.line.end(), r->pv.begin(), r->pv.end());
    report_.defences.push_back(std::move(d));
  }

  MateSolver& solver_;
  FutilityJudge* judge_ = nullptr;  // while branches() runs
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
