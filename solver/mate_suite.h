#pragma once
// Tsume suites in the reference format, one problem a line, tab-separated:
//
//   <SFEN>\texpected=<plies>|nomate\tsource=...\tid=...\tcat=...[\tkey=value...]
//
// Blank lines and lines starting with '#' are skipped. `expected` is the shortest mate counting every
// legal defence (interpositions included); a line with `kh_min_unproven_len=` marks a length whose
// minimality its source did not prove; `time=<seconds>` is the problem's own time limit (a benchmark
// of long problems gives each its budget); `counting=book` says that `expected` counts as problem books
// do, without futile interpositions (solver/README.md). Unknown keys are kept.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/parse_error.h"

namespace tsumi {

struct MateSuiteEntry {
  std::string sfen;
  std::optional<int> expected;                              // plies; nullopt: no mate
  bool length_proven = true;                                // false when the file says the minimality is unproven
  std::string id;                                           // empty when the line has no id=
  std::string category;                                     // cat=
  std::optional<int> time_s;                                // time=: the problem's own limit in seconds
  bool book_length = false;                                 // counting=book: expected leaves futile interpositions out
  std::vector<std::pair<std::string, std::string>> fields;  // every key=value, in order
  int line = 0;                                             // 1-based line number in the suite text
};

// One line (not blank, not a comment). Refuses a line without a tab after the SFEN, an empty SFEN, a field
// that is not key=value, a key given twice, and a missing or bad `expected`. The SFEN is not parsed here.
ParseResult<MateSuiteEntry> parse_mate_suite_line(std::string_view line);
// Parses a whole suite; the error message names the line (1-based) and the offset is within that line.
ParseResult<std::vector<MateSuiteEntry>> parse_mate_suite(std::string_view text);

}  // namespace tsumi
