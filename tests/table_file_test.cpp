// Tests of cli/mate/table_file.h: a table written and read back into a fresh table of the same size is
// the same entry for entry; what a save keeps; and every refusal (a cut file at several offsets, a
// flipped byte in the header, a block and the trailer, another problem, table size, layout or format
// version, an empty file, garbage, a missing file, a directory, bytes after the end), each one line that
// names the file, with the table left empty.

#include "cli/mate/table_file.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "core/hash_mix.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

// tanuki1-1 of positions/tsume-public.txt, its defender's hand completed.
constexpr const char* kSfen = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";
constexpr std::size_t kMb = std::size_t(1) << 20;

using Slot = std::tuple<std::size_t, int, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                        std::uint16_t, std::uint16_t, std::uint32_t>;

// Every entry of the table, with its cluster and slot.
std::vector<Slot> entries_of(const MateTable& t) {
  std::vector<Slot> out;
  t.for_each_entry([&](std::size_t c, int s, const MateEntry& e) {
    out.emplace_back(c, s, e.tag_lo, e.tag_hi, e.hand, e.pn, e.dn, e.len, e.move, e.parent);
  });
  return out;
}

// An entry of amount code `code`; final when pn or dn is 0.
MateEntry entry(std::mt19937_64& rng, std::uint8_t code, std::uint32_t pn, std::uint32_t dn) {
  MateEntry e;
  const std::uint64_t r = rng();
  e.set_tag((r & ~std::uint64_t(0xff)) | code);
  e.hand = std::uint32_t(rng());
  e.pn = pn, e.dn = dn;
  e.len = std::uint16_t(rng());
  e.move = std::uint16_t(rng());
  e.parent = std::uint32_t(rng());
  return e;
}

// Puts `n` entries of every kind (proven, disproven, unfinished of every amount code) into random slots.
void fill(MateTable& t, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t code = std::uint8_t(1 + rng() % 255);
    const MateEntry e = i % 4 == 0 ? entry(rng, code, 0, kInfPn)
                        : i % 4 == 1
                            ? entry(rng, code, kInfPn, 0)
                            : entry(rng, code, 1 + std::uint32_t(rng() % 1000), 1 + std::uint32_t(rng() % 1000));
    ASSERT_TRUE(t.put_entry(std::size_t(rng() % t.clusters()), int(rng() % MateTable::kClusterSize), e));
  }
}

TableBinding binding_of(const MateTable& t, std::size_t mb = 1) { return table_binding(t, mb, kSfen, BLACK); }

std::string path_of(const std::string& name) {
  const std::string path = test::removed_at_exit(test::temp_path(name));
  std::filesystem::remove(path);
  return path;
}

std::string bytes_of(const std::string& path) { return test::read_file(path); }
void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// A table of `mb` MiB with `n` entries put at random, saved whole; the file's path.
struct Saved {
  MateTable table;
  std::string path;
  SolveState state{123456789, 4321, 611, 609};
  TableFileStats stats;
  explicit Saved(const std::string& name, std::size_t n = 20000, std::size_t mb = 1)
      : table(mb * kMb), path(path_of(name)) {
    fill(table, n, 7);
    const auto e = write_table_file(path, binding_of(table, mb), state, table, 0, &stats);
    EXPECT_FALSE(e) << *e;
  }
};

// The refusal of reading `path` into a fresh table of `mb` MiB expecting the binding; checks that it is
// one line naming the file and that the table is left empty.
std::string refusal(const std::string& path, const TableBinding* binding = nullptr, std::size_t mb = 1) {
  MateTable fresh(mb * kMb);
  SolveState state;
  const TableBinding expected = binding ? *binding : binding_of(fresh);
  const auto e = read_table_file(path, expected, fresh, state);
  if (!e) return "(accepted)";
  EXPECT_EQ(e->find('\n'), std::string::npos) << *e;
  EXPECT_NE(e->find(std::filesystem::path(path).filename().string()), std::string::npos) << *e;
  EXPECT_TRUE(entries_of(fresh).empty()) << "a refused file left entries in the table: " << *e;
  return *e;
}

using test::contains;

