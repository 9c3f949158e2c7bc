#pragma once
// The helpers of a line builder (mate_pv.h, LineBuilder): the solve's other workers, lent to the line's
// searches so that no worker sits idle while a line is built. A line is built ply by ply by one search
// (the lead) that walks the proof and, where the table does not answer, searches a position of the line
// (a defence to show it the longest, a check the table lost). Each such search starts alone for
// kAloneNodes nodes, which answers nearly all of them; one that needs more is searched by the crew: the
// helpers are set at the lead's position (the root, then the lead's moves, so that their paths hold the
// line's repetitions as the lead's does) and search it with the lead as worker 0 of a DfpnCrew, as the
// workers search the root (root_search.h): shared table and path table, busy marks, cut-offs below the
// searched position, and the first to finish raises the done flag. The lead's answer is the crew's.
//
// The line's budgets hold for the crew: its deadline and stop flag for every worker, and its node
// budget for their total (the lead alone counts its own nodes against what the helpers have left).
//
// Thread safety: driven by one thread (the lead's); solve() runs the helpers and returns when all have
// returned. The table is concurrent only while they run (MateTable::set_concurrent); between searches
// no helper runs.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/position.h"
#include "solver/dfpn_search.h"
#include "solver/mate_node.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"

namespace tsumi {

class LineCrew {
 public:
  // A search that needs more nodes than this alone is searched by the crew.
  static constexpr std::uint64_t kAloneNodes = 4 * DfpnSearch::kLimitInterval;

  // `helpers` helpers (0: the lead searches alone) for lines from `root` with `attacker` to mate.
  LineCrew(MateTable& table, const PositionSetup& root, Color attacker, int helpers);
  LineCrew(const LineCrew&) = delete;
  LineCrew& operator=(const LineCrew&) = delete;

  int helpers() const { return int(helpers_.size()); }
  // The helpers read and add to the workers' path table (DfpnSearch::share_paths).
  void share_paths(PathTable& shared, std::uint64_t min_nodes);
  // The limits of the line's searches: the deadline and stop flag of every worker, and `max_nodes` (0:
  // none) for the lead's and the helpers' nodes together. Sets the lead's.
  void set_limits(DfpnSearch& lead, std::chrono::steady_clock::time_point deadline, bool has_deadline,
                  std::uint64_t max_nodes, const std::atomic<bool>* stop);

  // Solves the lead's current node within `remaining` plies (DfpnSearch::solve), with the helpers where
  // it needs more than kAloneNodes. The lead's abort says what cut it, as its own solve's would. With a
  // budget (DfpnSearch::solve_assisted): at most *budget more nodes of the lead and the helpers
  // together, lowered by what they spent; past it the search gives up and leaves no abort behind.
  NodeResult solve(DfpnSearch& lead, std::uint16_t remaining, std::uint64_t* budget = nullptr);
  // For DfpnSearch::set_assist.
  static NodeResult assist(void* crew, DfpnSearch& lead, std::uint16_t remaining, std::uint64_t* budget) {
    return static_cast<LineCrew*>(crew)->solve(lead, remaining, budget);
  }

  // The helpers' nodes, and their time searching, in microseconds: each helper's (index 0: helper 1).
  std::uint64_t nodes() const;
  const std::vector<std::uint64_t>& busy_us() const { return busy_us_; }
  // How many searches the crew took over from the lead.
  std::uint64_t searches() const { return searches_; }

 private:
  NodeResult solve_together(DfpnSearch& lead, std::uint16_t remaining, std::uint64_t* budget);
  void set_lead_alone(DfpnSearch& lead);

  MateTable& table_;
  PositionSetup root_;
  DfpnCrew crew_;
  std::vector<std::unique_ptr<DfpnSearch>> helpers_;
  std::vector<std::uint64_t> busy_us_;
  std::chrono::steady_clock::time_point deadline_{};
  bool has_deadline_ = false;
  std::uint64_t max_nodes_ = 0;  // the line's budget: every line worker's nodes, absolute
  const std::atomic<bool>* stop_ = nullptr;
  std::uint64_t searches_ = 0;
};

}  // namespace tsumi
