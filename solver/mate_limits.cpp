#include "solver/mate_limits.h"

#include <algorithm>
#include <chrono>

#include "solver/mate_node.h"

namespace tsumi {

std::uint16_t MateLimits::first_within() const {
  return max_length > 0 && max_length < int(kUnlimited) ? std::uint16_t(max_length) : kUnlimited;
}

std::optional<std::uint64_t> MateLimits::book_cap(std::uint64_t spent) const {
  const bool given = book_share >= 0;
  if ((timed() && !given) || !(book_share < kBookShareNone)) return std::nullopt;
  const double share = (given ? book_share : kUntimedBookShare) * double(spent);
  return spent + std::max(kBookMinNodes, share >= 1e18 ? std::uint64_t(1e18) : std::uint64_t(share));
}

SolveClock::SolveClock(const MateLimits& limits) : start(Clock::now()), timed(limits.timed()) {
  deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timed ? limits.time_s : 0));
}

}  // namespace tsumi
