#pragma once
// The solves of one check: each position a branch of the main line leads to, solved on the solver's one
// table (which the problem's own solve filled) within the check's limits, counted in its report. Every
// other file of compose/ solves through this one.
//
// A branch whose search without a length bound a limit cut is searched again within 5, 9, 17 and 33
// plies, a quarter of that limit each (short_probe): df-pn can lose itself in long forced lines of
// checks with one reply each and miss a short mate beside them. Only if none finds a mate is the
// branch unknown. A mate's shortest length is proven within the length its first proof bounds, at a
// bounded cost (shortest_of).
//
// Thread safety: one check at a time per solver (its table is shared by every branch and kept
// afterwards); the limits' stop flag may be set from any thread.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "compose/soundness_report.h"
#include "core/move.h"
#include "core/position.h"
#include "core/stopwatch.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi {

struct SoundnessLimits {
  MateLimits branch;              // each solve: the problem's own, and each branch's (time_s, nodes, threads)
  double total_time_s = 0;        // the whole check; 0: none. Branches after it are unknown ("total time").
  std::uint64_t total_nodes = 0;  // the same for nodes
  // Set (from any thread) to stop the check: the branches not solved yet are unknown ("stopped"). The
  // solve running then is stopped by MateSolver::request_stop, which the caller sends as well.
  const std::atomic<bool>* stop = nullptr;
  // Levels of variations checked too (--depth-of-variations): at 1, the position after each other
  // defence of the main line is checked as a problem of its own (tsumi's own line its main line), its
  // findings reported with their variation_path; at 2 also the variations of those; 0: none.
  int variation_depth = 0;
  // Stop at the verdict (--first-flaw): once a flaw settles it (soundness.h), the branches not examined
  // yet are left out (SoundnessReport::first_flaw, unexamined).
  bool first_flaw = false;
  // The first pass's cap on each branch's search without a length bound (soundness.h); 0: one pass,
  // each branch searched to its end in turn (the order before the passes, for comparisons).
  std::uint64_t first_pass_nodes = 10000;
  // A total budget that scales with the problem (the fronts' default, kBudgetShare and kBudgetMinNodes
  // in soundness.h): where neither total limit is given, the check's total nodes become, after the
  // problem's own solve, budget_share times that solve's nodes and at least budget_min_nodes. 0: none.
  std::uint64_t budget_share = 0;
  std::uint64_t budget_min_nodes = 0;
  // What every branch is owed before that scaled budget may cut it: the passes whose cap is at most
  // this many nodes (soundness.h: 10,000 then 100,000 by default) run whatever the budget has left, so
  // that a cheap branch never waits behind the dear disproofs of the branches before it. A total the
  // caller gives (total_nodes, total_time_s) holds always. 0: nothing owed.
  std::uint64_t owed_nodes = 100000;
};

// The shortest-mate proof of a branch that mates no faster than the main line (a cook, a longer defence)
// may spend this many times the nodes of finding its mate, and at least kShortestMinNodes; where that
// cuts it, its length is the shortest mate the cut proof proved (length_proven false: an upper bound),
// or the plies of the line shown where none of that length could be (no bound either way).
inline constexpr std::uint64_t kShortestShare = 1;
inline constexpr std::uint64_t kShortestMinNodes = 50000;

// Which pass of a check a branch is in (soundness.h): the first searches every branch with its search
// without a length bound capped at `cap` nodes, so that the flaws that are quick to find come first;
// a branch the cap cut is left open (attacker_branch and defender_branch return false) and the second
// pass (`resumed`) goes on with that search alone, the bounded ones before it done. cap 0: one pass.
struct BranchPass {
  std::uint64_t cap = 0;
  bool resumed = false;
  std::uint64_t spent = 0;     // resumed: the nodes earlier passes spent on the branch (its budgets count them)
  std::uint64_t searched = 0;  // of those, its search without a length bound's (the branch limit counts them)
  double searched_ms = 0;      // and that search's time (the branch time limit counts it)
};

// The length bounds of short_probe, tried in turn after a search without one was cut.
inline constexpr int kProbeLengths[] = {5, 9, 17, 33};

class BranchSolves {
 public:
  // The check of `problem` on `solver`, its limits counted from `start`, its solves in `report`.
  BranchSolves(MateSolver& solver, const MateProblem& problem, const SoundnessLimits& limits, SoundnessReport& report,
               Clock::time_point start)
      : solver_(solver), problem_(problem), limits_(limits), report_(report), start_(start) {}

  MateSolver& solver() const { return solver_; }
  const MateProblem& problem() const { return problem_; }
  const SoundnessLimits& limits() const { return limits_; }
  SoundnessReport& report() const { return report_; }
  Clock::time_point start() const { return start_; }

