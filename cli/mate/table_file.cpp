#include "cli/mate/table_file.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

#include "core/file_sync.h"
#include "core/hash_mix.h"
#include "core/quoted_text.h"
#include "core/stopwatch.h"
#include "core/text_file.h"

namespace tsumi::cli {

namespace {

constexpr char kMagic[8] = {'T', 'S', 'U', 'M', 'I', '-', 'T', 'T'};
constexpr char kEndMagic[8] = {'T', 'S', 'U', 'M', 'I', 'E', 'N', 'D'};
constexpr std::size_t kRecordBytes = 4 + 28;
constexpr std::size_t kBlockHeadBytes = 4 + 4 + 8;
constexpr std::size_t kIoBufferBytes = std::size_t(4) << 20;
constexpr std::size_t kTrailerBytes = 4 + 8 + 8 + 8 + 8;  // the zero count included
// Seeds that keep the checksums of different parts apart.
constexpr std::uint64_t kHeaderSeed = 0x5453554d49484452ULL;  // "TSUMIHDR"
constexpr std::uint64_t kBlockSeed = 0x5453554d49424c4bULL;   // "TSUMIBLK"
constexpr std::uint64_t kFileSeed = 0x5453554d4946494cULL;    // "TSUMIFIL"

std::uint64_t load64(const unsigned char* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}
std::uint32_t load32(const unsigned char* p) {
  return std::uint32_t(p[0] | p[1] << 8 | p[2] << 16 | std::uint32_t(p[3]) << 24);
}
std::uint16_t load16(const unsigned char* p) { return std::uint16_t(p[0] | p[1] << 8); }

// Little-endian bytes appended to a buffer.
struct Bytes {
  std::vector<unsigned char> b;
  void u16(std::uint16_t v) { b.insert(b.end(), {std::uint8_t(v), std::uint8_t(v >> 8)}); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
  }
  void raw(const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    b.insert(b.end(), c, c + n);
  }
};

std::uint32_t count_check(std::uint32_t count) { return std::uint32_t(mix64(count ^ kBlockSeed)); }

// A path in a message: quoted, and whole up to a length no real path reaches.
std::string file_name(const std::string& path) { return quoted_text(path, 1024); }

std::string system_error() { return std::strerror(errno); }

// ---- writing ----

// The header's bytes, its checksum included.
std::vector<unsigned char> header_bytes(const TableBinding& b, const SolveState& s, int min_worth) {
  Bytes h;
  h.raw(kMagic, 8);
  h.u32(kTableFileVersion);
  h.u32(b.layout);
  h.u32(b.entry_bytes);
  h.u32(b.slots);
  h.u64(b.clusters);
  h.u64(b.hash_mb);
  h.u32(b.attacker);
  h.u32(std::uint32_t(b.sfen.size()));
  h.raw(b.sfen.data(), b.sfen.size());
  h.u64(s.nodes);
  h.u64(s.elapsed_ms);
  h.u32(s.first_mate_length);
  h.u32(s.mate_bound);
  h.u32(std::uint32_t(min_worth));
  h.u64(table_file_checksum(h.b.data(), h.b.size(), kHeaderSeed));
  return std::move(h.b);
}

// Writes the blocks of a table as for_each_entry gives its entries, folding the file's checksum.
class BlockWriter {
 public:
  BlockWriter(std::FILE* f, std::uint64_t file_sum) : f_(f), file_sum_(file_sum) {
    block_.b.reserve(kBlockHeadBytes + kBlockEntries * kRecordBytes + 8);
  }

  void add(std::uint64_t position, const MateEntry& e) {
    if (count_ == kBlockEntries || (count_ > 0 && position - last_ > 0xffffffffULL)) flush();
    if (count_ == 0) {
      block_.b.clear();
      block_.u32(0), block_.u32(0);  // the count and its check, filled in by flush
      block_.u64(position);
      last_ = position;
    }
    block_.u32(std::uint32_t(position - last_));
    block_.u32(e.tag_lo), block_.u32(e.tag_hi), block_.u32(e.hand), block_.u32(e.pn), block_.u32(e.dn);
    block_.u16(e.len), block_.u16(e.move);
    block_.u32(e.parent);
    last_ = position;
    ++count_;
  }

  // Writes the block being filled (if any).
  void flush() {
    if (count_ == 0) return;
    unsigned char* p = block_.b.data();
    for (int i = 0; i < 4; ++i) p[i] = std::uint8_t(count_ >> (8 * i));
    const std::uint32_t check = count_check(count_);
    for (int i = 0; i < 4; ++i) p[4 + i] = std::uint8_t(check >> (8 * i));
    const std::uint64_t sum = table_file_checksum(p, block_.b.size(), kBlockSeed + blocks_);
    block_.u64(sum);
    file_sum_ = mix64(file_sum_ ^ sum);
    if (ok_ && std::fwrite(block_.b.data(), 1, block_.b.size(), f_) != block_.b.size()) ok_ = false;
    entries_ += count_;
    ++blocks_;
    count_ = 0;
  }

