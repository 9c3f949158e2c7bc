#include "perft/split/unit_schedule.h"

namespace tsumi::split {

UnitSchedule::UnitSchedule(std::uint64_t units, int ranks) : ranges_(ranks > 0 ? ranks : 1) {
  const auto n = ranges_.size();
  for (std::size_t r = 0; r < n; ++r) {
    // r * units / n without overflow for any list that fits in memory.
    ranges_[r].begin = units / n * r + units % n * r / n;
    ranges_[r].end = units / n * (r + 1) + units % n * (r + 1) / n;
  }
}

std::optional<std::uint64_t> UnitSchedule::take(int rank, const std::function<bool(std::uint64_t)>& skip) {
  Range& own = ranges_.at(static_cast<std::size_t>(rank));
  for (;;) {
    while (own.begin < own.end && skip(own.begin)) ++own.begin;
    if (own.begin < own.end) return own.begin++;
    // Empty: the back half of the largest range left.
    Range* victim = nullptr;
    for (Range& r : ranges_)
      if (r.size() > 0 && (!victim || r.size() > victim->size())) victim = &r;
    if (!victim) return std::nullopt;
    const std::uint64_t mid = victim->begin + victim->size() / 2;
    own = {mid, victim->end};
    victim->end = mid;
  }
}

std::uint64_t UnitSchedule::left() const {
  std::uint64_t n = 0;
  for (const Range& r : ranges_) n += r.size();
  return n;
}

}  // namespace tsumi::split
