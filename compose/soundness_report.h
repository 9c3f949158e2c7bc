#pragma once
// What a check of a tsume problem answers (compose/README.md gives the definitions with examples): the
// verdict, the main line, and the findings at its plies, each a record below; the names of the kinds
// as every front prints them.
//
// A finding inside a variation (SoundnessLimits::variation_depth, branch_solves.h) has a variation_path:
// the moves from the problem's position to the position before its ply (the main line's up to where
// the variation leaves it, the other defence, the variation's own line, and so on a level deeper), so
// ply - 1 of them. Findings on the main line have none. Those inside variations are reported and leave
// the verdict as it is: a second mate inside a variation (変化別詰) is a blemish composers weigh, not a
// cook of the problem.
//
// Thread safety: plain values.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "solver/mate_solver.h"

namespace tsumi {

enum class SoundnessVerdict : std::uint8_t { kSound, kFlawed, kNoMate, kBadLine, kUnknown };
enum class CookKind : std::uint8_t { kCook, kShort, kLastMove, kDetour, kTransposition };
enum class DefenceKind : std::uint8_t { kLonger, kEqual, kEqualLeftover, kLongerLeftover };

// The names in every report (text, JSON, Python): "sound", "flawed", "nomate", "bad-line", "unknown".
constexpr const char* to_string(SoundnessVerdict v) {
  switch (v) {
    case SoundnessVerdict::kSound: return "sound";
    case SoundnessVerdict::kFlawed: return "flawed";
    case SoundnessVerdict::kNoMate: return "nomate";
    case SoundnessVerdict::kBadLine: return "bad-line";
    case SoundnessVerdict::kUnknown: return "unknown";
  }
  return "?";
}

// "cook", "short", "last-move", "detour", "transposition".
constexpr const char* to_string(CookKind k) {
  switch (k) {
    case CookKind::kCook: return "cook";
    case CookKind::kShort: return "short";
    case CookKind::kLastMove: return "last-move";
    case CookKind::kDetour: return "detour";
    case CookKind::kTransposition: return "transposition";
  }
  return "?";
}

// "longer", "equal", "equal-leftover", "longer-leftover".
constexpr const char* to_string(DefenceKind k) {
  switch (k) {
    case DefenceKind::kLonger: return "longer";
    case DefenceKind::kEqual: return "equal";
    case DefenceKind::kEqualLeftover: return "equal-leftover";
    case DefenceKind::kLongerLeftover: return "longer-leftover";
  }
  return "?";
}

// Another attacker move at a ply of the main line that mates too.
struct Cook {
  int ply = 0;  // 1-based ply of the main line that `move` replaces
  Move move = Move::none();
  int mate_length = 0;     // plies of the shortest mate from that ply's position, `move` included
  std::vector<Move> line;  // `move`, then the main line of the mate after it
  CookKind kind = CookKind::kCook;
  // mate_length is proven the shortest. A cook that is not short gets a bounded shortest-mate proof
  // (kShortestShare in branch_solves.h); where that is cut, mate_length is the shortest mate that
  // proof proved (MateResult::length), an upper bound, with its line. Where no line of that length
  // could be shown (MateResult::line_of_length), it is the plies of the line shown, which bound the
  // shortest mate neither way: its defences are not proven the longest (the minimax oracle's test saw
  // a 9-ply line after a check whose shortest mate is longer than 9). The kind does not rest on it:
  // `short` comes from a search of the short mates alone.
  bool length_proven = true;
  // A cook whose return search (detour or transposition) a budget or a limit cut: it may be a detour
  // ("return not settled"). Listed with the unknown branches too; it makes no problem flawed.
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
                       // "return not settled" (a Cook with kind_settled false)
  std::vector<Move> variation_path;
};

// Where a recorded line breaks.
struct BadLine {
  int ply = 0;               // 1-based; n + 1 when the line ends without mate
  Move move = Move::none();  // the move at that ply (none past the end)
  std::string reason;
};

// The parts of a check's work, each with the nodes, solves and time it took (SoundnessReport::phases):
//   solve         the problem's own solve, and its probes where a limit cut it;
//   probes        bounded searches of the other checks: a mate shorter than the main line's rest, the
//                 first pass's capped search of every other check where its cap cut it (soundness.h),
//                 and the searches within 5 to 33 plies after a search a limit cut;
//   cook_lengths  the other checks that mate: the search that found the mate, and the proof of its
//                 shortest length;
//   kinds         whether such a mate comes back onto the main line (detour, transposition): the
//                 wall time of those searches, their solves and full-width walks together;
//   defences      every solve of another defence;
//   disproofs     the other checks that do not mate: the search that proved it (or that a limit cut).
// Variations (SoundnessLimits::variation_depth) are counted in the phases of their own solves.
enum class CheckPhase : std::uint8_t { kSolve, kProbes, kCookLengths, kKinds, kDefences, kDisproofs };
inline constexpr int kCheckPhases = 6;

// "solve", "probes", "cook_lengths", "kinds", "defences", "disproofs" (the keys of the JSON's "phases").
constexpr const char* to_string(CheckPhase p) {
  switch (p) {
    case CheckPhase::kSolve: return "solve";
    case CheckPhase::kProbes: return "probes";
    case CheckPhase::kCookLengths: return "cook_lengths";
    case CheckPhase::kKinds: return "kinds";
    case CheckPhase::kDefences: return "defences";
    case CheckPhase::kDisproofs: return "disproofs";
  }
  return "?";
}

struct PhaseCost {
  std::uint64_t nodes = 0;
  int solves = 0;
  double time_ms = 0;
};

// What settled a verdict before the check ended: a flaw (the first cook, short mate, longer or equal
// defence, or the pieces left that the check found), a bad line, or an unproven main line.
struct VerdictCause {
  // "cook", "short", "longer", "equal", "leftover"; "bad-line" (a defence of the recorded line escapes
  // mate); "main line not proven" (tsumi's own: the verdict is unknown whatever the branches say)
  std::string finding;
  int ply = 0;  // 1-based ply of the main line; 0 for the pieces left
  Move move = Move::none();
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
  // The verdict was known before the check ended: what settled it (a flaw), and when (ms from the
  // check's start; for a verdict known only at the end, verdict_ms is time_ms and settled_by is empty).
  std::optional<VerdictCause> settled_by;
  double verdict_ms = 0;
  // The check stopped at its verdict (SoundnessLimits::first_flaw): the branches after the flaw that
  // settled it were not examined (`unexamined` of them), so the findings are not all there are.
  bool first_flaw = false;
  int unexamined = 0;
  std::array<PhaseCost, kCheckPhases> phases{};  // indexed by CheckPhase
  // The total node budget the check had (SoundnessLimits::total_nodes, or the one that scales with the
  // problem's solve); 0: none. Branches past it are unknown ("total nodes").
  std::uint64_t budget_nodes = 0;
  MateResult solve;         // the problem's own solve (its shortest mate and line)
  int branches = 0;         // other moves examined (each a position to solve, or mated at once)
  int solves = 0;           // solves of those positions (a branch may need up to three)
  std::uint64_t nodes = 0;  // every solve's, the problem's included
  double time_ms = 0;
  double solve_ms = 0;  // the problem's own solve
};

}  // namespace tsumi
