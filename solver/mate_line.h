#pragma once
// A mate line (MateLine: the moves, the leftover hand, the length without futile interpositions), and
// the check of a claimed mating line by replaying it: every attacker move is legal and gives check, every
// defender move is legal, no attacker move is a pawn drop that mates, and the line ends with the
// defender to move and no legal move. Also finds the stretches of a line that problem books do not
// count because the defender only spent pieces on them (see futile_cycles).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/hand.h"
#include "core/move.h"
#include "solver/mate_problem.h"

namespace tsumi {

// Plies [begin, end) of a line (0-based move indices).
struct PlySpan {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
  bool contains(std::size_t ply) const { return ply >= begin && ply < end; }
};

// A main line as the solver builds it (mate_pv.h) and the fronts print it.
struct MateLine {
  std::vector<Move> moves;
  Hand leftover;  // the attacker's hand after the last move
  int futile_length = 0;
  // The line ends in mate (the defender to move without an evasion; in the book count, without one that
  // is not a futile drop). False when the table claimed a
  // proof that the line could not follow to the end: a line cut by a limit, or by the repetition rule
  // on the line's own path where the proof in the table came by another.
  bool mated = false;
  // The line's futile cycles (futile_cycles below), which futile_length leaves out; empty for a line of
  // the book count, whose length is already the book length.
  std::vector<PlySpan> cycles;
};

// How a line read off the table without a search ended (mate_pv.h's proof_line): in mate, or where
// the table no longer held the proof. The reading goes back from a dead end to the next proven child;
// `dead_ends` counts those it met, and without a line the first of them is the reason.
struct ProofLineEnd {
  enum Kind : std::uint8_t {
    kMated,            // the line ends in mate
    kOutOfPlies,       // the plies ran out before the mate
    kDefenceUnknown,   // an evasion the table holds nothing for
    kDefenceUnproven,  // an evasion the table does not prove within the plies left (pn, dn, len: its entry)
    kNoProvenCheck,    // no check the table proves within the plies left
    kWalkCut,          // the reading visited as many positions as it may
  };
  Kind kind = kMated;
  int ply = 0;  // mated: the line's plies; else the ply of the first dead end
  std::uint32_t pn = 0, dn = 0;
  std::uint16_t len = 0;
  std::size_t dead_ends = 0;
};
// "mate in N", or the first dead end ("defence unknown at ply N", ...), with the dead ends passed.
std::string to_string(const ProofLineEnd& end);

// nullopt when the line is a correct mate; otherwise what is wrong and at which ply (1-based).
std::optional<std::string> check_mate_line(const MateProblem& problem, std::span<const Move> line);

// The futile cycles of a correct mate line: stretches that leave the board as they found it, with the
// same side to move, while pieces went from the defender's hand to the attacker's (interposed and
// taken). The defender bought plies with pieces the attacker then does not need: problem books do not
// count such interpositions (muda-ai), and a book's defender never plays them. A stretch is a cycle
// only when the line with it (and the cycles found before it) cut out still replays as a correct mate
// (check_mate_line): the attacker's later drops fit in the smaller hand, and the last position is
// still mate with the defender's larger one. From each ply the farthest such return is taken; the
// spans come in order and do not overlap. Empty for a line that is not a correct mate.
std::vector<PlySpan> futile_cycles(const MateProblem& problem, std::span<const Move> line);

// The futile captures of a correct mate line: runs of plies in which the defender drops a piece and the
// attacker takes it at once on that square (one such pair or several in a row, as a rook that takes its
// way up a file), where the line with the run cut out (and the runs found before it) still replays as a
// correct mate (check_mate_line): the attacker mates the same way without the pieces so won, and the
// defender, which keeps them, cannot use them. Problem books do not count such interpositions (無駄合)
// even where the king could also have moved, which the futility judge (futility_judge.h) does not
// judge: 新桃花源's P*4h to P*4e up file 4, each taken by the rook beside the king's step (its book's
// 1205 is the search's 1213 less those eight plies). From each drop the longest such run is taken; the
// spans come in order and do not overlap. Empty for a line that is not a correct mate.
std::vector<PlySpan> futile_captures(const MateProblem& problem, std::span<const Move> line);

// The attacker's hand after the line is played from the problem's position (the line legal).
Hand hand_after(const MateProblem& problem, std::span<const Move> line);

// Anything given ply by ply (a line's moves, what each ply takes) without the given spans.
template <class T>
std::vector<T> cut_plies(std::span<const T> line, std::span<const PlySpan> spans) {
  std::vector<T> out;
  out.reserve(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    bool cut = false;
    for (const PlySpan& s : spans) cut = cut || s.contains(i);
    if (!cut) out.push_back(line[i]);
  }
  return out;
}

// The line without the given spans.
inline std::vector<Move> cut_spans(std::span<const Move> line, std::span<const PlySpan> spans) {
  return cut_plies(line, spans);
}

}  // namespace tsumi
