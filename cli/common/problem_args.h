#pragma once
// The problem arguments that `tsumi mate` and `tsumi check` share, checked and loaded alike: one
// problem (--sfen TEXT, or one FILE), or a suite (--suite FILE with --id, several FILEs, a folder).
// Loading is front/problem_source.h's; this file only says what the arguments ask for.

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "front/problem_source.h"
#include "solver/mate_solver.h"

namespace tsumi::cli {

struct ProblemArgs {
  std::string sfen;  // --sfen: SFEN, a name, a USI position line or kifu text (front/problem_source.h)
  // FILE...: notation files, `-` for `in`, folders; one file is one problem, else a suite.
  std::vector<std::string> files;
  std::istream* in = nullptr;  // what the file `-` reads (main: std::cin)
  std::string suite;           // --suite: a suite file (solver/mate_suite.h)
  std::string ids;             // --id: with a suite, only these ids (comma-separated); empty: all

  // One problem (--sfen, or one file that is not a folder) rather than a suite.
  bool single() const;
};

// Whether the arguments can run: exactly one of --sfen, --suite and FILE; room for `threads` workers
// (core/thread_room.h). The message, without the command's name, or nullopt.
std::optional<std::string> check_problem_args(const ProblemArgs& args, int threads);

// The problems, in order: --sfen's (named "sfen"), the suite's (by id or line), the files' (by path,
// each its own suite entry: its id and SFEN).
std::optional<std::string> load_problem_args(const ProblemArgs& args, std::vector<front::SuiteProblem>& out);

// The solver with its table of hash_mb MiB, or null with the message in `error`.
std::unique_ptr<MateSolver> make_solver(std::size_t hash_mb, std::string& error);

}  // namespace tsumi::cli
