#include "perft/perft_suite.h"

#include <algorithm>
#include <charconv>

#include "core/limits.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/text_lines.h"

namespace tsumi {

namespace {}  // namespace

ParseResult<PerftSuiteEntry> parse_perft_suite_line(std::string_view line) {
  PerftSuiteEntry entry;
  const std::size_t first_semicolon = line.find(';');
  const std::string_view sfen = trim(line.substr(0, first_semicolon));
  auto setup = parse_sfen(sfen);
  if (!setup) return ParseError{"bad SFEN: " + setup.error().message, setup.error().offset};
  entry.sfen = std::string(sfen);
  std::size_t pos = first_semicolon;
  while (pos != std::string_view::npos) {
    const std::size_t next = line.find(';', pos + 1);
    const std::string_view field = trim(line.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1));
    const std::size_t at = pos + 1;
    pos = next;
    if (field.empty()) continue;
    if (field.starts_with("id ") || field == "id") {
      entry.id = std::string(trim(field.substr(2)));
      continue;
    }
    if (field[0] != 'D')
      return ParseError{"unknown field " + quoted_text(field) + " (expected ;D<depth> <count> or ;id <name>)", at};
    const std::size_t space = field.find(' ');
    if (space == std::string_view::npos) return ParseError{"missing count after " + quoted_text(field), at};
    int depth = 0;
    std::uint64_t nodes = 0;
    const std::string_view depth_text = field.substr(1, space - 1);
    const std::string_view nodes_text = trim(field.substr(space + 1));
    auto [p1, e1] = std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), depth);
    if (e1 != std::errc() || p1 != depth_text.data() + depth_text.size() || depth < 1 || depth > limits::kMaxPerftDepth)
      return ParseError{"bad depth " + quoted_text(depth_text), at};
    auto [p2, e2] = std::from_chars(nodes_text.data(), nodes_text.data() + nodes_text.size(), nodes);
    if (e2 != std::errc() || p2 != nodes_text.data() + nodes_text.size())
      return ParseError{"bad node count " + quoted_text(nodes_text), at};
    for (const PerftExpectation& e : entry.expected)
      if (e.depth == depth) return ParseError{"depth " + std::to_string(depth) + " given twice", at};
    entry.expected.push_back({depth, nodes});
  }
  std::sort(entry.expected.begin(), entry.expected.end(),
            [](const PerftExpectation& a, const PerftExpectation& b) { return a.depth < b.depth; });
  return entry;
}

ParseResult<std::vector<PerftSuiteEntry>> parse_perft_suite(std::string_view text) {
  // The line is trimmed first: a perft suite's columns count from its first non-blank character.
  return parse_suite_lines<PerftSuiteEntry>(text,
                                            [](std::string_view line) { return parse_perft_suite_line(trim(line)); });
}

}  // namespace tsumi
