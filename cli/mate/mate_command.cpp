#include "cli/mate/mate_command.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common/output_file.h"
#include "cli/common/problem_args.h"
#include "cli/common/stop_signal.h"
#include "cli/mate/table_file.h"
#include "core/game_record.h"
#include "core/limits.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/text_file.h"
#include "core/thread_room.h"
#include "front/mate_report.h"
#include "front/problem_source.h"
#include "notation/board_svg.h"
#include "notation/kif_writer.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"

namespace tsumi::cli {

namespace {

using front::add_mate_json;
using front::add_problem_json;
using front::add_table_json;
using front::LoadedProblem;
using front::make_mate_report;
using front::mate_profile_text;
using front::mate_progress_text;
using front::mate_text;
using front::MateReport;
using front::peak_rss_mb;
using front::table_text;
using front::whole_ms;

using Json = nlohmann::ordered_json;

MateLimits limits_of(const MateOptions& o) {
  MateLimits limits;
  limits.time_s = o.time_s;
  limits.nodes = o.nodes;
  limits.prove_shortest = o.prove_shortest;
  limits.book_search = o.book_search;
  limits.book_share = o.book_share;
  limits.book_search_after = o.book_search_after;
  limits.threads = o.threads;
  return limits;
}

// The solver with its table, or null (with a message on err) when the memory cannot be had.
std::unique_ptr<MateSolver> make_solver(const MateOptions& o, std::ostream& err) {
  std::string error;
  auto solver = cli::make_solver(o.hash_mb, error);
  if (!solver) err << "tsumi mate: " << error << "\n";
  return solver;
}

// --kif and --csa: the files written, or the reason one could not be.
std::optional<std::string> write_solution_files(const MateOptions& o, const MateProblem& problem,
                                                const MateReport& report, const notation::Kifu& source,
                                                std::ostream& out) {
  if (!o.svg_out.empty()) {
    // The problem, and the position its mate line ends in with the last move marked (a mate only).
    notation::BoardSvgOptions svg;
    svg.latin = o.svg_latin;
    std::vector<std::pair<PositionSetup, notation::BoardSvgOptions>> boards = {{problem.setup, svg}};
    if (report.verdict() == MateVerdict::kMate && !report.result.pv.empty()) {
      std::vector<StateInfo> states(report.result.pv.size() + 1);
      Position pos;
      pos.set(problem.setup, &states[0]);
      for (std::size_t i = 0; i < report.result.pv.size(); ++i) pos.do_move(report.result.pv[i], states[i + 1]);
      svg.last_move = report.result.pv.back();
      boards.emplace_back(pos.setup(), svg);
    }
    if (auto e = write_output_file(o.svg_out, notation::boards_svg(boards), out)) return e;
  }
  if (o.kif_out.empty() && o.csa_out.empty()) return std::nullopt;
  return write_kifu_files(o.kif_out, o.csa_out, front::mate_kifu(problem, report, source), out);
}

// ---- resumable solves: --save, --save-every, --resume (cli/mate/table_file.h) ----

// A path in a message: quoted, and whole up to a length no real path reaches (the user copies it).
std::string path_text(const std::string& path) { return quoted_text(path, 1024); }

// "table saved to 'F' (123 entries, 4.5 MB, in 67 ms)"
std::string saved_text(const std::string& path, const TableFileStats& s) {
  char mb[32];
  std::snprintf(mb, sizeof mb, "%.1f", double(s.bytes) / double(1 << 20));
  return "table saved to " + path_text(path) + " (" + std::to_string(s.entries) + " entries, " + mb + " MB, in " +
         std::to_string(whole_ms(s.ms)) + " ms)";
}

// Before a solve with --save: the file must not exist, unless it is the file resumed (then it is updated
// in place), and its directory must take a file (its .tmp, through which every save goes).
std::optional<std::string> check_save_path(const MateOptions& o) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool in_place = !o.resume_path.empty() && fs::equivalent(file_path(o.save_path), file_path(o.resume_path), ec);
  if (!in_place && fs::symlink_status(file_path(o.save_path), ec).type() != fs::file_type::not_found)
    return "--save " + path_text(o.save_path) +
           ": the file exists, and --save never overwrites a file; name a new one, or continue from it with "
           "--resume " +
           path_text(o.save_path) + " --save " + path_text(o.save_path);
  const std::string tmp = o.save_path + ".tmp";
  const bool had_tmp = fs::symlink_status(file_path(tmp), ec).type() != fs::file_type::not_found;
  std::FILE* f = std::fopen(tmp.c_str(), "ab");
  if (!f) return "--save " + path_text(o.save_path) + ": cannot write " + path_text(tmp) + ": " + std::strerror(errno);
  std::fclose(f);
  if (!had_tmp) fs::remove(file_path(tmp), ec);
  return std::nullopt;
}

// Turns a stop signal into MateSolver::request_stop while it lives (a handler can only set a flag). It
// asks again every poll, as a request made before solve() begins is forgotten. A signal that comes
// again more than kRepeatAfter after the first ends the process at once (stop_signal.h: copies sent
// together are one request).
class StopWatcher {
 public:
  static constexpr std::chrono::milliseconds kRepeatAfter{1000};
  StopWatcher(const StopSignals& signals, MateSolver& solver)
      : thread_([&signals, &solver](std::stop_token stop) {
          std::chrono::steady_clock::time_point first{};
          int seen = 0;  // signals counted within kRepeatAfter of the first
          while (!stop.stop_requested()) {
            if (const int n = signals.count(); n > seen) {
              const auto now = std::chrono::steady_clock::now();
              if (seen == 0) first = now;
              if (seen > 0 && now - first > kRepeatAfter) StopSignals::end_now(signals.received());
              seen = n;
              solver.request_stop();
            } else if (seen > 0) {
              solver.request_stop();
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
          }
        }) {}

 private:
  std::jthread thread_;
};

// The saving side of a solve: the table's binding, what the file resumed had done, and the saves.
class TableSaves {
 public:
  TableSaves(const MateOptions& o, const MateProblem& problem, MateSolver& solver)
      : o_(o),
        solver_(solver),
        binding_(table_binding(solver.table(), solver.hash_mb(), to_sfen(problem.setup), problem.attacker)) {}

