#include "solver/mate_line.h"

#include <cstdio>
#include <vector>

#include "core/attacks.h"
#include "core/movegen.h"
#include "core/usi.h"

namespace tsumi {

namespace {

// USI text of a move that may come from anywhere: to_usi only for moves whose fields are in range
// (it indexes a table by the dropped piece), the raw bits otherwise.
std::string move_text(Move m) {
  const bool in_range = m.is_drop() ? m.dropped_piece() >= PAWN && m.dropped_piece() <= GOLD && is_ok(m.to())
                                    : is_ok(m.from()) && is_ok(m.to());
  if (in_range) return to_usi(m);
  char buf[32];
  std::snprintf(buf, sizeof buf, "raw 0x%04x", unsigned(m.raw()));
  return buf;
}

std::string at_ply(std::size_t ply, Move m, const std::string& what) {
  return "ply " + std::to_string(ply) + " (" + move_text(m) + "): " + what;
}

// Whether m, absent from the legal list, is a pawn drop that every rule allows except the one against
// mating by a pawn drop (uchifuzume): it checks, and then the opponent has no legal move.
bool is_refused_pawn_drop_mate(const Position& pos, Move m) {
  if (!m.is_drop() || m.is_promotion() || m.dropped_piece() != PAWN || !is_ok(m.to())) return false;
  const Color us = pos.side_to_move(), them = ~us;
  const Square to = m.to();
  if (pos.piece_on(to) != NO_PIECE || !pos.hand(us).has(PAWN) || !pos.has_king(them)) return false;
  // A pawn that checks stands right in front of the king, never on its own last rank.
  if (!pseudo_attacks(us, PAWN, to).test(pos.king_square(them))) return false;
  for (int r = RANK_1; r <= RANK_9; ++r)
    if (pos.piece_on(make_square(file_of(to), Rank(r))) == make_piece(us, PAWN)) return false;  // nifu
  // Play it on a copy: it must not leave our own king in check, and must leave them no legal move.
  PositionSetup s = pos.setup();
  s.board[to] = make_piece(us, PAWN);
  s.hands[us].remove(PAWN);
  s.side_to_move = them;
  StateInfo st;
  Position after;
  after.set(s, &st);
  if (after.has_king(us) && after.is_attacked(them, after.king_square(us), after.pieces())) return false;
  return !has_legal_move(after);
}

}  // namespace

std::string to_string(const ProofLineEnd& end) {
  static constexpr const char* kWhat[] = {
      "mate", "out of plies", "defence unknown", "defence unproven", "no proven check", "walk cut"};
  std::string s = end.kind == ProofLineEnd::kMated
                      ? "mate in " + std::to_string(end.ply)
                      : std::string(kWhat[end.kind]) + " at ply " + std::to_string(end.ply);
  if (end.kind == ProofLineEnd::kDefenceUnproven)
    s += " (pn " + std::to_string(end.pn) + " dn " + std::to_string(end.dn) + " len " + std::to_string(end.len) + ")";
  if (end.dead_ends > 0) s += ", " + std::to_string(end.dead_ends) + (end.dead_ends == 1 ? " dead end" : " dead ends");
  return s;
}

std::optional<std::string> check_mate_line(const MateProblem& problem, std::span<const Move> line) {
  if (line.empty()) return "the line is empty";
  const Color attacker = problem.attacker, defender = ~attacker;

  std::vector<StateInfo> states(line.size() + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  if (!pos.has_king(defender)) return "the defender has no king";
  if (pos.side_to_move() == defender && !pos.in_check())
    return "the defender is to move at the start but is not in check";

  MoveList legal;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::size_t ply = i + 1;
    const Move m = line[i];
    const bool attacking = pos.side_to_move() == attacker;
    generate<LEGAL>(pos, legal);
    if (!attacking && legal.empty())
      return at_ply(ply, m, i == 0 ? "the defender is mated already" : "the line goes on after the mate");
    if (!legal.contains(m)) {
      if (attacking && is_refused_pawn_drop_mate(pos, m))
        return at_ply(ply, m, "pawn-drop mate (uchifuzume), which the rules forbid");
      return at_ply(ply, m, std::string("illegal ") + (attacking ? "attacker" : "defender") + " move");
    }
    pos.do_move(m, states[ply]);
    if (attacking) {
      if (!pos.in_check()) return at_ply(ply, m, "the attacker's move does not give check");
      // The generator already refuses these; checked again so that a generator bug cannot pass here.
      if (m.is_drop() && m.dropped_piece() == PAWN && !has_legal_move(pos))
        return at_ply(ply, m, "pawn-drop mate (uchifuzume), which the rules forbid");
    }
  }

  const std::size_t last = line.size();
  if (pos.side_to_move() != defender)
    return at_ply(last, line[last - 1], "the line ends with a defence, not with mate");
  generate<LEGAL>(pos, legal);
  if (!legal.empty()) return at_ply(last, line[last - 1], "not mate: the defender can still play " + to_usi(legal[0]));
  return std::nullopt;
}

std::vector<PlySpan> futile_cycles(const MateProblem& problem, std::span<const Move> line) {
  std::vector<PlySpan> cycles;
  if (check_mate_line(problem, line)) return cycles;
  // The board key (board and side to move) and the attacker's hand before each ply, and after the last.
  std::vector<StateInfo> states(line.size() + 1);
  std::vector<Key> board(line.size() + 1);
  std::vector<Hand> held(line.size() + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  for (std::size_t i = 0;; ++i) {
    board[i] = pos.board_key();
    held[i] = pos.hand(problem.attacker);
    if (i == line.size()) break;
    pos.do_move(line[i], states[i + 1]);
  }
  for (std::size_t i = 0; i < line.size(); ++i) {
    for (std::size_t j = line.size(); j > i + 1; --j) {
      // The same board with the attacker holding strictly more (equal hands would be a repetition).
      if (board[j] != board[i] || held[j] == held[i] || !held[j].dominates(held[i])) continue;
      cycles.push_back({i, j});
      if (!check_mate_line(problem, cut_spans(line, cycles))) {
        i = j - 1;  // the next cycle starts at j or later
        break;
      }
      cycles.pop_back();
    }
  }
  return cycles;
}

namespace {

// What each ply of a legal line takes: the piece on its square before it (NO_PIECE for a drop or a
// move to an empty square).
std::vector<Piece> taken_by_ply(const MateProblem& problem, std::span<const Move> line) {
  std::vector<StateInfo> states(line.size() + 1);
  std::vector<Piece> taken(line.size(), NO_PIECE);
  Position pos;
  pos.set(problem.setup, &states[0]);
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!line[i].is_drop()) taken[i] = pos.piece_on(line[i].to());
    pos.do_move(line[i], states[i + 1]);
  }
  return taken;
}

}  // namespace

