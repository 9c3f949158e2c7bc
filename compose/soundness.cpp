#include "compose/soundness.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
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
// table, in passes over the main line (soundness.h): the quick answers first, the verdict as soon as
// it is known, the variations last.
// The caps of the passes after the first grow tenfold up to this many times the first, then go.
constexpr std::uint64_t kLastCapFactor = 100;

class Checker {
 public:
  Checker(MateSolver& solver, const MateProblem& problem, const SoundnessLimits& limits, SoundnessReport& report,
          CheckObserver* observer)
      : limits_(limits),
        solves_(solver, problem, limits_, report, Clock::now()),
        problem_(problem),
        report_(report),
        observer_(observer) {}

  void run(std::span<const Move> recorded) {
    // The book search at its paced share (a tenth of the solve's nodes) even where each solve has a
    // time limit (with one it would run to the deadline by default, MateLimits::book_search): the check
    // keeps its pace, and the branches that follow get the time.
    MateLimits own = solves_.limits().branch;
    if (own.book_share < 0) own.book_share = MateLimits::kPacedBookShare;  // kBookShareAuto
    report_.solve = solves_.solver().solve(problem_, own);
    report_.nodes += report_.solve.nodes;
    PhaseCost& solve_cost = report_.phases[std::size_t(CheckPhase::kSolve)];
    solve_cost.nodes += report_.solve.nodes;
    ++solve_cost.solves;
    solve_cost.time_ms += report_.solve.time_ms;
    // The problem's own solve, cut: the probes (short_probe) for a mate the unbounded search missed, its
    // shortest proven within the bound (seed 20261226: a mate in 7 that 300,000 nodes did not find, a
    // search within 9 plies proves in 3,705). run_solve counts the probes' nodes (in the solve's phase).
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
    // The budget that scales with the problem: a multiple of its own solve's nodes.
    if (limits_.total_nodes == 0 && limits_.total_time_s <= 0 && limits_.budget_share > 0) {
      limits_.total_nodes = std::max(limits_.budget_min_nodes, limits_.budget_share * report_.solve.nodes);
      scaled_budget_ = true;
    }
    report_.budget_nodes = limits_.total_nodes;
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
      line_proven_ = s.shortest_proven && s.line_exact;
      if (!line_proven_)
        report_.unknown.push_back(
            {0, Move::none(), s.shortest_proven ? "main line not exact" : "main line not proven shortest", {}});
    }
    report_.length = int(report_.main_line.size());
    branches();
  }

  // Whether the verdict was known before the end (settle), and the flaw waiting for the defences of a
  // recorded line.
  bool settled() const { return settled_; }

 private:
  // A branch a pass left open: the 0-based ply, the move, its place among the ply's moves, and the nodes
  // the passes before spent on it (BranchPass).
  struct Open {
    int i;
    Move m;
    int order;
    std::uint64_t spent, searched;  // BranchPass's
    double searched_ms;
  };

  // The passes over the main line, each with the positions after its plies as the targets of a return:
  //   0. each ply's other moves (a futile drop is no defence), the pieces left, and whether the main
  //      line's own move mates at once (as books count): no solve;
  //   1. every branch, its search without a length bound capped at first_pass_nodes (BranchPass);
  //   2. the branches a cap cut, that search going on with a cap ten times the last, and at last none
  //      (kLastCapFactor);
  //   3. the variations (--depth-of-variations), which change no verdict.
  // A flaw found in any pass settles the verdict (settle_flaw); with first_flaw the check ends there.
  void branches() {
    const int n = int(report_.main_line.size());
    const MainLinePositions positions(problem_.setup, report_.main_line);
    FutilityJudge judge(problem_.attacker);
    others_.assign(std::size_t(n), {});
    main_at_once_.assign(std::size_t(n), false);
    collect_others(judge);
    for (const std::vector<Move>& o : others_) total_ += int(o.size());
    if (observer_) observer_->main_line(report_, total_);
    if (!report_.leftover.empty()) {
      if (observer_) observer_->leftover(report_);
      settle_flaw({"leftover", 0, Move::none()});
    }
    if (!line_proven_ && !report_.recorded) settle({"main line not proven", 0, Move::none()});
    capped_passes(judge, positions);
    if (stopped_at_verdict()) {
      report_.first_flaw = true;
      report_.unexamined = total_ - done_;
    } else if (solves_.limits().variation_depth > 0) {
      variations(n);
    }
    in_order();
  }

  // Pass 0: each ply's other moves (a futile drop is no defence), whether the main line's own move mates
  // at once, and the pieces left.
  void collect_others(FutilityJudge& judge) {
    const std::vector<Move>& line = report_.main_line;
    const int n = int(line.size());
    LeftoverCount leftover(judge);
    Walk walk(problem_.setup, n);
    for (int i = 0; i < n; ++i) {
      Position& pos = walk.pos;
      const bool attacking = i % 2 == 0;
      MoveList moves;
      if (attacking)
        generate<CHECKS>(pos, moves);
      else
        generate<EVASIONS>(pos, moves);
      const bool drops_only = !attacking && std::all_of(moves.begin(), moves.end(), [](Move m) { return m.is_drop(); });
      // Whether the main line's own move here mates at once as books count it (the last attacker move
      // of the book's line): another move that mates at once is then a last-move cook, not a short mate.
      if (attacking) {
        StateInfo st;
        pos.do_move(line[i], st);
        main_at_once_[std::size_t(i)] = mated_at_once(judge, pos);
        const Hand after = pos.hand(problem_.attacker);
        pos.undo_move(line[i]);
        leftover.attacker_ply(main_at_once_[std::size_t(i)], after);
      } else {
        leftover.defender_ply(pos, i, line, drops_only);
      }
      for (const Move m : moves) {
        if (m == line[i]) continue;
        if (drops_only && judge.judge(pos, m.to()).futile) continue;  // a futile drop is no defence
        others_[std::size_t(i)].push_back(m);
        if (!attacking) ++open_defences_;
      }
      walk.next(line[i]);
    }
    report_.leftover = leftover.leftover(walk.pos.hand(problem_.attacker));
  }

  // Passes 1 and 2: every branch with its search capped, then those a cap cut, each pass's cap ten
  // times the last (first_pass_nodes, then 10 and 100 times it), and a last pass without one.
  void capped_passes(FutilityJudge& judge, const MainLinePositions& positions) {
    std::vector<Open> open;
    const std::uint64_t first_cap = solves_.limits().first_pass_nodes;
    std::uint64_t cap = first_cap;
    for (int round = 0; !stopped_at_verdict() && (round == 0 || !open.empty()); ++round) {
      if (round > 0) cap = cap == 0 || cap >= first_cap * kLastCapFactor ? 0 : cap * 10;
      // What every branch is owed runs whatever the scaled budget has left (SoundnessLimits::owed_nodes).
      solves_.set_budget_waived(scaled_budget_ && cap != 0 && cap <= limits_.owed_nodes);
      open = one_pass(judge, positions, cap, round > 0, open);
      if (cap == 0) break;  // a pass without a cap settles every branch it takes
    }
    solves_.set_budget_waived(false);
  }

  // One pass over the main line: every branch (the first), or those `open` names; the branches its cap
  // cut, for the next.
  std::vector<Open> one_pass(FutilityJudge& judge, const MainLinePositions& positions, std::uint64_t cap, bool resumed,
                             const std::vector<Open>& open) {
    const std::vector<Move>& line = report_.main_line;
    const int n = int(line.size());
    std::vector<Open> still;
    std::size_t next_open = 0;
    Walk walk(problem_.setup, n);
    for (int i = 0; i < n && !stopped_at_verdict(); ++i) {
      Position& pos = walk.pos;
      const bool attacking = i % 2 == 0;
      const std::vector<Move>& others = others_[std::size_t(i)];
      for (int k = 0; k < int(others.size()) && !stopped_at_verdict(); ++k) {
        BranchPass pass{cap, resumed, 0};
        const Move m = others[std::size_t(k)];
        if (resumed) {
          if (next_open >= open.size() || open[next_open].i != i || open[next_open].order != k) continue;
          pass.spent = open[next_open].spent;
          pass.searched = open[next_open].searched;
          pass.searched_ms = open[next_open].searched_ms;
          ++next_open;
        }
        // With a recorded line's flaw waiting for its defences, only they can change the verdict.
        if (attacking && pending_ && solves_.limits().first_flaw) continue;
        const std::uint64_t nodes_before = report_.nodes;
        StateInfo st;
        pos.do_move(m, st);
        const bool done =
            attacking ? attacker_branch(solves_, judge, positions, pos, i, n, m, main_at_once_[std::size_t(i)], pass)
                      : defender_branch(solves_, pos, i, n, m, pass);
        pos.undo_move(m);
        if (!done) {
          still.push_back({i, m, k, pass.spent + (report_.nodes - nodes_before),
                           pass.searched + solves_.last_cut_nodes(), pass.searched_ms + solves_.last_cut_ms()});
          continue;
        }
        order_[key(i + 1, m)] = k;
        ++done_;
        if (!attacking) --open_defences_;
        tell_new();
      }
      walk.next(line[std::size_t(i)]);
    }
    return still;
  }

  // The findings in ply order, then the order of the moves at a ply (the passes settle them out of
  // order); those inside variations after the main line's, as they came.
  void in_order() {
    const auto place = [&](const auto& f) {
      if (!f.variation_path.empty()) return std::tuple(1, 0, 0);
      const auto it = order_.find(key(f.ply, f.move));
      return std::tuple(0, f.ply, it == order_.end() ? -1 : it->second);
    };
    const auto by_place = [&](const auto& a, const auto& b) { return place(a) < place(b); };
    std::stable_sort(report_.cooks.begin(), report_.cooks.end(), by_place);
    std::stable_sort(report_.defences.begin(), report_.defences.end(), by_place);
    std::stable_sort(report_.unknown.begin(), report_.unknown.end(), by_place);
  }

  // Pass 3: the variation of each other defence of the main line.
  void variations(int n) {
    Walk walk(problem_.setup, n);
    for (int i = 0; i < n; ++i) {
      if (i % 2 == 1)
        for (const Move m : others_[std::size_t(i)]) {
          StateInfo st;
          walk.pos.do_move(m, st);
          variation(walk.pos, i, m);
          walk.pos.undo_move(m);
          tell_new();
        }
      walk.next(report_.main_line[std::size_t(i)]);
    }
  }

  // The checks inside the variation of another defence m at the (0-based) defender ply i (pos after m,
  // --depth-of-variations): the position after m is checked as a problem of its own on the same table,
  // with tsumi's own line as its main line and one level of variations fewer, and its findings come
  // here with the path to them (variation_path) and their plies counted from the problem's start.
  void variation(const Position& pos, int i, Move m) {
    const SoundnessLimits& limits = solves_.limits();
    SoundnessLimits sub = limits;
    --sub.variation_depth;
    sub.first_flaw = false;
    sub.budget_share = 0;  // the check's own budget (in total_nodes) is what the variation may spend
    const char* why = "";
    if (!solves_.limits_left(0, true, why)) return;  // the check is stopped or spent: the branches say so
    // What the totals leave (limits_left has just said some is left).
    if (limits.total_time_s > 0) sub.total_time_s = limits.total_time_s - seconds_since(solves_.start());
    if (limits.total_nodes > 0) sub.total_nodes = limits.total_nodes - report_.nodes;
    SoundnessReport r;
    Checker(solves_.solver(), MateProblem{pos.setup(), problem_.attacker}, sub, r, nullptr).run({});
    report_.nodes += r.nodes;
    report_.solves += r.solves + 1;
    report_.branches += r.branches;
    for (int k = 0; k < kCheckPhases; ++k) {
      report_.phases[std::size_t(k)].nodes += r.phases[std::size_t(k)].nodes;
      report_.phases[std::size_t(k)].solves += r.phases[std::size_t(k)].solves;
      report_.phases[std::size_t(k)].time_ms += r.phases[std::size_t(k)].time_ms;
    }
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

  // The main line played from the problem's position, a ply at a time (its history kept, as the
  // branches' positions always had it).
  struct Walk {
    Walk(const PositionSetup& setup, int n) : states(std::size_t(n) + 1) { pos.set(setup, &states[0]); }
    void next(Move m) {
      pos.do_move(m, states[ply + 1]);
      ++ply;
    }
    std::vector<StateInfo> states;
    Position pos;
    std::size_t ply = 0;
  };

  static std::uint32_t key(int ply, Move m) { return std::uint32_t(ply) << 16 | m.raw(); }

  // Tells the observer the findings added since it was last told, checks them for a flaw, and tells
  // the progress.
  void tell_new() {
    for (; told_cooks_ < report_.cooks.size(); ++told_cooks_) {
      const Cook& c = report_.cooks[told_cooks_];
      if (observer_) observer_->cook(report_, c);
      if (is_flaw(c)) settle_flaw({c.kind == CookKind::kShort ? "short" : "cook", c.ply, c.move});
    }
    for (; told_defences_ < report_.defences.size(); ++told_defences_) {
      const Defence& d = report_.defences[told_defences_];
      if (observer_) observer_->defence(report_, d);
      if (is_flaw(d)) settle_flaw({d.kind == DefenceKind::kLonger ? "longer" : "equal", d.ply, d.move});
    }
    for (; told_unknown_ < report_.unknown.size(); ++told_unknown_)
      if (observer_) observer_->unknown(report_, report_.unknown[told_unknown_]);
    if (report_.bad_line) settle({"bad-line", report_.bad_line->ply, report_.bad_line->move});
    if (pending_ && open_defences_ == 0) settle(*pending_);
    if (observer_) observer_->progress({done_, total_, settled_, report_.verdict, ms_since(solves_.start())});
  }

  // A flaw: the verdict is flawed now where the main line is proven, and for a recorded line once
  // every defence is settled (one that escapes mate makes it bad-line); until then it waits.
  void settle_flaw(const VerdictCause& cause) {
    if (settled_ || pending_ || (!report_.recorded && !line_proven_)) return;
    if (report_.recorded && open_defences_ > 0) {
      pending_ = cause;
      return;
    }
    settle(cause);
  }

  void settle(const VerdictCause& cause) {
    if (settled_) return;
    settled_ = true;
    report_.verdict = soundness_verdict(report_);
    report_.settled_by = cause;
    report_.verdict_ms = ms_since(solves_.start());
    if (observer_) observer_->verdict(report_);
  }

  bool stopped_at_verdict() const { return settled_ && solves_.limits().first_flaw; }

  SoundnessLimits limits_;      // the caller's, with the budget that scales with the problem (run)
  bool scaled_budget_ = false;  // total_nodes is that budget, not the caller's
  BranchSolves solves_;
  const MateProblem& problem_;
  SoundnessReport& report_;
  CheckObserver* observer_;
  bool line_proven_ = true;                       // a recorded line, or tsumi's own proven shortest and exact
  std::vector<std::vector<Move>> others_;         // each ply's other moves to check
  std::vector<bool> main_at_once_;                // each attacker ply: the main line's own move mates at once
  std::unordered_map<std::uint32_t, int> order_;  // (ply, move) -> its place among the ply's moves
  int total_ = 0, done_ = 0;
  int open_defences_ = 0;  // defender branches not settled yet
  std::optional<VerdictCause> pending_;
  bool settled_ = false;
  std::size_t told_cooks_ = 0, told_defences_ = 0, told_unknown_ = 0;
};

}  // namespace

SoundnessReport check_soundness(MateSolver& solver, const MateProblem& problem, std::span<const Move> recorded,
                                const SoundnessLimits& limits, CheckObserver* observer) {
  const auto start = Clock::now();
  SoundnessReport report;
  Checker checker(solver, problem, limits, report, observer);
  checker.run(recorded);
  report.time_ms = ms_since(start);
  report.verdict = soundness_verdict(report);
  if (!checker.settled()) {
    report.verdict_ms = report.time_ms;
    if (observer) observer->verdict(report);
  }
  return report;
}

}  // namespace tsumi
