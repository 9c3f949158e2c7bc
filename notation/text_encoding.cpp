#include "notation/text_encoding.h"

#include <cerrno>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <iconv.h>

#include "core/quoted_text.h"

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

// CP932 to UTF-8 in one iconv call: a CP932 character of one or two bytes is at most three bytes of
// UTF-8, so an output of three times the input always suffices and the work is linear.
ParseResult<std::string> from_cp932(std::string_view bytes) {
  const iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == iconv_t(-1)) return ParseError{"the text is not UTF-8, and iconv cannot convert from CP932 here", 0, 1};
  std::string out(bytes.size() * 3 + 4, '\0');
  char* in_ptr = const_cast<char*>(bytes.data());  // iconv's signature; it does not write the input
  std::size_t in_left = bytes.size();
  char* out_ptr = out.data();
  std::size_t out_left = out.size();
  const std::size_t rc = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
  const int err = errno;
  iconv_close(cd);
  if (rc == std::size_t(-1)) {
    const std::size_t at = bytes.size() - in_left;
    const std::string what =
        err == EINVAL ? "the text ends inside a character" : "a byte that is neither UTF-8 nor CP932";
    return error_at(bytes, at, what + " (" + quoted_text(bytes.substr(at, 2)) + ")");
  }
  out.resize(out.size() - out_left);
  return out;
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
