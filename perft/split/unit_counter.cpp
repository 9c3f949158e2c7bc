#include "perft/split/unit_counter.h"

#include <stdexcept>
#include <string>

namespace tsumi::split {

UnitCounter::UnitCounter(int threads, std::size_t hash_mb, bool stats) : tables_(make_perft_tables(hash_mb, stats)) {
  options_.threads = threads;
  options_.stats = stats;
  tables_.attach(options_);
}

UnitCount UnitCounter::count(std::uint64_t index, const PackedPosition& packed, int plies) const {
  PositionSetup setup;
  if (auto fault = unpack(packed, setup)) throw std::logic_error("unit " + std::to_string(index) + ": " + *fault);
  StateInfo st;
  Position pos;
  pos.set(setup, &st);
  const PerftResult r = perft_run(pos, plies, options_);
  return {index, r.nodes, r.stats};
}

}  // namespace tsumi::split
