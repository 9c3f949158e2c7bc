#pragma once
// Whether an interposition is futile (muda-ai), judged where the evasions are generated, for the
// search that counts lengths as problem books do (solver/README.md, "The book count: the rule").
//
// The rule. The defender is in check from a distant slider. A drop on a square s between its king and
// the checker is judged when s is next to the king, whatever else the defender may do, and farther
// away only where drops are all the defender has: no king move, no capture of the checker, no piece to
// move between (where it has any of these, a far drop is a defence, as in shtsume's evasion generator,
// which judges the square next to the king always). A judged drop on s is futile when the mate goes
// through without the interposed piece:
// when the position the attacker would reach by taking it at once, less the piece taken, is mated.
// That position, V(s), does not depend on what was dropped: it is the board with the taking piece
// moved to s, the attacker's hand as it was, the defender to move. The piece that takes is the checker
// (promoting or not, where either is legal) or, on the square next to the king, any other piece that
// gives check from there. A futile drop is no defence at all: a defender node whose every evasion is a
// futile drop is mated, and futile drops add nothing to the length of a node that has other defences.
//
// The cases this separates (each tested in futility_judge_test.cpp): a drop the checker takes and mates
// as it would have (futile); a drop on a square the defender guards, where taking it loses the checker
// (an exchange: a defence); a drop that pulls the checker to where it no longer mates (a tempo won by
// the interposition, chuu-ai: a defence); a drop next to the king that another piece takes with mate
// (futile). Interpositions by moving a piece are always defences here.
//
// How V(s) is known: it is mated at once as books count, or the drop is a defence. Mated at once is
// no evasion at all, or nothing but drops between the king and a distant checker, each futile by this
// same rule (after any of them and its capture the attacker stands in a V of V(s), mated, with one
// piece more in hand; the squares between are fewer at each step, so the chain ends, and the verdicts
// found along it are remembered). A V(s) mated only later, in three plies or thirty, leaves the drop a
// defence: the interposition then costs the attacker more than the two plies of the drop and its
// capture, and books count those plies (tanuki3-172, tanuki9-11: the published lengths hold only so).
// An earlier rule called the drop futile wherever V(s) was mated at any length, by the table or a
// search of 4,096 nodes; it made book lengths of the public set shorter than published (20 against 13
// now, the search after every mate) and cost a search per V(s) (docs/solver-log.md, 2026-12-02: the
// futility rule that reads the length).
// The judge needs nothing but the position: no table, no search, and every answer is settled.
//
// Thread safety: one per thread (its memory of chains is its own).

#include <cstdint>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "core/position.h"
#include "core/types.h"

namespace tsumi {

struct FutilityVerdict {
  bool futile = false;
  Hand proof;  // futile: the proof hand of V(s) (what the attacker's hand must hold)
};

// Every judgement counts, those of the squares of a V(s) judged along a chain (above) too.
struct FutilityCounters {
  std::uint64_t judged = 0;  // squares judged
  std::uint64_t futile = 0;  // of those, futile
};

class FutilityJudge {
 public:
  static constexpr std::size_t kMemory = 8192;  // V(s) of chains remembered (a power of two)

  explicit FutilityJudge(Color attacker);
  FutilityJudge(const FutilityJudge&) = delete;
  FutilityJudge& operator=(const FutilityJudge&) = delete;

  // `pos`: the defender to move, in check from one distant slider, its state full (StateScope::kFull:
  // the judge reads the pins on the attacker's king); s: an empty square between the king and the
  // checker.
  FutilityVerdict judge(const Position& pos, Square s);

  // Whether the book count judges a drop on `s`, an empty square between the king of the defender to
  // move in `pos` and its one distant checker: next to the king, always, whatever else the defender may
  // do (a drop there that the capture answers with mate adds two plies and a piece, nothing else: as
  // shtsume's evasion generator judges it); farther away, only where drops are all the defender has
  // (`only_drops`), since there the king's other moves may make the drop worth its plies.
  static bool judges(const Position& pos, Square s, bool only_drops);

  // Leaves out of moves[0, n), the evasions of `pos`, the drops this rule makes futile (`judges`, then
  // `judge`, a square at a time), the rest in their order; returns how many are left. `proof` is raised
  // to the proof hand of every futile square (what the node's proof needs beside its children's).
  int drop_futile(const Position& pos, Move* moves, int n, Hand& proof);

  // The defender to move in `pos` is mated in the book's count: it has evasions, and every one is a drop
  // on a square where drops are futile. proof: what the attacker's hand must hold for that.
  bool mated_by_futility(const Position& pos, Hand& proof);

  const FutilityCounters& counters() const { return counters_; }

 private:
  FutilityVerdict judge_one(const Position& pos, Square from, Square s, bool promote);

  Color attacker_;
  struct Memo {
    Key key = 0;
    Hand proof;
  };
  std::vector<Memo> futile_;  // V(s) found mated at once as books count, at key % kMemory, its proof
  FutilityCounters counters_;
};

}  // namespace tsumi
