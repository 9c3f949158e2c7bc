#include "cli/common/problem_args.h"

#include <new>
#include <utility>

#include "core/limits.h"
#include "core/sfen.h"
#include "core/table_memory.h"
#include "core/thread_room.h"

namespace tsumi::cli {

bool ProblemArgs::single() const { return !sfen.empty() || (suite.empty() && front::one_problem_file(files)); }

std::optional<std::string> check_problem_args(const ProblemArgs& a, int threads) {
  if (int(!a.sfen.empty()) + int(!a.suite.empty()) + int(!a.files.empty()) != 1)
    return std::string("give one of --sfen, --suite and problem files");
  if (auto e = check_thread_room(threads, limits::kWorkerStackBytes)) return *e + "; ask for fewer --threads";
  return std::nullopt;
}

std::optional<std::string> load_problem_args(const ProblemArgs& a, std::vector<front::SuiteProblem>& out) {
  if (!a.sfen.empty()) {
    front::SuiteProblem p;
    if (auto e = front::load_problem_text(a.sfen, p.loaded)) return e;
    p.loaded.name = "sfen";
    p.entry.sfen = to_sfen(p.loaded.problem.setup);
    out.push_back(std::move(p));
    return std::nullopt;
  }
  if (!a.suite.empty()) return front::load_problem_suite(a.suite, a.ids, out);
  std::vector<std::string> paths;
  if (auto e = front::expand_problem_paths(a.files, paths)) return e;
  for (const std::string& path : paths) {
    front::SuiteProblem p;
    if (auto e = front::load_problem_file(path, a.in, p.loaded)) return e;
    p.loaded.name = path;
    p.entry.id = path;
    p.entry.sfen = to_sfen(p.loaded.problem.setup);
    out.push_back(std::move(p));
  }
  return std::nullopt;
}

std::unique_ptr<MateSolver> make_solver(std::size_t hash_mb, std::string& error) {
  try {
    return std::make_unique<MateSolver>(hash_mb);
  } catch (const TableMemoryError& e) {
    error = e.what();
  } catch (const std::bad_alloc&) {
    error = "cannot allocate a " + std::to_string(hash_mb) + " MB hash table";
  }
  return nullptr;
}

}  // namespace tsumi::cli
