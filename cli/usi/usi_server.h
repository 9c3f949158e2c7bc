#pragma once
// `tsumi usi`: a USI engine on a pair of streams, for shogi GUIs that solve tsume with `go mate`
// (ShogiGUI, Shogidokoro, ShogiHome) and for perft tools that send `go perft N`. Parsing and printing
// only: the solver and perft do the work. The protocol as tsumi speaks it is in README.md.
//
// Answers to `go`:
// - `go mate <ms>|infinite` (no number, or 0: infinite): exactly one `checkmate <usi moves>`,
//   `checkmate nomate` or `checkmate timeout` line, with `info` lines before it; never `bestmove`.
//   Input that cannot be searched (no position, not a tsume problem, no hash table) is answered
//   `checkmate timeout` after an `info string` that says why, so that a GUI waiting for its one
//   checkmate line always gets it. A mate line is replayed (front/mate_report.h) before it is sent: a line
//   that is not a legal mate is never given to a GUI.
// - `go perft N`: one `<usi move>: <count>` line per root move, a blank line, `Nodes searched: <N>`
//   (the format of `tsumi perft --divide`, Stockfish and Fairy-Stockfish). `stop` (and `quit`) end it
//   within milliseconds; it then answers only `info string go perft: stopped; no count`.
// - any other `go` (a game search): an `info string` saying so, then `bestmove resign`, since a GUI
//   that sent it waits for a bestmove.
//
// Threads: the caller's thread reads commands (handle_line); each `go` runs on one worker thread, so
// `stop`, `isready` and `quit` are answered during a search. Every line goes out whole, with a single
// write and a flush under a mutex, so the lines of the two threads never interleave. `stop` returns
// once the search has written its checkmate line (it repeats the stop request until then, since
// MateSolver forgets a request that comes before solve() has started). A `go` that comes while a
// search runs (the protocol forbids it; a script piping commands may) is refused at once with an
// `info string`, and a refused `go mate` also gets its one `checkmate timeout` line; the running
// search goes on and answers as usual. Nothing waits behind a search, so `stop` and `quit` are
// always read.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>

#include "core/limits.h"
#include "core/position.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace tsumi::cli {

// The engine's USI options (names as advertised by `usi`; setoption matches them ignoring case).
struct UsiSettings {
  std::int64_t hash_mb = limits::kDefaultMateHashMb;  // USI_Hash: the solver's table, allocated at `isready`
  std::int64_t threads = 1;                           // Threads: MateLimits::threads, and perft's workers
  std::int64_t pv_interval_ms = 1000;                 // PvInterval: ms between progress `info` lines; 0: none
  std::int64_t progress_interval_ms = 5000;  // ProgressInterval: ms between `info string` progress lines; 0: none
  std::int64_t node_limit = 0;               // NodeLimit: MateLimits::nodes; 0: none
  bool mate_shortest = true;                 // MateShortest: MateLimits::prove_shortest
};

class UsiServer {
 public:
  // Makes the solver at `isready`; may throw std::bad_alloc (tests inject a failing one).
  using SolverFactory = std::function<std::unique_ptr<MateSolver>(std::size_t hash_mb)>;

  explicit UsiServer(std::ostream& out, SolverFactory make_solver = {});
  ~UsiServer();  // stops a running search and waits for it
  UsiServer(const UsiServer&) = delete;
  UsiServer& operator=(const UsiServer&) = delete;

  // Handles one command line (a trailing '\r' and extra blanks are fine). False after `quit`.
  bool handle_line(std::string_view line);
  // Reads lines until `quit` or the end of input, then stops a running search and waits for it.
  void run(std::istream& in);
  // Stops a running search (mate or perft) and waits until the worker has answered.
  void shutdown();

  const UsiSettings& settings() const { return settings_; }

 private:
  enum class Task { kNone, kMate, kPerft };

  void emit(std::string_view line);
  void info_string(std::string_view text) { emit("info string " + std::string(text)); }

  void answer_usi();
  void answer_isready();
  void set_option(std::span<const std::string_view> args);
  void set_spin(std::string_view name, std::string_view value);
  void set_position(std::span<const std::string_view> args);
  void go(std::span<const std::string_view> args);
  void go_mate(std::span<const std::string_view> args);
  void go_perft(std::span<const std::string_view> args);
  void stop_command();

  // The solver for the current USI_Hash, allocating it if needed; the reason when there is none.
  std::optional<std::string> ensure_solver();
  // Runs work on the worker thread and writes the answer it returns (the previous task must be
  // finished and joined).
  void start_task(Task task, std::function<std::string()> work);
  bool busy();
  // Waits for the worker to finish (stopping a mate search first when `stop`) and joins it.
  void finish_task(bool stop);

  std::ostream& out_;
  std::mutex out_mutex_;
  SolverFactory make_solver_;
  UsiSettings settings_;
  std::optional<PositionSetup> position_;  // unset after a `position` command that failed

  // Touched by the input thread only, and by the worker only while it runs.
  std::unique_ptr<MateSolver> solver_;
  std::size_t solver_mb_ = 0;
  std::size_t failed_mb_ = 0;  // the USI_Hash whose allocation failed last (0: none)
  std::thread worker_;
  Task task_ = Task::kNone;
  std::atomic<bool> perft_stop_{false};  // set by stop, quit and shutdown while a perft runs

  std::mutex state_mutex_;
  std::condition_variable done_cv_;
  bool done_ = true;  // the worker's task is done; its answer is written before it can be joined
};

// `tsumi usi`: serves in and out until `quit` or the end of input. Returns the exit code (0).
int run_usi(std::istream& in, std::ostream& out);

}  // namespace tsumi::cli
