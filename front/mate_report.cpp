#include "front/mate_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/process_memory.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/usi.h"
#include "solver/mate_line.h"
#include "solver/mate_table.h"

namespace tsumi::front {

namespace {

const std::string kNotExact = "the line's defences are the longest the table knew, not proven longest";

// For a line that could not be shown at the length proven: "; the line shown has 15 plies".
std::string line_plies_text(const MateResult& r) {
  if (r.line_of_length) return "";
  return "; the line shown has " + std::to_string(r.pv.size()) + " plies (no line of the length proven could be shown)";
}

// "length 581 (shortest proven)", or for a line whose shortest-mate proof was cut: "length 583 (not
// proven shortest (bound 581))", with what is known of the line's defences when they are not exact.
std::string length_text(const MateResult& r) {
  std::string s = "length " + std::to_string(r.length);
  if (r.shortest_proven)
    s += r.line_exact ? " (shortest proven)" : " (shortest proven; " + kNotExact + ")";
  else
    s += " (not proven shortest (bound " + std::to_string(r.mate_bound) + ")" +
         (r.line_exact ? ")" : "; " + kNotExact + ")");
  return s + line_plies_text(r);
}

std::string stop_reason(MateStop stop, std::int64_t time_ms, std::uint64_t node_limit) {
  switch (stop) {
    case MateStop::kTime: return "the time limit of " + std::to_string(time_ms) + " ms was reached";
    case MateStop::kNodes: return "the node limit of " + std::to_string(node_limit) + " (NodeLimit) was reached";
    case MateStop::kStopped: return "stopped";
    case MateStop::kDepth: return "the solver's ply limit was reached";
    case MateStop::kNone: break;
  }
  return "no limit was reached";
}

// The `info string` of a mate: its length, what is proven of it and why not more.
std::string usi_mate_words(const MateResult& r, std::int64_t time_ms, std::uint64_t node_limit) {
  std::string text = "info string mate in " + std::to_string(r.length);
  if (r.shortest_proven)
    text += " (shortest proven)";
  else if (r.stop != MateStop::kNone)
    text += " (not proven shortest (bound " + std::to_string(r.mate_bound) +
            "): " + stop_reason(r.stop, time_ms, node_limit) + ")";
  else
    text += " (not proven shortest (bound " + std::to_string(r.mate_bound) + "): MateShortest is off)";
  if (!r.line_exact) text += "; " + kNotExact;
  text += line_plies_text(r);
  if (r.futile_length != r.length) text += ", " + std::to_string(r.futile_length) + " without futile interpositions";
  return text;
}

// 1234 -> "1234", 12345678 -> "12.3M": counts of a long solve at a glance.
std::string short_count(double n) {
  char buf[32];
  if (n < 1e4)
    std::snprintf(buf, sizeof buf, "%.0f", n);
  else if (n < 1e6)
    std::snprintf(buf, sizeof buf, "%.1fk", n / 1e3);
  else if (n < 1e9)
    std::snprintf(buf, sizeof buf, "%.1fM", n / 1e6);
  else if (n < 1e12)
    std::snprintf(buf, sizeof buf, "%.2fG", n / 1e9);
  else
    std::snprintf(buf, sizeof buf, "%.3g", n);
  return buf;
}

std::string number_text(std::uint32_t n) { return n >= kInfPn ? std::string("inf") : short_count(double(n)); }

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", whole == 0 ? 0.0 : 100.0 * double(part) / double(whole));
  return buf;
}

// The shares of a profile's slots, in whole percent, each slot named by `label(i)`; slots under 1% left out.
template <std::size_t N, class Label>
std::string profile_text(const std::array<std::uint64_t, N>& slots, std::uint64_t whole, Label label) {
  std::string s;
  for (std::size_t i = 0; i < N; ++i) {
    if (whole == 0 || slots[i] * 100 < whole) continue;
    s += (s.empty() ? "" : " ") + label(i) + ":" + std::to_string(slots[i] * 100 / whole);
  }
  return s.empty() ? std::string("-") : s;
}

}  // namespace

