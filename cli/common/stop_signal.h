#pragma once
// SIGINT and SIGTERM asked to stop a long command cleanly (`tsumi mate --save`): while a StopSignals
// lives, either signal sets a flag instead of ending the process, and the command polls it (a watcher
// thread turns it into MateSolver::request_stop, then the command saves its work and ends as a stopped
// solve does). The handler is installed with SA_RESETHAND, so a second signal ends the process as it
// would have without us (a user who presses Ctrl-C twice does not wait for the save).
//
// The one mutable global of the file: a signal handler receives no argument, so the only way it can
// tell the program anything is through an object of static storage duration, and the only such objects
// it may touch are lock-free atomics (C++20 [support.signal]). The flag holds the signal number, 0
// while none has arrived. One StopSignals at a time.

#include <csignal>

namespace tsumi::cli {

class StopSignals {
 public:
  StopSignals();   // installs the handlers and clears the flag
  ~StopSignals();  // restores the handlers there were before
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // The signal that arrived (SIGINT or SIGTERM), 0 while none has.
  int received() const;
  // "SIGINT", "SIGTERM" (or "signal N").
  static const char* name(int signal);

 private:
  struct sigaction old_int_ {
  }, old_term_{};
};

}  // namespace tsumi::cli
