#include "perft/split/split_run.h"

#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/text_file.h"
#include "perft/perft_report.h"

namespace tsumi::split {

namespace {

std::string sfen_without_move_number(const Position& pos) {
  std::string sfen = to_sfen(pos);
  return sfen.substr(0, sfen.rfind(' '));
}

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

int split_depth_of(const SplitOptions& o) { return o.split_depth >= 0 ? o.split_depth : default_split_depth(o.depth); }

}  // namespace

std::optional<std::string> check_options(const SplitOptions& o) {
  if (!o.plan && o.split_depth >= o.depth)
    return "--split-depth " + std::to_string(o.split_depth) + " must be below --depth " + std::to_string(o.depth) +
           " (the statistics of a leaf depend on its last move, which must be counted inside a unit)";
  if (o.resume && o.checkpoint.empty()) return std::string("--resume needs --checkpoint FILE");
  return std::nullopt;
}

void write_plan(const Position& root, const SplitOptions& o, std::ostream& out, std::ostream& err) {
  const int split = split_depth_of(o);
  const auto start = Clock::now();
  const std::vector<WorkUnit> units = enumerate_units(root, split);
  const double elapsed = seconds_since(start);
  if (o.json) {
    nlohmann::ordered_json j;
    j["sfen"] = to_sfen(root);
    j["split_depth"] = split;
    j["units"] = units.size();
    j["paths"] = total_multiplicity(units);
    j["digest"] = units_digest(units);
    j["time_ms"] = std::int64_t(elapsed * 1000);
    out << j.dump() << "\n";
  } else {
    out << "split depth " << split << ": " << units.size() << " units (distinct positions), "
        << total_multiplicity(units) << " paths\n";
  }
  err << "info: listed in " << fixed(elapsed, 2) << " s\n";
}

void prepare_split(const Position& root, const SplitOptions& o, SplitSetup& s, std::ostream& err) {
  s.root_sfen = to_sfen(root);
  s.split_depth = split_depth_of(o);
  const auto start = Clock::now();
  s.units = enumerate_units(root, s.split_depth);
  err << "info: " << s.units.size() << " units at split depth " << s.split_depth << " (" << total_multiplicity(s.units)
      << " paths), listed in " << fixed(seconds_since(start), 2) << " s\n";
  s.tally = std::make_unique<PerftTally>(s.units);
  if (o.checkpoint.empty()) return;
  const CheckpointHeader header{sfen_without_move_number(root), o.depth, s.split_depth, o.stats, s.units.size(),
                                units_digest(s.units)};
  // Said at the start too: when a rank dies, mpirun may end rank 0 before the signal's message gets out.
  const auto hint = [&] {
    err << "info: checkpoint " << o.checkpoint
        << ": if the run stops, the same command with --resume counts the rest\n";
  };
  if (!o.resume) {
    s.error = s.writer.create(o.checkpoint, header);
    if (!s.error) hint();
    return;
  }
  std::string text;
  if (auto e = read_text_file(o.checkpoint, text, std::size_t(1) << 36)) {
    s.error = "cannot resume: " + *e;
    return;
  }
  CheckpointContents contents;
  if (auto e = read_checkpoint(text, contents)) {
    s.error = "checkpoint " + o.checkpoint + " refused: " + *e;
    return;
  }
  if (auto e = checkpoint_mismatch(contents.header, header)) {
    s.error = "checkpoint " + o.checkpoint + " refused: " + *e;
    return;
  }
  for (const UnitCount& u : contents.units) {
    if (auto e = s.tally->add(u)) {
      s.error = "checkpoint " + o.checkpoint + " refused: " + *e;
      return;
    }
  }
  s.resumed = contents.units.size();
  if (contents.partial_tail) err << "info: the checkpoint's last line was cut short by the kill; it is dropped\n";
  err << "info: resuming: " << s.resumed << " of " << s.units.size() << " units already counted\n";
  s.error = s.writer.reopen(o.checkpoint, contents.valid_bytes);
  if (!s.error) hint();
}

void write_split_result(const SplitOptions& o, const SplitSetup& s, int ranks, int threads, double elapsed,
                        std::uint64_t session_nodes, std::ostream& out, std::ostream& err) {
  const PerftTally& t = *s.tally;
  PerftReport report;
  report.sfen = s.root_sfen;
  report.depth = o.depth;
  report.nodes = t.nodes();
  report.counted_nodes = session_nodes;
  report.seconds = elapsed;
  report.threads = threads;
  report.hash_mb = o.hash_mb;
  if (o.stats) report.stats = &t.stats();
  report.split = PerftSplitFigures{s.split_depth, s.units.size(), s.resumed, ranks};
  out << (o.json ? perft_json(report) + "\n" : perft_text(report));
  out.flush();
  const double nps = elapsed > 0 ? double(session_nodes) / elapsed : 0.0;
  err << "info: depth " << o.depth << ", split depth " << s.split_depth << " (" << s.units.size() << " units, "
      << s.resumed << " from the checkpoint), " << fixed(elapsed, 3) << " s, " << fixed(nps / 1e6, 1) << " M nodes/s, "
      << ranks << (ranks == 1 ? " rank" : " ranks") << " x " << threads << (threads == 1 ? " thread" : " threads")
      << ", hash " << o.hash_mb << " MB per rank\n";
}

void write_split_progress(const Dispatcher::Snapshot& p, double elapsed, std::ostream& err) {
  const double rate = elapsed > 0 ? double(p.session_units) / elapsed : 0.0;
  err << "progress: " << p.done << "/" << p.total << " units (" << fixed(100.0 * double(p.done) / double(p.total), 1)
      << "%), " << p.session_nodes << " nodes this run, " << fixed(elapsed, 1) << " s";
  if (rate > 0) err << ", ETA " << fixed(double(p.total - p.done) / rate, 0) << " s";
  err << "\n" << std::flush;
}

}  // namespace tsumi::split