std::string mate_profile_text(const SearchCounters& c) {
  constexpr int band = SearchCounters::kPlyBand;
  const std::string plies = profile_text(c.by_ply_band, c.expansions, [](std::size_t i) {
    const int from = int(i) * band;
    return i + 1 == SearchCounters::kPlyBands ? std::to_string(from) + "+"
                                              : std::to_string(from) + "-" + std::to_string(from + band - 1);
  });
  const std::string drops = profile_text(c.by_drop_chain, c.expansions, [](std::size_t i) {
    return std::to_string(i) + (i + 1 == SearchCounters::kDropChains ? "+" : "");
  });
  // Where the iterations crowd: the share of each band's expansions that were re-expansions (bands of
  // 1% of the expansions or more).
  std::string again;
  for (std::size_t i = 0; i < c.by_ply_band.size(); ++i) {
    if (c.expansions == 0 || c.by_ply_band[i] * 100 < c.expansions) continue;
    again += (again.empty() ? "" : " ") + std::to_string(int(i) * band) +
             "+:" + std::to_string(c.reexpanded_by_ply_band[i] * 100 / c.by_ply_band[i]);
  }
  return "expansions by ply (%) " + plies + "; re-expanded in each (%) " + (again.empty() ? "-" : again) +
         "; a child other than the last one searched (%) " +
         std::to_string(c.child_searches ? c.switches * 100 / c.child_searches : 0) +
         "; by defender drops in a row (%) " + drops;
}

std::string mate_progress_text(const MateProgress& p) {
  const SearchCounters& c = p.counters;
  std::string s = "mate " + std::to_string(whole_ms(p.time_ms) / 1000) + " s, nodes " + short_count(double(p.nodes)) +
                  " (" + short_count(p.time_ms > 0 ? double(p.nodes) * 1000.0 / p.time_ms : 0.0) + "/s), hashfull " +
                  std::to_string(p.hashfull) + ", collections " + std::to_string(p.collections) + ", root pn " +
                  number_text(p.root_pn) + " dn " + number_text(p.root_dn);
  if (p.first_mate_length == 0)
    s += ", no mate yet";
  else
    s += ", first mate " + std::to_string(p.first_mate_length) + ", mate in " + std::to_string(p.mate_bound) +
         " proven" +
         (p.searching_below > 0
              ? (p.book ? ", as books count seeking < " : ", seeking < ") + std::to_string(p.searching_below)
              : std::string());
  s += ", merges " + short_count(double(c.merges)) + "/" + short_count(double(c.merge_checks)) + ", re-expanded " +
       percent(c.reexpansions, c.expansions) + " new " + percent(c.stores_new, c.expansions) + " evicted " +
       percent(c.evictions, c.expansions) + " repetition children " + short_count(double(c.repetitions)) +
       ", mean ply " + std::to_string(c.expansions ? c.ply_sum / c.expansions : 0);
  return s;
}

MateReport make_mate_report(const MateProblem& problem, MateResult result) {
  MateReport report;
  report.attacker = problem.attacker;
  if (result.verdict == MateVerdict::kMate) report.line_fault = check_mate_line(problem, result.pv);
  report.result = std::move(result);
  return report;
}

std::int64_t whole_ms(double ms) { return std::llround(ms); }

void add_table_json(const MateSolver& solver, nlohmann::ordered_json& j) {
  j["hash_mb"] = solver.hash_mb();
  j["table_alloc_ms"] = whole_ms(solver.table_memory().allocation_ms());
  j["huge_pages"] = solver.table_memory().huge_pages();
}

std::string table_text(const MateSolver& solver) {
  const TableMemory& m = solver.table_memory();
  return "table " + std::to_string(solver.hash_mb()) + " MB allocated in " +
         std::to_string(whole_ms(m.allocation_ms())) + " ms (huge pages: " + m.huge_pages() + ")";
}

notation::Kifu mate_kifu(const MateProblem& problem, const MateReport& report, const notation::Kifu& source) {
  notation::Kifu kifu;
  kifu.headers = source.headers;
  kifu.start = problem.setup;
  if (report.verdict() == MateVerdict::kMate) {
    kifu.moves = report.result.pv;
    kifu.end = "詰み";
  }
  return kifu;
}

long peak_rss_mb() { return long(peak_resident_bytes() >> 20); }

void add_problem_json(const MateProblem& problem, const MateReport& report, const MateSolver& solver, int threads,
                      nlohmann::ordered_json& j) {
  add_mate_json(report, j);
  j["sfen"] = to_sfen(problem.setup);
  j["threads"] = threads;
  add_table_json(solver, j);
  j["peak_rss_mb"] = peak_rss_mb();
}

