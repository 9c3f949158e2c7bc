#pragma once
// What a solve may spend (MateLimits), and the clock a solve runs by (SolveClock): its start, its
// deadline, and the share of the nodes the book count's search may take.

#include <cstdint>
#include <limits>
#include <optional>

#include "core/stopwatch.h"

namespace tsumi {

// Limits are checked every 1024 nodes, so a node limit may be passed by up to that many. They bound
// the proof and the shortest-mate proof. Main lines are built after the search that proves them; with
// a time limit each build may run past it by a grace period that grows with the line (main_lines.h).
// Every mate proven also has its line recorded the moment it is proven (proof_record.h): a mate is
// never answered without a line. The answer's length is always the shortest mate proven (mate_bound),
// and its line that mate's (main_lines.h says which line stands where).
struct MateLimits {
  // A time limit of this many seconds (about 31 years) or more, or one that is not a positive number
  // (NaN included), is no limit: the deadline of a larger one would not fit the clock.
  static constexpr double kNoTimeLimitS = 1e9;
  double time_s = 0;           // wall-clock limit in seconds; 0: none
  std::uint64_t nodes = 0;     // search nodes; 0: none
  bool prove_shortest = true;  // after the first mate, prove that no shorter one exists
  // With prove_shortest: search the length as books count it (futile_length); false: the main-line
  // rules give futile_length. When, as book_search_after says: after every mate (the default), or only
  // where the main line has a defender's drop (cheaper, but it misses a shorter book mate in the
  // variations: 新桃花源 has no drop on its 1215-ply line and its book length is 1213).
  // How long (book_cap):
  // - with a time limit, until it settles or the deadline comes: the time limit is the budget the user
  //   gave, and the book's number is what the user reads first;
  // - without one, capped at kUntimedBookShare times the solve's nodes (at most twice the solve's nodes
  //   again), so that a book count that no search settles (木星の旅's, whose main line has futile cycles)
  //   does not run on after the solve without end. Proving a book length costs 0.45 to 1.10 times the
  //   solve's nodes on the famous rows (solver/README.md, "The book count: the rule").
  // book_share, where given (0 or more), caps it in both cases: that many times the nodes of the solve
  // before it (the first mate and the shortest-mate proof), and at least kBookMinNodes; kBookShareNone
  // lifts the cap timed or not (`tsumi mate --suite` gives it to a line whose expected length is a book
  // count). kPacedBookShare is the share of the callers that keep a pace (USI `go mate`, whose GUI waits
  // for `checkmate`; `tsumi check`, whose branches follow; the regression gate, whose counts were
  // recorded so). Where the search is cut, futile_length is the shortest book mate it proved, not
  // proven (futile_cut).
  bool book_search = true;
  // book_share not given (as above), and no cap timed or not.
  static constexpr double kBookShareAuto = -1;
  static constexpr double kBookShareNone = std::numeric_limits<double>::infinity();
  double book_share = kBookShareAuto;
  enum class BookSearchAfter : std::uint8_t { kEveryMate, kDrops };
  BookSearchAfter book_search_after = BookSearchAfter::kEveryMate;
  static constexpr double kUntimedBookShare = 2.0;
  static constexpr double kPacedBookShare = 0.1;
  static constexpr std::uint64_t kBookMinNodes = 20000;
  int threads = 1;  // workers sharing the table (oneTBB); 1: the serial search
  // Look only for mates of at most this many plies (0: any length): kNoMate then says that there is no
  // mate that short, not that there is none (compose/ asks whether a branch mates faster than the
  // main line this way).
  int max_length = 0;
  // Each build of a main line (the first proof's, the answer's) may search at most this many nodes (0:
  // no bound, the default: the limits above do not bound the lines, which a proven mate should have). A
  // build it cuts leaves the line before it (the first proof's), or none (kTimeout, first_mate_length
  // set). compose/ bounds the shortest-mate proofs of its branches this way: the line of a length
  // that the cut proof did not prove shortest took 2.75 M nodes over a table that had forgotten it.
  std::uint64_t line_nodes = 0;

  // Whether time_s is a limit (false for 0, NaN and kNoTimeLimitS or more).
  bool timed() const { return time_s > 0 && time_s < kNoTimeLimitS; }
  // The plies the first search may use: max_length, or kUnlimited (mate_node.h) for any length.
  std::uint16_t first_within() const;
  // The node count the book count's search may reach, once the solve before it has spent `spent`: none
  // with a time limit unless book_share is given; else book_share (kUntimedBookShare untimed) times
  // `spent`, at least kBookMinNodes, past `spent`. nullopt: no cap.
  std::optional<std::uint64_t> book_cap(std::uint64_t spent) const;
};

// The clock of one solve: when it began and, where the limits are timed, its deadline.
struct SolveClock {
  explicit SolveClock(const MateLimits& limits);
  Clock::time_point start;
  Clock::time_point deadline;  // start where untimed (the searches then ignore it)
  bool timed;
};

}  // namespace tsumi