TEST(TableFile, RoundTripEveryEntryEqual) {
  Saved saved("round_trip.tt");
  const std::vector<Slot> before = entries_of(saved.table);
  ASSERT_GT(before.size(), 10000u);
  EXPECT_EQ(saved.stats.entries, before.size());
  EXPECT_EQ(saved.stats.bytes, std::filesystem::file_size(saved.path));
  EXPECT_FALSE(std::filesystem::exists(saved.path + ".tmp"));

  MateTable fresh(kMb);
  SolveState state;
  TableFileStats stats;
  const auto e = read_table_file(saved.path, binding_of(fresh), fresh, state, &stats);
  ASSERT_FALSE(e) << *e;
  EXPECT_EQ(entries_of(fresh), before);
  EXPECT_EQ(stats.entries, before.size());
  EXPECT_EQ(state.nodes, saved.state.nodes);
  EXPECT_EQ(state.elapsed_ms, saved.state.elapsed_ms);
  EXPECT_EQ(state.first_mate_length, saved.state.first_mate_length);
  EXPECT_EQ(state.mate_bound, saved.state.mate_bound);
}

TEST(TableFile, AnEmptyTableAndAFullOneRoundTrip) {
  for (const std::size_t n : {std::size_t(0), std::size_t(200000)}) {  // 200000 fills most of the 36864 slots
    MateTable t(kMb);
    fill(t, n, 11);
    const std::string path = path_of("extremes.tt");
    ASSERT_FALSE(write_table_file(path, binding_of(t), {}, t, 0));
    MateTable fresh(kMb);
    SolveState state;
    const auto e = read_table_file(path, binding_of(fresh), fresh, state);
    ASSERT_FALSE(e) << *e;
    EXPECT_EQ(entries_of(fresh), entries_of(t)) << n;
  }
}

TEST(TableFile, ManyBlocksRoundTrip) {
  // 4 MiB: 147,456 slots, three blocks of at most 65,536 entries when nearly full.
  MateTable t(4 * kMb);
  fill(t, 400000, 3);
  const std::string path = path_of("blocks.tt");
  TableFileStats stats;
  ASSERT_FALSE(write_table_file(path, binding_of(t, 4), {}, t, 0, &stats));
  EXPECT_GT(stats.entries, 2u * kBlockEntries);
  MateTable fresh(4 * kMb);
  SolveState state;
  const auto e = read_table_file(path, binding_of(fresh, 4), fresh, state);
  ASSERT_FALSE(e) << *e;
  EXPECT_EQ(entries_of(fresh), entries_of(t));
}

TEST(TableFile, ASaveKeepsTheFinalEntriesAndTheUnfinishedOfMostWork) {
  MateTable t(kMb);
  fill(t, 20000, 5);
  const std::string path = path_of("selected.tt");
  ASSERT_FALSE(write_table_file(path, binding_of(t), {}, t, kDefaultMinWorth));
  MateTable fresh(kMb);
  SolveState state;
  ASSERT_FALSE(read_table_file(path, binding_of(fresh), fresh, state));
  std::vector<Slot> expected;
  t.for_each_entry([&](std::size_t c, int s, const MateEntry& e) {
    if (e.pn == 0 || e.dn == 0 || MateTable::worth(e) >= kDefaultMinWorth)
      expected.emplace_back(c, s, e.tag_lo, e.tag_hi, e.hand, e.pn, e.dn, e.len, e.move, e.parent);
  });
  EXPECT_EQ(entries_of(fresh), expected);
  EXPECT_LT(expected.size(), entries_of(t).size());
}

TEST(TableFile, ASaveReplacesItsFileWholeOrNotAtAll) {
  Saved saved("replaced.tt");
  MateTable other(kMb);
  fill(other, 100, 9);
  ASSERT_FALSE(write_table_file(saved.path, binding_of(other), {}, other, 0));
  MateTable fresh(kMb);
  SolveState state;
  ASSERT_FALSE(read_table_file(saved.path, binding_of(fresh), fresh, state));
  EXPECT_EQ(entries_of(fresh), entries_of(other));

  const std::string bad = test::temp_path("no-such-dir") + "/table.tt";
  const auto e = write_table_file(bad, binding_of(other), {}, other, 0);
  ASSERT_TRUE(e);
  EXPECT_TRUE(contains(*e, "cannot write")) << *e;
  EXPECT_TRUE(contains(*e, "table.tt.tmp")) << *e;
}

