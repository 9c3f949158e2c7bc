#include "cli/perft/perft_command.h"

#include <chrono>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

#include "cli/common/progress_meter.h"
#include "core/limits.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/table_memory.h"
#include "core/text_file.h"
#include "core/thread_room.h"
#include "core/usi.h"
#include "perft/perft.h"
#include "perft/perft_report.h"
#include "perft/perft_suite.h"
#include "perft/perft_tables.h"

namespace tsumi::cli {

namespace {

std::string rate(std::uint64_t nodes, double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << seconds << " s, " << std::setprecision(1)
    << (seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0) << " M nodes/s";
  return s.str();
}

// Makes the table asked for (none for --hash 0; plain counts for a suite, which has no statistics).
// False, with a message on err, when the memory cannot be had.
bool make_table(const PerftCommandOptions& o, std::ostream& err, PerftTables& tables) {
  try {
    tables = make_perft_tables(o.hash_mb, o.stats && o.suite.empty());
  } catch (const TableMemoryError& e) {
    err << "tsumi perft: " << e.what() << "\n";
    return false;
  } catch (const std::bad_alloc&) {
    err << "tsumi perft: cannot allocate a " << o.hash_mb << " MB hash table\n";
    return false;
  }
  return true;
}

int run_single(const PerftCommandOptions& o, std::ostream& out, std::ostream& err) {
  GamePosition game;
  if (auto e = build_position(o.position, game)) {
    err << "tsumi perft: " << *e << "\n";
    return 2;
  }
  PerftTables table;
  if (!make_table(o, err, table)) return 2;
  const int threads = resolve_threads(o.threads);
  ProgressMeter meter(err, o.progress);
  PerftOptions options;
  options.threads = threads;
  table.attach(options);
  options.stats = o.stats;
  options.on_root_move = [&](const PerftProgress& p) { meter.update(p.root_moves_done, p.root_moves, p.nodes, ""); };
  const auto start = Clock::now();
  const PerftResult r = perft_run(game.pos, o.depth, options);
  const double elapsed = seconds_since(start);
  meter.finish();

  PerftReport report;
  report.sfen = to_sfen(game.pos);
  report.depth = o.depth;
  report.nodes = report.counted_nodes = r.nodes;
  report.seconds = elapsed;
  report.threads = threads;
  report.hash_mb = table.any() ? o.hash_mb : 0;
  if (o.stats) report.stats = &r.stats;
  if (o.divide) report.divide = &r.divide;
  if (o.json) {
    out << perft_json(report) << "\n";
    return 0;
  }
  out << perft_text(report);
  err << "info: depth " << o.depth << ", " << rate(r.nodes, elapsed) << ", " << threads
      << (threads == 1 ? " thread" : " threads") << ", hash " << (table.any() ? o.hash_mb : 0) << " MB\n";
  return 0;
}

int run_suite(const PerftCommandOptions& o, std::ostream& out, std::ostream& err) {
  std::string text;
  if (auto e = read_text_file(o.suite, text)) {
    err << "tsumi perft: suite file: " << *e << "\n";
    return 2;
  }
  const auto suite = parse_perft_suite(text);
  if (!suite) {
    err << "tsumi perft: " << o.suite << ": " << suite.error().message << "\n";
    return 2;
  }
  PerftTables table;
  if (!make_table(o, err, table)) return 2;
  PerftOptions options;
  options.threads = resolve_threads(o.threads);
  table.attach(options);
  ProgressMeter meter(err, o.progress);
  int passed = 0, failed = 0;
  const auto suite_start = Clock::now();
  std::uint64_t suite_nodes = 0;
  for (std::size_t n = 0; n < suite->size(); ++n) {
    const PerftSuiteEntry& entry = (*suite)[n];
    const std::string name = entry.id.empty() ? "line " + std::to_string(entry.line) : entry.id;
    Position pos;
    StateInfo si;
    pos.set(*parse_sfen(entry.sfen), &si);
    const auto start = Clock::now();
    std::uint64_t nodes = 0;
    int checked = 0;
    std::string failure;
    for (const PerftExpectation& e : entry.expected) {
      if (e.nodes > o.max_nodes) continue;
      const std::uint64_t got = perft_run(pos, e.depth, options).nodes;
      nodes += got;
      ++checked;
      if (got != e.nodes) {
        failure = "depth " + std::to_string(e.depth) + ": expected " + std::to_string(e.nodes) + ", got " +
                  std::to_string(got);
        break;
      }
    }
    suite_nodes += nodes;
    const double elapsed = seconds_since(start);
    meter.finish();
    if (!failure.empty()) {
      ++failed;
      out << "FAIL " << name << ": " << failure << "\n";
    } else if (entry.expected.empty()) {
      out << "skip " << name << ": the line has no counts\n";
    } else if (checked == 0) {
      out << "skip " << name << ": every count is above --max-nodes\n";
    } else {
      ++passed;
      out << "ok   " << std::left << std::setw(20) << name << std::right << " depths 1-"
          << entry.expected[std::size_t(checked) - 1].depth << "  " << rate(nodes, elapsed) << "\n";
    }
    out.flush();
    meter.update(n + 1, suite->size(), suite_nodes, name);
  }
  meter.finish();
  err << "info: " << rate(suite_nodes, seconds_since(suite_start)) << " in all, " << options.threads
      << (options.threads == 1 ? " thread" : " threads") << "\n";
  out << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace

int run_perft(const PerftCommandOptions& o, std::ostream& out, std::ostream& err) {
  if (auto e = check_thread_room(resolve_threads(o.threads), limits::kWorkerStackBytes)) {
    err << "tsumi perft: " << *e << "; ask for fewer --threads\n";
    return 2;
  }
  if (!o.suite.empty()) return run_suite(o, out, err);
  return run_single(o, out, err);
}

}  // namespace tsumi::cli