  bool ok() const { return ok_; }
  std::uint64_t blocks() const { return blocks_; }
  std::uint64_t entries() const { return entries_; }
  std::uint64_t file_sum() const { return file_sum_; }

 private:
  std::FILE* f_;
  Bytes block_;
  std::uint32_t count_ = 0;
  std::uint64_t last_ = 0;
  std::uint64_t blocks_ = 0, entries_ = 0;
  std::uint64_t file_sum_;
  bool ok_ = true;
};

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// ---- reading ----

// A file read in order, with its size known, so that a read past the end says "cut short".
class Reader {
 public:
  Reader(std::FILE* f, std::uint64_t size, std::string name) : f_(f), size_(size), name_(std::move(name)) {}

  // Reads n bytes into p; false at the end of the file.
  bool read(void* p, std::size_t n) {
    if (size_ - offset_ < n) return false;
    if (std::fread(p, 1, n, f_) != n) return false;
    offset_ += n;
    return true;
  }
  std::uint64_t offset() const { return offset_; }
  std::uint64_t size() const { return size_; }
  std::string cut(const std::string& where) const {
    return name_ + " is cut short: it ends at byte " + std::to_string(size_) + ", " + where +
           " (a save that did not finish, or a copied part)";
  }
  std::string damaged(const std::string& what) const { return name_ + " is damaged: " + what; }

