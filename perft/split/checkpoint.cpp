#include "perft/split/checkpoint.h"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <unordered_map>

#include <fcntl.h>
#include <unistd.h>

#include "core/hash_mix.h"
#include "core/quoted_text.h"

namespace tsumi::split {

namespace {

constexpr std::string_view kMagic = "tsumi-mpi checkpoint ";

// FNV-1a over the bytes, finished by splitmix64's mixer: the checksum of a unit line.
std::uint64_t line_checksum(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return mix64(h);
}

std::string hex16(std::uint64_t v) {
  char buf[17];
  for (int i = 15; i >= 0; --i, v >>= 4) buf[i] = "0123456789abcdef"[v & 15];
  buf[16] = 0;
  return buf;
}

// A whole field as an unsigned decimal (digits only) or 16 lowercase hex digits.
bool parse_u64(std::string_view s, std::uint64_t& v, int base = 10) {
  if (s.empty() || (base == 16 && s.size() != 16)) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (base == 16 && c >= 'a' && c <= 'f'))) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  return ec == std::errc() && end == s.data() + s.size();
}

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i <= line.size()) {
    const std::size_t space = line.find(' ', i);
    const std::size_t end = space == std::string_view::npos ? line.size() : space;
    out.push_back(line.substr(i, end - i));
    if (space == std::string_view::npos) break;
    i = space + 1;
  }
  return out;
}

std::string at_line(std::size_t n, const std::string& what) { return "line " + std::to_string(n) + ": " + what; }

std::optional<std::string> read_header_value(std::string_view line, std::string_view key, std::size_t n,
                                             std::string_view& value) {
  if (line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ' ')
    return at_line(n, "expected '" + std::string(key) + " ...', found " + escaped_text(line, 60));
  value = line.substr(key.size() + 1);
  return std::nullopt;
}

std::optional<std::string> read_unit(std::string_view line, std::size_t n, const CheckpointHeader& h, UnitCount& u) {
  const auto f = fields(line);
  const std::size_t expected = h.stats ? 9 : 4;
  if (f.empty() || f[0] != "unit" || f.size() != expected)
    return at_line(n, "not a unit line of this checkpoint (expected 'unit' and " + std::to_string(expected - 1) +
                          " fields): " + escaped_text(line, 60));
  std::uint64_t sum = 0;
  if (!parse_u64(f.back(), sum, 16) || sum != line_checksum(line.substr(0, line.size() - 17)))
    return at_line(n, "bad checksum: the line is corrupt");
  std::uint64_t v[8] = {};
  for (std::size_t i = 1; i + 1 < f.size(); ++i)
    if (!parse_u64(f[i], v[i - 1])) return at_line(n, "malformed number " + escaped_text(f[i], 30));
  u.index = v[0];
  u.nodes = v[1];
  u.stats = h.stats ? PerftStats{v[2], v[3], v[4], v[5], v[6]} : PerftStats{};
  if (u.index >= h.units)
    return at_line(n, "unit " + std::to_string(u.index) + " out of range (" + std::to_string(h.units) + " units)");
  return std::nullopt;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string format_header(const CheckpointHeader& h) {
  return std::string(kMagic) + std::to_string(kCheckpointVersion) + "\nroot " + h.root + "\ndepth " +
         std::to_string(h.depth) + "\nsplit " + std::to_string(h.split_depth) + "\nstats " + (h.stats ? "1" : "0") +
         "\nunits " + std::to_string(h.units) + "\ndigest " + hex16(h.digest) + "\n";
}

std::string format_unit(const UnitCount& u, bool stats) {
  std::string line = "unit " + std::to_string(u.index) + " " + std::to_string(u.nodes);
  if (stats) {
    for (std::uint64_t v : {u.stats.captures, u.stats.promotions, u.stats.drops, u.stats.checks, u.stats.mates})
      line += " " + std::to_string(v);
  }
  return line + " " + hex16(line_checksum(line)) + "\n";
}

std::optional<std::string> read_checkpoint(std::string_view text, CheckpointContents& out) {
  out = CheckpointContents{};
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) {
      out.partial_tail = true;  // a line cut short by a kill: ignored
      break;
    }
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  out.valid_bytes = pos;
  if (lines.empty() || lines[0].substr(0, kMagic.size()) != kMagic)
    return std::string("not a tsumi-mpi checkpoint (the first line is not '") + std::string(kMagic) + "<version>')";
  std::uint64_t version = 0;
  if (!parse_u64(lines[0].substr(kMagic.size()), version) || version != kCheckpointVersion)
    return "checkpoint format " + escaped_text(lines[0].substr(kMagic.size()), 20) + ", this tsumi-mpi reads " +
           std::to_string(kCheckpointVersion);
  if (lines.size() < 7) return std::string("the header is incomplete (7 lines expected)");
  CheckpointHeader& h = out.header;
  std::string_view v;
  std::uint64_t n = 0;
  if (auto e = read_header_value(lines[1], "root", 2, v)) return e;
  h.root = std::string(v);
  if (auto e = read_header_value(lines[2], "depth", 3, v)) return e;
  if (!parse_u64(v, n) || n > 1000) return at_line(3, "bad depth " + escaped_text(v, 30));
  h.depth = int(n);
  if (auto e = read_header_value(lines[3], "split", 4, v)) return e;
  if (!parse_u64(v, n) || n >= std::uint64_t(h.depth)) return at_line(4, "bad split depth " + escaped_text(v, 30));
  h.split_depth = int(n);
  if (auto e = read_header_value(lines[4], "stats", 5, v)) return e;
  if (v != "0" && v != "1") return at_line(5, "stats must be 0 or 1, not " + escaped_text(v, 30));
  h.stats = v == "1";
  if (auto e = read_header_value(lines[5], "units", 6, v)) return e;
  if (!parse_u64(v, h.units)) return at_line(6, "bad unit count " + escaped_text(v, 30));
  if (auto e = read_header_value(lines[6], "digest", 7, v)) return e;
  if (!parse_u64(v, h.digest, 16)) return at_line(7, "bad digest " + escaped_text(v, 30));

  std::unordered_map<std::uint64_t, std::size_t> seen;
  for (std::size_t i = 7; i < lines.size(); ++i) {
    UnitCount u;
    if (auto e = read_unit(lines[i], i + 1, h, u)) return e;
    const auto [it, fresh] = seen.try_emplace(u.index, out.units.size());
    if (!fresh) {
      if (out.units[it->second] != u)
        return at_line(i + 1, "unit " + std::to_string(u.index) + " appears twice with different counts");
      continue;
    }
    out.units.push_back(u);
  }
  return std::nullopt;
}

