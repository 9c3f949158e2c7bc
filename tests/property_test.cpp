// Properties over many positions from seeded random playouts (TSUMI_PROPERTY_POSITIONS of them):
// - the legal generator equals the oracle's pseudo-legal moves filtered by its slow legality check, and
//   the last-ply counter (legal_move_count) equals the generator, also after a moves-only do_move;
// - CHECKS is exactly the legal moves after which the opponent is in check, EVASIONS/NON_EVASIONS
//   exactly the legal moves; gives_check agrees with the position after the move;
// - do/undo restores everything, incremental keys equal keys computed from scratch, the derived
//   state passes is_ok after every move;
// - SFEN round-trips; the colour-flipped position has the same moves and the same perft.
// A failure prints the SFEN of the position, so it can be replayed alone.

#include <algorithm>
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "perft/perft.h"
#include "tests/support/reference_rules.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

std::vector<std::string> start_positions() {
  std::vector<std::string> out;
  for (const NamedPosition& p : named_positions()) out.emplace_back(p.sfen);
  for (const PerftSuiteEntry& e : test::perft_suite()) out.push_back(e.sfen);
  const auto tsume = test::tsume_sfens();
  for (std::size_t i = 0; i < tsume.size(); i += 4) out.push_back(tsume[i]);
  return out;
}

bool same_setup(const PositionSetup& a, const PositionSetup& b) {
  return std::memcmp(a.board, b.board, sizeof(a.board)) == 0 && a.hands[0] == b.hands[0] && a.hands[1] == b.hands[1] &&
         a.side_to_move == b.side_to_move && a.game_ply == b.game_ply;
}

struct Stats {
  std::uint64_t positions = 0, moves = 0, in_check = 0, double_check = 0, kingless = 0, checks = 0,
                pawn_drop_mates_refused = 0;
};

// Every property of one position; a failed assertion ends the test with the position's SFEN.
void check_position(Position& pos, std::uint64_t index, Stats& stats) {
  const std::string sfen = to_sfen(pos);
  SCOPED_TRACE("position " + std::to_string(index) + ": " + sfen);
  std::string why;
  ASSERT_TRUE(pos.is_ok(&why)) << why;

  MoveList legal;
  generate<LEGAL>(pos, legal);
  ASSERT_EQ(test::sorted_usi(legal), test::sorted(reference::legal_moves(sfen)));
  ASSERT_EQ(legal_move_count(pos), legal.size()) << "the last-ply counter disagrees with the generator";

  // Children: do/undo, keys, is_ok, gives_check.
  const PositionSetup before = pos.setup();
  const Key key = pos.key(), board_key = pos.board_key();
  const StateInfo* state = pos.state();
  std::vector<std::string> checking;
  StateInfo st;
  for (Move m : legal) {
    const bool gives = pos.gives_check(m);
    pos.do_move(m, st);
    ASSERT_EQ(pos.board_key(), pos.board_key_from_scratch()) << to_usi(m);
    ASSERT_EQ(pos.hand_key(), pos.hand_key_from_scratch()) << to_usi(m);
    if (index % 4 == 0) {
      ASSERT_TRUE(pos.is_ok(&why)) << to_usi(m) << ": " << why;
    }
    ASSERT_EQ(gives, pos.in_check()) << to_usi(m);
    if (pos.in_check()) checking.push_back(to_usi(m));
    MoveList child;
    if (index % 16 == 0) generate<LEGAL>(pos, child);
    pos.undo_move(m);
    if (index % 16 == 0) {
      // The reduced state that perft keeps must give the same moves and counts as the full one.
      StateInfo lean;
      pos.do_move(m, lean, StateScope::kMovesOnly);
      if (index % 32 == 0) {
        ASSERT_TRUE(pos.is_ok(&why)) << to_usi(m) << " (moves-only state): " << why;
      }
      MoveList lean_child;
      generate<LEGAL>(pos, lean_child);
      ASSERT_TRUE(std::equal(lean_child.begin(), lean_child.end(), child.begin(), child.end())) << to_usi(m);
      ASSERT_EQ(legal_move_count(pos), child.size()) << to_usi(m);
      pos.undo_move(m);
    }
    ASSERT_EQ(pos.state(), state);
    ASSERT_EQ(pos.key(), key);
    ASSERT_EQ(pos.board_key(), board_key);
    ASSERT_TRUE(same_setup(pos.setup(), before)) << "undo of " << to_usi(m);
  }
  stats.moves += legal.size();
  stats.checks += checking.size();

  MoveList checks;
  generate<CHECKS>(pos, checks);
  std::sort(checking.begin(), checking.end());
  ASSERT_EQ(test::sorted_usi(checks), checking);
  MoveList all;
  if (pos.in_check()) {
    ++stats.in_check;
    stats.double_check += pos.checkers().more_than_one();
    generate<EVASIONS>(pos, all);
  } else {
    generate<NON_EVASIONS>(pos, all);
  }
  ASSERT_EQ(test::sorted_usi(all), test::sorted_usi(legal));
  stats.kingless += !pos.has_king(BLACK) || !pos.has_king(WHITE);
  const Square pawn_mate = pos.check_squares(PAWN).empty() ? SQ_NONE : pos.check_squares(PAWN).lsb();
  if (pawn_mate != SQ_NONE && pos.hand(pos.side_to_move()).has(PAWN) && pos.piece_on(pawn_mate) == NO_PIECE &&
      !legal.contains(Move::make_drop(PAWN, pawn_mate)) && pos.is_pawn_drop_mate(pawn_mate))
    ++stats.pawn_drop_mates_refused;

  // Text and symmetry.
  const auto reparsed = parse_sfen(sfen, kTsumeLeniency);
  ASSERT_TRUE(reparsed) << reparsed.error().describe();
  ASSERT_EQ(to_sfen(*reparsed), sfen);
  Position copy, flip;
  StateInfo copy_root, flip_root;
  copy.set(*reparsed, &copy_root);
  ASSERT_EQ(copy.key(), key) << "incremental key differs from the key of the same position set afresh";
  flip.set(flipped(pos.setup()), &flip_root);
  MoveList flipped_legal;
  generate<LEGAL>(flip, flipped_legal);
  ASSERT_EQ(flipped_legal.size(), legal.size());
  if (index % 64 == 0) {
    ASSERT_EQ(perft(flip, 2), perft(pos, 2));
  }
  if (index % 997 == 0) {
    ASSERT_EQ(perft(pos, 2), reference::perft(sfen, 2));
  }
}

