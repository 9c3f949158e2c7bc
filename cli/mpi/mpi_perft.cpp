#include "cli/mpi/mpi_perft.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iomanip>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

#include <mpi.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "cli/mpi/perft_checkpoint.h"
#include "cli/mpi/perft_tally.h"
#include "cli/mpi/perft_units.h"
#include "cli/mpi/unit_schedule.h"
#include "core/limits.h"
#include "core/perft.h"
#include "core/perft_stats_table.h"
#include "core/perft_table.h"
#include "core/sfen.h"
#include "core/text_file.h"
#include "core/thread_room.h"

namespace tsumi::mpi {

namespace {

using Clock = std::chrono::steady_clock;

// Message tags and layouts (arrays of 64-bit words):
//   kTagResult, worker -> 0: index (kNoUnit for the first request), nodes, the five statistics
//   kTagUnit,   0 -> worker: index, plies to count below the unit, the eight words of the packed position
//   kTagStop,   0 -> worker: one word, the exit code of the run (every rank exits with it)
constexpr int kTagResult = 1;
constexpr int kTagUnit = 2;
constexpr int kTagStop = 3;
constexpr int kResultWords = 7;
constexpr int kUnitWords = 10;
constexpr std::uint64_t kNoUnit = UINT64_MAX;

// The signal that asked rank 0 to stop (mpirun sends SIGTERM to every rank when one dies): the one
// mutable global, as a signal handler can only reach globals; written by the handler, read by the
// coordinator's loop.
volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int sig) { g_stop_signal = sig; }

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Sleeps that grow from 20 microseconds to 1 ms while nothing happens, so that a waiting rank neither
// spins nor answers late.
class Backoff {
 public:
  void reset() { us_ = 20; }
  void wait() {
    std::this_thread::sleep_for(std::chrono::microseconds(us_));
    us_ = std::min(us_ * 2, 1000);
  }

 private:
  int us_ = 20;
};

// MPI_Wait without Open MPI's busy polling.
void wait_sleeping(MPI_Request& request, MPI_Status* status) {
  Backoff backoff;
  for (int done = 0;;) {
    MPI_Test(&request, &done, status);
    if (done) return;
    backoff.wait();
  }
}

void barrier_sleeping() {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  wait_sleeping(request, MPI_STATUS_IGNORE);
}

// The table of one rank, kept across its units, and the counting of a unit with it.
class UnitCounter {
 public:
  UnitCounter(const MpiPerftOptions& o, int threads) {
    options_.threads = threads;
    options_.stats = o.stats;
    if (o.hash_mb == 0) return;
    if (o.stats)
      options_.stats_table = (stats_table_ = std::make_unique<PerftStatsTable>(o.hash_mb)).get();
    else
      options_.table = (table_ = std::make_unique<PerftTable>(o.hash_mb)).get();
  }

  UnitCount count(std::uint64_t index, const PackedPosition& packed, int plies) const {
    PositionSetup setup;
    if (auto fault = unpack(packed, setup)) throw std::logic_error("unit " + std::to_string(index) + ": " + *fault);
    StateInfo st;
    Position pos;
    pos.set(setup, &st);
    const PerftResult r = perft_run(pos, plies, options_);
    return {index, r.nodes, r.stats};
  }

 private:
  PerftOptions options_;
  std::unique_ptr<PerftTable> table_;
  std::unique_ptr<PerftStatsTable> stats_table_;
};

// Rank 0's book of the units: which each rank counts next (unit_schedule.h), the tally, the
// checkpoint. Shared by the MPI loop and rank 0's own counting thread, under one mutex.
class Dispatcher {
 public:
  // The tally already holds what a resumed checkpoint counted; this run's figures are what it adds.
  Dispatcher(std::uint64_t units, int ranks, PerftTally& tally, CheckpointWriter* writer, bool stats)
      : schedule_(units, ranks),
        tally_(tally),
        writer_(writer),
        stats_(stats),
        resumed_units_(tally.done_count()),
        resumed_nodes_(tally.nodes()) {}

  // The next unit for `rank` not yet counted, or nothing when none is left (or the run failed).
  std::optional<std::uint64_t> take(int rank) {
    std::lock_guard lock(mutex_);
    if (error_) return std::nullopt;
    return schedule_.take(rank, [this](std::uint64_t i) { return tally_.done(i); });
  }

