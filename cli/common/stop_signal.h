#pragma once
// SIGINT and SIGTERM asked to stop a long command cleanly (`tsumi mate --save`): while a StopSignals
// lives, either signal sets a flag instead of ending the process, and the command polls it (a watcher
// thread turns it into MateSolver::request_stop, then the command saves its work and ends as a stopped
// solve does). The handler counts the signals too: a user who presses Ctrl-C again after a while does
// not want to wait for the save, and the watcher then calls end_now(). Copies that come together are
// one request: timeout(1), like many process managers, signals both the process and its group, so one
// stop arrives twice within microseconds (with SA_RESETHAND, the second copy killed the process before
// it saved, in about one run of three).
//
// The mutable globals of the file: a signal handler receives no argument, so the only way it can tell
// the program anything is through objects of static storage duration, and the only such objects it
// may touch are lock-free atomics (C++20 [support.signal]). The flag holds the signal number, 0 while
// none has arrived; the count, the signals received. One StopSignals at a time.
//
// The system's half (one each, cli/CMakeLists.txt picks it): stop_signal_posix.cpp installs sigaction
// handlers for SIGINT and SIGTERM (SA_RESTART) and restores the old ones; stop_signal_windows.cpp
// installs a console control handler (SetConsoleCtrlHandler), which Windows runs on a thread of its own:
// Ctrl-C is SIGINT, Ctrl-Break and closing the console window are SIGTERM. stop_signal.cpp holds what
// both share.

#include <csignal>
#include <memory>

namespace tsumi::cli {

class StopSignals {
 public:
  StopSignals();   // installs the handlers and clears the flag
  ~StopSignals();  // restores the handlers there were before
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // The signal that arrived (SIGINT or SIGTERM), 0 while none has.
  int received() const;
  // How many have arrived.
  int count() const;
  // Ends the process as `signal` would have without a StopSignals (the default action).
  [[noreturn]] static void end_now(int signal);
  // "SIGINT", "SIGTERM" (or "signal N").
  static const char* name(int signal);

  // What a handler calls: records `signal` (async-signal-safe: lock-free atomics only).
  static void record(int signal) noexcept;

 private:
  static void reset() noexcept;  // no signal yet, a count of 0
  struct Saved;                  // what the system's half must restore
  std::unique_ptr<Saved> saved_;
};

}  // namespace tsumi::cli
