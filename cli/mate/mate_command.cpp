#include "cli/mate/mate_command.h"

#include <chrono>
#include <iomanip>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <sys/resource.h>

#include "cli/mate/board_diagram.h"
#include "cli/mate/mate_report.h"
#include "core/limits.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/text_file.h"
#include "core/thread_room.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"

namespace tsumi::cli {

namespace {

using Json = nlohmann::ordered_json;

// Four published problems have two pawns of a colour on a file; the solver handles such boards.
constexpr SfenLeniency kTsumeLeniency{.allow_nifu = true};

// The problem from SFEN text (a leading "sfen " is allowed), or why there is none.
std::optional<std::string> load_problem(std::string_view text, MateProblem& out) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  if (text.starts_with("sfen ")) text.remove_prefix(5);
  const auto setup = parse_sfen(text, kTsumeLeniency);
  if (!setup) return "bad SFEN " + quoted_text(text) + " " + setup.error().describe();
  auto problem = make_mate_problem(*setup);
  if (!problem) return "not a tsume problem: " + problem.error().message;
  out = std::move(problem.value());
  return std::nullopt;
}

MateLimits limits_of(const MateOptions& o) {
  MateLimits limits;
  limits.time_s = o.time_s;
  limits.nodes = o.nodes;
  limits.prove_shortest = o.prove_shortest;
  limits.threads = o.threads;
  return limits;
}

// The solver with its table, or null (with a message on err) when the memory cannot be had.
std::unique_ptr<MateSolver> make_solver(const MateOptions& o, std::ostream& err) {
  try {
    return std::make_unique<MateSolver>(o.hash_mb);
  } catch (const TableMemoryError& e) {
    err << "tsumi mate: " << e.what() << "\n";
  } catch (const std::bad_alloc&) {
    err << "tsumi mate: cannot allocate a " << o.hash_mb << " MB hash table\n";
  }
  return nullptr;
}

// "table 4096 MB allocated in 812 ms (huge pages: transparent)"
std::string table_text(const MateSolver& solver) {
  const TableMemory& m = solver.table_memory();
  return "table " + std::to_string(solver.hash_mb()) + " MB allocated in " +
         std::to_string(whole_ms(m.allocation_ms())) + " ms (huge pages: " + m.huge_pages() + ")";
}

void add_table_json(const MateSolver& solver, Json& j) {
  j["hash_mb"] = solver.hash_mb();
  j["table_alloc_ms"] = whole_ms(solver.table_memory().allocation_ms());
  j["huge_pages"] = solver.table_memory().huge_pages();
}

// The process's peak resident memory so far, in MiB (0 where the system does not say).
long peak_rss_mb() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return usage.ru_maxrss / 1024;  // Linux gives KiB
}

int run_single(const MateOptions& o, std::ostream& out, std::ostream& err) {
  MateProblem problem;
  if (auto e = load_problem(o.sfen, problem)) {
    err << "tsumi mate: " << *e << "\n";
    return 2;
  }
  const auto solver = make_solver(o, err);
  if (!solver) return 2;
  if (o.show && o.json) err << "tsumi mate: note: --show is ignored with --json\n";
  const bool show = o.show && !o.json;
  if (show) out << board_diagram(problem.setup) << "\n";
  const MateReport report = make_mate_report(problem, solver->solve(problem, limits_of(o)));
  // A line that does not replay as a mate is the solver's fault: answered as a timeout, exit 1.
  const int code = report.line_fault ? 1 : 0;
  if (report.line_fault) err << "tsumi mate: the solver's line is not a mate (" << *report.line_fault << ")\n";
  if (o.json) {
    Json j;
    add_mate_json(report, j);
    j["sfen"] = to_sfen(problem.setup);
    j["threads"] = o.threads;
    add_table_json(*solver, j);
    j["peak_rss_mb"] = peak_rss_mb();
    out << j.dump() << "\n";
    return code;
  }
  out << mate_text(report);
  out << table_text(*solver) << "\n";
  out << "peak memory " << peak_rss_mb() << " MB\n";
  if (show && report.verdict() == MateVerdict::kMate) {
    out << "\n";
    for (const std::string& line : kif_lines(problem.setup, report.result.pv)) out << line << "\n";
  }
  return code;
}

// ---- suites ----

struct SuiteProblem {
  MateSuiteEntry entry;
  MateProblem problem;
  std::string name;  // the id, or "line N"
};

struct Verdict {
  bool pass = false;
  std::string text;  // "mate 9 (expected 9)", "nomate (expected 9)", ...
};

std::string expected_text(const MateSuiteEntry& e) {
  return e.expected ? std::to_string(*e.expected) : std::string("nomate");
}

// Whether the solver's answer is right for the entry, and the words that say so. A line with
// counting=book is judged by the length without futile interpositions.
Verdict judge(const SuiteProblem& p, const MateReport& report) {
  const MateSuiteEntry& e = p.entry;
  const MateResult& r = report.result;
  const std::string expected = "expected " + expected_text(e);
  if (r.verdict == MateVerdict::kTimeout)
    return {false, "timeout, stop " + std::string(to_string(r.stop)) + " (" + expected + ")"};
  if (r.verdict == MateVerdict::kNoMate) return {!e.expected, "nomate (" + expected + ")"};
  const int length = e.book_length ? r.futile_length : r.length;
  std::string found = "mate " + std::to_string(r.length);
  if (e.book_length && r.futile_length != r.length)
    found += " (" + std::to_string(r.futile_length) + " as books count)";
  found += r.shortest_proven ? ", proven" : ", unproven";
  if (!e.expected) return {false, found + " (" + expected + ")"};
  if (report.line_fault) return {false, found + " (" + expected + "): bad line: " + *report.line_fault};
  if (length == *e.expected)
    return {true, found + " (" + expected + (e.length_proven ? ")" : "; its minimality is unproven)")};
  if (!e.length_proven && length < *e.expected)
    return {true, found + " (" + expected + "; shorter, and the expected minimality is unproven)"};
  return {false, found + " (" + expected + ")"};
}

