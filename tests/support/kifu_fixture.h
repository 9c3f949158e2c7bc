#pragma once
// Kifus for the notation tests: from a SFEN and USI moves, or a random legal game. Header-only, for the
// test programs that link tsumi::notation (the support library does not); failures are GoogleTest's.

#include <deque>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kifu.h"
#include "tests/support/test_data.h"

namespace tsumi::test {

// The setup of a SFEN (nifu allowed, as tsume problems have it); an empty board and a failure if bad.
inline PositionSetup setup_of(std::string_view sfen) {
  const auto setup = parse_sfen(sfen, kTsumeLeniency);
  if (!setup) ADD_FAILURE() << sfen << ": " << setup.error().describe();
  return setup ? *setup : PositionSetup{};
}

// A kifu from a SFEN and USI moves (each legal: the first that is not is a failure and ends the moves).
inline notation::Kifu kifu_of(std::string_view sfen, const std::vector<std::string>& usi, std::string end = "") {
  notation::Kifu k;
  k.start = setup_of(sfen);
  std::deque<StateInfo> states(1);
  Position pos;
  pos.set(k.start, &states.back());
  for (const std::string& u : usi) {
    const auto m = parse_usi_move(pos, u);
    if (!m) {
      ADD_FAILURE() << u << ": " << m.error().message;
      break;
    }
    k.moves.push_back(*m);
    pos.do_move(*m, states.emplace_back());
  }
  k.end = std::move(end);
  return k;
}

// A game of random legal moves from setup, at most plies long (the same for the same generator state).
inline std::vector<Move> random_game(const PositionSetup& setup, std::mt19937& rng, int plies) {
  std::deque<StateInfo> states(1);
  Position pos;
  pos.set(setup, &states.back());
  std::vector<Move> moves;
  for (int i = 0; i < plies; ++i) {
    MoveList list;
    generate<LEGAL>(pos, list);
    if (list.empty()) break;
    moves.push_back(list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng)]);
    pos.do_move(moves.back(), states.emplace_back());
  }
  return moves;
}

}  // namespace tsumi::test
