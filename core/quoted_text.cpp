#include "core/quoted_text.h"

namespace tsumi {

namespace {

constexpr bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

}  // namespace

std::size_t utf8_char_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto b0 = static_cast<unsigned char>(text[0]);
  if (b0 < 0x80) return 1;
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte (RFC 3629, section 4)
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < n) return 0;
  const auto b1 = static_cast<unsigned char>(text[1]);
  if (b1 < lo || b1 > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (!is_continuation(static_cast<unsigned char>(text[i]))) return 0;
  return n;
}

char32_t utf8_code_point(std::string_view text, std::size_t n) {
  static constexpr unsigned char kLeadMask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  char32_t c = static_cast<unsigned char>(text[0]) & kLeadMask[n];
  for (std::size_t i = 1; i < n; ++i) c = (c << 6) | (static_cast<unsigned char>(text[i]) & 0x3F);
  return c;
}

bool shows_as_control(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 || c == 0x061C || c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

std::size_t utf8_column(std::string_view line, std::size_t offset) {
  std::size_t column = 0;
  for (std::size_t i = 0; i < offset && i < line.size(); ++i)
    column += !is_continuation(static_cast<unsigned char>(line[i]));
  return column;
}

std::string_view utf8_char_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return {};
  const std::string_view rest = text.substr(offset);
  const std::size_t n = utf8_char_length(rest);
  return rest.substr(0, n == 0 ? 1 : n);
}

namespace {

// Appends the escaped text (see the header) up to max_bytes of it; returns the bytes taken.
std::size_t append_escaped(std::string& out, std::string_view text, std::size_t max_bytes, bool escape_quotes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_char_length(text.substr(i));
    const std::size_t width = n == 0 ? 1 : n;
    if (i + width > max_bytes) break;
    if (n > 1) {
      const char32_t c = utf8_code_point(text.substr(i), n);
      if (shows_as_control(c)) {
        out += "\\u{";
        for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 15];
        out += '}';
      } else {
        out.append(text.substr(i, n));
      }
    } else if (escape_quotes && (b == '\'' || b == '\\')) {
      out += '\\';
      out += char(b);
    } else if (b == '\n') {
      out += "\\n";
    } else if (b == '\r') {
      out += "\\r";
    } else if (b == '\t') {
      out += "\\t";
    } else if (b >= 0x20 && b < 0x7F) {
      out += char(b);
    } else {
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
    i += width;
  }
  return i;
}

}  // namespace

std::string quoted_text(std::string_view text, std::size_t max_bytes) {
  std::string out = "'";
  if (append_escaped(out, text, max_bytes, true) < text.size())
    return out + "...' (" + std::to_string(text.size()) + " bytes)";
  return out + "'";
}

std::string escaped_text(std::string_view text, std::size_t max_bytes) {
  std::string out;
  if (append_escaped(out, text, max_bytes, false) < text.size()) out += "...";
  return out;
}

}  // namespace tsumi