  // Loads --resume into the table (nothing without it); the refusal's words when the file is refused.
  std::optional<std::string> resume(std::ostream& err) {
    if (o_.resume_path.empty()) return std::nullopt;
    TableFileStats stats;
    if (auto e = read_table_file(o_.resume_path, binding_, solver_.table(), before_, &stats)) return "--resume: " + *e;
    err << "tsumi mate: " << stats.entries << " entries loaded from " << path_text(o_.resume_path) << " in "
        << whole_ms(stats.ms) << " ms\n";
    return std::nullopt;
  }
  bool resumed() const { return !o_.resume_path.empty(); }
  const SolveState& before() const { return before_; }

  // Writes the table with this session's state added to the state resumed; the words that say so, or
  // why it could not be written.
  std::optional<std::string> save(std::uint64_t nodes, double ms, int first_mate_length, int mate_bound,
                                  std::string& said) {
    SolveState s = before_;
    s.nodes += nodes;
    s.elapsed_ms += std::uint64_t(whole_ms(ms));
    if (first_mate_length > 0) s.first_mate_length = std::uint32_t(first_mate_length);
    if (mate_bound > 0) s.mate_bound = std::uint32_t(mate_bound);
    TableFileStats stats;
    if (auto e = write_table_file(o_.save_path, binding_, s, solver_.table(), kDefaultMinWorth, &stats)) return e;
    said = saved_text(o_.save_path, stats);
    return std::nullopt;
  }