TEST(TableFile, RefusesACutFile) {
  Saved saved("cut_source.tt", 400000, 4);  // 4 MiB nearly full: three blocks
  const std::string bytes = bytes_of(saved.path);
  const std::size_t header = 48 + std::string(kSfen).size() + 36;
  const std::size_t block1 = 16 + std::size_t(kBlockEntries) * 32 + 8;
  ASSERT_GT(bytes.size(), header + block1 + 40);
  const std::string cut = path_of("cut.tt");
  struct Case {
    std::size_t size;
    const char* words;
  };
  const Case cases[] = {
      {0, "is empty"},
      {5, "cut short"},
      {10, "cut short: it ends at byte 10, inside its header"},
      {47, "inside its header"},
      {header - 1, "inside its header"},
      {header, "no trailer"},
      {header + 3, "no trailer"},
      {header + 10, "inside block 1"},
      {header + 5000, "inside block 1"},
      {header + block1 - 1, "inside block 1"},
      {header + block1, "no trailer"},
      {header + block1 + 100, "inside block 2"},
      {bytes.size() - 30, "inside its trailer"},
      {bytes.size() - 1, "inside its trailer"},
  };
  for (const Case& c : cases) {
    write_bytes(cut, bytes.substr(0, c.size));
    const std::string e = refusal(cut, nullptr, 4);
    EXPECT_TRUE(contains(e, c.words)) << c.size << ": " << e;
  }
}

TEST(TableFile, RefusesAFlippedByte) {
  Saved saved("flip_source.tt", 400000, 4);  // three blocks
  const std::string bytes = bytes_of(saved.path);
  const std::size_t header = 48 + std::string(kSfen).size() + 36;
  const std::string flipped = path_of("flipped.tt");
  struct Case {
    std::size_t offset;
    std::string words;
  };
  const Case cases[] = {
      {1, "not a saved tsumi table"},              // the magic
      {9, "format version"},                       // the version
      {13, "header fails its checksum"},           // the layout
      {26, "header fails its checksum"},           // the clusters
      {50, "header fails its checksum"},           // the SFEN
      {header - 30, "header fails its checksum"},  // the nodes so far
      {header - 2, "header fails its checksum"},   // the checksum itself
      {header + 1, "block 1 (at byte"},            // the first block's count
      {header + 9, "block 1 (at byte"},            // its first position
      {header + 16 + 32 * 100 + 5, "block 1 (at byte " + std::to_string(header) + ") fails its checksum"},
      {header + 16 + 32 * kBlockEntries + 3, "block 1"},  // its checksum
      {header + 16 + 32 * kBlockEntries + 8 + 100, "block 2"},
      {bytes.size() - 60, "block 3"},  // the last entry
      {bytes.size() - 40, "block 3"},  // the last block's checksum
      {bytes.size() - 34, "block 4"},  // the zero count that ends the blocks: a block with a bad count
      {bytes.size() - 30, "its trailer does not begin with TSUMIEND"},
      {bytes.size() - 20, "its trailer counts"},
      {bytes.size() - 12, "its trailer counts"},
      {bytes.size() - 3, "the whole file's checksum does not match"},
  };
  for (const Case& c : cases) {
    std::string b = bytes;
    b[c.offset] = char(b[c.offset] ^ 0x10);
    write_bytes(flipped, b);
    const std::string e = refusal(flipped, nullptr, 4);
    EXPECT_TRUE(contains(e, c.words)) << c.offset << ": " << e;
  }
}

TEST(TableFile, RefusesEveryByteFlipped) {
  Saved saved("flip_each_source.tt", 30);  // a file of about 1 KB
  const std::string bytes = bytes_of(saved.path);
  const std::string flipped = path_of("flipped_each.tt");
  for (std::size_t offset = 0; offset < bytes.size(); ++offset) {
    std::string b = bytes;
    b[offset] = char(b[offset] ^ (1 << offset % 8));
    write_bytes(flipped, b);
    EXPECT_NE(refusal(flipped), "(accepted)") << offset;
  }
}

TEST(TableFile, RefusesAnotherProblem) {
  Saved saved("problem.tt");
  MateTable fresh(kMb);
  TableBinding other = binding_of(fresh);
  other.sfen = "9/7Sk/1+R7/9/9/9/9/9/9 b 2r2b4g3s4n4l18p 1";
  std::string e = refusal(saved.path, &other);
  EXPECT_TRUE(contains(e, "belongs to another problem")) << e;
  EXPECT_TRUE(contains(e, kSfen)) << e;
  other = binding_of(fresh);
  other.attacker = WHITE;
  e = refusal(saved.path, &other);
  EXPECT_TRUE(contains(e, "belongs to another problem")) << e;
  EXPECT_TRUE(contains(e, "attacker white")) << e;
}

