#pragma once
// An independent oracle for compose/soundness.h: a plain full-width minimax over checks and evasions,
// written apart from the df-pn code. It uses core/ only (Position, the CHECKS, EVASIONS and LEGAL
// generators, Hand); of solver/ it takes nothing but MateProblem, the problem's description.
//
// Everything is bounded by a number of plies (problems of up to 9 plies are what it is for): where a
// mate would be longer than the bound, the oracle says "no mate within the bound", never "no mate".
//
// The tsume rules it applies (as compose/README.md states them):
// - the attacker checks at every move; the defender has every legal evasion, interpositions included;
//   a defender to move without a legal move is mated (a pawn-drop mate is never generated);
// - the length of a mate is the minimax value: the attacker plays a shortest mate, the defender the
//   longest defence, and among equally long defences one that leaves the attacker no piece in hand;
// - the futile interposition (muda-ai) rule of solver/futility_judge.h, restated in futile_drop().
//
// The attacker's choice among equally short mates is left open by the rules, so what the attacker holds
// at the end of a line is given as a range (LeftoverRange): a finding that depends on it accepts either.

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "core/position.h"
#include "solver/mate_problem.h"

namespace tsumi::test {

// Whether the attacker's hand is non-empty at the end of a mate played by tsume rules, for the two
// ways the attacker may choose among its equally short mates.
struct LeftoverRange {
  bool min = false;  // the attacker prefers ending with an empty hand
  bool max = false;  // the attacker prefers ending with pieces left
};

// The minimax search, with its transposition tables, for one attacker. Not thread-safe.
class MinimaxOracle {
 public:
  explicit MinimaxOracle(Color attacker) : attacker_(attacker) {}

  Color attacker() const { return attacker_; }

  // Whether the side to move loses or wins within d plies, as tsume rules go: with the attacker to
  // move, whether it mates within d plies; with the defender to move (in check), whether it is mated
  // within d plies (0: it is mated now).
  bool mate_within(Position& pos, int d);

  // Whether the shortest mate (as mate_within counts) is exactly `length` plies.
  bool mates_exactly(Position& pos, int length);

  // The exact length of the shortest mate in plies (odd with the attacker to move, even with the
  // defender to move in check, 0 when already mated), or -1 when there is none within max_plies.
  int shortest_mate(Position& pos, int max_plies);

  // What the attacker holds at the end of a mate played by tsume rules from pos, whose shortest mate
  // is `length` plies (shortest_mate(pos) == length, which the caller knows).
  LeftoverRange leftover(Position& pos, int length);

  // The defender to move is in check and has nothing but drops: it has evasions and every one is a drop
  // (so the check is from one distant slider: no king move, no capture of the checker, no board piece
  // to move between).
  static bool drops_only(const Position& pos);

  // The futile-drop rule (solver/futility_judge.h, solver/README.md "The book count: the rule"), for pos as
  // in drops_only() and `drop` one of its evasions, on square s. V(s) is the position where the checker
  // (promoting or not, wherever either is legal) or, when s is next to the king, any other piece that
  // gives check from s, takes on s, less the piece taken: the board of pos with that piece moved to s,
  // the attacker's hand as it was, the defender to move. The drop is futile when any of those V(s) is
  // mated at once as books count: no legal move, or nothing but drops that are futile by this same rule
  // (book_mate_within(V(s), 0), whose drops are judged one nesting level down). A V(s) mated only later
  // leaves the drop a defence (tanuki3-172: V(1b) is mated, the king taking the lance first, and the
  // book's mate is 3 plies, not 1).
  bool futile_drop(Position& pos, Move drop) { return futile_drop(pos, drop, 1); }

  // The defender to move is mated at once as books count: no legal move, or nothing but futile drops
  // (futile_drop()).
  bool book_mated_at_once(Position& pos);

  // mate_within() as problem books count: futile drops are no defences (a defender with nothing else is
  // mated), as judged by futile_drop().
  bool book_mate_within(Position& pos, int d) { return search(pos, d, 1); }

  // The searches of V(s) nest: the book count of V(s) judges the drops of its own nodes by V(s') of
  // their own, and so on. Nesting level L searches with level L + 1 futility judgements; at this level
  // the drops are judged no more (they are defences). Seven squares lie between a king and a checker at
  // most, so the chain of V(s) of one slider walking up to the king (a lance on 1i, the king on 1a) fits. Each level
  // has its table, so every entry is a plain function of its position and depth.
  static constexpr int kFutilityNesting = 8;

  // Whether the attacker can force the play onto a position whose key() is in `targets` within `plies`
  // plies from pos (the position itself counts): at its moves it picks one check, at the defender's every
  // evasion must lead there. A defender mated on a position that is not a target is no return.
  bool forced_return(Position& pos, int plies, const std::unordered_set<Key>& targets);

  // A node budget for what follows (0: none): search() and forced_return() count their nodes, and once
  // the budget is spent every search answers "not within d" (or "no return") at once and stores
  // nothing, so the tables hold finished results only. spent() says whether the answers since
  // set_budget() are void.
  void set_budget(std::uint64_t nodes) {
    budget_ = nodes;
    nodes_ = 0;
    spent_ = false;
  }
  bool spent() const { return spent_; }
  std::uint64_t nodes() const { return nodes_; }

  // Forgets every result (the tables are a cache: a long run drops them to bound its memory).
  void clear() {
    for (auto& t : table_) t.clear();
    leftovers_.clear();
  }

