#include "solver/book_count.h"

#include <algorithm>

namespace tsumi {

bool has_interposition(std::span<const Move> line, bool attacker_first) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool defender_moves = (i % 2 == 0) != attacker_first;
    if (defender_moves && line[i].is_drop()) return true;
  }
  return false;
}

bool BookCount::wanted(std::span<const Move> line) const {
  return limits_.book_search_after == MateLimits::BookSearchAfter::kEveryMate ||
         has_interposition(line, root_.attacker_first());
}

bool BookCount::search(std::uint16_t length, std::uint16_t cycle_free, std::uint16_t estimate, MateResult& result) {
  const std::optional<std::uint64_t> share_cap = limits_.book_cap(root_.nodes());
  const std::uint64_t cap =
      share_cap ? (limits_.nodes ? std::min(limits_.nodes, *share_cap) : *share_cap) : limits_.nodes;
  root_.set_limits(clock_.deadline, clock_.timed, cap, &stop_);
  root_.set_book(true);
  std::uint16_t best = std::min(length, cycle_free), floor = 0;  // a book mate in `best`; none in `floor` or fewer
  bool lined = best < length;  // `best` is the main line's without its cycles, not a search's proof
  // Two plies below that first, then two below each mate found; the estimate once, after the first proof.
  std::uint16_t tried = std::uint16_t(best >= 2 ? best - 2 : 0);
  bool first = true;
  while (tried >= 1 && tried > floor && tried < best) {
    DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
    const NodeResult r = root_.search(tried, abort);
    if (abort != DfpnSearch::Abort::kNone) {
      result.futile_cut = true;
      result.book_capped =
          abort == DfpnSearch::Abort::kNodes && share_cap && (!limits_.nodes || *share_cap < limits_.nodes);
      break;
    }
    if (r.proven()) {
      best = r.len;
      lined = false;
      tried = std::uint16_t(best >= 2 ? best - 2 : 0);
      if (first && estimate >= 1 && estimate < tried) tried = estimate;
      first = false;
      continue;
    }
    first = false;
    floor = tried;  // no book mate within `tried`
    tried = tried + 2 >= best ? tried : std::uint16_t(best - 2);
  }
  result.futility = root_.futility();
  root_.set_book(false);
  root_.set_limits(clock_.deadline, clock_.timed, limits_.nodes, &stop_);
  result.futile_length = best;
  result.futile_proven = (best < 2 || floor + 2 >= best) && !lined;
  return lined;
}

}  // namespace tsumi