TEST(TableFile, RefusesAnotherTableSize) {
  Saved saved("size.tt");
  MateTable bigger(2 * kMb);
  const TableBinding b = binding_of(bigger, 2);
  const std::string e = refusal(saved.path, &b, 2);
  EXPECT_TRUE(contains(e, "saved from a table of 4096 clusters (--hash 1); this table has 8192 (--hash 2)")) << e;
  EXPECT_TRUE(contains(e, "resume with --hash 1")) << e;
}

TEST(TableFile, RefusesAnotherLayoutOrFormatVersion) {
  MateTable t(kMb);
  fill(t, 1000, 1);
  const std::string path = path_of("layout.tt");
  TableBinding old = binding_of(t);
  old.layout = MateTable::kLayoutVersion - 1;
  ASSERT_FALSE(write_table_file(path, old, {}, t, 0));
  std::string e = refusal(path);
  EXPECT_TRUE(contains(e, "layout version " + std::to_string(MateTable::kLayoutVersion - 1))) << e;
  EXPECT_TRUE(contains(e, "this tsumi's table has layout version " + std::to_string(MateTable::kLayoutVersion))) << e;

  old = binding_of(t);
  old.entry_bytes = 32;
  ASSERT_FALSE(write_table_file(path, old, {}, t, 0));
  e = refusal(path);
  EXPECT_TRUE(contains(e, "entries of 32 bytes")) << e;

  std::string bytes = bytes_of(path);
  bytes[8] = 2;  // format version 2, from a later tsumi
  write_bytes(path, bytes);
  e = refusal(path);
  EXPECT_TRUE(contains(e, "format version 2; this tsumi reads version 1")) << e;
}

TEST(TableFile, RefusesWhatIsNoSavedTable) {
  const std::string empty = test::removed_at_exit(test::temp_file("empty.tt", ""));
  EXPECT_TRUE(contains(refusal(empty), "is empty, not a saved table"));
  for (const std::string& garbage : {std::string("hello, world\n"), std::string("TSUMI-T"), std::string(100, '\0'),
                                     std::string("TSUMI-TX") + "123"}) {
    const std::string path = test::removed_at_exit(test::temp_file("garbage.tt", garbage));
    const std::string e = refusal(path);
    EXPECT_TRUE(contains(e, "not a saved tsumi table") || contains(e, "cut short")) << e;
  }
  std::string random_bytes;
  std::mt19937_64 rng(1);
  for (int i = 0; i < 10000; ++i) random_bytes += char(rng());
  EXPECT_TRUE(
      contains(refusal(test::removed_at_exit(test::temp_file("random.tt", random_bytes))), "not a saved tsumi table"));

  const std::string missing = path_of("missing.tt");
  EXPECT_TRUE(contains(refusal(missing), "cannot read"));
  const std::string dir = path_of("a_directory.tt");
  std::filesystem::create_directory(dir);
  EXPECT_TRUE(contains(refusal(dir), "is a directory"));
  std::filesystem::remove(dir);

  Saved saved("tail.tt");
  write_bytes(saved.path, bytes_of(saved.path) + "x");
  EXPECT_TRUE(contains(refusal(saved.path), "1 bytes follow its trailer"));
}

TEST(TableFile, ARefusedBodyLeavesTheTableEmpty) {
  Saved saved("cleared.tt", 30000);
  std::string bytes = bytes_of(saved.path);
  bytes[bytes.size() - 3] ^= 1;  // the last check of all fails, after every entry was put
  write_bytes(saved.path, bytes);
  MateTable fresh(kMb);
  fill(fresh, 10, 2);
  SolveState state;
  ASSERT_TRUE(read_table_file(saved.path, binding_of(fresh), fresh, state));
  EXPECT_TRUE(entries_of(fresh).empty());
}

TEST(TableFile, ChecksumSeesEveryByteAndTheLength) {
  std::vector<unsigned char> b(100);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::uint8_t(i * 7);
  const std::uint64_t sum = table_file_checksum(b.data(), b.size(), 1);
  EXPECT_NE(table_file_checksum(b.data(), b.size(), 2), sum);
  EXPECT_NE(table_file_checksum(b.data(), b.size() - 1, 1), sum);
  for (std::size_t i = 0; i < b.size(); ++i) {
    b[i] ^= 0x80;
    EXPECT_NE(table_file_checksum(b.data(), b.size(), 1), sum) << i;
    b[i] ^= 0x80;
  }
  const std::vector<unsigned char> zeros(64, 0);
  EXPECT_NE(table_file_checksum(zeros.data(), 63, 0), table_file_checksum(zeros.data(), 64, 0));
}

}  // namespace
}  // namespace tsumi::cli