std::optional<std::string> checkpoint_mismatch(const CheckpointHeader& file, const CheckpointHeader& run) {
  const auto differ = [](const std::string& what, const std::string& there, const std::string& here) {
    return "it is the checkpoint of another run: " + what + " " + there + " in the file, " + here + " in this run";
  };
  if (file.root != run.root) return differ("root", "'" + file.root + "'", "'" + run.root + "'");
  if (file.depth != run.depth) return differ("depth", std::to_string(file.depth), std::to_string(run.depth));
  if (file.split_depth != run.split_depth)
    return differ("split depth", std::to_string(file.split_depth), std::to_string(run.split_depth));
  if (file.stats != run.stats) return differ("--stats", file.stats ? "on" : "off", run.stats ? "on" : "off");
  if (file.units != run.units || file.digest != run.digest)
    return differ("unit list", std::to_string(file.units) + " units, digest " + hex16(file.digest),
                  std::to_string(run.units) + " units, digest " + hex16(run.digest));
  return std::nullopt;
}

CheckpointWriter::~CheckpointWriter() {
  if (fd_ >= 0) {
    sync();
    ::close(fd_);
  }
}

std::optional<std::string> CheckpointWriter::create(const std::string& path, const CheckpointHeader& header) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    if (errno == EEXIST) return "checkpoint " + path + " exists: resume it with --resume, or remove it";
    return "cannot create checkpoint " + path + ": " + std::strerror(errno);
  }
  if (auto e = write_all(format_header(header))) return e;
  return sync();
}

std::optional<std::string> CheckpointWriter::reopen(const std::string& path, std::size_t valid_bytes) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) return "cannot open checkpoint " + path + ": " + std::strerror(errno);
  if (::ftruncate(fd_, off_t(valid_bytes)) != 0) return "cannot cut checkpoint " + path + ": " + std::strerror(errno);
  return sync();
}

std::optional<std::string> CheckpointWriter::append(const UnitCount& unit, bool stats) {
  if (auto e = write_all(format_unit(unit, stats))) return e;
  if (now_ms() - last_sync_ms_ >= 1000) return sync();
  return std::nullopt;
}

std::optional<std::string> CheckpointWriter::sync() {
  last_sync_ms_ = now_ms();
  if (fd_ >= 0 && ::fsync(fd_) != 0) return "cannot sync checkpoint " + path_ + ": " + std::strerror(errno);
  return std::nullopt;
}

std::optional<std::string> CheckpointWriter::write_all(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return "cannot write checkpoint " + path_ + ": " + std::strerror(errno);
    text.remove_prefix(std::size_t(n));
  }
  return std::nullopt;
}

}  // namespace tsumi::split
