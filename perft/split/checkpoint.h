#pragma once
// The checkpoint of a distributed perft (`tsumi-mpi perft --checkpoint FILE`): a text file that says
// which run it belongs to and, one line per finished work unit, that unit's counts. A run killed at any
// moment loses at most the units being counted; `--resume` reads the file and counts only the rest.
//
// Format (version 1), every line ending in '\n':
//
//   tsumi-mpi checkpoint 1
//   root <SFEN without the move number: board, side, hands>
//   depth <D>
//   split <K>
//   stats <0|1>
//   units <number of work units>
//   digest <16 hex digits: units_digest of the unit list>
//   unit <index> <nodes> [<captures> <promotions> <drops> <checks> <mates>] <16 hex digits>
//   ...
//
// A unit line carries the unit's own perft (depth D - K below the unit position, not yet multiplied by
// its multiplicity), the statistics when the header says stats 1, and a checksum of the text before the
// checksum. Lines are appended whole and flushed one by one, so a kill leaves at most a last line
// without its '\n': that partial line is ignored (and cut off before appending again). Anything else
// that is not right (a bad checksum, a malformed or out-of-range line, two different counts for a unit,
// a header of another run) makes the file refused with a message, never guessed at.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perft/perft.h"

namespace tsumi::split {

inline constexpr int kCheckpointVersion = 1;

// What identifies a run.
struct CheckpointHeader {
  std::string root;  // board, side to move and hands as SFEN writes them, without the move number
  int depth = 0;
  int split_depth = 0;
  bool stats = false;
  std::uint64_t units = 0;
  std::uint64_t digest = 0;

  bool operator==(const CheckpointHeader&) const = default;
};

// The counts of one finished unit (unscaled: perft of the unit position itself).
struct UnitCount {
  std::uint64_t index = 0;
  std::uint64_t nodes = 0;
  PerftStats stats;

  bool operator==(const UnitCount&) const = default;
};

std::string format_header(const CheckpointHeader& header);
// One unit line, '\n' included; the statistics are written when `stats`.
std::string format_unit(const UnitCount& unit, bool stats);

struct CheckpointContents {
  CheckpointHeader header;
  std::vector<UnitCount> units;  // in file order, each index once
  std::size_t valid_bytes = 0;   // the length of the text up to the end of the last whole line
  bool partial_tail = false;     // a last line without its '\n' was ignored
};

// Reads a checkpoint's text; on failure the message names the line and what is wrong with it.
std::optional<std::string> read_checkpoint(std::string_view text, CheckpointContents& out);

// Why a checkpoint of header `file` cannot be resumed by the run `run` (another position, depth,
// split depth, statistics flag or unit list), or nothing when it can.
std::optional<std::string> checkpoint_mismatch(const CheckpointHeader& file, const CheckpointHeader& run);

// The file a run appends its units to. Each line is written with one write() and fsync()ed at most once
// a second (and at close), so a killed process loses nothing written and a crashed machine at most the
// last second.
class CheckpointWriter {
 public:
  CheckpointWriter() = default;
  ~CheckpointWriter();
  CheckpointWriter(const CheckpointWriter&) = delete;
  CheckpointWriter& operator=(const CheckpointWriter&) = delete;

  // A new file with the header; refused when the file exists (resume it or remove it).
  std::optional<std::string> create(const std::string& path, const CheckpointHeader& header);
  // An existing file, cut to its first `valid_bytes` bytes (dropping a partial last line), for appending.
  std::optional<std::string> reopen(const std::string& path, std::size_t valid_bytes);
  std::optional<std::string> append(const UnitCount& unit, bool stats);
  // Flushes the file to disk; nothing when that worked.
  std::optional<std::string> sync();
  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }

 private:
  std::optional<std::string> write_all(std::string_view text);
  int fd_ = -1;
  std::string path_;
  std::int64_t last_sync_ms_ = 0;
};

}  // namespace tsumi::split
