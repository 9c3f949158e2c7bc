#pragma once
// The tsume solver: df-pn over checks and evasions, then a proof that no shorter mate exists, then a
// main line by tsume rules. See solver/README.md for the algorithm and its sources.
//
// Thread safety: a MateSolver is used by one thread at a time, except request_stop(), which any
// thread may call while solve() runs.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "core/table_memory.h"
#include "solver/futility_judge.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_table.h"
#include "solver/search_counters.h"

namespace tsumi {

enum class MateVerdict : std::uint8_t { kMate, kNoMate, kTimeout };

// Why a search ended without a verdict.
enum class MateStop : std::uint8_t { kNone, kTime, kNodes, kStopped, kDepth };

// Limits are checked every 1024 nodes, so a node limit may be passed by up to that many. They bound
// the proof and the shortest-mate proof. Main lines are built after the search that proves them; with
// a time limit each build may run past it by a grace period that grows with the line (a fiftieth of the
// time spent, at least 1 s, plus 40 ms a ply). Every mate proven also has its line recorded the moment
// it is proven, read off the fresh proof in the table (no search): a mate is never answered without a
// line. The answer's length is always the shortest mate proven (mate_bound), and its line that mate's:
// by the exact rules when that length is proven shortest, else with the defences the longest the table
// knows, else the line recorded at its proof (see MateResult::line_of_length for the rare line that
// cannot have that length).
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
  // variations: 新桃花源 has no drop on its 1215-ply line and its book length is 1213; solver/README.md).
  // How long:
  // - with a time limit, until it settles or the deadline comes: the time limit is the budget the user
  //   gave, and the book's number is what the user reads first (橋本 587 at `--time 60` answered 589
  //   when the search was capped at a tenth of the solve's nodes);
  // - without one, capped at kUntimedBookShare times the solve's nodes (at most twice the solve's nodes
  //   again). The famous rows at 1 thread need 0.45 (橋本 587), 0.75 (ACT), 0.88 (Astral
  //   579) and 1.10 (寿) times their solve's nodes (issue 43: `tsumi mate FILE` answers the book's
  //   number); the cap keeps a book count that no search settles (木星の旅's, whose main line has
  //   futile cycles) from running on after the solve without end.
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
};

// Progress, reported about every `MateSolver::set_progress` interval while solve() runs.
struct MateProgress {
  std::uint64_t nodes = 0;
  double time_ms = 0;
  int hashfull = 0;      // permille of table entries in use
  std::vector<Move> pv;  // the best line known now (empty when none)
  // The root's numbers in the search running now (the table's, 0 when it holds none).
  std::uint32_t root_pn = 0, root_dn = 0;
  // 0 while the first mate is sought; else the shortest-mate proof looks for a mate shorter than this.
  int searching_below = 0;
  bool book = false;          // the search running now counts lengths as books do (futile_length)
  int first_mate_length = 0;  // the first proof's length, 0 before it
  int mate_bound = 0;         // the shortest mate proven so far, 0 before the first
  std::uint64_t collections = 0;
  SearchCounters counters;  // the first worker's (the one that reports)
};

// The line read off the table at the last proof of a solve (the answer's line when none can be built
// after it; mate_pv.h's proof_line): the mate's length, the line's plies (0: nothing read, and the line of
// a longer mate read earlier stays), whether the table refuted every evasion on it (false: the reading
// with every evasion failed, and the defences are the longest the table proves), and how that first
// reading ended.
struct RecordedLine {
  int length = 0;
  int plies = 0;
  bool every_defence = true;
  ProofLineEnd reading;
};

