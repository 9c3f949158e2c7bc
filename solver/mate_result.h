#pragma once
// What a solve answers (MateResult): the verdict, the length and its proof, the main line, the length
// as books count it, and the nodes and time of each phase of the solve (mate_solver.h).

#include <cstdint>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "solver/futility_judge.h"
#include "solver/mate_line.h"
#include "solver/search_counters.h"
#include "solver/worker_tally.h"

namespace tsumi {

enum class MateVerdict : std::uint8_t { kMate, kNoMate, kTimeout };

// Why a search ended without a verdict.
enum class MateStop : std::uint8_t { kNone, kTime, kNodes, kStopped, kDepth };

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
  // are no defences (solver/README.md, "The book count: the rule"), searched as MateLimits::book_search
  // says; where it was not searched, `length` less the main line's futile cycles (mate_line.h: stretches
  // the defender spends pieces on and the board comes back; 木星の旅 435, 411 as books count), or with
  // MateLimits::book_search off the main-line rules' length. A search never leaves it longer than the
  // line without its cycles. futile_proven: no shorter such mate exists (proven); never where the length
  // is the line's without its cycles.
  // Where the book count's search ran, futile_length is the length of the book's line, chosen over its
  // proof by the composers' order (book_line.h: the defender takes the line that leaves the attacker no
  // spare pieces before a longer one), and futile_minimax the search's own length (the longest defences,
  // futile drops no defences); futile_proven then says that the search proved futile_minimax shortest and
  // that the order kept it. futile_captured: the plies cut from that line as futile captures (mate_line.h:
  // drops taken at once that the mate does not need; futile_proven is then false).
  int futile_length = 0;
  int futile_minimax = 0;
  int futile_captured = 0;
  bool futile_proven = false;
  // The composers' order found no line that leaves the attacker nothing (駒余り: a real-game mate, a
  // flawed draft): futile_length is then the search's, the line of the longest defences.
  bool futile_spare = false;
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
  Hand futile_leftover;       // the attacker's hand after the last move of futile_pv (where there is one)
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
  // `nodes` that the cold probe it began with took (0: no probe; shortest_proof.h, "Cold probes").
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
  // Each worker's share (worker_tally.h), worker 0 first; one entry with one worker.
  std::vector<WorkerTally> workers;
  RecordedLine recorded;  // the line read at the last proof
};

const char* to_string(MateVerdict v);  // "mate", "nomate", "timeout"
const char* to_string(MateStop s);     // "none", "time", "nodes", "stopped", "depth"

}  // namespace tsumi
