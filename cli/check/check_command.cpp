#include "cli/check/check_command.h"

#include <algorithm>
#include <iomanip>
#include <memory>
#include <new>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/common/output_file.h"
#include "cli/common/problem_file.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/text_file.h"
#include "core/thread_room.h"
#include "core/usi.h"
#include "front/check_report.h"
#include "front/mate_report.h"
#include "notation/kif_writer.h"
#include "solver/mate_suite.h"
#include "solver/soundness.h"

namespace tsumi::cli {

namespace {

using Json = nlohmann::ordered_json;

// One problem to check: its position, its recorded main line (empty: tsumi's own), its name and source.
struct CheckedProblem {
  MateProblem problem;
  std::vector<Move> line;
  std::string name;
  notation::Kifu source;
};

// The USI moves of --line, played from the problem's position.
std::optional<std::string> parse_line(const std::string& text, const MateProblem& problem, std::vector<Move>& out) {
  auto line = parse_usi_line(problem.setup, text);
  if (!line) return "--line: " + line.error().message;
  out = std::move(line.value());
  return std::nullopt;
}

std::optional<std::string> load_problems(const CheckOptions& o, std::vector<CheckedProblem>& out) {
  if (!o.sfen.empty()) {
    CheckedProblem p;
    if (auto e = load_problem(o.sfen, p.problem)) return e;
    if (auto e = parse_line(o.line, p.problem, p.line)) return e;
    p.name = "sfen";
    out.push_back(std::move(p));
    return std::nullopt;
  }
  if (!o.suite.empty()) {
    std::string text;
    if (auto e = read_text_file(o.suite, text)) return "suite file: " + *e;
    auto suite = parse_mate_suite(text);
    if (!suite)
      return o.suite + ": " + suite.error().message + " (column " + std::to_string(suite.error().offset + 1) + ")";
    for (const MateSuiteEntry& entry : suite.value()) {
      if (!id_selected(o.ids, entry.id)) continue;
      CheckedProblem p;
      if (auto e = load_problem(entry.sfen, p.problem))
        return o.suite + ": line " + std::to_string(entry.line) + ": " + *e;
      p.name = entry.id.empty() ? "line " + std::to_string(entry.line) : entry.id;
      out.push_back(std::move(p));
    }
    if (out.empty() && !o.ids.empty()) return o.suite + ": no problem has an id in " + quoted_text(o.ids);
    return std::nullopt;
  }
  std::vector<std::string> paths;
  if (auto e = expand_problem_paths(o.files, paths)) return e;
  for (const std::string& path : paths) {
    CheckedProblem p;
    if (auto e = load_problem_file(path, o.in, p.problem, p.source)) return e;
    if (paths.size() == 1 && !o.line.empty()) {
      if (auto e = parse_line(o.line, p.problem, p.line)) return e;
    } else {
      p.line = p.source.moves;  // the recorded solution
    }
    p.name = path;
    out.push_back(std::move(p));
  }
  return std::nullopt;
}

SoundnessLimits limits_of(const CheckOptions& o) {
  SoundnessLimits l;
  l.branch.time_s = o.time_s;
  l.branch.nodes = o.nodes;
  l.branch.threads = o.threads;
  l.total_time_s = o.total_time_s;
  l.total_nodes = o.total_nodes;
  l.variation_depth = o.variation_depth;
  return l;
}

// The lines of a problem's text without its totals, indented under its row of the table.
std::string indented_findings(const std::string& text) {
  std::string s;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line(text.data() + begin, end - begin);
    if (!line.empty() && !line.starts_with("branches ")) s.append("    ").append(line).append("\n");
    begin = end + 1;
  }
  return s;
}

Json problem_json(const CheckedProblem& p, const SoundnessReport& r) {
  Json j;
  j["problem"] = p.name;
  j["sfen"] = to_sfen(p.problem.setup);
  front::add_check_json(p.problem, r, j);
  return j;
}

// The suite's table: a row a problem, the findings of those that are not sound under it, the totals.
int run_suite(const CheckOptions& o, const std::vector<CheckedProblem>& problems, MateSolver& solver,
              std::ostream& out) {
  std::size_t width = 4;
  for (const CheckedProblem& p : problems) width = std::max(width, p.name.size());
  int counts[5] = {};
  double total_ms = 0, solve_ms = 0;
  std::uint64_t nodes = 0;
  if (!o.json)
    out << std::left << std::setw(int(width)) << "name" << std::right << "  verdict   length  cooks  defences  unknown"
        << "     time_ms    solve_ms\n";
  for (const CheckedProblem& p : problems) {
    solver.clear();
    const SoundnessReport r = check_soundness(solver, p.problem, p.line, limits_of(o));
    ++counts[int(r.verdict)];
    total_ms += r.time_ms, solve_ms += r.solve_ms, nodes += r.nodes;
    if (o.json) {
      out << problem_json(p, r).dump() << std::endl;
      continue;
    }
    out << std::left << std::setw(int(width)) << p.name << "  " << std::setw(8) << to_string(r.verdict) << std::right
        << std::setw(8) << r.length << std::setw(7) << r.cooks.size() << std::setw(10) << r.defences.size()
        << std::setw(9) << r.unknown.size() << std::setw(12) << front::whole_ms(r.time_ms) << std::setw(12)
        << front::whole_ms(r.solve_ms) << "\n";
    if (r.verdict != SoundnessVerdict::kSound || !r.cooks.empty() || !r.defences.empty())
      out << indented_findings(front::check_text(p.problem, r));
    out << std::flush;
  }
  if (!o.json) {
    out << problems.size() << " problems: " << counts[int(SoundnessVerdict::kSound)] << " sound, "
        << counts[int(SoundnessVerdict::kFlawed)] << " flawed, " << counts[int(SoundnessVerdict::kNoMate)]
        << " nomate, " << counts[int(SoundnessVerdict::kBadLine)] << " bad-line, "
        << counts[int(SoundnessVerdict::kUnknown)] << " unknown\n";
    out << "total " << front::whole_ms(total_ms) << " ms (the solves " << front::whole_ms(solve_ms) << " ms), " << nodes
        << " nodes\n";
  }
  return counts[int(SoundnessVerdict::kSound)] == int(problems.size()) ? 0 : 1;
}

}  // namespace

