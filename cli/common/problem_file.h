#pragma once
// The FILE arguments of the commands (`tsumi mate FILE...`, `--file FILE`): a notation file of any kind
// (notation/kifu_file.h tells KIF, KI2, BOD, CSA and SFEN apart by content, UTF-8 or Shift_JIS), `-` for
// standard input, or a directory whose problem files form a suite.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/kifu.h"
#include "solver/mate_problem.h"

namespace tsumi::cli {

// File name endings that a directory's problem files have (other files in it are left alone).
bool is_problem_file_name(const std::string& name);

// The paths named by the arguments, in order: a directory stands for its problem files (not its
// subdirectories), sorted by name; `-` stays as it is. Returns why not: a path that does not exist, a
// directory without problem files, `-` given twice.
std::optional<std::string> expand_problem_paths(const std::vector<std::string>& args, std::vector<std::string>& out);

// Reads the kifu in the file at path, or on `in` when path is `-` (bounded like every input file).
// The message names the file, the line and the column.
std::optional<std::string> read_problem_file(const std::string& path, std::istream* in, notation::Kifu& out);

// The tsume problem in SFEN text (a leading "sfen " allowed, two pawns on a file too), or why there is none.
std::optional<std::string> load_problem(std::string_view text, MateProblem& out);

// The tsume problem in a notation file: its diagram (the kifu, with any recorded moves, goes to `kifu`).
std::optional<std::string> load_problem_file(const std::string& path, std::istream* in, MateProblem& out,
                                             notation::Kifu& kifu);

// Whether the FILE arguments are one problem (one file or `-`, not a directory) rather than a suite.
bool one_problem_file(const std::vector<std::string>& files);

// Whether `id` is one of the comma-separated `ids` (every id is when ids is empty).
bool id_selected(const std::string& ids, const std::string& id);

}  // namespace tsumi::cli