  // A solve of one branch (the position after its move m at 1-based `ply`) by the branch limits, with
  // at most max_length plies (0: any) and the shortest-mate proof or not; nullopt when a limit cut it
  // or the total limits are spent, with the branch recorded as unknown. node_cap (0: none) caps this
  // solve's nodes below the branch limit, and each build of its lines, and a solve it cuts is not
  // recorded as unknown: `cap_cut`, where given, says so (and last_cut_nodes() how many nodes it had).
  // `spent` and `spent_ms`: the nodes and time earlier passes' searches of this kind had
  // (BranchPass::searched, searched_ms), taken out of the branch's node and time limits (--nodes,
  // --time), which hold for all its passes together.
  std::optional<MateResult> solve_branch(const Position& pos, int ply, Move m, int max_length, bool shortest,
                                         std::uint64_t node_cap = 0, bool* cap_cut = nullptr, std::uint64_t spent = 0,
                                         double spent_ms = 0);

  // After a search without a length bound that the limits `cut` cut: searches for a mate within
  // kProbeLengths plies, each with a quarter of that limit, the shortest first (with its shortest-mate
  // proof where `shortest`); the first mate found, else nullopt.
  std::optional<MateResult> short_probe(const Position& pos, const MateLimits& cut, bool shortest = false);

  // The mate after the branch's move, found by `found` (no shortest-mate proof), with its shortest
  // length proven where that costs at most kShortestShare times the nodes of finding it.
  MateResult shortest_of(const Position& pos, int ply, Move m, MateResult found);

  // A solve inside a branch that settles a kind only: by the branch limits, its nodes counted, nothing
  // recorded as unknown; nullopt where a limit cut it. With `budget`, its nodes are capped by it and
  // taken out of it (none left: nullopt).
  std::optional<MateResult> quiet_solve(const Position& pos, int max_length, bool shortest,
                                        std::uint64_t* budget = nullptr);

  // One solve of the check on the shared table, counted.
  MateResult run_solve(const Position& pos, const MateLimits& l);

  // The limits of one solve of the check: the branch limits, with at most max_length plies (0: any) and
  // the shortest-mate proof or not, within what the total limits leave; nullopt, with `why`, where the
  // check is stopped or its totals are spent.
  std::optional<MateLimits> limits_left(int max_length, bool shortest, const char*& why) const;

  // Why a search stopped at `stop`: the check's total limit where that is what ran out, else the
  // branch's own (to_string(MateStop)).
  std::string cut_reason(MateStop stop) const;

  // Records the branch as unknown for `reason`; nullopt, for the callers' returns.
  std::nullopt_t unknown(int ply, Move m, std::string reason);

  // The phase (soundness_report.h, CheckPhase) that the solves from now on are counted in; returns the
  // one before. Each solve adds its nodes, one solve and its time to it, except in kKinds, whose time
  // is the wall time its caller adds (add_time).
  CheckPhase set_phase(CheckPhase phase) { return std::exchange(phase_, phase); }
  std::uint64_t last_cut_nodes() const { return last_cut_nodes_; }
  // While waived, the check's total node budget cuts no solve (the passes every branch is owed:
  // SoundnessLimits::owed_nodes); the solves' nodes still count in it.
  void set_budget_waived(bool on) { budget_waived_ = on; }
  double last_cut_ms() const { return last_cut_ms_; }
  CheckPhase phase() const { return phase_; }
  void add_time(CheckPhase phase, double ms) { report_.phases[std::size_t(phase)].time_ms += ms; }
  // Moves what the solves since `since` (a copy of the phase's cost taken then) added to `from` over to
  // `to`: a search whose phase its answer decides (another check's search: cook_lengths if it mates,
  // disproofs if not).
  void reassign(CheckPhase from, const PhaseCost& since, CheckPhase to);

 private:
  MateSolver& solver_;
  const MateProblem& problem_;
  const SoundnessLimits& limits_;
  SoundnessReport& report_;
  Clock::time_point start_;
  CheckPhase phase_ = CheckPhase::kSolve;
  std::uint64_t last_cut_nodes_ = 0;
  bool budget_waived_ = false;
  double last_cut_ms_ = 0;
};

// Counts the solves of a scope in `phase`, and gives the phase before back at its end.
class PhaseScope {
 public:
  PhaseScope(BranchSolves& solves, CheckPhase phase) : solves_(solves), before_(solves.set_phase(phase)) {}
  ~PhaseScope() { solves_.set_phase(before_); }
  PhaseScope(const PhaseScope&) = delete;
  PhaseScope& operator=(const PhaseScope&) = delete;

 private:
  BranchSolves& solves_;
  CheckPhase before_;
};

}  // namespace tsumi