std::vector<PlySpan> futile_captures(const MateProblem& problem, std::span<const Move> line) {
  std::vector<PlySpan> runs;
  if (check_mate_line(problem, line)) return runs;
  const std::vector<Piece> takes = taken_by_ply(problem, line);
  // The cut line mates the same way: it replays as a mate, and every ply left takes what it took
  // (yo-mate7-6's N*7h 8f7h+ is no futile capture: the defender's 7g7h then takes the knight back, a
  // quiet move once the pair is cut).
  const auto same_mate = [&](const std::vector<PlySpan>& cut) {
    const std::vector<Move> rest = cut_spans(line, cut);
    return !check_mate_line(problem, rest) &&
           taken_by_ply(problem, rest) == cut_plies(std::span<const Piece>(takes), cut);
  };
  // taken[i]: ply i is a defender's drop that ply i + 1 takes on its square.
  std::vector<StateInfo> states(line.size() + 1);
  std::vector<bool> taken(line.size(), false);
  Position pos;
  pos.set(problem.setup, &states[0]);
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool defending = pos.side_to_move() != problem.attacker;
    taken[i] = defending && line[i].is_drop() && i + 1 < line.size() && line[i + 1].to() == line[i].to();
    pos.do_move(line[i], states[i + 1]);
  }
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!taken[i]) continue;
    std::size_t end = i;
    while (end < line.size() && taken[end]) end += 2;  // the run's pairs: [i, end)
    for (std::size_t j = end; j > i; j -= 2) {
      runs.push_back({i, j});
      if (same_mate(runs)) {
        i = j - 1;  // the next run starts at j or later
        break;
      }
      runs.pop_back();
    }
  }
  return runs;
}

Hand hand_after(const MateProblem& problem, std::span<const Move> line) {
  std::vector<StateInfo> states(line.size() + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  for (std::size_t i = 0; i < line.size(); ++i) pos.do_move(line[i], states[i + 1]);
  return pos.hand(problem.attacker);
}

}  // namespace tsumi
