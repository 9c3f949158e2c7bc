#include "cli/bench/bench_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bench/bench_run.h"
#include "bench/machine_info.h"
#include "bench/speedup_chart.h"
#include "cli/common/progress_meter.h"
#include "core/limits.h"
#include "core/stopwatch.h"
#include "core/thread_room.h"
#include "perft/perft.h"
#include "solver/mate_solver.h"

namespace tsumi::cli {

// The workload, its runs, the machine and the chart: the bench library (bench/).
using bench::bench_mismatches;
using bench::bench_signature;
using bench::bench_workload;
using bench::BenchPart;
using bench::BenchPass;
using bench::BenchWorkload;
using bench::machine_info;
using bench::MachineInfo;
using bench::run_bench_pass;
using bench::speedup_chart_svg;
using bench::SpeedupSeries;

namespace {

// Speedup and efficiency of a time against the 1-thread time.
struct Scaling {
  double speedup = 0;
  double efficiency = 0;
};

Scaling scaling(double base_ms, double ms, int threads) {
  if (ms <= 0) return {};
  const double speedup = base_ms / ms;
  return {speedup, speedup / threads};
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string fixed(double v, int decimals) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(decimals) << v;
  return s.str();
}

std::string rate(std::uint64_t per_s) {
  if (per_s >= 10'000'000) return fixed(double(per_s) / 1e6, 1) + " M/s";
  if (per_s >= 10'000) return fixed(double(per_s) / 1e6, 3) + " M/s";
  return std::to_string(per_s) + " /s";
}

std::string cores_text(const MachineInfo& m) {
  std::string s = std::to_string(m.logical_cores) + " logical cores";
  if (m.physical_cores > 0) s += " (" + std::to_string(m.physical_cores) + " physical)";
  return s;
}

struct Report {
  MachineInfo machine;
  BenchWorkload workload;
  std::vector<BenchPass> passes;        // passes[0] has 1 thread
  std::string signature;                // of the first pass
  std::vector<std::string> unstable;    // "<threads> threads: <signature>" where it differs
  std::vector<std::string> mismatches;  // against the suites' answers (first pass)
};

double total_ms(const BenchPass& p) { return p.perft.time_ms + p.mate.time_ms; }

// The workers' shares of a mate part, summed over the workers.
struct Share {
  std::uint64_t late_nodes = 0;
  double lock_wait_ms = 0, idle_ms = 0;
  double late_percent = 0, idle_percent = 0;  // of the nodes; of the workers' busy and idle time
};

Share share(const BenchPart& part) {
  WorkerTally sum;
  for (const WorkerTally& t : part.workers) sum += t;
  Share s;
  s.late_nodes = sum.late_nodes;
  s.lock_wait_ms = double(sum.lock_wait_ns) / 1e6;
  s.idle_ms = double(sum.idle_us) / 1e3;
  s.late_percent = sum.nodes ? 100.0 * double(sum.late_nodes) / double(sum.nodes) : 0;
  const double time = double(sum.busy_us + sum.idle_us);
  s.idle_percent = time > 0 ? 100.0 * double(sum.idle_us) / time : 0;
  return s;
}

void print_text(const Report& r, std::ostream& out) {
  const BenchWorkload& w = r.workload;
  out << "tsumi " << r.machine.version << " bench, " << to_string(w.size) << " workload: " << w.perft.size()
      << " perft positions, " << w.mate.size() << " tsume problems (table " << w.hash_mb << " MiB)\n"
      << "cpu        " << r.machine.cpu << ", " << cores_text(r.machine) << "\n"
      << "build      " << r.machine.simd << ", " << r.machine.compiler << ", " << r.machine.build_type << "\n\n";
  out << "part   threads       time            nodes        nodes/s  speedup  efficiency\n";
  const BenchPass& base = r.passes.front();
  const auto row = [&](const char* part, int threads, double ms, double base_ms, const std::uint64_t* nodes) {
    const Scaling s = scaling(base_ms, ms, threads);
    out << std::left << std::setw(6) << part << std::right << std::setw(8) << threads << std::setw(11)
        << fixed(ms / 1000, 2) + " s";
    if (nodes) {
      out << std::setw(17) << grouped(*nodes) << std::setw(15) << rate(nodes_per_second(*nodes, ms));
    } else {
      out << std::setw(32) << "";
    }
    out << std::setw(9) << fixed(s.speedup, 2) << std::setw(10) << fixed(s.efficiency * 100, 0) << " %\n";
  };
  for (const BenchPass& p : r.passes) row("perft", p.threads, p.perft.time_ms, base.perft.time_ms, &p.perft.nodes);
  for (const BenchPass& p : r.passes) row("mate", p.threads, p.mate.time_ms, base.mate.time_ms, &p.mate.nodes);
  for (const BenchPass& p : r.passes) row("all", p.threads, total_ms(p), total_ms(base), nullptr);
  for (const BenchPass& p : r.passes) {
    if (p.threads < 2 || p.mate.workers.empty()) continue;
    const Share s = share(p.mate);
    out << (&p == &r.passes[1] ? "\nmate workers " : "             ") << std::setw(3) << p.threads << " threads: nodes "
        << fixed(double(p.mate.nodes) / double(std::max<std::uint64_t>(1, base.mate.nodes)), 3)
        << "x one thread's, late " << fixed(s.late_percent, 2) << " %, lock waits " << fixed(s.lock_wait_ms, 1)
        << " ms, idle " << fixed(s.idle_percent, 1) << " % of the workers' time\n";
  }
  out << "\nsignature  " << r.signature << "\n";
  for (const std::string& u : r.unstable) out << "UNSTABLE   the signature differs at " << u << "\n";
  for (const std::string& m : r.mismatches) out << "MISMATCH   " << m << "\n";
  if (r.mismatches.empty())
    out << "verified   every perft count and mate verdict agrees with positions/ (" << w.perft.size() << " + "
        << w.mate.size() << ")\n";
}

nlohmann::json part_json(const BenchPart& part, double base_ms, int threads) {
  const Scaling s = scaling(base_ms, part.time_ms, threads);
  nlohmann::json j = {
      {"time_ms", part.time_ms},      {"nodes", part.nodes},        {"nps", nodes_per_second(part.nodes, part.time_ms)},
      {"speedup", s.speedup},         {"efficiency", s.efficiency}, {"item_ms", part.item_ms},
      {"item_nodes", part.item_nodes}};
  if (part.workers.empty()) return j;
  const Share sh = share(part);
  j["late_nodes"] = sh.late_nodes;
  j["lock_wait_ms"] = sh.lock_wait_ms;
  j["idle_ms"] = sh.idle_ms;
  nlohmann::json workers = nlohmann::json::array();
  for (const WorkerTally& t : part.workers)
    workers.push_back({{"nodes", t.nodes},
                       {"late_nodes", t.late_nodes},
                       {"cutoffs", t.cutoffs},
                       {"lock_waits", t.lock_waits},
                       {"lock_wait_ms", double(t.lock_wait_ns) / 1e6},
                       {"busy_ms", double(t.busy_us) / 1e3},
                       {"idle_ms", double(t.idle_us) / 1e3}});
  j["workers"] = workers;
  return j;
}

void print_json(const Report& r, std::ostream& out) {
  const BenchWorkload& w = r.workload;
  nlohmann::json j;
  j["tsumi"] = r.machine.version;
  j["workload"] = to_string(w.size);
  j["machine"] = {{"cpu", r.machine.cpu},
                  {"logical_cores", r.machine.logical_cores},
                  {"physical_cores", r.machine.physical_cores},
                  {"simd", r.machine.simd},
                  {"compiler", r.machine.compiler},
                  {"build_type", r.machine.build_type}};
  j["hash_mb"] = w.hash_mb;
  nlohmann::json positions = nlohmann::json::array();
  for (std::size_t i = 0; i < w.perft.size(); ++i)
    positions.push_back(
        {{"id", w.perft[i].id}, {"depth", w.perft[i].depth}, {"nodes", r.passes.front().perft.item_nodes[i]}});
  nlohmann::json problems = nlohmann::json::array();
  for (std::size_t i = 0; i < w.mate.size(); ++i)
    problems.push_back({{"id", w.mate[i].id}, {"result", r.passes.front().verdicts[i]}});
  j["perft_positions"] = positions;
  j["mate_problems"] = problems;
  const BenchPass& base = r.passes.front();
  nlohmann::json runs = nlohmann::json::array();
  for (const BenchPass& p : r.passes) {
    const Scaling all = scaling(total_ms(base), total_ms(p), p.threads);
    runs.push_back({{"threads", p.threads},
                    {"perft", part_json(p.perft, base.perft.time_ms, p.threads)},
                    {"mate", part_json(p.mate, base.mate.time_ms, p.threads)},
                    {"all", {{"time_ms", total_ms(p)}, {"speedup", all.speedup}, {"efficiency", all.efficiency}}}});
  }
  j["runs"] = runs;
  j["signature"] = r.signature;
  j["signature_stable"] = r.unstable.empty();
  j["verified"] = r.mismatches.empty();
  j["mismatches"] = r.mismatches;
  out << j.dump(2) << "\n";
}

std::string chart(const Report& r) {
  std::vector<SpeedupSeries> series(3);
  series[0].name = "perft";
  series[1].name = "mate";
  series[2].name = "all";
  const BenchPass& base = r.passes.front();
  for (const BenchPass& p : r.passes) {
    series[0].points.emplace_back(p.threads, scaling(base.perft.time_ms, p.perft.time_ms, p.threads).speedup);
    series[1].points.emplace_back(p.threads, scaling(base.mate.time_ms, p.mate.time_ms, p.threads).speedup);
    series[2].points.emplace_back(p.threads, scaling(total_ms(base), total_ms(p), p.threads).speedup);
  }
  const std::string subtitle = r.machine.cpu + ", " + cores_text(r.machine) + "; " + r.machine.simd + ", " +
                               r.machine.compiler + ", " + r.machine.build_type + "; " + to_string(r.workload.size) +
                               " workload";
  return speedup_chart_svg("tsumi " + r.machine.version + " bench: speedup over 1 thread", subtitle, series);
}

}  // namespace

std::vector<int> bench_thread_counts(const std::vector<int>& requested, int cores) {
  std::vector<int> counts = requested;
  if (counts.empty()) counts.push_back(std::max(1, cores));
  counts.push_back(1);
  std::sort(counts.begin(), counts.end());
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  return counts;
}

int run_bench(const BenchOptions& o, std::ostream& out, std::ostream& err) {
  Report r;
  r.machine = machine_info();
  const std::vector<int> threads = bench_thread_counts(o.threads, r.machine.logical_cores);
  if (threads.front() < 1) {
    err << "tsumi bench: thread counts must be at least 1\n";
    return 2;
  }
  const int most = *std::max_element(threads.begin(), threads.end());
  if (auto e = check_thread_room(most, limits::kWorkerStackBytes)) {
    err << "tsumi bench: " << *e << "; ask for fewer --threads\n";
    return 2;
  }
  // The chart file is opened first, so that a bad path does not cost a whole run.
  std::ofstream svg;
  if (!o.svg.empty()) {
    svg.open(o.svg);
    if (!svg) {
      err << "tsumi bench: cannot write the chart to '" << o.svg << "'\n";
      return 2;
    }
  }
  std::unique_ptr<MateSolver> solver;
  try {
    r.workload = bench_workload(o.size);
    solver = std::make_unique<MateSolver>(r.workload.hash_mb);
  } catch (const std::exception& e) {  // an edited positions/ (the tests check every size) or no memory
    err << "tsumi bench: " << e.what() << "\n";
    return 2;
  }

  ProgressMeter meter(err, o.progress, 0.5);
  const std::size_t per_pass = r.workload.perft.size() + r.workload.mate.size();
  std::size_t done_before = 0;
  for (int n : threads) {
    const std::string label = std::to_string(n) + (n == 1 ? " thread: " : " threads: ");
    const auto progress = [&](const std::string& what, std::size_t done, std::size_t) {
      meter.update(done_before + done, per_pass * threads.size(), label + what);
    };
    r.passes.push_back(run_bench_pass(r.workload, n, *solver, progress));
    done_before += per_pass;
    const std::string signature = bench_signature(r.passes.back());
    if (r.passes.size() == 1) {
      r.signature = signature;
    } else if (signature != r.signature) {
      r.unstable.push_back(std::to_string(n) + " threads: " + signature);
    }
  }
  meter.finish();
  r.mismatches = bench_mismatches(r.workload, r.passes.front());

  if (o.json) {
    print_json(r, out);
  } else {
    print_text(r, out);
  }
  if (svg.is_open()) {
    svg << chart(r);
    svg.close();
    if (!svg) {
      err << "tsumi bench: writing the chart to '" << o.svg << "' failed\n";
      return 2;
    }
    if (!o.json) out << "chart      " << o.svg << "\n";
  }
  return r.unstable.empty() && r.mismatches.empty() ? 0 : 1;
}

}  // namespace tsumi::cli