int run_check(const CheckOptions& o, std::ostream& out, std::ostream& err) {
  if (int(!o.sfen.empty()) + int(!o.suite.empty()) + int(!o.files.empty()) != 1) {
    err << "tsumi check: give one of --sfen, --suite and problem files\n";
    return 2;
  }
  const bool single = !o.sfen.empty() || (o.suite.empty() && one_problem_file(o.files));
  if (!single && (!o.kif_out.empty() || !o.line.empty())) {
    err << "tsumi check: --kif and --line are for one problem, not a suite\n";
    return 2;
  }
  if (auto e = check_thread_room(o.threads, limits::kWorkerStackBytes)) {
    err << "tsumi check: " << *e << "; ask for fewer --threads\n";
    return 2;
  }
  std::vector<CheckedProblem> problems;
  if (auto e = load_problems(o, problems)) {
    err << "tsumi check: " << *e << "\n";
    return 2;
  }
  std::unique_ptr<MateSolver> solver;
  try {
    solver = std::make_unique<MateSolver>(o.hash_mb);
  } catch (const TableMemoryError& e) {
    err << "tsumi check: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    err << "tsumi check: cannot allocate a " << o.hash_mb << " MB hash table\n";
    return 2;
  }
  if (!single) return run_suite(o, problems, *solver, out);

  const CheckedProblem& p = problems.front();
  const SoundnessReport r = check_soundness(*solver, p.problem, p.line, limits_of(o));
  if (o.json)
    out << problem_json(p, r).dump() << "\n";
  else
    out << front::check_text(p.problem, r);
  if (!o.kif_out.empty()) {
    const std::string kif = notation::write_kif(front::check_kifu(p.problem, r, p.source));
    if (auto e = write_output_file(o.kif_out, kif, out)) {
      err << "tsumi check: " << *e << "\n";
      return 2;
    }
  }
  return r.verdict == SoundnessVerdict::kSound ? 0 : 1;
}

}  // namespace tsumi::cli
