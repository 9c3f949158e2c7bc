#include "compose/soundness.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <vector>

#include "compose/attacker_branch.h"
#include "compose/defender_branch.h"
#include "compose/leftover.h"
#include "compose/main_line_return.h"
#include "compose/mate_at_once.h"
#include "compose/verdict.h"
#include "core/movegen.h"
#include "core/stopwatch.h"
#include "solver/futility_judge.h"
#include "solver/mate_line.h"

namespace tsumi {

namespace {

// The 1-based ply that check_mate_line's message ("ply 3 (...): ...") names, 0 when it names none.
int ply_of_message(const std::string& message) {
  int ply = 0;
  if (message.starts_with("ply ")) std::from_chars(message.data() + 4, message.data() + message.size(), ply);
  return ply;
}

// The check of one problem: its main line, then the branches of each ply, each solved on the solver's
// table.
class Checker {
 public:
  Checker(MateSolver& solver, const MateProblem& problem, const SoundnessLimits& limits, SoundnessReport& report)
      : solves_(solver, problem, limits, report, Clock::now()), problem_(problem), report_(report) {}

  void run(std::span<const Move> recorded) {
    // The book search at its paced share (a tenth of the solve's nodes) even where each solve has a
    // time limit (with one it would run to the deadline by default, MateLimits::book_search): the check
    // keeps its pace, and the branches that follow get the time.
    MateLimits own = solves_.limits().branch;
    if (own.book_share < 0) own.book_share = MateLimits::kPacedBookShare;  // kBookShareAuto
    report_.solve = solves_.solver().solve(problem_, own);
    report_.nodes += report_.solve.nodes;
    // The problem's own solve, cut: the probes (short_probe) for a mate the unbounded search missed, its
    // shortest proven within the bound (seed 20261226: a mate in 7 that 300,000 nodes did not find, a
    // search within 9 plies proves in 3,705). run_solve counts the probes' nodes.
    if (report_.solve.verdict == MateVerdict::kTimeout &&
        (report_.solve.stop == MateStop::kNodes || report_.solve.stop == MateStop::kTime)) {
      StateInfo st;
      Position root;
      root.set(problem_.setup, &st);
      if (std::optional<MateResult> p = solves_.short_probe(root, solves_.limits().branch, true)) {
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
  // Each ply of the main line: its other moves, each handed to its branch, with the positions after
  // the main line's plies as the targets of a return.
  void branches() {
    const std::vector<Move>& line = report_.main_line;
    const int n = int(line.size());
    std::vector<StateInfo> states(line.size() + 1);
    Position pos;
    pos.set(problem_.setup, &states[0]);
    const MainLinePositions positions(problem_.setup, line);
    FutilityJudge judge(problem_.attacker);
    LeftoverCount leftover(judge);
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
      bool main_at_once = false;
      if (attacking) {
        StateInfo st;
        pos.do_move(line[i], st);
        main_at_once = mated_at_once(judge, pos);
        const Hand after = pos.hand(problem_.attacker);
        pos.undo_move(line[i]);
        leftover.attacker_ply(main_at_once, after);
      } else {
        leftover.defender_ply(pos, i, line, drops_only);
      }
      for (const Move m : moves) {
        if (m == line[i]) continue;
        if (drops_only && judge.judge(pos, m.to()).futile) continue;  // a futile drop is no defence
        StateInfo st;
        pos.do_move(m, st);
        if (attacking) {
          attacker_branch(solves_, judge, positions, pos, i, n, m, main_at_once);
        } else {
          defender_branch(solves_, pos, i, n, m);
          if (solves_.limits().variation_depth > 0) variation(pos, i, m);
        }
        pos.undo_move(m);
      }
      pos.do_move(line[i], states[i + 1]);
    }
    report_.leftover = leftover.leftover(pos.hand(problem_.attacker));
  }

  // The checks inside the variation of another defence m at the (0-based) defender ply i (pos after m,
  // --depth-of-variations): the position after m is checked as a problem of its own on the same table,
  // with tsumi's own line as its main line and one level of variations fewer, and its findings come
  // here with the path to them (variation_path) and their plies counted from the problem's start.
  void variation(const Position& pos, int i, Move m) {
    const SoundnessLimits& limits = solves_.limits();
    SoundnessLimits sub = limits;
    --sub.variation_depth;
    const char* why = "";
    if (!solves_.limits_left(0, true, why)) return;  // the check is stopped or spent: the branches say so
    // What the totals leave (limits_left has just said some is left).
    if (limits.total_time_s > 0) sub.total_time_s = limits.total_time_s - seconds_since(solves_.start());
    if (limits.total_nodes > 0) sub.total_nodes = limits.total_nodes - report_.nodes;
    SoundnessReport r;
    Checker(solves_.solver(), MateProblem{pos.setup(), problem_.attacker}, sub, r).run({});
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

  BranchSolves solves_;
  const MateProblem& problem_;
  SoundnessReport& report_;
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
