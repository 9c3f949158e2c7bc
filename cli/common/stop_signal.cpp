#include "cli/common/stop_signal.h"

#include <atomic>
#include <csignal>
#include <cstdlib>

namespace tsumi::cli {

namespace {

// The signal received, 0 for none: see the header for why this is a global.
std::atomic<int> g_received{0};
std::atomic<int> g_count{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler may only touch lock-free atomics");

extern "C" void on_stop_signal(int signal) {
  g_received.store(signal, std::memory_order_relaxed);
  g_count.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

StopSignals::StopSignals() {
  g_received.store(0, std::memory_order_relaxed);
  g_count.store(0, std::memory_order_relaxed);
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &old_int_);
  sigaction(SIGTERM, &action, &old_term_);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

int StopSignals::received() const { return g_received.load(std::memory_order_relaxed); }
int StopSignals::count() const { return g_count.load(std::memory_order_relaxed); }

void StopSignals::end_now(int signal) {
  std::signal(signal, SIG_DFL);
  std::raise(signal);
  std::_Exit(128 + signal);  // the default action of SIGINT and SIGTERM ends the process before this
}

const char* StopSignals::name(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
  }
}

}  // namespace tsumi::cli
