#include "core/repetition.h"

#include <vector>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

// A history cycling `repeats` times through checks.size() positions (black to move in the even ones)
// and back to the first; checks[i] says whether the move into position i gave check.
std::vector<HistoryEntry> cycle(int repeats, std::vector<bool> checks) {
  std::vector<HistoryEntry> h;
  const int n = int(checks.size());
  for (int r = 0; r < repeats; ++r)
    for (int i = 0; i < n; ++i) h.push_back({Key(100 + i * 2), checks[std::size_t(i)], i % 2 == 0 ? BLACK : WHITE});
  h.push_back({Key(100), checks[0], BLACK});
  return h;
}

TEST(Repetition, FourthOccurrenceIsADraw) {
  // Positions A B C D A B C D A B C D A: A appears four times.
  const auto h = cycle(3, {false, false, false, false});
  const RepetitionStatus s = judge_repetition(h);
  EXPECT_EQ(s.occurrences, 4);
  EXPECT_EQ(s.kind, RepetitionStatus::DRAW);
  // Three times is not yet anything.
  const auto h3 = cycle(2, {false, false, false, false});
  EXPECT_EQ(judge_repetition(h3).kind, RepetitionStatus::NONE);
  EXPECT_EQ(judge_repetition(h3).occurrences, 3);
}

TEST(Repetition, PerpetualCheckLosesForTheChecker) {
  // Positions with white to move (odd indices) are reached by black's moves; all of them are checks.
  const auto h = cycle(3, {false, true, false, true});
  const RepetitionStatus s = judge_repetition(h);
  EXPECT_EQ(s.kind, RepetitionStatus::PERPETUAL_CHECK);
  EXPECT_EQ(s.loser, BLACK);
  const auto w = cycle(3, {true, false, true, false});
  EXPECT_EQ(judge_repetition(w).loser, WHITE);
}

TEST(Repetition, ChecksMustCoverTheWholeSpan) {
  // One quiet black move among the checks: an ordinary draw.
  auto h = cycle(3, {false, true, false, true});
  h[3].in_check = false;
  EXPECT_EQ(judge_repetition(h).kind, RepetitionStatus::DRAW);
  // Moves before the first occurrence do not matter.
  std::vector<HistoryEntry> prefixed = {{Key(7), false, BLACK}, {Key(9), false, WHITE}};
  const auto body = cycle(3, {false, true, false, true});
  prefixed.insert(prefixed.end(), body.begin(), body.end());
  EXPECT_EQ(judge_repetition(prefixed).kind, RepetitionStatus::PERPETUAL_CHECK);
}

TEST(Repetition, EmptyAndShortHistories) {
  EXPECT_EQ(judge_repetition({}).kind, RepetitionStatus::NONE);
  const std::vector<HistoryEntry> one = {{Key(2), false, BLACK}};
  EXPECT_EQ(judge_repetition(one).occurrences, 1);
}

}  // namespace
}  // namespace tsumi
