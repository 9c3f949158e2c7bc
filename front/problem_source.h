#pragma once
// A tsume problem loaded from any form a front is given it: the one way in for `tsumi mate`, `tsumi
// check` and Python's tsumi.mate, tsumi.check and tsumi.mate_many (`tsumi usi` reads USI's own
// `position` command, and makes its problem with problem_of). The forms:
//   - text: SFEN (a leading "sfen " allowed), a position name (startpos, the handicaps: core/sfen.h), a
//     USI `position sfen ... [moves ...]` line, or a whole kifu (KIF, KI2, CSA, BOD: several lines);
//   - a file, or `-` for a stream: its bytes in any notation, UTF-8 or Shift_JIS (notation/kifu_file.h);
//   - a folder: its problem files, sorted by name;
//   - a suite file (solver/mate_suite.h): one problem a line, with its expected answer.
// Two unpromoted pawns of a colour on a file are allowed (kTsumeLeniency): published problems have them.
// A kifu's moves are the problem's recorded line (its solution); its headers and end word come along.
//
// Errors are one line that says what is wrong and where (the file, its line and column), never a crash:
// "bad SFEN '...' at column 3: ...", "'p.kif': not a tsume problem: ...", "suites.txt: line 4: ...".
//
// Thread safety: plain functions; the stream of `-` is read by the calling thread.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "notation/kifu.h"
#include "solver/mate_problem.h"
#include "solver/mate_suite.h"

namespace tsumi::front {

struct LoadedProblem {
  MateProblem problem;
  std::vector<Move> line;  // the recorded line (a kifu's moves, or those replace_line gave); may be empty
  notation::Kifu source;   // the kifu as read (its headers, end word, variations); for SFEN, its start alone
  std::string name;        // how a suite's report names it: the path, the suite's id or "line N", "sfen"
};

// The problem of a position, or "not a tsume problem: ..." (solver/mate_problem.h says when).
std::optional<std::string> problem_of(const PositionSetup& setup, MateProblem& out);

// Text (above). A one-line text that is no `position` line is SFEN or a name; anything else a kifu.
std::optional<std::string> load_problem_text(std::string_view text, LoadedProblem& out);
// The bytes of a file, whatever its notation; `name` (the file's, quoted; may be empty) starts each message.
std::optional<std::string> load_problem_bytes(std::string_view bytes, const std::string& name, LoadedProblem& out);
// The file at `path`, or `in` for `-` (bounded like every input file: core/text_file.h).
std::optional<std::string> load_problem_file(const std::string& path, std::istream* in, LoadedProblem& out);
// The USI moves of `usi`, played from the problem's position, become its recorded line (`--line`,
// Python's line=); the message says which move is wrong.
std::optional<std::string> replace_line(std::string_view usi, LoadedProblem& p);

// The kifu in the file at path (`-`: `in`), not yet a problem (a game to replay, a diagram to show).
std::optional<std::string> read_kifu_file(const std::string& path, std::istream* in, notation::Kifu& out);
// The kifu in `bytes`; `name` (may be empty) starts each message.
std::optional<std::string> read_kifu_bytes(std::string_view bytes, const std::string& name, notation::Kifu& out);

// A suite's problem: its line's fields (the expected answer) and the problem, named by id or line.
struct SuiteProblem {
  MateSuiteEntry entry;
  LoadedProblem loaded;
};
// The problems of a suite file whose ids are among the comma-separated `ids` (every one when empty).
std::optional<std::string> load_problem_suite(const std::string& path, const std::string& ids,
                                              std::vector<SuiteProblem>& out);

// File name endings that a folder's problem files have (other files in it are left alone).
bool is_problem_file_name(const std::string& name);
// The paths named by the arguments, in order: a folder stands for its problem files (not its
// subfolders), sorted by name; `-` stays as it is. Returns why not: a path that does not exist, a
// folder without problem files, `-` given twice.
std::optional<std::string> expand_problem_paths(const std::vector<std::string>& args, std::vector<std::string>& out);
// Whether the FILE arguments are one problem (one file or `-`, not a folder) rather than a suite.
bool one_problem_file(const std::vector<std::string>& files);
// Whether `id` is one of the comma-separated `ids` (every id is when ids is empty).
bool id_selected(const std::string& ids, const std::string& id);

}  // namespace tsumi::front
