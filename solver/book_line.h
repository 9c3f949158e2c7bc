#pragma once
// The book's line: the line a problem book prints, chosen over the book count's proof by the
// composers' order (solver/README.md, "The book's line: the composers' order", gives the rule, its
// sources and what is proven).
//
// - The attacker plays its shortest proven check (`shortest_check`: the table's lengths, the node
//   searched again where the table lost its proof).
// - The defender ranks its evasions (futile drops left out, futility_judge.h) by the line that follows
//   each: the longest, a line that leaves pieces in the attacker's hand weighing two plies less, then
//   at equal weight the one that leaves nothing, then fewer pieces (`defender_prefers`). Each evasion's
//   line is valued the same way down to its mate, with no horizon: the walk values the solution tree
//   below the root (the attacker's one check, the defender's every evasion), each position once.
//
// The order is the composers' conventions put as one comparison: at equal length the defence that
// leaves the attacker nothing (駒余りでない方); a defence two plies longer that leaves a piece is not the
// answer (2手変長駒余り), so a drop the attacker takes at once and never needs adds nothing (the 無駄合
// the futility judge does not see: one made where the king could also move). shtsume ranks a
// defender's proven replies by pieces left before length at any difference (disproof_number_comp,
// source/nbase.c, v1.2.7e); the two agree wherever the longer line is at most two plies longer.
// solver/README.md, "The book count: the rule", says where they part and why tsumi keeps the
// conventions.
//
// Thread safety: uses the DfpnSearch it is given (one thread, while no worker searches).

#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/move.h"
#include "solver/dfpn_search.h"
#include "solver/mate_line.h"

namespace tsumi {

// A line's value to the defender: the pieces left in the attacker's hand at its mate, and its plies.
struct BookLineValue {
  int spare = 0;
  int plies = 0;
};

// The length a line weighs with the defender: two plies less where it leaves pieces. A defence two
// plies longer that leaves a piece is then as long as one that leaves nothing, and loses to it
// (2手変長駒余り); a defence four or more plies longer is still the longer one (変長: a flawed problem,
// whose answer is the longer line).
constexpr int weighed_plies(BookLineValue v) { return v.plies - (v.spare > 0 ? 2 : 0); }

// Whether the defender prefers the line valued `a` to `b`: the longer as weighed, then none left before
// some, fewer before more, then the longer.
constexpr bool defender_prefers(BookLineValue a, BookLineValue b) {
  if (weighed_plies(a) != weighed_plies(b)) return weighed_plies(a) > weighed_plies(b);
  if ((a.spare > 0) != (b.spare > 0)) return a.spare == 0;
  if (a.spare != b.spare) return a.spare < b.spare;
  return a.plies > b.plies;
}

// The attacker's move at an OR node proven within r: the check whose position the table proves within
// the fewest plies (at most r - 1; `child_len` is set to that length). Searches the node again if the
// table lost its proof; none if it is not proven within r.
Move shortest_check(DfpnSearch& s, std::uint16_t r, std::uint16_t& child_len);

// The book's line from the search's current node, an OR node the book count proves within `length`
// plies (s.book() set), by the composers' order. Values at most `max_positions` positions; nothing when
// that or a limit of the search cuts the walk, or when the line would repeat a position (the tsume rule:
// the attacker fails). Leaves the search at the node it started from.
std::optional<MateLine> book_line(DfpnSearch& s, std::uint16_t length, std::size_t max_positions);

// book_line's bound on the positions it values: the solution trees of the gate's famous rows are far
// smaller (solver/README.md).
inline constexpr std::size_t kBookLinePositions = std::size_t(1) << 21;

}  // namespace tsumi