std::string mate_text(const MateReport& report) {
  const MateResult& r = report.result;
  const bool mate = report.verdict() == MateVerdict::kMate;
  std::string s = "checkmate ";
  s += mate ? to_usi(r.pv) : std::string(to_string(report.verdict()));
  if (mate && r.pv.empty()) s.pop_back();
  s += "\n";
  if (report.line_fault) s += "bad line " + *report.line_fault + "\n";
  if (mate) {
    s += length_text(r) + "\n";
    if (r.futile_length != r.length)
      s += "futile-interposition length " + std::to_string(r.futile_length) +
           (r.futile_proven ? " (shortest proven)\n" : " (not proven shortest)\n");
    if (r.futile_minimax > r.futile_length + r.futile_captured)
      s += "futile-interposition length by the composers' order, over a search's " + std::to_string(r.futile_minimax) +
           " (the longest defences)\n";
    if (r.futile_captured > 0)
      s += "futile-interposition length less " + std::to_string(r.futile_captured) +
           " plies of futile captures (drops taken at once that the mate does not need)\n";
    if (!r.futile_pv.empty()) s += "futile-interposition line " + to_usi(r.futile_pv) + "\n";
    if (r.futile_spare) s += "futile-interposition length: every line leaves the attacker pieces (駒余り)\n";
    if (!r.futile_pv.empty() && !r.futile_leftover.empty())
      s += "futile-interposition leftover " + hand_to_sfen(r.futile_leftover, report.attacker) + "\n";
    if (r.futile_cut && !r.futile_proven)
      s += r.book_capped ? "futile-interposition search cut at its share of nodes before it settled (a time limit, "
                           "--time, or a larger --book-share lets it go on)\n"
                         : "futile-interposition search cut by a limit before it settled\n";
    if (!r.leftover.empty()) s += "leftover " + hand_to_sfen(r.leftover, report.attacker) + "\n";
  }
  if (r.first_mate_length > 0)
    s += "first mate " + std::to_string(r.first_mate_length) + " plies after " +
         std::to_string(whole_ms(r.first_mate_ms)) + " ms" +
         (r.verdict == MateVerdict::kMate ? "" : " (its line was not built in time)") + "\n";
  if (r.verdict == MateVerdict::kTimeout) s += "stop " + std::string(to_string(r.stop)) + "\n";
  s += "nodes " + std::to_string(r.nodes) + "\ntime " + std::to_string(whole_ms(r.time_ms)) + " ms\nnps " +
       std::to_string(nodes_per_second(r.nodes, r.time_ms)) + "\nhashfull " + std::to_string(r.hashfull) + "\n";
  if (r.collections > 0)
    s += "collections " + std::to_string(r.collections) + " (" + std::to_string(r.collected) + " entries emptied in " +
         std::to_string(whole_ms(r.collection_ms)) + " ms)\n";
  return s;
}

