#pragma once
// Whether an interposition is futile (muda-ai), judged where the evasions are generated, for the
// search that counts lengths as problem books do (solver/README.md, "Futile interpositions").
//
// The rule. The defender, in check from a distant slider, has nothing but drops on the squares between
// its king and the checker: no king move, no capture of the checker, no piece to move between (where
// it has any of these, every drop is a defence, as in shtsume's evasion generator). A drop on such a
// square s is futile when the mate goes through without the interposed piece:
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
// How V(s) is known: from the table (a proof of V(s) in the search that counts every defence is a proof
// in the book's count too); else, where V(s) is itself a check with nothing but drops between, by this
// rule applied to V(s) (V(s) mated at once as books count is mated: after each of its futile drops and
// the capture the attacker stands in a V of V(s) with a piece more; the squares between are fewer at
// each step, and the verdicts found so are remembered); else by a search of V(s), counting every
// defence, cut at a node budget: the judge asks it of the BoundedSolver it is given (below), which the
// search that owns the judge provides (DfpnSearch, a search of its own on the same table; BookJudge
// outside a search), so that the judge includes nothing of the search.
// A search cut unsettled leaves the drop a defence (the book length found is then an upper bound; the
// judge counts such verdicts, and a shortest book length relying on one is not called proven).
// A V(s) once cut is remembered (a direct-mapped memory of its keys) and not searched again: a node is
// expanded again and again in df-pn, and each expansion would otherwise spend the budget anew on the
// same V(s); its verdict stays unsettled, as the first search left it.
//
// Thread safety: one per worker, with a BoundedSolver of that worker's; the table may be shared.

#include <cstdint>
#include <vector>

#include "core/hand.h"
#include "core/position.h"
#include "core/types.h"
#include "solver/mate_node.h"
#include "solver/mate_table.h"

namespace tsumi {

// What the judge asks of a search: V(s), the defender to move, solved counting every defence, with at
// most `budget` more nodes, under the deadline and stop flag of whoever provides it. The result is
// proven, disproven, or neither (cut). nodes(): every node its solves have spent.
class BoundedSolver {
 public:
  virtual ~BoundedSolver() = default;
  virtual NodeResult solve_within(const PositionSetup& root, std::uint64_t budget) = 0;
  virtual std::uint64_t nodes() const = 0;
};

struct FutilityVerdict {
  bool futile = false;
  bool unsettled = false;  // a search of V(s) was cut before it settled (the drop stays a defence)
  Hand proof;              // futile: the proof hand of V(s) (what the attacker's hand must hold)
};

// Every judgement counts, those of the squares of a V(s) judged along a chain (above) too.
struct FutilityCounters {
  std::uint64_t judged = 0;     // squares judged
  std::uint64_t futile = 0;     // of those, futile
  std::uint64_t searched = 0;   // judgements that needed a search of V(s)
  std::uint64_t unsettled = 0;  // of those, cut before they settled
};

class FutilityJudge {
 public:
  // Nodes a search of one V(s) may spend.
  static constexpr std::uint64_t kBudget = 4096;
  static constexpr std::size_t kCutMemory = 8192;  // keys of cut V(s) remembered (a power of two)

  // `solver` searches the V(s) that need a search; it outlives the judge.
  FutilityJudge(MateTable& table, Color attacker, BoundedSolver& solver);
  FutilityJudge(const FutilityJudge&) = delete;
  FutilityJudge& operator=(const FutilityJudge&) = delete;

  // `pos`: the defender to move, in check from one distant slider, its state full (StateScope::kFull:
  // the judge reads the pins on the attacker's king); s: an empty square between the king and the
  // checker. `search` false: the table only (no search of V(s)).
  FutilityVerdict judge(const Position& pos, Square s, bool search = true);

  // The defender to move in `pos` is mated in the book's count: it has evasions, and every one is a drop
  // on a square where drops are futile. proof: what the attacker's hand must hold for that.
  // `unsettled` (where given): set when the answer no rests on squares whose verdicts are unsettled
  // alone (every other square futile); judging then goes on past an unsettled square.
  bool mated_by_futility(const Position& pos, Hand& proof, bool search = true, bool* unsettled = nullptr);

  const FutilityCounters& counters() const { return counters_; }
  // The nodes of the searches of V(s) (the solver's).
  std::uint64_t nodes() const { return solver_.nodes(); }

 private:
  FutilityVerdict judge_one(const Position& pos, Square from, Square s, bool promote, bool search);

  MateTable& table_;
  Color attacker_;
  BoundedSolver& solver_;
  struct Memo {
    Key key = 0;
    Hand proof;
  };
  std::vector<Key> cut_;      // key of V(s) whose search was cut, at key % kCutMemory (0: none)
  std::vector<Memo> futile_;  // V(s) found mated at once as books count, at key % kCutMemory, its proof
  FutilityCounters counters_;
};

}  // namespace tsumi