 private:
  const MateOptions& o_;
  MateSolver& solver_;
  TableBinding binding_;
  SolveState before_;
};

// The words for the save at the end of a solve that a signal or a limit cut.
std::string cut_text(int signal, MateStop stop) {
  if (signal != 0) return std::string(StopSignals::name(signal)) + ": the solve stopped";
  return std::string("the ") + (stop == MateStop::kNodes ? "node" : "time") + " limit cut the solve";
}

// The progress line every progress_s seconds and the periodic saves, from the solver's progress
// callback: called every min(progress, save) interval, each does its work when its own time is due, so
// the callback costs two comparisons when neither is.
void set_reports(const MateOptions& o, MateSolver& solver, TableSaves& saves, bool& drawn, std::ostream& err) {
  const double progress_ms = o.progress_s * 1000;
  const double save_ms = o.save_path.empty() ? 0 : std::min(o.save_every_min * 60000, 2e9);
  const double interval = progress_ms > 0 && save_ms > 0 ? std::min(progress_ms, save_ms) : progress_ms + save_ms;
  if (interval <= 0) return;
  // When each is next due, in ms of the solve (a fixed schedule: a late call does not shift the next).
  double next_progress = progress_ms, next_save = save_ms;
  solver.set_progress(
      [&o, &saves, &drawn, &err, progress_ms, save_ms, next_progress, next_save,
       shown = SearchCounters{}](const MateProgress& p) mutable {
        if (progress_ms > 0 && p.time_ms >= next_progress) {
          while (next_progress <= p.time_ms) next_progress += progress_ms;
          if (o.err_tty)
            err << "\r" << mate_progress_text(p) << "\x1b[K" << std::flush;
          else
            err << mate_progress_text(p) << "; since the line before: " << mate_profile_text(p.counters.since(shown))
                << std::endl;
          shown = p.counters;
          drawn = true;
        }
        if (save_ms > 0 && p.time_ms >= next_save) {
          while (next_save <= p.time_ms) next_save += save_ms;
          std::string said;
          const auto e = saves.save(p.nodes, p.time_ms, p.first_mate_length, p.mate_bound, said);
          if (drawn && o.err_tty) err << "\r\x1b[K";
          err << "tsumi mate: " << (e ? "cannot save the table (the solve goes on): " + *e : said) << std::endl;
        }
      },
      int(std::max(1.0, std::min(interval, 2e9))));
}

int run_single(const MateOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<front::SuiteProblem> loaded;
  if (auto e = load_problem_args(o, loaded)) {
    err << "tsumi mate: " << *e << "\n";
    return 2;
  }
  const MateProblem& problem = loaded.front().loaded.problem;
  const notation::Kifu& source = loaded.front().loaded.source;
  const bool saving = !o.save_path.empty();
  if (saving)
    if (auto e = check_save_path(o)) {
      err << "tsumi mate: " << *e << "\n";
      return 2;
    }
  const auto solver = make_solver(o, err);
  if (!solver) return 2;
  TableSaves saves(o, problem, *solver);
  if (auto e = saves.resume(err)) {
    err << "tsumi mate: " << *e << "\n";
    return 2;
  }
  if (o.show && o.json) err << "tsumi mate: note: --show is ignored with --json\n";
  const bool show = o.show && !o.json;
  if (show) out << notation::board_diagram(problem.setup) << "\n";
  bool drawn = false;
  set_reports(o, *solver, saves, drawn, err);
  std::optional<StopSignals> signals;
  std::optional<StopWatcher> watcher;
  if (saving) signals.emplace(), watcher.emplace(*signals, *solver);
  const MateReport report = make_mate_report(problem, solver->solve(problem, limits_of(o)));
  watcher.reset();
  if (drawn && o.err_tty) err << "\r\x1b[K" << std::flush;
  // A line that does not replay as a mate is the solver's fault: answered as a timeout, exit 1.
  int code = report.line_fault ? 1 : 0;
  if (report.line_fault) err << "tsumi mate: the solver's line is not a mate (" << *report.line_fault << ")\n";
  const MateResult& r = report.result;
  const int signal = signals ? signals->received() : 0;
  if (saving && (signal != 0 || r.stop == MateStop::kTime || r.stop == MateStop::kNodes)) {
    std::string said;
    if (auto e = saves.save(r.nodes, r.time_ms, r.first_mate_length, r.mate_bound, said)) {
      err << "tsumi mate: cannot save the table: " << *e << "\n";
      code = 2;
    } else {
      err << "tsumi mate: " << cut_text(signal, r.stop) << "; " << said << "; continue it with "
          << (signal ? "the same command" : "a higher limit") << " and --resume " << path_text(o.save_path) << "\n";
    }
  }
  signals.reset();
  if (auto e = write_solution_files(o, problem, report, source, out)) {
    err << "tsumi mate: " << *e << "\n";
    code = 2;
  }
  if (o.json) {
    Json j;
    add_problem_json(problem, report, *solver, o.threads, j);
    if (saves.resumed()) {
      j["resumed_from"] = escaped_text(o.resume_path, 1024);  // valid UTF-8 whatever the path
      j["resumed_nodes"] = saves.before().nodes;
      j["resumed_ms"] = saves.before().elapsed_ms;
    }
    out << j.dump() << "\n";
    return code;
  }
  out << mate_text(report);
  if (saves.resumed())
    out << "resumed from " << escaped_text(o.resume_path, 1024) << ": " << saves.before().nodes << " nodes and "
        << saves.before().elapsed_ms << " ms before\n";
  out << table_text(*solver) << "\n";
  out << "peak memory " << peak_rss_mb() << " MB\n";
  if (show && report.verdict() == MateVerdict::kMate) {
    out << "\n";
    for (const std::string& line : notation::kif_lines(problem.setup, report.result.pv)) out << line << "\n";
  }
  return code;
}

// ---- suites ----

// A suite's problem (front/problem_source.h), with what its expected answer is.
struct SuiteItem {
  front::SuiteProblem p;
  // A notation file's problem: its recorded solution is the expected answer where there is one (then
  // either counting of futile interpositions matches: files follow books or not), else any verdict passes.
  bool expected_known = true;
  bool either_counting = false;
};

struct Verdict {
  bool pass = false;
  std::string text;  // "mate 9 (expected 9)", "nomate (expected 9)", ...
};

std::string expected_text(const SuiteItem& s) {
  if (!s.expected_known) return "none recorded";
  return s.p.entry.expected ? std::to_string(*s.p.entry.expected) : std::string("nomate");
}

// Whether the solver's answer is right for the entry, and the words that say so. A line with
// counting=book is judged by the length without futile interpositions.
Verdict judge(const SuiteItem& p, const MateReport& report) {
  const MateSuiteEntry& e = p.p.entry;
  const MateResult& r = report.result;
  const std::string expected = "expected " + expected_text(p);
  if (r.verdict == MateVerdict::kTimeout)
    return {false, "timeout, stop " + std::string(to_string(r.stop)) + " (" + expected + ")"};
  if (r.verdict == MateVerdict::kNoMate) return {!p.expected_known || !e.expected, "nomate (" + expected + ")"};
  int length = e.book_length ? r.futile_length : r.length;
  if (p.either_counting && e.expected && r.futile_length == *e.expected) length = r.futile_length;
  std::string found = "mate " + std::to_string(r.length);
  if ((e.book_length || p.either_counting) && r.futile_length != r.length)
    found += " (" + std::to_string(r.futile_length) + " as books count)";
  found += r.shortest_proven ? ", proven" : ", unproven";
  if (report.line_fault) return {false, found + " (" + expected + "): bad line: " + *report.line_fault};
  if (!p.expected_known) return {true, found + " (" + expected + ")"};
  if (!e.expected) return {false, found + " (" + expected + ")"};
  if (length == *e.expected)
    return {true, found + " (" + expected + (e.length_proven ? ")" : "; its minimality is unproven)")};
  if (!e.length_proven && length < *e.expected)
    return {true, found + " (" + expected + "; shorter, and the expected minimality is unproven)"};
  return {false, found + " (" + expected + ")"};
}

// Whether the moves, played from setup, end in checkmate (the recorded solution of a tsume file).
bool ends_in_mate(const PositionSetup& setup, const std::vector<Move>& moves) {
  GameRecord game(setup);
  for (Move m : moves) game.play(m);  // the reader checked every move legal
  return game.status().reason == GameStatus::CHECKMATE;
}

// The suite's problems. Those of notation files are named by their paths; a recorded line that ends in
// mate gives the expected length, `不詰` in the file the expected verdict no mate.
std::optional<std::string> load_suite(const MateOptions& o, std::vector<SuiteItem>& out) {
  std::vector<front::SuiteProblem> problems;
  if (auto e = load_problem_args(o, problems)) return e;
  for (front::SuiteProblem& p : problems) {
    SuiteItem item{std::move(p)};
    if (o.suite.empty()) {
      const notation::Kifu& kifu = item.p.loaded.source;
      item.either_counting = true;
      if (ends_in_mate(kifu.start, kifu.moves))
        item.p.entry.expected = int(kifu.moves.size());
      else if (kifu.end != "不詰")
        item.expected_known = false;
    }
    out.push_back(std::move(item));
  }
  return std::nullopt;
}

// The limits of one suite problem: the command's, with the line's own time limit where it is lower. A
// line whose expected length is a book count (counting=book) asks for the book length: its search
// runs after every mate and to its end within the limits, timed or not, unless --book-share caps it.
MateLimits limits_of(const MateOptions& o, const MateSuiteEntry& e) {
  MateLimits limits = limits_of(o);
  if (e.time_s && (limits.time_s <= 0 || *e.time_s < limits.time_s)) limits.time_s = *e.time_s;
  if (e.book_length) {
    limits.book_search_after = MateLimits::BookSearchAfter::kEveryMate;
    if (limits.book_share < 0) limits.book_share = MateLimits::kBookShareNone;
  }
  return limits;
}

Json problem_json(const SuiteItem& s, const MateReport& report, const Verdict& v) {
  const MateSuiteEntry& e = s.p.entry;
  Json j;
  j["id"] = e.id;
  j["line"] = e.line;
  if (!s.expected_known)
    j["expected"] = nullptr;
  else if (e.expected)
    j["expected"] = *e.expected;
  else
    j["expected"] = "nomate";
  j["length_proven"] = e.length_proven;
  add_mate_json(report, j);
  j["pass"] = v.pass;
  j["verdict"] = v.text;
  return j;
}

int run_suite(const MateOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<SuiteItem> problems;
  if (auto e = load_suite(o, problems)) {
    err << "tsumi mate: " << *e << "\n";
    return 2;
  }
  const auto solver = make_solver(o, err);
  if (!solver) return 2;
  std::size_t width = 0;
  for (const SuiteItem& s : problems) width = std::max(width, s.p.loaded.name.size());
  int passed = 0, failed = 0;
  std::uint64_t nodes = 0;
  Json results = Json::array();
  const auto start = Clock::now();
  for (const SuiteItem& p : problems) {
    const MateProblem& problem = p.p.loaded.problem;
    solver->clear();
    const MateReport report = make_mate_report(problem, solver->solve(problem, limits_of(o, p.p.entry)));
    const MateResult& r = report.result;
    const Verdict v = judge(p, report);
    (v.pass ? passed : failed) += 1;
    nodes += r.nodes;
    if (o.json) {
      results.push_back(problem_json(p, report, v));
      results.back()["peak_rss_mb"] = peak_rss_mb();
      continue;
    }
    out << (v.pass ? "ok    " : "FAIL  ") << std::left << std::setw(int(width)) << p.p.loaded.name << std::right << "  "
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
  if (auto e = check_problem_args(o, o.threads)) {
    err << "tsumi mate: " << *e << "\n";
    return 2;
  }
  const bool single = o.single();
  if (!single && (!o.kif_out.empty() || !o.csa_out.empty() || !o.svg_out.empty())) {
    err << "tsumi mate: --kif, --csa and --svg write one problem's solution, not a suite's\n";
    return 2;
  }
  if (!single && (!o.save_path.empty() || !o.resume_path.empty())) {
    err << "tsumi mate: --save and --resume continue one problem's solve, not a suite's\n";
    return 2;
  }
  return single ? run_single(o, out, err) : run_suite(o, out, err);
}

}  // namespace tsumi::cli