// Whether the problem is one of the comma-separated ids (all are when ids is empty).
bool selected(const std::string& ids, const std::string& id) {
  if (ids.empty()) return true;
  std::string_view rest = ids;
  while (true) {
    const std::size_t comma = rest.find(',');
    if (rest.substr(0, comma) == id) return true;
    if (comma == std::string_view::npos) return false;
    rest.remove_prefix(comma + 1);
  }
}

// The suite's problems (those `ids` selects), or a message naming the line that is not one.
std::optional<std::string> load_suite(const std::string& path, const std::string& ids, std::vector<SuiteProblem>& out) {
  std::string text;
  if (auto e = read_text_file(path, text)) return "suite file: " + *e;
  auto suite = parse_mate_suite(text);
  if (!suite) return path + ": " + suite.error().message + " (column " + std::to_string(suite.error().offset + 1) + ")";
  for (MateSuiteEntry& entry : suite.value()) {
    if (!selected(ids, entry.id)) continue;
    SuiteProblem p;
    if (auto e = load_problem(entry.sfen, p.problem)) return path + ": line " + std::to_string(entry.line) + ": " + *e;
    p.name = entry.id.empty() ? "line " + std::to_string(entry.line) : entry.id;
    p.entry = std::move(entry);
    out.push_back(std::move(p));
  }
  if (out.empty() && !ids.empty()) return path + ": no problem has an id in " + quoted_text(ids);
  return std::nullopt;
}

// The limits of one suite problem: the command's, with the line's own time limit where it is lower.
MateLimits limits_of(const MateOptions& o, const MateSuiteEntry& e) {
  MateLimits limits = limits_of(o);
  if (e.time_s && (limits.time_s <= 0 || *e.time_s < limits.time_s)) limits.time_s = *e.time_s;
  return limits;
}

Json problem_json(const SuiteProblem& p, const MateReport& report, const Verdict& v) {
  Json j;
  j["id"] = p.entry.id;
  j["line"] = p.entry.line;
  if (p.entry.expected)
    j["expected"] = *p.entry.expected;
  else
    j["expected"] = "nomate";
  j["length_proven"] = p.entry.length_proven;
  add_mate_json(report, j);
  j["pass"] = v.pass;
  j["verdict"] = v.text;
  return j;
}

int run_suite(const MateOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<SuiteProblem> problems;
  if (auto e = load_suite(o.suite, o.ids, problems)) {
    err << "tsumi mate: " << *e << "\n";
    return 2;
  }
  const auto solver = make_solver(o, err);
  if (!solver) return 2;
  std::size_t width = 0;
  for (const SuiteProblem& p : problems) width = std::max(width, p.name.size());
  int passed = 0, failed = 0;
  std::uint64_t nodes = 0;
  Json results = Json::array();
  const auto start = Clock::now();
  for (const SuiteProblem& p : problems) {
    solver->clear();
    const MateReport report = make_mate_report(p.problem, solver->solve(p.problem, limits_of(o, p.entry)));
    const MateResult& r = report.result;
    const Verdict v = judge(p, report);
    (v.pass ? passed : failed) += 1;
    nodes += r.nodes;
    if (o.json) {
      results.push_back(problem_json(p, report, v));
      results.back()["peak_rss_mb"] = peak_rss_mb();
      continue;
    }
    out << (v.pass ? "ok    " : "FAIL  ") << std::left << std::setw(int(width)) << p.name << std::right << "  "
        << v.text << "  " << whole_ms(r.time_ms) << " ms  " << r.nodes << " nodes";
    if (r.first_mate_length > 0)
      out << "  first " << r.first_mate_length << " at " << whole_ms(r.first_mate_ms) << " ms";
    if (r.verdict == MateVerdict::kMate && !r.shortest_proven) out << "  (bound " << r.mate_bound << ")";
    out << "  hashfull " << r.hashfull << "  peak " << peak_rss_mb() << " MB";
    if (r.collections > 0) out << "  gc " << r.collections;
    out << std::endl;
  }
  const double total_ms = ms_since(start);
  if (o.json) {
    Json j;
    j["problems"] = std::move(results);
    j["passed"] = passed;
    j["failed"] = failed;
    j["nodes"] = nodes;
    j["time_ms"] = whole_ms(total_ms);
    j["threads"] = o.threads;
    add_table_json(*solver, j);
    out << j.dump() << "\n";
  } else {
    out << "total " << whole_ms(total_ms) << " ms, " << nodes << " nodes; " << table_text(*solver) << "\n";
    out << passed << " passed, " << failed << " failed\n";
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace

int run_mate(const MateOptions& o, std::ostream& out, std::ostream& err) {
  if (o.sfen.empty() == o.suite.empty()) {
    err << "tsumi mate: give either --sfen or --suite\n";
    return 2;
  }
  if (auto e = check_thread_room(o.threads, limits::kWorkerStackBytes)) {
    err << "tsumi mate: " << *e << "; ask for fewer --threads\n";
    return 2;
  }
  if (!o.suite.empty()) return run_suite(o, out, err);
  return run_single(o, out, err);
}

}  // namespace tsumi::cli