TEST(Property, RandomPlayouts) {
  const std::uint64_t target = test::env_or("TSUMI_PROPERTY_POSITIONS", 100000);
  const std::vector<std::string> starts = start_positions();
  std::mt19937_64 rng(20261121);
  Stats stats;
  constexpr int kMaxPlies = 160;
  std::vector<StateInfo> states(kMaxPlies + 1);
  while (stats.positions < target) {
    const std::string& start = starts[rng() % starts.size()];
    Position pos;
    pos.set(*parse_sfen(start, kTsumeLeniency), &states[0]);
    for (int ply = 0; ply < kMaxPlies && stats.positions < target; ++ply) {
      check_position(pos, stats.positions++, stats);
      if (::testing::Test::HasFatalFailure()) return;
      MoveList legal;
      generate<LEGAL>(pos, legal);
      if (legal.empty()) break;
      // Lean toward checks now and then, so that evasions and mates are well represented.
      MoveList checks;
      generate<CHECKS>(pos, checks);
      const MoveList& pool = (!checks.empty() && rng() % 4 == 0) ? checks : legal;
      pos.do_move(pool[rng() % pool.size()], states[std::size_t(ply) + 1]);
    }
  }
  std::printf(
      "positions %llu, moves %llu, in check %llu (double %llu), kingless %llu, checking moves %llu, "
      "pawn-drop mates refused %llu\n",
      (unsigned long long)stats.positions, (unsigned long long)stats.moves, (unsigned long long)stats.in_check,
      (unsigned long long)stats.double_check, (unsigned long long)stats.kingless, (unsigned long long)stats.checks,
      (unsigned long long)stats.pawn_drop_mates_refused);
  // The sample must actually exercise the hard cases.
  EXPECT_GT(stats.in_check, target / 50);
  EXPECT_GT(stats.double_check, 0u);
  EXPECT_GT(stats.kingless, target / 50);
  if (target >= 100000) {
    EXPECT_GT(stats.pawn_drop_mates_refused, 0u);
  }
}

}  // namespace
}  // namespace tsumi
