#pragma once
// Perft suites in the EPD style of chess perft suites, one position a line:
//
//   <SFEN> ;D1 <count> ;D2 <count> ... ;id <name>
//
// Blank lines and lines starting with '#' are skipped. The SFEN is validated like any other.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_error.h"

namespace tsumi {

struct PerftExpectation {
  int depth;
  std::uint64_t nodes;
};

struct PerftSuiteEntry {
  std::string sfen;
  std::string id;                          // empty when the line has no ;id
  std::vector<PerftExpectation> expected;  // by increasing depth
  int line = 0;                            // 1-based line number in the suite text
};

// Parses one line (not blank, not a comment).
ParseResult<PerftSuiteEntry> parse_perft_suite_line(std::string_view line);

// Parses a whole suite; the error message names the line.
ParseResult<std::vector<PerftSuiteEntry>> parse_perft_suite(std::string_view text);

}  // namespace tsumi