  // Whether the attacker, playing shortest mates only, can force the play onto a position whose key()
  // is in `targets` against every longest defence: from pos, whose shortest mate is exactly `length`
  // plies (the caller knows), each side keeps to moves after which the mate is exactly one ply shorter;
  // the attacker picks one, every such defence must lead there.
  bool optimal_return(Position& pos, int length, const std::unordered_set<Key>& targets);

  std::size_t table_size() const {
    std::size_t n = 0;
    for (const auto& t : table_) n += t.size();
    return n;
  }

 private:
  // What is known of one position: mated (or mating) within `proven` plies, not within `disproven`
  // plies; `best`: the check that mated or the evasion that refuted, tried first next time.
  struct Entry {
    int proven = 1000;
    int disproven = -1;
    Move best = Move::none();
  };

  // The count of a search: 0 counts every defence; a level L >= 1 counts as books do, with the futility
  // judgements of nesting level L + 1 (none at kFutilityNesting).
  std::uint64_t table_key(const Position& pos) const;
  bool search(Position& pos, int d, int level);
  bool attacker_mates(Position& pos, int d, Move& best, int level);
  bool defender_mated(Position& pos, int d, Move& best, int level);
  bool futile_drop(Position& pos, Move drop, int level);
  // Counts a node of search() or forced_return(): true where the budget is (now) spent.
  bool spend() {
    ++nodes_;
    if (budget_ > 0 && nodes_ > budget_) spent_ = true;
    return spent_;
  }

  Color attacker_;
  std::unordered_map<std::uint64_t, Entry> table_[kFutilityNesting + 1];  // per level
  std::unordered_map<std::uint64_t, LeftoverRange> leftovers_;
  std::uint64_t budget_ = 0, nodes_ = 0;
  bool spent_ = false;
};

// shortest_mate() of a fresh oracle: the exact shortest mate of pos in plies by tsume rules, -1 when
// there is none within max_plies.
int shortest_mate(Position& pos, Color attacker, int max_plies);

// The plies within which a transposition or detour must come back to the main line (the number of
// compose/main_line_return.h's kReturnPlies, copied so that this file does not include it).
inline constexpr int kOracleReturnPlies = 4;

// The kinds of compose/soundness_report.h, with the same names (to_string gives the same text).
enum class OracleCookKind : std::uint8_t { kCook, kShort, kLastMove, kDetour, kTransposition };
enum class OracleDefenceKind : std::uint8_t { kLonger, kEqual, kEqualLeftover, kLongerLeftover };
enum class OracleVerdict : std::uint8_t { kSound, kFlawed, kNoMate, kBadLine };

const char* to_string(OracleCookKind k);     // "cook", "short", "last-move", "detour", "transposition"
const char* to_string(OracleDefenceKind k);  // "longer", "equal", "equal-leftover", "longer-leftover"
const char* to_string(OracleVerdict v);      // "sound", "flawed", "nomate", "bad-line"

// Another check at an attacker ply of the main line after which the defender is still mated.
struct OracleCook {
  int ply = 0;  // 1-based ply of the main line that `move` replaces
  Move move = Move::none();
  int mate_length = 0;  // 1 + the shortest mate after `move`; 1 also where it leaves only futile drops
  OracleCookKind kind = OracleCookKind::kCook;
};

// Another evasion at a defender ply, no futile drop, that lasts as long as the main line's rest or longer.
struct OracleDefence {
  int ply = 0;
  Move move = Move::none();
  int mate_length = 0;  // 1 + the shortest mate after `move`
  // The kind when the attacker prefers ending with an empty hand, and when it prefers pieces left (the
  // same unless the length is equal and the leftover depends on the attacker's choice).
  OracleDefenceKind kind_min = OracleDefenceKind::kLonger;
  OracleDefenceKind kind_max = OracleDefenceKind::kLonger;
  LeftoverRange leftover;
};

// Another move at a ply of the main line after which the oracle finds no mate within its bound: either
// there is none, or it is longer than the bound.
struct OracleBranch {
  int ply = 0;
  Move move = Move::none();
};

struct OracleFindings {
  int bound = 0;      // max_plies: the longest mate_length looked for from any ply
  int shortest = -1;  // the problem's shortest mate, -1 when none within the bound
  int length = 0;     // plies of the main line
  // What is wrong with the main line: an illegal move, an attacker move that is no check, no mate at
  // its end, a length other than the shortest mate. Empty when nothing is.
  std::vector<std::string> line_faults;
  Hand leftover;  // the attacker's hand after the main line, as books count it (at its first mate as books count)
  std::vector<OracleCook> cooks;
  std::vector<OracleDefence> defences;
  std::vector<OracleBranch> beyond;  // moves after which no mate within the bound
  std::vector<OracleBranch> futile;  // defender alternatives left out as futile drops
  // Moves whose searches spent the branch budget (oracle_findings' branch_nodes): nothing is known of
  // them. With `undetermined_root`, the problem's own shortest mate spent it: nothing is known at all.
  std::vector<OracleBranch> undetermined;
  bool undetermined_root = false;
  // The verdict with the defence kinds of kind_min, and with those of kind_max.
  OracleVerdict verdict_min = OracleVerdict::kNoMate;
  OracleVerdict verdict_max = OracleVerdict::kNoMate;
};

// The findings of compose/soundness.h's definitions for `problem` and its main line, every branch
// searched to a mate_length of max_plies at most, with at most branch_nodes nodes a branch and
// problem_nodes over all the branches (0: no limit; the problem's own shortest mate has the branch
// budget). A branch past either is `undetermined`.
OracleFindings oracle_findings(const MateProblem& problem, std::span<const Move> main_line, int max_plies,
                               std::uint64_t branch_nodes = 0, std::uint64_t problem_nodes = 0);

}  // namespace tsumi::test
