#pragma once
// A game's current position in words, for every front that shows it: `tsumi position`'s text and JSON
// and the Python Position's status(): the SFEN, the side to move, the moves played, check and its
// checkers, the legal-move count, the result (mate, repetition, perpetual check), how often the
// position has appeared, impasse points and the 24-point judgement, and whether the side to move may
// declare a win by the 27-point rule. And the game as a kifu, for the notation writers.

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "core/game_record.h"
#include "notation/kifu.h"

namespace tsumi::front {

// One fact a line ("sfen ...", "side black", ..., "declaration no (...)").
std::string game_text(const GameRecord& game);

// The same facts as fields of j: sfen, side, moves_played, check, checkers, legal_moves, result, reason,
// repetition, impasse_points {black, white}, both_kings_entered, impasse_24, may_declare.
void add_game_json(const GameRecord& game, nlohmann::ordered_json& j);

// "ongoing", "checkmate, black wins", "repetition draw (4th occurrence)", "perpetual check by white,
// black wins"...
std::string result_text(const GameStatus& status, int occurrences);

// The game from `start` with every move played; it ends in 詰み after a mate and in 千日手 after a
// repetition draw (the words KIF and CSA both have: CSA %TSUMI, %SENNICHITE). No headers.
notation::Kifu game_kifu(const PositionSetup& start, const GameRecord& game);

}  // namespace tsumi::front
