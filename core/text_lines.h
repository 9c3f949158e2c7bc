#pragma once
// Lines of text as the suite readers (perft_suite, solver/mate_suite), the USI client and the /proc
// readers take them: one definition of a blank, and one loop over the lines of a suite.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/parse_error.h"

namespace tsumi {

// Space, tab, CR, LF, vertical tab, form feed: the blanks of the C locale.
constexpr bool is_blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The text without blanks at either end.
constexpr std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// A suite: one entry a line; lines that are blank or whose first non-blank character is '#' are
// skipped. parse_line(line) gets each other line whole (its blanks included, so that its error offsets
// are columns of the line) and returns a ParseResult<Entry>; the entry's `line` member is set to the
// line's number (from 1). The first error is returned as "line N: <message>" with its column.
template <class Entry, class ParseLine>
ParseResult<std::vector<Entry>> parse_suite_lines(std::string_view text, ParseLine&& parse_line) {
  std::vector<Entry> entries;
  int line_no = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    ++line_no;
    start = end + 1;
    const std::string_view content = trim(line);
    if (content.empty() || content.front() == '#') continue;
    ParseResult<Entry> entry = parse_line(line);
    if (!entry)
      return ParseError{"line " + std::to_string(line_no) + ": " + entry.error().message, entry.error().offset};
    Entry& e = entry.value();
    e.line = line_no;
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace tsumi