  void finish(const UnitCount& unit) {
    std::lock_guard lock(mutex_);
    if (error_) return;
    if (auto e = tally_.add(unit)) {
      error_ = *e;
      return;
    }
    if (writer_ && writer_->is_open()) {
      if (auto e = writer_->append(unit, stats_)) error_ = *e;
    }
  }

  void fail(const std::string& why) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = why;
  }

  struct Snapshot {
    std::uint64_t done, total, session_units, session_nodes;
  };
  Snapshot snapshot() {
    std::lock_guard lock(mutex_);
    return {tally_.done_count(), tally_.unit_count(), tally_.done_count() - resumed_units_,
            tally_.nodes() - resumed_nodes_};
  }
  std::optional<std::string> error() {
    std::lock_guard lock(mutex_);
    return error_;
  }

 private:
  std::mutex mutex_;
  UnitSchedule schedule_;
  PerftTally& tally_;
  CheckpointWriter* writer_;
  bool stats_;
  const std::uint64_t resumed_units_, resumed_nodes_;
  std::optional<std::string> error_;
};

std::string sfen_without_move_number(const Position& pos) {
  std::string sfen = to_sfen(pos);
  return sfen.substr(0, sfen.rfind(' '));
}

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

// What rank 0 sets up before handing out units: the root, the units, the tally, the checkpoint. On
// failure, `error` says why (the exit code is then 2).
struct Setup {
  std::string root_sfen;
  int split_depth = 0;
  std::vector<WorkUnit> units;
  std::unique_ptr<PerftTally> tally;
  CheckpointWriter writer;
  std::uint64_t resumed = 0;
  std::optional<std::string> error;
};