void add_mate_json(const MateReport& report, nlohmann::ordered_json& j) {
  const MateResult& r = report.result;
  nlohmann::ordered_json pv = nlohmann::ordered_json::array();
  if (!report.line_fault)
    for (Move m : r.pv) pv.push_back(to_usi(m));
  j["result"] = to_string(report.verdict());
  j["length"] = report.line_fault ? 0 : r.length;
  j["shortest_proven"] = r.shortest_proven && !report.line_fault;
  j["mate_bound"] = r.mate_bound;
  j["line_exact"] = r.line_exact && !report.line_fault;
  j["line_of_length"] = r.line_of_length && !report.line_fault;
  j["futile_length"] = report.line_fault ? 0 : r.futile_length;
  j["futile_proven"] = !report.line_fault && r.futile_proven;
  j["futile_minimax"] = report.line_fault ? 0 : r.futile_minimax;
  j["futile_captured"] = report.line_fault ? 0 : r.futile_captured;
  j["futile_spare"] = r.futile_spare;
  j["futile_cut"] = r.futile_cut;
  j["book_capped"] = r.book_capped;
  nlohmann::ordered_json futile_pv = nlohmann::ordered_json::array();
  if (!report.line_fault)
    for (Move m : r.futile_pv) futile_pv.push_back(to_usi(m));
  j["futile_pv"] = std::move(futile_pv);
  j["futile_leftover"] =
      report.line_fault || r.futile_pv.empty() ? std::string() : hand_to_sfen(r.futile_leftover, report.attacker);
  j["futile_ms"] = whole_ms(r.futile_ms);
  j["futility_judged"] = r.futility.judged;
  j["futility_futile"] = r.futility.futile;
  j["pv"] = std::move(pv);
  j["leftover"] = report.line_fault ? std::string() : hand_to_sfen(r.leftover, report.attacker);
  j["nodes"] = r.nodes;
  j["first_mate_nodes"] = r.first_mate_nodes;
  j["shortest_nodes"] = r.shortest_nodes;
  nlohmann::ordered_json passes = nlohmann::ordered_json::array();
  for (const MateResult::ShortestPass& pass : r.shortest_passes) {
    nlohmann::ordered_json o;
    o["within"] = pass.within;
    o["length"] = pass.length;
    o["cut"] = pass.cut;
    o["nodes"] = pass.nodes;
    o["ms"] = whole_ms(pass.ms);
    o["cold_nodes"] = pass.cold_nodes;
    passes.push_back(std::move(o));
  }
  j["shortest_passes"] = std::move(passes);
  j["line_nodes"] = r.line_nodes;
  j["book_nodes"] = r.book_nodes;
  j["time_ms"] = whole_ms(r.time_ms);
  j["nps"] = nodes_per_second(r.nodes, r.time_ms);
  j["hashfull"] = r.hashfull;
  j["stop"] = to_string(r.stop);
  j["first_mate_ms"] = whole_ms(r.first_mate_ms);
  j["first_mate_length"] = r.first_mate_length;
  j["collections"] = r.collections;
  j["collected"] = r.collected;
  j["collection_ms"] = whole_ms(r.collection_ms);
  nlohmann::ordered_json workers = nlohmann::ordered_json::array();
  for (const WorkerTally& t : r.workers) {
    nlohmann::ordered_json o;
    o["nodes"] = t.nodes;
    o["late_nodes"] = t.late_nodes;
    o["cutoffs"] = t.cutoffs;
    o["lock_waits"] = t.lock_waits;
    o["lock_wait_us"] = t.lock_wait_ns / 1000;
    o["busy_ms"] = whole_ms(double(t.busy_us) / 1e3);
    o["idle_ms"] = whole_ms(double(t.idle_us) / 1e3);
    workers.push_back(std::move(o));
  }
  j["workers"] = std::move(workers);
  if (r.recorded.length > 0) {
    nlohmann::ordered_json rec;
    rec["length"] = r.recorded.length;
    rec["plies"] = r.recorded.plies;
    rec["every_defence"] = r.recorded.every_defence;
    rec["reading"] = to_string(r.recorded.reading);
    j["recorded_line"] = std::move(rec);
  }
  if (report.line_fault) j["line_fault"] = *report.line_fault;
}

std::string usi_info_line(std::uint64_t nodes, double time_ms, int hashfull, const std::vector<Move>& pv) {
  std::string s = "info time " + std::to_string(whole_ms(time_ms)) + " nodes " + std::to_string(nodes) + " nps " +
                  std::to_string(nodes_per_second(nodes, time_ms)) + " hashfull " + std::to_string(hashfull);
  if (!pv.empty()) s += " pv " + to_usi(pv);
  return s;
}

std::string usi_mate_answer(const MateReport& report, std::int64_t time_ms, std::uint64_t node_limit) {
  const MateResult& r = report.result;
  const std::string stats = usi_info_line(r.nodes, r.time_ms, r.hashfull, {});
  if (r.verdict == MateVerdict::kNoMate) return "info string no mate\n" + stats + "\ncheckmate nomate";
  if (r.verdict == MateVerdict::kTimeout) {
    std::string why = "info string timeout: " + stop_reason(r.stop, time_ms, node_limit);
    if (r.first_mate_length > 0)
      why += " (a mate of " + std::to_string(r.first_mate_length) + " plies was found; its line was not built in time)";
    return why + "\n" + stats + "\ncheckmate timeout";
  }
  if (report.line_fault)
    return "info string the solver's line is not a mate (" + *report.line_fault + "); answering timeout\n" + stats +
           "\ncheckmate timeout";
  return usi_mate_words(r, time_ms, node_limit) + "\n" + usi_info_line(r.nodes, r.time_ms, r.hashfull, r.pv) +
         "\ncheckmate" + (r.pv.empty() ? "" : " ") + to_usi(r.pv);
}

}  // namespace tsumi::front
