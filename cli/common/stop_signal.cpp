#include "cli/common/stop_signal.h"

#include <atomic>
#include <csignal>

namespace tsumi::cli {

namespace {

// The signal received, 0 for none: see the header for why this is a global.
std::atomic<int> g_received{0};
std::atomic<int> g_count{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler may only touch lock-free atomics");

}  // namespace

void StopSignals::record(int signal) noexcept {
  g_received.store(signal, std::memory_order_relaxed);
  g_count.fetch_add(1, std::memory_order_relaxed);
}

void StopSignals::reset() noexcept {
  g_received.store(0, std::memory_order_relaxed);
  g_count.store(0, std::memory_order_relaxed);
}

int StopSignals::received() const { return g_received.load(std::memory_order_relaxed); }
int StopSignals::count() const { return g_count.load(std::memory_order_relaxed); }

const char* StopSignals::name(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
  }
}

}  // namespace tsumi::cli
