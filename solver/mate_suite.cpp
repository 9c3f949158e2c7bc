#include "solver/mate_suite.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

#include "core/quoted_text.h"
#include "core/text_lines.h"

namespace tsumi {

namespace {

// The longest mate a suite may claim; far above any published problem (the longest has 1525 plies).
constexpr int kMaxExpectedPlies = 10000;

// The value as a whole number from lo to hi, or nothing.
std::optional<int> whole_number(std::string_view value, int lo, int hi) {
  int n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < lo || n > hi) return std::nullopt;
  return n;
}

// Reads `expected=` into the entry; at is the offset of the value in the line.
std::optional<ParseError> read_expected(std::string_view value, std::size_t at, MateSuiteEntry& entry) {
  if (value == "nomate") {
    entry.expected.reset();
    return std::nullopt;
  }
  const auto plies = whole_number(value, 1, kMaxExpectedPlies);
  if (!plies)
    return ParseError{"bad expected value " + quoted_text(value) + " (a number of plies from 1, or nomate)", at};
  entry.expected = plies;
  return std::nullopt;
}

// The longest per-problem time a suite may give: a day.
constexpr int kMaxTimeSeconds = 86400;

// Reads `time=` (whole seconds) into the entry; at is the offset of the value in the line.
std::optional<ParseError> read_time(std::string_view value, std::size_t at, MateSuiteEntry& entry) {
  const auto seconds = whole_number(value, 1, kMaxTimeSeconds);
  if (!seconds) return ParseError{"bad time value " + quoted_text(value) + " (whole seconds from 1 to 86400)", at};
  entry.time_s = seconds;
  return std::nullopt;
}

// Reads one `key=value` field; at is the offset of the field in the line.
std::optional<ParseError> read_field(std::string_view field, std::size_t at, MateSuiteEntry& entry,
                                     bool& has_expected) {
  const std::size_t eq = field.find('=');
  if (eq == std::string_view::npos) return ParseError{"field " + quoted_text(field) + " is not key=value", at};
  const std::string_view key = field.substr(0, eq);
  const std::string_view value = field.substr(eq + 1);
  if (key.empty()) return ParseError{"field " + quoted_text(field) + " has no key", at};
  const auto same_key = [&](const auto& kv) { return kv.first == key; };
  if (std::any_of(entry.fields.begin(), entry.fields.end(), same_key))
    return ParseError{"key " + quoted_text(key) + " given twice", at};
  if (key == "expected") {
    if (auto e = read_expected(value, at + eq + 1, entry)) return e;
    has_expected = true;
  } else if (key == "id") {
    entry.id = std::string(value);
  } else if (key == "cat") {
    entry.category = std::string(value);
  } else if (key == "counting") {
    if (value != "book" && value != "all")
      return ParseError{"bad counting value " + quoted_text(value) + " (book or all)", at + eq + 1};
    entry.book_length = value == "book";
  } else if (key == "time") {
    if (auto e = read_time(value, at + eq + 1, entry)) return e;
  } else if (key == "kh_min_unproven_len") {
    entry.length_proven = false;
  }
  entry.fields.emplace_back(std::string(key), std::string(value));
  return std::nullopt;
}

}  // namespace

ParseResult<MateSuiteEntry> parse_mate_suite_line(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
  MateSuiteEntry entry;
  const std::size_t tab = line.find('\t');
  if (tab == std::string_view::npos)
    return ParseError{"missing tab after the SFEN (fields are tab-separated)", line.size()};
  const std::string_view sfen = trim(line.substr(0, tab));
  if (sfen.empty()) return ParseError{"missing SFEN before the first tab", 0};
  entry.sfen = std::string(sfen);
  bool has_expected = false;
  std::size_t start = tab + 1;
  while (start <= line.size()) {
    const std::size_t end = std::min(line.find('\t', start), line.size());
    const std::string_view field = line.substr(start, end - start);
    if (!trim(field).empty()) {
      if (auto e = read_field(field, start, entry, has_expected)) return *e;
    }
    start = end + 1;
  }
  if (!has_expected) return ParseError{"missing expected=<plies>|nomate", line.size()};
  return entry;
}

ParseResult<std::vector<MateSuiteEntry>> parse_mate_suite(std::string_view text) {
  return parse_suite_lines<MateSuiteEntry>(text, [](std::string_view line) { return parse_mate_suite_line(line); });
}

}  // namespace tsumi