 private:
  std::FILE* f_;
  std::uint64_t size_;
  std::uint64_t offset_ = 0;
  std::string name_;
};

std::string color_name(std::uint32_t c) { return c == BLACK ? "black" : "white"; }

std::string layout_text(std::uint32_t layout, std::uint32_t entry_bytes, std::uint32_t slots) {
  return "layout version " + std::to_string(layout) + " (entries of " + std::to_string(entry_bytes) + " bytes, " +
         std::to_string(slots) + " a cluster)";
}

// Reads and checks the header; fills `saved`, `state` and `sum` (the header's checksum).
std::optional<std::string> read_header(Reader& in, const std::string& name, const TableBinding& expected,
                                       TableBinding& saved, SolveState& state, std::uint64_t& sum) {
  if (in.size() == 0) return name + " is empty, not a saved table";
  std::vector<unsigned char> h(48);
  const std::size_t magic_bytes = std::min<std::uint64_t>(8, in.size());
  if (!in.read(h.data(), magic_bytes) || std::memcmp(h.data(), kMagic, magic_bytes) != 0)
    return name + " is not a saved tsumi table (it does not begin with TSUMI-TT)";
  if (magic_bytes < 8 || !in.read(h.data() + 8, 4)) return in.cut("inside its header");
  const std::uint32_t version = load32(&h[8]);
  if (version != kTableFileVersion)
    return name + " is a saved table of format version " + std::to_string(version) + "; this tsumi reads version " +
           std::to_string(kTableFileVersion);
  if (!in.read(h.data() + 12, 36)) return in.cut("inside its header");
  saved.layout = load32(&h[12]);
  saved.entry_bytes = load32(&h[16]);
  saved.slots = load32(&h[20]);
  saved.clusters = load64(&h[24]);
  saved.hash_mb = load64(&h[32]);
  const std::uint32_t attacker = load32(&h[40]);
  const std::uint32_t sfen_bytes = load32(&h[44]);
  if (sfen_bytes > kMaxSfenBytes) return in.damaged("its header's SFEN length is " + std::to_string(sfen_bytes));
  h.resize(48 + sfen_bytes + 28 + 8);
  if (!in.read(h.data() + 48, h.size() - 48)) return in.cut("inside its header");
  const std::size_t checked = h.size() - 8;
  sum = load64(&h[checked]);
  if (table_file_checksum(h.data(), checked, kHeaderSeed) != sum) return in.damaged("its header fails its checksum");
  if (attacker > 1) return in.damaged("its header names attacker " + std::to_string(attacker));
  saved.attacker = Color(attacker);
  saved.sfen.assign(reinterpret_cast<const char*>(&h[48]), sfen_bytes);
  const unsigned char* s = &h[48 + sfen_bytes];
  state.nodes = load64(s);
  state.elapsed_ms = load64(s + 8);
  state.first_mate_length = load32(s + 16);
  state.mate_bound = load32(s + 20);

  if (saved.layout != expected.layout || saved.entry_bytes != expected.entry_bytes || saved.slots != expected.slots)
    return name + " holds a table of " + layout_text(saved.layout, saved.entry_bytes, saved.slots) +
           "; this tsumi's table has " + layout_text(expected.layout, expected.entry_bytes, expected.slots) +
           " (a file of another tsumi version)";
  if (saved.clusters != expected.clusters)
    return name + " was saved from a table of " + std::to_string(saved.clusters) + " clusters (--hash " +
           std::to_string(saved.hash_mb) + "); this table has " + std::to_string(expected.clusters) + " (--hash " +
           std::to_string(expected.hash_mb) + "): resume with --hash " + std::to_string(saved.hash_mb);
  if (saved.sfen != expected.sfen || saved.attacker != expected.attacker)
    return name + " belongs to another problem: " + quoted_text(saved.sfen) + " (attacker " +
           color_name(saved.attacker) + "), not " + quoted_text(expected.sfen) + " (attacker " +
           color_name(expected.attacker) + ")";
  return std::nullopt;
}

// Reads the blocks and the trailer into the table; file_sum starts as the header gives it.
std::optional<std::string> read_body(Reader& in, std::uint64_t file_sum, const TableBinding& b, MateTable& table,
                                     std::uint64_t& entries) {
  const std::uint64_t positions = b.clusters * b.slots;
  std::vector<unsigned char> block;
  std::uint64_t blocks = 0;
  bool any = false;
  std::uint64_t last = 0;
  entries = 0;
  while (true) {
    const std::string where = "block " + std::to_string(blocks + 1) + " (at byte " + std::to_string(in.offset()) + ")";
    block.resize(kBlockHeadBytes);
    if (!in.read(block.data(), 4)) return in.cut("where a block or the trailer should begin (no trailer)");
    const std::uint32_t count = load32(block.data());
    if (count == 0) break;
    if (!in.read(block.data() + 4, kBlockHeadBytes - 4)) return in.cut("inside " + where);
    if (count > kBlockEntries || load32(block.data() + 4) != count_check(count))
      return in.damaged(where + " has a bad entry count");
    block.resize(kBlockHeadBytes + std::size_t(count) * kRecordBytes + 8);
    if (!in.read(block.data() + kBlockHeadBytes, block.size() - kBlockHeadBytes)) return in.cut("inside " + where);
    const std::size_t checked = block.size() - 8;
    const std::uint64_t sum = load64(&block[checked]);
    if (table_file_checksum(block.data(), checked, kBlockSeed + blocks) != sum)
      return in.damaged(where + " fails its checksum");
    file_sum = mix64(file_sum ^ sum);
    std::uint64_t position = load64(block.data() + 8);
    for (std::uint32_t i = 0; i < count; ++i) {
      const unsigned char* r = &block[kBlockHeadBytes + std::size_t(i) * kRecordBytes];
      const std::uint32_t step = load32(r);
      if ((i > 0 && step == 0) || (i == 0 && step != 0) || position + step < position)
        return in.damaged(where + " has its entries out of order");
      position += step;
      if ((any && position <= last) || position >= positions)
        return in.damaged(where + " has an entry out of order or out of the table");
      MateEntry e;
      e.tag_lo = load32(r + 4), e.tag_hi = load32(r + 8), e.hand = load32(r + 12);
      e.pn = load32(r + 16), e.dn = load32(r + 20);
      e.len = load16(r + 24), e.move = load16(r + 26);
      e.parent = load32(r + 28);
      if (!table.put_entry(std::size_t(position / b.slots), int(position % b.slots), e))
        return in.damaged(where + " has an empty entry");
      last = position, any = true;
    }
    entries += count;
    ++blocks;
  }
  std::array<unsigned char, kTrailerBytes - 4> t{};
  if (!in.read(t.data(), t.size())) return in.cut("inside its trailer");
  if (std::memcmp(t.data(), kEndMagic, 8) != 0) return in.damaged("its trailer does not begin with TSUMIEND");
  const std::uint64_t trailer_blocks = load64(&t[8]), trailer_entries = load64(&t[16]);
  if (trailer_blocks != blocks || trailer_entries != entries)
    return in.damaged("its trailer counts " + std::to_string(trailer_blocks) + " blocks and " +
                      std::to_string(trailer_entries) + " entries; the file holds " + std::to_string(blocks) + " and " +
                      std::to_string(entries));
  file_sum = mix64(mix64(file_sum ^ trailer_blocks) ^ trailer_entries);
  if (file_sum != load64(&t[24])) return in.damaged("the whole file's checksum does not match");
  if (in.offset() != in.size())
    return in.damaged(std::to_string(in.size() - in.offset()) + " bytes follow its trailer");
  return std::nullopt;
}

}  // namespace

std::uint64_t table_file_checksum(const unsigned char* p, std::size_t n, std::uint64_t seed) {
  std::uint64_t lane[4];
  for (int l = 0; l < 4; ++l) lane[l] = seed + std::uint64_t(l + 1) * kGoldenGamma;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int l = 0; l < 4; ++l) lane[l] = mix64(lane[l] ^ load64(p + i + 8 * l));
  std::uint64_t h = seed;
  for (int l = 0; l < 4; ++l) h = mix64(h ^ lane[l]);
  for (; i + 8 <= n; i += 8) h = mix64(h ^ load64(p + i));
  std::uint64_t tail = 0;
  for (std::size_t k = 0; i + k < n; ++k) tail |= std::uint64_t(p[i + k]) << (8 * k);
  return mix64(mix64(h ^ tail) ^ n);
}

