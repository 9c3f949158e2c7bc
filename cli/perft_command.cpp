#include "cli/perft_command.h"

#include <chrono>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "core/perft.h"
#include "core/perft_suite.h"
#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi::cli {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string rate(std::uint64_t nodes, double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << seconds << " s, " << std::setprecision(1)
    << (seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0) << " M nodes/s";
  return s.str();
}

int run_single(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  GamePosition game;
  if (auto e = build_position(o.position, game)) {
    err << "tsumi perft: " << *e << "\n";
    return 2;
  }
  const auto start = Clock::now();
  std::uint64_t total = o.depth == 0 ? 1 : 0;
  if (o.divide) {
    for (const DivideEntry& d : perft_divide(game.pos, o.depth)) {
      out << to_usi(d.move) << ": " << d.nodes << "\n";
      total += d.nodes;
    }
    out << "\n";
  } else {
    total = perft(game.pos, o.depth);
  }
  const double elapsed = seconds_since(start);
  out << "Nodes searched: " << total << "\n";
  err << "info: depth " << o.depth << ", " << rate(total, elapsed) << "\n";
  return 0;
}

int run_suite(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  std::ifstream file(o.suite, std::ios::binary);
  if (!file) {
    err << "tsumi perft: cannot read suite file '" << o.suite << "'\n";
    return 2;
  }
  std::ostringstream text;
  text << file.rdbuf();
  const auto suite = parse_perft_suite(text.str());
  if (!suite) {
    err << "tsumi perft: " << o.suite << ": " << suite.error().message << "\n";
    return 2;
  }
  int passed = 0, failed = 0;
  const auto suite_start = Clock::now();
  std::uint64_t suite_nodes = 0;
  for (const PerftSuiteEntry& entry : *suite) {
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
      const std::uint64_t got = perft(pos, e.depth);
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
    if (!failure.empty()) {
      ++failed;
      out << "FAIL " << name << ": " << failure << "\n";
    } else if (checked == 0) {
      out << "skip " << name << ": every count is above --max-nodes\n";
    } else {
      ++passed;
      out << "ok   " << std::left << std::setw(20) << name << std::right << " depths 1-"
          << entry.expected[std::size_t(checked) - 1].depth << "  " << rate(nodes, elapsed) << "\n";
    }
  }
  err << "info: " << rate(suite_nodes, seconds_since(suite_start)) << " in all\n";
  out << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace

int run_perft(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  if (!o.suite.empty()) return run_suite(o, out, err);
  return run_single(o, out, err);
}

}  // namespace tsumi::cli
