#include "core/thread_room.h"

#include <condition_variable>
#include <cstring>
#include <mutex>
#include <vector>

#include <pthread.h>

namespace tsumi {

namespace {

// What the started threads wait on: they end together once the caller has started all it can.
struct Gate {
  std::mutex mutex;
  std::condition_variable open_cv;
  bool open = false;
};

void* wait_at_gate(void* arg) {
  Gate& gate = *static_cast<Gate*>(arg);
  std::unique_lock lock(gate.mutex);
  gate.open_cv.wait(lock, [&] { return gate.open; });
  return nullptr;
}

}  // namespace

std::optional<std::string> check_thread_room(int threads, std::size_t stack_bytes) {
  if (threads <= 1) return std::nullopt;
  Gate gate;
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return "cannot set up a thread";
  int error = pthread_attr_setstacksize(&attr, stack_bytes);
  std::vector<pthread_t> started;
  started.reserve(std::size_t(threads - 1));
  for (int i = 1; i < threads && error == 0; ++i) {
    pthread_t t;
    error = pthread_create(&t, &attr, &wait_at_gate, &gate);
    if (error == 0) started.push_back(t);
  }
  pthread_attr_destroy(&attr);
  {
    const std::lock_guard lock(gate.mutex);
    gate.open = true;
  }
  gate.open_cv.notify_all();
  for (pthread_t t : started) pthread_join(t, nullptr);
  if (error == 0) return std::nullopt;
  return "cannot start " + std::to_string(threads - 1) + " more threads of " + std::to_string(stack_bytes >> 20) +
         " MB stack (started " + std::to_string(started.size()) + "): " + std::strerror(error);
}

int resolve_threads(int threads) { return threads > 0 ? threads : usable_cores(); }

}  // namespace tsumi
