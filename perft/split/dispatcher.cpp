#include "perft/split/dispatcher.h"

namespace tsumi::split {

Dispatcher::Dispatcher(std::uint64_t units, int ranks, PerftTally& tally, CheckpointWriter* writer, bool stats)
    : schedule_(units, ranks),
      tally_(tally),
      writer_(writer),
      stats_(stats),
      resumed_units_(tally.done_count()),
      resumed_nodes_(tally.nodes()) {}

std::optional<std::uint64_t> Dispatcher::take(int rank) {
  std::lock_guard lock(mutex_);
  if (error_) return std::nullopt;
  return schedule_.take(rank, [this](std::uint64_t i) { return tally_.done(i); });
}

void Dispatcher::finish(const UnitCount& unit) {
  std::lock_guard lock(mutex_);
  if (error_) return;
  if (auto e = tally_.add(unit)) {
    error_ = *e;
    return;
  }
  if (writer_ && writer_->is_open()) {
    if (auto e = writer_->append(unit, stats_)) error_ = *e;
  }
}

void Dispatcher::fail(const std::string& why) {
  std::lock_guard lock(mutex_);
  if (!error_) error_ = why;
}

Dispatcher::Snapshot Dispatcher::snapshot() {
  std::lock_guard lock(mutex_);
  return {tally_.done_count(), tally_.unit_count(), tally_.done_count() - resumed_units_,
          tally_.nodes() - resumed_nodes_};
}

std::optional<std::string> Dispatcher::error() {
  std::lock_guard lock(mutex_);
  return error_;
}

}  // namespace tsumi::split
