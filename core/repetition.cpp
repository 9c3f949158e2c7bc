#include "core/repetition.h"

namespace tsumi {

RepetitionStatus judge_repetition(std::span<const HistoryEntry> history) {
  RepetitionStatus status;
  if (history.empty()) return status;
  const std::size_t last = history.size() - 1;
  const Key key = history[last].key;
  std::size_t first = last;
  status.occurrences = 1;
  // The same side is to move in every repetition, so only every second position can match.
  for (std::size_t i = last; i >= 2;) {
    i -= 2;
    if (history[i].key == key) {
      ++status.occurrences;
      first = i;
    }
  }
  if (status.occurrences < 4) return status;
  // Did every move of one side between the first and the last appearance give check?
  bool all_checks[COLOR_NB] = {true, true};
  for (std::size_t i = first + 1; i <= last; ++i) {
    const Color mover = ~history[i].side_to_move;
    if (!history[i].in_check) all_checks[mover] = false;
  }
  if (all_checks[BLACK] != all_checks[WHITE]) {
    status.kind = RepetitionStatus::PERPETUAL_CHECK;
    status.loser = all_checks[BLACK] ? BLACK : WHITE;
  } else {
    status.kind = RepetitionStatus::DRAW;
  }
  return status;
}

}  // namespace tsumi
