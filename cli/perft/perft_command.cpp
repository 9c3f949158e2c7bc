#include "cli/perft/perft_command.h"

#include <chrono>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/common/progress_meter.h"
#include "core/limits.h"
#include "core/perft.h"
#include "core/perft_stats_table.h"
#include "core/perft_suite.h"
#include "core/perft_table.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/text_file.h"
#include "core/thread_room.h"
#include "core/usi.h"

namespace tsumi::cli {

namespace {

std::string rate(std::uint64_t nodes, double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << seconds << " s, " << std::setprecision(1)
    << (seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0) << " M nodes/s";
  return s.str();
}

nlohmann::ordered_json stats_json(const PerftStats& s) {
  return {{"captures", s.captures},
          {"promotions", s.promotions},
          {"drops", s.drops},
          {"checks", s.checks},
          {"mates", s.mates}};
}

// The table --hash asks for: plain counts, or counts with their statistics for --stats.
struct Tables {
  std::unique_ptr<PerftTable> counts;
  std::unique_ptr<PerftStatsTable> stats;

  bool any() const { return counts || stats; }
  void attach(tsumi::PerftOptions& options) const {
    options.table = counts.get();
    options.stats_table = stats.get();
  }
};

// Makes the table asked for (none for --hash 0). False, with a message on err, when the memory cannot
// be had.
bool make_table(const PerftOptions& o, std::ostream& err, Tables& tables) {
  if (o.hash_mb == 0) return true;
  try {
    if (o.stats && o.suite.empty())
      tables.stats = std::make_unique<PerftStatsTable>(o.hash_mb);
    else
      tables.counts = std::make_unique<PerftTable>(o.hash_mb);
  } catch (const std::bad_alloc&) {
    err << "tsumi perft: cannot allocate a " << o.hash_mb << " MB hash table\n";
    return false;
  }
  return true;
}

int run_single(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  GamePosition game;
  if (auto e = build_position(o.position, game)) {
    err << "tsumi perft: " << *e << "\n";
    return 2;
  }
  Tables table;
  if (!make_table(o, err, table)) return 2;
  const int threads = resolve_threads(o.threads);
  ProgressMeter meter(err, o.progress);
  tsumi::PerftOptions options;
  options.threads = threads;
  table.attach(options);
  options.stats = o.stats;
  options.on_root_move = [&](const PerftProgress& p) { meter.update(p.root_moves_done, p.root_moves, p.nodes, ""); };
  const auto start = Clock::now();
  const PerftResult r = perft_run(game.pos, o.depth, options);
  const double elapsed = seconds_since(start);
  meter.finish();

  if (o.json) {
    nlohmann::ordered_json j;
    j["sfen"] = to_sfen(game.pos);
    j["depth"] = o.depth;
    j["nodes"] = r.nodes;
    j["time_ms"] = std::int64_t(elapsed * 1000);
    j["nps"] = std::uint64_t(elapsed > 0 ? double(r.nodes) / elapsed : 0);
    j["threads"] = threads;
    j["hash_mb"] = table.any() ? o.hash_mb : 0;
    if (o.divide) {
      nlohmann::ordered_json divide = nlohmann::ordered_json::array();
      for (const DivideEntry& d : r.divide) {
        nlohmann::ordered_json e = {{"move", to_usi(d.move)}, {"nodes", d.nodes}};
        if (o.stats) e["stats"] = stats_json(d.stats);
        divide.push_back(std::move(e));
      }
      j["divide"] = std::move(divide);
    }
    if (o.stats) j["stats"] = stats_json(r.stats);
    out << j.dump() << "\n";
    return 0;
  }
  if (o.divide) {
    for (const DivideEntry& d : r.divide) out << to_usi(d.move) << ": " << d.nodes << "\n";
    out << "\n";
  }
  if (o.stats) {
    out << "Captures: " << r.stats.captures << "\nPromotions: " << r.stats.promotions << "\nDrops: " << r.stats.drops
        << "\nChecks: " << r.stats.checks << "\nMates: " << r.stats.mates << "\n";
  }
  out << "Nodes searched: " << r.nodes << "\n";
  err << "info: depth " << o.depth << ", " << rate(r.nodes, elapsed) << ", " << threads
      << (threads == 1 ? " thread" : " threads") << ", hash " << (table.any() ? o.hash_mb : 0) << " MB\n";
  return 0;
}

int run_suite(const PerftOptions& o, std::ostream& out, std::ostream& err) {
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
  Tables table;
  if (!make_table(o, err, table)) return 2;
  tsumi::PerftOptions options;
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

int resolve_threads(int threads) { return threads > 0 ? threads : usable_cores(); }

int run_perft(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  if (auto e = check_thread_room(resolve_threads(o.threads), limits::kWorkerStackBytes)) {
    err << "tsumi perft: " << *e << "; ask for fewer --threads\n";
    return 2;
  }
  if (!o.suite.empty()) return run_suite(o, out, err);
  return run_single(o, out, err);
}

}  // namespace tsumi::cli
