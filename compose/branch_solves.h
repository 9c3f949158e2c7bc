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
};

// The shortest-mate proof of a branch that mates no faster than the main line (a cook, a longer defence)
// may spend this many times the nodes of finding its mate, and at least kShortestMinNodes; where that
// cuts it, its length is the shortest mate the cut proof proved (length_proven false: an upper bound),
// or the plies of the line shown where none of that length could be (no bound either way).
inline constexpr std::uint64_t kShortestShare = 1;
inline constexpr std::uint64_t kShortestMinNodes = 50000;

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
  // recorded as unknown.
  std::optional<MateResult> solve_branch(const Position& pos, int ply, Move m, int max_length, bool shortest,
                                         std::uint64_t node_cap = 0);

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

  // Records the branch as unknown for `reason`; nullopt, for the callers' returns.
  std::nullopt_t unknown(int ply, Move m, std::string reason);

 private:
  MateSolver& solver_;
  const MateProblem& problem_;
  const SoundnessLimits& limits_;
  SoundnessReport& report_;
  Clock::time_point start_;
};

}  // namespace tsumi
