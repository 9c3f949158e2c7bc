#include "perft/split/tally.h"

namespace tsumi::split {

namespace {

// sum += count * multiplicity; false on overflow.
bool add_scaled(std::uint64_t& sum, std::uint64_t count, std::uint64_t multiplicity) {
  std::uint64_t product = 0;
  return !__builtin_mul_overflow(count, multiplicity, &product) && !__builtin_add_overflow(sum, product, &sum);
}

}  // namespace

PerftTally::PerftTally(const std::vector<WorkUnit>& units) : done_(units.size(), false) {
  multiplicity_.reserve(units.size());
  for (const WorkUnit& u : units) multiplicity_.push_back(u.multiplicity);
}

std::optional<std::string> PerftTally::add(const UnitCount& unit) {
  if (unit.index >= done_.size()) return "unit " + std::to_string(unit.index) + " does not exist";
  if (done_[unit.index]) return "unit " + std::to_string(unit.index) + " was counted twice";
  const std::uint64_t m = multiplicity_[unit.index];
  std::uint64_t nodes = nodes_;
  PerftStats s = stats_;
  const bool ok = add_scaled(nodes, unit.nodes, m) && add_scaled(s.captures, unit.stats.captures, m) &&
                  add_scaled(s.promotions, unit.stats.promotions, m) && add_scaled(s.drops, unit.stats.drops, m) &&
                  add_scaled(s.checks, unit.stats.checks, m) && add_scaled(s.mates, unit.stats.mates, m);
  if (!ok) return std::string("the total passes 2^64 - 1");
  nodes_ = nodes;
  stats_ = s;
  done_[unit.index] = true;
  ++done_count_;
  return std::nullopt;
}

}  // namespace tsumi::split
