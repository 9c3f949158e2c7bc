#include "cli/mpi/mpi_perft.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <ostream>
#include <thread>
#include <vector>

#include <mpi.h>
#include <unistd.h>

#include "core/limits.h"
#include "core/stopwatch.h"
#include "core/table_memory.h"
#include "core/thread_room.h"
#include "perft/split/dispatcher.h"
#include "perft/split/split_run.h"
#include "perft/split/unit_counter.h"

namespace tsumi::mpi {

namespace {

using split::PackedPosition;
using split::PerftTally;
using split::UnitCount;
using split::WorkUnit;

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

extern "C" void on_mpi_stop_signal(int sig) { g_stop_signal = sig; }

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

int coordinate(const MpiPerftOptions& o, int ranks, int threads, std::ostream& out, std::ostream& err) {
  struct sigaction action = {};
  action.sa_handler = on_mpi_stop_signal;
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);

  split::SplitSetup s;
  try {
    cli::GamePosition game;
    if (auto e = cli::build_position(o.position, game))
      s.error = *e;
    else
      split::prepare_split(game.pos, o, s, err);
  } catch (const std::bad_alloc&) {
    s.error = "out of memory listing the units: choose a smaller --split-depth";
  }
  if (!s.tally) s.tally = std::make_unique<PerftTally>(std::vector<WorkUnit>{});
  std::unique_ptr<split::UnitCounter> counter;
  if (!s.error) {
    try {
      counter = std::make_unique<split::UnitCounter>(threads, o.hash_mb, o.stats);
    } catch (const TableMemoryError& e) {
      s.error = e.what();
    } catch (const std::bad_alloc&) {
      s.error = "cannot allocate a " + std::to_string(o.hash_mb) + " MB hash table";
    }
  }
  // With an error every rank is told to stop at its first request: nothing is handed out.
  split::Dispatcher dispatcher(s.error ? 0 : s.units.size(), ranks, *s.tally, &s.writer, o.stats);
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
      split::write_split_progress(dispatcher.snapshot(), elapsed, err);
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
  split::write_split_result(o, s, ranks, threads, elapsed, dispatcher.snapshot().session_nodes, out, err);
  return 0;
}

int work(const MpiPerftOptions& o, int rank, int threads, std::ostream& err) {
  std::unique_ptr<split::UnitCounter> counter;
  try {
    counter = std::make_unique<split::UnitCounter>(threads, o.hash_mb, o.stats);
  } catch (const TableMemoryError& e) {
    err << "tsumi-mpi: rank " << rank << ": " << e.what() << "\n" << std::flush;
    MPI_Abort(MPI_COMM_WORLD, 2);
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

std::optional<std::string> check_options(const MpiPerftOptions& o) { return split::check_options(o); }

int run_plan(const MpiPerftOptions& o, std::ostream& out, std::ostream& err) {
  cli::GamePosition game;
  if (auto e = cli::build_position(o.position, game)) {
    err << "tsumi-mpi: " << *e << "\n";
    return 2;
  }
  split::write_plan(game.pos, o, out, err);
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
