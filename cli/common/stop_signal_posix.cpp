// The POSIX half of StopSignals (cli/common/stop_signal.h): sigaction handlers.
#include <csignal>
#include <cstdlib>

#include <signal.h>

#include "cli/common/stop_signal.h"

namespace tsumi::cli {

namespace {

extern "C" void on_stop_signal(int signal) { StopSignals::record(signal); }

}  // namespace

struct StopSignals::Saved {
  struct sigaction old_int {};
  struct sigaction old_term {};
};

StopSignals::StopSignals() : saved_(std::make_unique<Saved>()) {
  reset();
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &saved_->old_int);
  sigaction(SIGTERM, &action, &saved_->old_term);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &saved_->old_int, nullptr);
  sigaction(SIGTERM, &saved_->old_term, nullptr);
}

void StopSignals::end_now(int signal) {
  std::signal(signal, SIG_DFL);
  std::raise(signal);
  std::_Exit(128 + signal);  // the default action of SIGINT and SIGTERM ends the process before this
}

}  // namespace tsumi::cli