void prepare(const MpiPerftOptions& o, Setup& s, std::ostream& err) {
  cli::GamePosition game;
  if (auto e = cli::build_position(o.position, game)) {
    s.error = *e;
    return;
  }
  s.root_sfen = to_sfen(game.pos);
  s.split_depth = o.split_depth >= 0 ? o.split_depth : default_split_depth(o.depth);
  const auto start = Clock::now();
  s.units = enumerate_units(game.pos, s.split_depth);
  err << "info: " << s.units.size() << " units at split depth " << s.split_depth << " (" << total_multiplicity(s.units)
      << " paths), listed in " << fixed(seconds_since(start), 2) << " s\n";
  s.tally = std::make_unique<PerftTally>(s.units);
  if (o.checkpoint.empty()) return;
  const CheckpointHeader header{
      sfen_without_move_number(game.pos), o.depth, s.split_depth, o.stats, s.units.size(), units_digest(s.units)};
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

void print_result(const MpiPerftOptions& o, const Setup& s, int ranks, int threads, double elapsed,
                  std::uint64_t session_nodes, std::ostream& out, std::ostream& err) {
  const PerftTally& t = *s.tally;
  const double nps = elapsed > 0 ? double(session_nodes) / elapsed : 0.0;
  if (o.json) {
    nlohmann::ordered_json j;
    j["sfen"] = s.root_sfen;
    j["depth"] = o.depth;
    j["split_depth"] = s.split_depth;
    j["units"] = s.units.size();
    j["units_resumed"] = s.resumed;
    j["nodes"] = t.nodes();
    j["time_ms"] = std::int64_t(elapsed * 1000);
    j["nps"] = std::uint64_t(nps);
    j["ranks"] = ranks;
    j["threads"] = threads;
    j["hash_mb"] = o.hash_mb;
    if (o.stats) {
      j["stats"] = {{"captures", t.stats().captures},
                    {"promotions", t.stats().promotions},
                    {"drops", t.stats().drops},
                    {"checks", t.stats().checks},
                    {"mates", t.stats().mates}};
    }
    out << j.dump() << "\n";
  } else {
    if (o.stats) {
      const PerftStats& st = t.stats();
      out << "Captures: " << st.captures << "\nPromotions: " << st.promotions << "\nDrops: " << st.drops
          << "\nChecks: " << st.checks << "\nMates: " << st.mates << "\n";
    }
    out << "Nodes searched: " << t.nodes() << "\n";
  }
  out.flush();
  err << "info: depth " << o.depth << ", split depth " << s.split_depth << " (" << s.units.size() << " units, "
      << s.resumed << " from the checkpoint), " << fixed(elapsed, 3) << " s, " << fixed(nps / 1e6, 1) << " M nodes/s, "
      << ranks << (ranks == 1 ? " rank" : " ranks") << " x " << threads << (threads == 1 ? " thread" : " threads")
      << ", hash " << o.hash_mb << " MB per rank\n";
}

void print_progress(Dispatcher::Snapshot p, double elapsed, std::ostream& err) {
  const double rate = elapsed > 0 ? double(p.session_units) / elapsed : 0.0;
  err << "progress: " << p.done << "/" << p.total << " units (" << fixed(100.0 * double(p.done) / double(p.total), 1)
      << "%), " << p.session_nodes << " nodes this run, " << fixed(elapsed, 1) << " s";
  if (rate > 0) err << ", ETA " << fixed(double(p.total - p.done) / rate, 0) << " s";
  err << "\n" << std::flush;
}

int coordinate(const MpiPerftOptions& o, int ranks, int threads, std::ostream& out, std::ostream& err) {
  struct sigaction action = {};
  action.sa_handler = on_stop_signal;
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);

  Setup s;
  try {
    prepare(o, s, err);
  } catch (const std::bad_alloc&) {
    s.error = "out of memory listing the units: choose a smaller --split-depth";
  }
  if (!s.tally) s.tally = std::make_unique<PerftTally>(std::vector<WorkUnit>{});
  std::unique_ptr<UnitCounter> counter;
  if (!s.error) {
    try {
      counter = std::make_unique<UnitCounter>(o, threads);
    } catch (const std::bad_alloc&) {
      s.error = "cannot allocate a " + std::to_string(o.hash_mb) + " MB hash table";
    }
  }
  // With an error every rank is told to stop at its first request: nothing is handed out.
  Dispatcher dispatcher(s.error ? 0 : s.units.size(), ranks, *s.tally, &s.writer, o.stats);
  if (s.error) dispatcher.fail(*s.error);

  const auto start = Clock::now();
  const int plies = o.depth - s.split_depth;
  std::atomic<bool> local_done = counter == nullptr;
  std::thread local;
  if (counter) {
    local = std::thread([&] {
      try {
        while (auto index = dispatcher.take(0))
          dispatcher.finish(counter->count(*index, s.units[*index].position, plies));
      } catch (const std::exception& e) {
        dispatcher.fail(std::string("rank 0: ") + e.what());
      }
      local_done = true;
    });
  }

  int stopped = 0;
  Backoff backoff;
  auto next_progress = o.progress_s > 0 ? o.progress_s : 1e300;
  while (stopped < ranks - 1 || !local_done) {
    if (g_stop_signal) {
      dispatcher.fail("stopped by a signal");  // no more units written: the count below is the file's
      const auto p = dispatcher.snapshot();
      s.writer.sync();
      err << "\ntsumi-mpi: stopped by signal " << int(g_stop_signal) << " (a rank died, or the job was cancelled)";
      if (s.writer.is_open())
        err << "; the checkpoint " << o.checkpoint << " holds " << p.done << " of " << p.total
            << " units: run the same command with --resume to count the rest\n";
      else
        err << "; without --checkpoint the counts so far are lost\n";
      err.flush();
      std::_Exit(3);
    }
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kTagResult, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      std::uint64_t r[kResultWords];
      MPI_Recv(r, kResultWords, MPI_UINT64_T, status.MPI_SOURCE, kTagResult, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (r[0] != kNoUnit) dispatcher.finish({r[0], r[1], PerftStats{r[2], r[3], r[4], r[5], r[6]}});
      if (auto index = dispatcher.take(status.MPI_SOURCE)) {
        std::uint64_t u[kUnitWords] = {*index, std::uint64_t(plies)};
        std::copy(s.units[*index].position.words.begin(), s.units[*index].position.words.end(), u + 2);
        MPI_Send(u, kUnitWords, MPI_UINT64_T, status.MPI_SOURCE, kTagUnit, MPI_COMM_WORLD);
      } else {
        // Any setup error is known by now (a failure while counting may still come: that rank exits 0).
        const std::uint64_t code = s.error ? 2 : 0;
        MPI_Send(&code, 1, MPI_UINT64_T, status.MPI_SOURCE, kTagStop, MPI_COMM_WORLD);
        ++stopped;
      }
      backoff.reset();
      continue;
    }
    const double elapsed = seconds_since(start);
    if (elapsed >= next_progress) {
      print_progress(dispatcher.snapshot(), elapsed, err);
      next_progress += o.progress_s;
    }
    backoff.wait();
  }
  if (local.joinable()) local.join();
  barrier_sleeping();
  const double elapsed = seconds_since(start);
  if (auto e = dispatcher.error()) {
    err << "tsumi-mpi: " << *e << "\n";
    return s.error ? 2 : 1;  // bad input or a refused checkpoint; else a failure while counting
  }
  if (auto e = s.writer.sync()) {
    err << "tsumi-mpi: " << *e << "\n";
    return 1;
  }
  print_result(o, s, ranks, threads, elapsed, dispatcher.snapshot().session_nodes, out, err);
  return 0;
}

