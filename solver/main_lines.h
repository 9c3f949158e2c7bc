#pragma once
// The main lines of one solve, built after the search that proves them by a LineBuilder (mate_pv.h: a
// search of its own over the table the workers filled, helped by as many searchers as the solve has
// workers less one, line_crew.h, where a line's search needs them):
// - the first proof's line, built at once while its proof tree is fresh: insurance, the answer only
//   when the shortest-mate proof is cut and no line of a shorter mate can be built after it;
// - the answer's line, of the shortest mate proven: by the exact tsume rules when that length is
//   proven shortest, else with the defences the longest the table knows, else the line recorded at the
//   proof (proof_record.h);
// - the book count's line (futile interpositions no defences), where the book length differs.
// What each build may spend: with a time limit, its grace past the deadline (a fiftieth of the time
// spent, at least 1 s, plus kGracePerPlyMs a ply: over a table that has forgotten much of the proof a
// long line needs searches of its own, and a length proven should be answered with its line); after a
// stop, kStopLineGraceMs; MateLimits::line_nodes nodes where given. solver/README.md, "A solve in
// phases".
//
// Thread safety: call only while no worker searches (the table is then used without locks).

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/stopwatch.h"
#include "solver/mate_limits.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_pv.h"
#include "solver/mate_result.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/proof_record.h"

namespace tsumi {

class MainLines {
 public:
  // Lines of `problem` over `table`, reading the workers' path disproofs (`paths`); they obey `stop`,
  // the clock's deadline with its grace, and `line_nodes` (0: no bound). With `threads` above one, that
  // many searchers less one help the line's searches that need them (LineCrew).
  MainLines(MateTable& table, PathTable& paths, const MateProblem& problem, const SolveClock& clock,
            const std::atomic<bool>& stop, std::uint64_t line_nodes, int threads = 1);
  // Called about every DfpnSearch::kLimitInterval nodes of the builds (progress reports).
  void set_tick(void (*tick)(void*), void* ctx) { lines_.set_tick(tick, ctx); }

  // The first proof's line, of a mate within `length`. With a time limit it may take 1/kFirstLineShare
  // of the time left before the deadline; past that it is dropped (`dropped`; nothing returned) and the
  // shortest-mate proof goes on, the line recorded at the proof standing in for it. Untimed it is built
  // whole. 木星の旅 (2 workers, 16 GB, --time 900) once proved its first mate after 537.7 s and then
  // spent the rest, 390 s, on this line (docs/solver-log.md).
  std::optional<MateLine> first(std::uint16_t length, bool& dropped);
  // Whether the last build was cut (a stop, line_nodes or the deadline) rather than ending short of mate.
  bool cut() const { return lines_.cut(); }
  // What cut the last build: a stop, MateLimits::line_nodes, or the deadline.
  MateStop cut_reason() const;

  // The answer's line for the shortest mate proven, `length`, in `line` (which holds the first proof's
  // line, or none): where `shortest_proven`, the exact line if it fits its grace (`exact` set); else the
  // first proof's line if it has `length` plies; else the line with the longest defences the table
  // knows, or, where that is missing or shorter than the line the record kept, the record's if it is no
  // longer than `length` (the table may have forgotten the longer defences). The first proof's line
  // stays only where there is none of these.
  void answer(std::uint16_t length, bool shortest_proven, const ProofRecord& record, std::optional<MateLine>& line,
              bool& exact);
  // The book count's line of a book mate within `length` (exact where `proven`), or nothing. Where
  // `ordered` (the book count's search settled), the book's line by the composers' order (book_line.h),
  // which may be shorter (`by_order` set); where its walk is cut, the line of the longest defences, whose
  // length is the book length only where it is `length` (the longest defences the table knows may end
  // sooner).
  std::optional<MateLine> book(std::uint16_t length, bool proven, bool ordered, bool* by_order = nullptr);

  std::uint64_t nodes() const { return lines_.nodes(); }
  // The line helpers' time searching, each helper's in microseconds (index 0: worker 1).
  const std::vector<std::uint64_t>& helper_busy_us() const { return lines_.helper_busy_us(); }

  static constexpr double kGracePerPlyMs = 40;
  static constexpr int kStopLineGraceMs = 200;
  static constexpr int kFirstLineShare = 4;

 private:
  // The deadline of a line of `length` plies: the solve's, or now, plus the grace.
  Clock::time_point deadline(std::uint16_t length) const;
  // One build; after a stop request it is still made, within kStopLineGraceMs (the stop asks for the
  // answer now, and the line of the shortest mate proven is part of it). `cap`: a time it may not run past.
  std::optional<MateLine> build(std::uint16_t length, bool exact, bool bounded,
                                Clock::time_point cap = Clock::time_point::max());

  MateTable& table_;
  const SolveClock& clock_;
  const std::atomic<bool>& stop_;
  std::uint64_t line_nodes_;
  LineBuilder lines_;
};

}  // namespace tsumi
