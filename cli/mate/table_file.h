#pragma once
// A saved transposition table (`tsumi mate --save FILE`, `--resume FILE`): the solver's table written to
// a file during a long solve and read back into a table of the same size to continue it. One concept:
// the file's layout, writing it, and reading it back with every check, so that a file that is cut,
// damaged, of another problem, of another table size or of another table layout is refused with one
// line that names the file and the reason, never loaded in part or guessed at.
//
// Layout (format version 1; every number little-endian):
//
//   header   0: magic          8 bytes "TSUMI-TT"
//            8: format         u32     kTableFileVersion
//           12: layout         u32     MateTable::kLayoutVersion of the table saved
//           16: entry bytes    u32     sizeof(MateEntry)
//           20: slots          u32     MateTable::kClusterSize
//           24: clusters       u64     the table's cluster count (an entry's cluster depends on it)
//           32: hash MB        u64     the --hash that made the table (for messages only)
//           40: attacker       u32     0 black, 1 white
//           44: sfen bytes     u32     n, at most kMaxSfenBytes
//           48: sfen           n bytes the problem, its defender's hand completed (to_sfen of MateProblem::setup)
//         48+n: nodes          u64     search nodes before the save, every session of the solve summed
//           +8: elapsed ms     u64     time searched before the save, summed the same way
//          +16: first mate     u32     the first proof's length, 0: none yet (information only)
//          +20: mate bound     u32     the shortest mate proven, 0: none yet (information only)
//          +24: min worth      u32     the least MateTable::worth of an unfinished entry saved
//          +28: checksum       u64     of the header's bytes before it
//   blocks, each: count        u32     1 to kBlockEntries
//                 count check  u32     the count mixed (a damaged count is told from a cut file)
//                 first        u64     the position of its first entry: cluster * slots + slot
//                 count records of 32 bytes: a u32 step from the previous position (0 for the first),
//                        then the MateEntry's fields in order (tag_lo, tag_hi, hand, pn, dn: u32;
//                        len, move: u16; parent: u32)
//                 checksum     u64     of the block's bytes before it, seeded by the block's number
//   trailer:      0            u32     (a count of 0: no more blocks)
//                 magic        8 bytes "TSUMIEND"
//                 blocks       u64
//                 entries      u64
//                 checksum     u64     of the whole file: the header's and every block's checksums and
//                                      the two counts folded in order
//
// Positions grow strictly through the file (for_each_entry's order), so no slot is written twice; a
// step that would not fit 32 bits starts a new block. The checksums fold 64-bit words with mix64
// (core/hash_mix.h) over four lanes; a random change survives one with a chance of about 2^-64.
//
// What is saved: every proven and disproven entry (proof trees and refutations, the costliest to find
// again) and the unfinished entries whose worth (MateTable::worth: the amount code, eight steps to a
// doubling of the nodes below) is at least the caller's min_worth; kDefaultMinWorth keeps those with
// 2^6 = 64 nodes or more below them (see README, `tsumi mate --save`, for the measured sizes).
//
// A table is written to `path + ".tmp"`, flushed to the disk (fsync) and renamed over `path`, so a
// process killed while saving leaves the file before it whole.
//
// Thread safety: write_table_file reads the table with MateTable::for_each_entry (each cluster under its
// lock when workers share the table), so it may run from the solver's progress callback while workers
// search; a block full of entries is written out from inside that walk, so one cluster's lock is held
// for one write of about 2 MB into the page cache (a worker that needs that very cluster waits for it).
// The entries of a save taken while workers search are each whole, but of slightly different moments;
// any mix of them is sound, since every entry is a cache of a search result (solver/mate_table.h).
// read_table_file needs the table to itself.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/types.h"
#include "solver/mate_table.h"

namespace tsumi::cli {

inline constexpr std::uint32_t kTableFileVersion = 1;
inline constexpr std::uint32_t kBlockEntries = 65536;  // the most entries a block holds
inline constexpr std::uint32_t kMaxSfenBytes = 4096;
// 1 + 8 log2(64): an unfinished entry with 64 nodes or more below it.
inline constexpr int kDefaultMinWorth = 49;

// What a saved table belongs to: a table of one layout and size, and one problem. A file is read only
// into a table whose binding is the same in every field but hash_mb (information for messages).
struct TableBinding {
  std::uint32_t layout = MateTable::kLayoutVersion;
  std::uint32_t entry_bytes = sizeof(MateEntry);
  std::uint32_t slots = MateTable::kClusterSize;
  std::uint64_t clusters = 0;
  std::uint64_t hash_mb = 0;
  std::string sfen;  // the problem with the defender's hand completed
  Color attacker = BLACK;
};

// How far the solve had come when the table was saved (all sessions of a resumed solve together).
struct SolveState {
  std::uint64_t nodes = 0;
  std::uint64_t elapsed_ms = 0;
  std::uint32_t first_mate_length = 0;  // 0: none yet
  std::uint32_t mate_bound = 0;         // 0: none yet
};

// What a write or a read did.
struct TableFileStats {
  std::uint64_t entries = 0;  // entries written or loaded
  std::uint64_t bytes = 0;    // the file's size
  double ms = 0;              // time taken
};

// The binding of a table of hash_mb MiB for a problem (its SFEN with the defender's hand completed).
TableBinding table_binding(const MateTable& table, std::size_t hash_mb, const std::string& sfen, Color attacker);

// Writes the table's entries worth saving (every final entry, and the unfinished ones of worth min_worth
// or more) under the binding and state given, to path through path + ".tmp". The binding is written as
// given (tests write other layouts with it). Returns why it could not (then path is as it was).
std::optional<std::string> write_table_file(const std::string& path, const TableBinding& binding,
                                            const SolveState& state, const MateTable& table, int min_worth,
                                            TableFileStats* stats = nullptr);

// Reads the file at path into the table after checking its header against `expected` (layout, entry
// size, slots, clusters, problem). Returns the reason it is refused, one line that names the file: it
// cannot be read, is empty, is not a saved table, is of another format version, is damaged (a checksum
// fails), is cut short, or belongs to another layout, table size or problem. On a refusal found in the
// body the table is cleared, so it never holds part of a file. `state` receives the saved state.
std::optional<std::string> read_table_file(const std::string& path, const TableBinding& expected, MateTable& table,
                                           SolveState& state, TableFileStats* stats = nullptr);

// The checksum of `n` bytes with a seed (exposed for the tests, which forge files with it).
std::uint64_t table_file_checksum(const unsigned char* bytes, std::size_t n, std::uint64_t seed);

}  // namespace tsumi::cli
