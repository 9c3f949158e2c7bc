#include "cli/check/check_command.h"

#include <algorithm>
#include <iomanip>
#include <memory>
#include <new>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/common/output_file.h"
#include "cli/common/problem_args.h"
#include "cli/common/progress_meter.h"
#include "compose/soundness.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/text_file.h"
#include "core/thread_room.h"
#include "core/usi.h"
#include "front/check_events.h"
#include "front/check_report.h"
#include "front/mate_report.h"
#include "front/problem_source.h"
#include "notation/kif_writer.h"
#include "solver/mate_suite.h"

namespace tsumi::cli {

namespace {

using Json = nlohmann::ordered_json;

// A check's progress line is silent this long: a short check ends before it would be drawn.
constexpr double kProgressQuietS = 0.2;

// The problems to check (cli/common/problem_args.h): a file's recorded moves are its main line, or
// --line's with one problem; a suite file's problems have none (tsumi's own).
std::optional<std::string> load_problems(const CheckOptions& o, std::vector<front::LoadedProblem>& out) {
  std::vector<front::SuiteProblem> problems;
  if (auto e = load_problem_args(o, problems)) return e;
  for (front::SuiteProblem& p : problems) out.push_back(std::move(p.loaded));
  if (!o.line.empty() && out.size() == 1)
    if (auto e = front::replace_line(o.line, out.front())) return "--line: " + *e;
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
  l.first_flaw = o.first_flaw;
  l.first_pass_nodes = o.first_pass_nodes;
  if (o.budget) {
    l.budget_share = kBudgetShare;
    l.budget_min_nodes = kBudgetMinNodes;
  }
  return l;
}

// The events of one problem's check, printed as they come: their text (one problem in text), or one
// JSON line each (--json-lines, with the problem's name in a suite); the progress line on err.
front::CheckEvents::Sink event_printer(const CheckOptions& o, const std::string& name, bool single, std::ostream& out,
                                       ProgressMeter& line) {
  return [&o, name, single, &out, &line](const Json& event, const std::string& text) {
    if (event["event"] == "progress") {
      line.show(text);
      return;
    }
    line.finish();  // the terminal shows both streams: the progress line goes before a line of out
    if (o.json_lines) {
      Json e = event;
      if (!single) e["problem"] = name;
      out << e.dump() << std::endl;
    } else if (single && !o.json) {
      out << text << std::flush;
    }
  };
}

// The lines of a problem's text without its totals, indented under its row of the table.
std::string indented_findings(const std::string& text) {
  std::string s;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line(text.data() + begin, end - begin);
    if (!line.empty() && !line.starts_with("branches ") && !line.starts_with("phases:") &&
        !line.starts_with("stopped at the verdict"))
      s.append("    ").append(line).append("\n");
    begin = end + 1;
  }
  return s;
}

Json problem_json(const front::LoadedProblem& p, const SoundnessReport& r) {
  Json j;
  j["problem"] = p.name;
  j["sfen"] = to_sfen(p.problem.setup);
  front::add_check_json(p.problem, r, j);
  return j;
}

// The report object as the last of --json-lines' events: "event": "report" first.
Json report_event(const Json& report) {
  Json j{{"event", "report"}};
  for (const auto& [key, value] : report.items()) j[key] = value;
  return j;
}

// The suite's table: a row a problem, the findings of those that are not sound under it, the totals.
int run_suite(const CheckOptions& o, const std::vector<front::LoadedProblem>& problems, MateSolver& solver,
              std::ostream& out, std::ostream& err) {
  std::size_t width = 4;
  for (const front::LoadedProblem& p : problems) width = std::max(width, p.name.size());
  int counts[5] = {};
  double total_ms = 0, solve_ms = 0;
  std::uint64_t nodes = 0;
  if (!o.json)
    out << std::left << std::setw(int(width)) << "name" << std::right << "  verdict   length  cooks  defences  unknown"
        << "     time_ms    solve_ms\n";
  ProgressMeter meter(err, o.err_tty && !o.json_lines);
  std::size_t done = 0;
  for (const front::LoadedProblem& p : problems) {
    solver.clear();
    ProgressMeter line(err, false);
    front::CheckEvents events(p.problem, event_printer(o, p.name, false, out, line), false, o.first_flaw);
    const SoundnessReport r =
        check_soundness(solver, p.problem, p.line, limits_of(o), o.json_lines ? &events : nullptr);
    meter.update(++done, problems.size(), nodes + r.nodes, p.name);
    ++counts[int(r.verdict)];
    total_ms += r.time_ms, solve_ms += r.solve_ms, nodes += r.nodes;
    if (o.json || o.json_lines) {
      meter.finish();
      Json j = problem_json(p, r);
      if (o.json_lines) j = report_event(j);
      out << j.dump() << std::endl;
      continue;
    }
    meter.finish();
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
  if (auto e = check_problem_args(o, o.threads)) {
    err << "tsumi check: " << *e << "\n";
    return 2;
  }
  const bool single = o.single();
  if (!single && (!o.kif_out.empty() || !o.line.empty())) {
    err << "tsumi check: --kif and --line are for one problem, not a suite\n";
    return 2;
  }
  std::vector<front::LoadedProblem> problems;
  if (auto e = load_problems(o, problems)) {
    err << "tsumi check: " << *e << "\n";
    return 2;
  }
  std::string error;
  const std::unique_ptr<MateSolver> solver = make_solver(o.hash_mb, error);
  if (!solver) {
    err << "tsumi check: " << error << "\n";
    return 2;
  }
  if (!single) return run_suite(o, problems, *solver, out, err);

  const front::LoadedProblem& p = problems.front();
  ProgressMeter line(err, o.err_tty, kProgressQuietS);
  front::CheckEvents events(p.problem, event_printer(o, p.name, true, out, line), o.err_tty, o.first_flaw);
  const SoundnessReport r = check_soundness(*solver, p.problem, p.line, limits_of(o), &events);
  line.finish();
  if (o.json_lines) {
    out << report_event(problem_json(p, r)).dump() << "\n";
  } else if (o.json) {
    out << problem_json(p, r).dump() << "\n";
  } else {
    // The lines came as the check went: the main line, the findings, the early verdict; now the end.
    if (r.main_line.empty()) out << front::main_line_text(p.problem, r);
    out << "verdict " << to_string(r.verdict) << "\n" << front::totals_text(r);
  }
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