int work(const MpiPerftOptions& o, int rank, int threads, std::ostream& err) {
  std::unique_ptr<UnitCounter> counter;
  try {
    counter = std::make_unique<UnitCounter>(o, threads);
  } catch (const std::bad_alloc&) {
    err << "tsumi-mpi: rank " << rank << ": cannot allocate a " << o.hash_mb << " MB hash table\n" << std::flush;
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  std::uint64_t r[kResultWords] = {kNoUnit};
  std::uint64_t reported = 0;
  for (;;) {
    MPI_Send(r, kResultWords, MPI_UINT64_T, 0, kTagResult, MPI_COMM_WORLD);
    std::uint64_t u[kUnitWords];
    MPI_Request request;
    MPI_Status status;
    MPI_Irecv(u, kUnitWords, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &request);
    wait_sleeping(request, &status);
    if (status.MPI_TAG == kTagStop) {
      barrier_sleeping();
      return int(u[0]);
    }
    // Testing: a rank that dies holding a unit, which the run can then never finish without --resume.
    if (rank == 1 && o.die_after > 0 && reported++ == o.die_after) raise(SIGKILL);
    PackedPosition packed;
    std::copy(u + 2, u + kUnitWords, packed.words.begin());
    const UnitCount c = counter->count(u[0], packed, int(u[1]));
    r[0] = c.index;
    r[1] = c.nodes;
    r[2] = c.stats.captures;
    r[3] = c.stats.promotions;
    r[4] = c.stats.drops;
    r[5] = c.stats.checks;
    r[6] = c.stats.mates;
  }
}

}  // namespace

std::optional<std::string> check_options(const MpiPerftOptions& o) {
  if (!o.plan && o.split_depth >= o.depth)
    return "--split-depth " + std::to_string(o.split_depth) + " must be below --depth " + std::to_string(o.depth) +
           " (the statistics of a leaf depend on its last move, which must be counted inside a unit)";
  if (o.resume && o.checkpoint.empty()) return std::string("--resume needs --checkpoint FILE");
  return std::nullopt;
}

int run_plan(const MpiPerftOptions& o, std::ostream& out, std::ostream& err) {
  cli::GamePosition game;
  if (auto e = cli::build_position(o.position, game)) {
    err << "tsumi-mpi: " << *e << "\n";
    return 2;
  }
  const int split = o.split_depth >= 0 ? o.split_depth : default_split_depth(o.depth);
  const auto start = Clock::now();
  const std::vector<WorkUnit> units = enumerate_units(game.pos, split);
  const double elapsed = seconds_since(start);
  if (o.json) {
    nlohmann::ordered_json j;
    j["sfen"] = to_sfen(game.pos);
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
  return 0;
}

int run_mpi_perft(const MpiPerftOptions& o, std::ostream& out, std::ostream& err) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int threads = o.threads > 0 ? o.threads : usable_cores();
  if (auto e = check_thread_room(threads, limits::kWorkerStackBytes)) {
    err << "tsumi-mpi: rank " << rank << ": " << *e << "; ask for fewer --threads\n" << std::flush;
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (rank == 0) return coordinate(o, ranks, threads, out, err);
  return work(o, rank, threads, err);
}

}  // namespace tsumi::mpi
