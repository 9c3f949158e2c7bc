#pragma once
// Whether a tsume problem is sound, the way composers and judges check one: a main line (the recorded
// solution, or tsumi's own), then every other move at each of its plies solved on the one shared table.
// solver/README.md, "Checking a problem", gives the definitions with examples; in short:
//
// - At an attacker ply i (0-based, even) of a main line of n plies, every other check m after which the
//   defender is still mated is a finding. Its mate_length counts m itself (1 + the shortest mate after
//   it), so it compares with the main line's remaining n - i plies; a check after which every evasion is
//   a futile drop (futility_judge.h) mates at once (mate_length 1), as books count it:
//     short          (早詰)   mate_length < n - i;
//     last-move      (最終手余詰) m mates at once, at the last ply or where the main line's own move
//                    mates at once too (its last attacker move as books count, the plies after it a
//                    futile drop and its capture): a minor finding;
//     detour         (迂回)   m returns (below) onto the position before it (a loop), or onto a later
//                    position of the main line and m is not a later attacker move of it;
//     transposition  (手順前後) m returns onto a later position of the main line and is one of its later
//                    attacker moves;
//   where m returns onto a set of positions when the attacker can force the play there within
//   kReturnPlies plies after m, or by playing shortest mates only against every longest defence (at its
//   plies some check after which the mate is a ply shorter leads there, at the defender's every evasion
//   after which it is a ply shorter does);
//     cook           (余詰)   any other.
// - At a defender ply i (odd), every other evasion d that is a defence (a futile drop is none:
//   futility_judge.h's rule) is solved: mated with 1 + L plies against the remaining n - i:
//     longer         (変長)   more;
//     equal          (変同)   as many, and the variation's line ends with the attacker's hand empty;
//     equal-leftover (変同駒余り) as many, with pieces left: the main line is the right choice, a minor finding.
//   A defence after which there is no mate breaks a recorded line (bad-line).
// - leftover (駒余り): the attacker's hand after the main line as books count it (where it first mates at
//   once as books count), less the pieces taken from futile drops on it before that.
// - Where tsumi's own main line (no recorded one) is not proven a shortest mate against the longest
//   defences, the verdict is `unknown` whatever its branches give: they are no findings about the problem.
// - A branch whose search without a length bound a limit cut is searched again within 5, 9, 17 and 33
//   plies (a quarter of the limit each: df-pn can miss a short mate beside long lines of one-reply
//   checks); only if none finds a mate is it `unknown`. The problem's own solve, cut, is probed the
//   same way, with the shortest mate proven within the bound.
// - A branch that a limit cut is `unknown`; the verdict is `sound` only when every branch was settled and
//   nothing but minor findings (last-move, detour, transposition, equal-leftover) was found.
//
// Lengths count every legal defence, interpositions included (MateResult::length), in the main line and
// in every branch alike. The history before a branch is not part of its solve (each branch is the
// problem that its position is).
//
// Thread safety: check_soundness uses the solver it is given (its table is shared by every branch and
// kept afterwards); one call at a time per solver.

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi {

enum class SoundnessVerdict : std::uint8_t { kSound, kFlawed, kNoMate, kBadLine, kUnknown };
enum class CookKind : std::uint8_t { kCook, kShort, kLastMove, kDetour, kTransposition };
enum class DefenceKind : std::uint8_t { kLonger, kEqual, kEqualLeftover };

const char* to_string(SoundnessVerdict v);  // "sound", "flawed", "nomate", "bad-line", "unknown"
const char* to_string(CookKind k);          // "cook", "short", "last-move", "detour", "transposition"
const char* to_string(DefenceKind k);       // "longer", "equal", "equal-leftover"

// A finding inside a variation (SoundnessLimits::variation_depth) has a variation_path: the moves from
// the problem's position to the position before its ply (the main line's up to where the variation
// leaves it, the other defence, the variation's own line, and so on a level deeper), so ply - 1 of them.
// Findings on the main line have none. Those inside variations are reported and leave the verdict as it
// is: a second mate inside a variation (変化別詰) is a blemish composers weigh, not a cook of the problem.

// Another attacker move at a ply of the main line that mates too.
struct Cook {
  int ply = 0;  // 1-based ply of the main line that `move` replaces
  Move move = Move::none();
  int mate_length = 0;     // plies of the shortest mate from that ply's position, `move` included
  std::vector<Move> line;  // `move`, then the main line of the mate after it
  CookKind kind = CookKind::kCook;
  // mate_length is proven the shortest. A cook that is not short gets a bounded shortest-mate proof
  // (kShortestShare in soundness.cpp); where that is cut, mate_length is the plies of the line the
  // table gives, which bound the shortest mate neither way: its defences are not proven the longest
  // (the minimax oracle's test saw a 9-ply line after a check whose shortest mate is longer than 9).
  // The kind does not rest on it: `short` comes from a search of the short mates alone.
  bool length_proven = true;
  // A cook whose return search (detour or transposition) a budget or a limit cut: it may be a detour
  // ("return not settled"). Or one where a futility verdict left open decides between a last-move cook
  // and another kind ("futility not settled": whether this move, or the main line's, mates at once as
  // books count). Listed with the unknown branches too; it makes no problem flawed.
  bool kind_settled = true;
  CookKind may_be = CookKind::kDetour;  // where kind_settled is false: the minor kind it may be instead
  std::vector<Move> variation_path;     // inside a variation (above); empty on the main line
};

// Another defence at a ply of the main line that lasts as long as the main line's rest, or longer.
struct Defence {
  int ply = 0;
  Move move = Move::none();
  int mate_length = 0;  // plies from that ply's position to the mate, `move` included
  std::vector<Move> line;
  DefenceKind kind = DefenceKind::kLonger;
  Hand leftover;              // the attacker's hand at the end of `line`
  bool length_proven = true;  // as for Cook (only a longer defence can be unproven)
  std::vector<Move> variation_path;
};

// A branch whose solve a limit cut.
struct UnknownBranch {
  int ply = 0;
  Move move = Move::none();
  std::string reason;  // "time", "nodes", "stopped", "total time", "total nodes", "no line",
                       // "return not settled" (a Cook with kind_settled false), "futility not
                       // settled" (a drop the futility judge's budget left open: a defence found
                       // after it, a cook's kind, or the main line's leftover rests on it)
  std::vector<Move> variation_path;
};

// Where a recorded line breaks.
struct BadLine {
  int ply = 0;               // 1-based; n + 1 when the line ends without mate
  Move move = Move::none();  // the move at that ply (none past the end)
  std::string reason;
};

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

struct SoundnessReport {
  SoundnessVerdict verdict = SoundnessVerdict::kUnknown;
  bool recorded = false;        // the main line is the recorded one (else tsumi's own)
  std::vector<Move> main_line;  // empty for nomate and for an unsolved problem without a recorded line
  int length = 0;               // plies of main_line
  int futile_length = 0;        // main_line as books count it (futile interpositions cut)
  Hand leftover;                // the attacker's hand after main_line
  std::vector<Cook> cooks;      // in ply order, then move order
  std::vector<Defence> defences;
  std::vector<UnknownBranch> unknown;
  std::optional<BadLine> bad_line;
  MateResult solve;         // the problem's own solve (its shortest mate and line)
  int branches = 0;         // other moves examined (each a position to solve, or mated at once)
  int solves = 0;           // solves of those positions (a branch may need up to three)
  std::uint64_t nodes = 0;  // every solve's, the problem's included
  double time_ms = 0;
  double solve_ms = 0;  // the problem's own solve
};

// The plies within which a transposition or detour must come back to a main-line position.
inline constexpr int kReturnPlies = 4;

// Checks `problem`: with `recorded` (non-empty) that line is the main line, else the solver's own.
SoundnessReport check_soundness(MateSolver& solver, const MateProblem& problem, std::span<const Move> recorded,
                                const SoundnessLimits& limits);

// The verdict that the findings give (used by check_soundness; exposed for the fronts and tests).
SoundnessVerdict soundness_verdict(const SoundnessReport& report);

}  // namespace tsumi
