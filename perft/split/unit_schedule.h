#pragma once
// Which work unit each rank of tsumi-mpi counts next: contiguous ranges of the unit list, one per rank,
// split again when a rank runs out (range stealing, as in work-stealing schedulers).
//
// Why ranges and not "the next unit to whoever asks": the ranks do not share tables, so a transposition
// is found only when both subtrees are counted by the same rank. The list is sorted by the packed
// words (work_units.h), so neighbours in it are often positions a move or two apart whose subtrees
// meet. Measured on the 2-core VM with one thread per emulated rank, the start position, split depth 3
// (13,560 units), every rank's table 2048 MB, the CPU time summed over the ranks against one rank:
// depth 7, 8 ranks: contiguous ranges of the list in generation order 1.66x, of the list sorted by
// SFEN text (close to this list's order) 1.91x, one unit at a time in turn 3.05x; 64 ranks: 2.49x against 4.27x. Depth
// 8 with 4096 MB: 8 ranks 1.82x, 64 ranks 3.27x.
//
// Scheme: at the start, unit i of n belongs to rank i * ranks / n (each rank an equal share, in list
// order). A rank takes its units from the front of its range. A rank whose range is empty takes the
// back half of the largest range left (rounded up, so the last unit of a range can be taken too). So
// each rank works through long runs of neighbouring units, and no rank waits while any unit is left.
//
// Not thread-safe: the caller serialises (tsumi-mpi's dispatcher holds a mutex).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace tsumi::split {

class UnitSchedule {
 public:
  // units in the list, ranks asking; done(i) says whether unit i needs no counting (counted before a
  // resume, or already handed out), and is asked again as ranges are walked.
  UnitSchedule(std::uint64_t units, int ranks);

  // The next unit for `rank` (0 <= rank < ranks) among those `skip` does not rule out, or nothing when
  // every range is empty. Each unit is handed out at most once.
  std::optional<std::uint64_t> take(int rank, const std::function<bool(std::uint64_t)>& skip);

  // Units not yet handed out (some may still be skipped when reached).
  std::uint64_t left() const;

 private:
  struct Range {
    std::uint64_t begin = 0, end = 0;
    std::uint64_t size() const { return end - begin; }
  };
  std::vector<Range> ranges_;
};

}  // namespace tsumi::split