TableBinding table_binding(const MateTable& table, std::size_t hash_mb, const std::string& sfen, Color attacker) {
  TableBinding b;
  b.clusters = table.clusters();
  b.hash_mb = hash_mb;
  b.sfen = sfen;
  b.attacker = attacker;
  return b;
}

std::optional<std::string> write_table_file(const std::string& path, const TableBinding& binding,
                                            const SolveState& state, const MateTable& table, int min_worth,
                                            TableFileStats* stats) {
  const auto start = Clock::now();
  const std::string tmp = path + ".tmp";
  std::vector<char> buffer(kIoBufferBytes);  // outlives the FILE that uses it
  File f(std::fopen(tmp.c_str(), "wb"));
  if (!f) return "cannot write " + file_name(tmp) + ": " + system_error();
  std::setvbuf(f.get(), buffer.data(), _IOFBF, buffer.size());
  const std::vector<unsigned char> header = header_bytes(binding, state, min_worth);
  bool ok = std::fwrite(header.data(), 1, header.size(), f.get()) == header.size();
  BlockWriter blocks(f.get(), mix64(kFileSeed ^ load64(&header[header.size() - 8])));
  const std::uint64_t slots = binding.slots;
  table.for_each_entry([&](std::size_t cluster, int slot, const MateEntry& e) {
    if (e.pn == 0 || e.dn == 0 || MateTable::worth(e) >= min_worth)
      blocks.add(cluster * slots + std::uint64_t(slot), e);
  });
  blocks.flush();
  Bytes t;
  t.u32(0);
  t.raw(kEndMagic, 8);
  t.u64(blocks.blocks());
  t.u64(blocks.entries());
  t.u64(mix64(mix64(blocks.file_sum() ^ blocks.blocks()) ^ blocks.entries()));
  ok = ok && blocks.ok() && std::fwrite(t.b.data(), 1, t.b.size(), f.get()) == t.b.size();
  ok = ok && flush_to_disk(f.get());
  const std::string why = ok ? std::string() : system_error();
  const bool closed = std::fclose(f.release()) == 0;
  if (!ok || !closed) {
    std::remove(tmp.c_str());
    return "cannot write " + file_name(tmp) + ": " + (ok ? system_error() : why);
  }
  std::error_code ec;
  const std::uint64_t bytes = std::filesystem::file_size(file_path(tmp), ec);
  // std::filesystem's rename replaces an existing file on Windows too (std::rename fails there).
  std::error_code rename_error;
  std::filesystem::rename(file_path(tmp), file_path(path), rename_error);
  if (rename_error) {
    const std::string e = rename_error.message();
    std::remove(tmp.c_str());
    return "cannot rename " + file_name(tmp) + " to " + file_name(path) + ": " + e;
  }
  if (stats) *stats = {blocks.entries(), ec ? 0 : bytes, ms_since(start)};
  return std::nullopt;
}

std::optional<std::string> read_table_file(const std::string& path, const TableBinding& expected, MateTable& table,
                                           SolveState& state, TableFileStats* stats) {
  const auto start = Clock::now();
  const std::string name = file_name(path);
  std::error_code ec;
  if (std::filesystem::is_directory(file_path(path), ec)) return name + " is a directory, not a saved table";
  std::vector<char> buffer(kIoBufferBytes);  // outlives the FILE that uses it
  File f(std::fopen(path.c_str(), "rb"));
  if (!f) return "cannot read " + name + ": " + system_error();
  const std::uint64_t size = std::filesystem::file_size(file_path(path), ec);
  if (ec) return "cannot read " + name + ": " + ec.message();
  std::setvbuf(f.get(), buffer.data(), _IOFBF, buffer.size());
  Reader in(f.get(), size, name);
  TableBinding saved;
  std::uint64_t header_sum = 0;
  if (auto e = read_header(in, name, expected, saved, state, header_sum)) return e;
  std::uint64_t entries = 0;
  if (auto e = read_body(in, mix64(kFileSeed ^ header_sum), saved, table, entries)) {
    table.clear();
    return e;
  }
  if (stats) *stats = {entries, size, ms_since(start)};
  return std::nullopt;
}

}  // namespace tsumi::cli
