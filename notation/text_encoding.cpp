#include "notation/text_encoding.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/quoted_text.h"
#include "notation/cp932.h"

namespace tsumi::notation {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The byte offset of the first byte that starts no well-formed UTF-8 character, or npos.
std::size_t first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_char_length(text.substr(i));
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

// The error for the byte at `offset`: its line (from 1) and its column in bytes within that line.
ParseError error_at(std::string_view text, std::size_t offset, const std::string& message) {
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  return ParseError{message, offset - line_start, line};
}

// CSA's `'encoding=NAME` comment line (CSA standard V3.0; written by some V2.2 tools too): the name, if
// one of the first lines says it.
std::optional<std::string_view> declared_encoding(std::string_view text) {
  constexpr std::string_view kKey = "'encoding=";
  std::size_t start = 0;
  for (int lines = 0; lines < 64 && start < text.size(); ++lines) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (line.starts_with(kKey)) {
      line.remove_prefix(kKey.size());
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
      return line;
    }
    start = end + 1;
  }
  return std::nullopt;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

ParseResult<std::string> from_cp932(std::string_view bytes) {
  Cp932Conversion c = cp932_to_utf8(bytes);
  if (c.ok()) return std::move(c.utf8);
  if (!c.unavailable.empty()) return ParseError{"the text is not UTF-8, and " + c.unavailable, 0, 1};
  const std::string what =
      c.ends_inside ? "the text ends inside a character" : "a byte that is neither UTF-8 nor CP932";
  return error_at(bytes, c.bad_at, what + " (" + quoted_text(bytes.substr(c.bad_at, 2)) + ")");
}

}  // namespace

ParseResult<std::string> to_utf8(std::string_view bytes) {
  if (bytes.starts_with(kBom)) bytes.remove_prefix(kBom.size());
  const std::size_t invalid = first_invalid_utf8(bytes);
  if (invalid == std::string_view::npos) return std::string(bytes);
  const std::optional<std::string_view> declared = declared_encoding(bytes);
  if (declared && (equals_ignoring_case(*declared, "UTF-8") || equals_ignoring_case(*declared, "UTF8")))
    return error_at(bytes, invalid,
                    "the text says 'encoding=UTF-8 but is not UTF-8 (" + quoted_text(bytes.substr(invalid, 1)) + ")");
  return from_cp932(bytes);
}

}  // namespace tsumi::notation