struct MateResult {
  MateVerdict verdict = MateVerdict::kTimeout;
  // For kTimeout: which limit hit. For a mate whose shortest-mate proof a limit cut: that limit.
  MateStop stop = MateStop::kNone;
  // Mate: the main line by tsume rules (longest defence; among equal lengths the one that leaves the
  // attacker no spare pieces), from the problem position to the mate.
  std::vector<Move> pv;
  // The shortest mate proven (mate_bound), every legal defence counted (interpositions included); pv
  // has this many plies unless line_of_length is false.
  int length = 0;
  bool shortest_proven = false;  // no mate shorter than `length` exists (proven, not assumed)
  // pv has `length` plies. False only when no line of that length could be shown (every build cut or
  // forgotten, and the line recorded at the proof shorter): pv is then the longest mating line there was,
  // labelled, with defences that are not proven longest; it never sets the length.
  bool line_of_length = true;
  // The length as problem books count it: the shortest mate in which futile interpositions (muda-ai)
  // are no defences (solver/README.md, "Futile interpositions"), searched as MateLimits::book_search
  // says; where it was not searched, `length` less the main line's futile cycles (mate_line.h: stretches
  // the defender spends pieces on and the board comes back; 木星の旅 435, 411 as books count), or with
  // MateLimits::book_search off the main-line rules' length. A search never leaves it longer than the
  // line without its cycles. futile_proven: no shorter such mate exists (proven); never where the length
  // is the line's without its cycles.
  int futile_length = 0;
  bool futile_proven = false;
  // The book count's search was cut (its share of nodes, MateLimits::book_share, or a limit) before it
  // settled: futile_length is then the shortest book mate known, maybe `length` itself. book_capped:
  // the cut was the share of nodes (not the time limit, the node limit or a stop): a time limit, or a
  // larger --book-share, lets it go on.
  bool futile_cut = false;
  bool book_capped = false;
  // The book count's main line, of futile_length plies, when it differs from pv and could be built: it
  // ends where the defender's every evasion is a futile drop (replay: legal moves, each attacker move a
  // check). Where futile_length is pv's length without its futile cycles (mate_line.h; never proven
  // shortest), it is pv with those stretches cut, and ends in mate.
  std::vector<Move> futile_pv;
  FutilityCounters futility;  // the futility judgements of that search
  double futile_ms = 0;       // the time that search took (0: not searched)
  Hand leftover;              // the attacker's hand after the last move of pv
  std::uint64_t nodes = 0;
  // `nodes` by phase (they sum to it): the search up to the first proof, the shortest-mate proof after
  // it, the main lines' builds (the first proof's, the answer's, the book line's) and the book count's
  // search. At one thread each is the same from run to run (tests/regression_gate_test.cpp holds them).
  std::uint64_t first_mate_nodes = 0;
  std::uint64_t shortest_nodes = 0;
  // The shortest-mate proof's passes, in order (shortest_nodes is their nodes summed): each searches the
  // root for a mate within `within` plies, two below the shortest mate proven before it. length: the
  // mate it proved (0: none); cut: a limit or a stop ended it unsettled (the last pass only). A pass
  // that proves nothing and is not cut proves the mate before it shortest. cold_nodes: those of
  // `nodes` that the cold probe it began with took (0: no probe; mate_solver.cpp, "Cold probes").
  struct ShortestPass {
    int within = 0;
    int length = 0;
    bool cut = false;
    std::uint64_t nodes = 0;
    double ms = 0;
    std::uint64_t cold_nodes = 0;
  };
  std::vector<ShortestPass> shortest_passes;
  std::uint64_t line_nodes = 0;
  std::uint64_t book_nodes = 0;
  double time_ms = 0;
  double first_mate_ms = 0;   // when the first mate was proven (0: none)
  int first_mate_length = 0;  // the length that first proof gave (upper bound, interpositions counted)
  // Mate: the shortest mate proven to exist, in plies (the first proof's length, or a shorter one the
  // shortest-mate proof found before it ended); `length` is this.
  int mate_bound = 0;
  // Mate: every defence on pv is proven the longest (the exact line of a proven shortest mate); false:
  // the longest the table knew.
  bool line_exact = false;
  int hashfull = 0;  // permille, at the end
  // The table's garbage collections during this solve: how many, the entries they emptied, their time.
  std::uint64_t collections = 0;
  std::uint64_t collected = 0;
  double collection_ms = 0;
  SearchCounters counters;  // every worker's, summed (the line builder's not included)
  RecordedLine recorded;    // the line read at the last proof
};

class MateSolver {
 public:
  // A solver owning a transposition table of hash_mb MiB (at least one cluster); throws
  // TableMemoryError when the machine cannot give them.
  explicit MateSolver(std::size_t hash_mb);
  ~MateSolver();
  MateSolver(const MateSolver&) = delete;
  MateSolver& operator=(const MateSolver&) = delete;

  MateResult solve(const MateProblem& problem, const MateLimits& limits);

  // Forgets everything the table holds.
  void clear();
  // Asks a running solve() to return (verdict kTimeout, stop kStopped) soon; callable from any thread.
  // A request made before solve() starts is forgotten: solve() clears it on entry.
  void request_stop();
  // Called from inside solve() about every interval_ms milliseconds (0: never), and at once whenever a
  // mate is proven (the first, and each shorter one), before its line is built.
  void set_progress(std::function<void(const MateProgress&)> callback, int interval_ms);

  std::size_t hash_mb() const;
  // The transposition table, for saving and restoring it between solves (not while solve() runs,
  // except from the progress callback, which runs on a searching thread: MateTable reads each
  // cluster under its lock when workers share it).
  MateTable& table();
  const MateTable& table() const;
  // The table's memory: its allocation time and huge pages.
  const TableMemory& table_memory() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

const char* to_string(MateVerdict v);  // "mate", "nomate", "timeout"
const char* to_string(MateStop s);     // "none", "time", "nodes", "stopped", "depth"

}  // namespace tsumi
