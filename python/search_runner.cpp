#include "python/search_runner.h"

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>

#include <pthread.h>
#include <pybind11/pybind11.h>

#include "core/limits.h"

namespace tsumi::python {

namespace {

namespace py = pybind11;

// What the search thread and the waiting thread share.
struct Run {
  const std::function<void()>* work = nullptr;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
};

void* run_work(void* arg) {
  Run& run = *static_cast<Run*>(arg);
  try {
    (*run.work)();
  } catch (...) {
    run.error = std::current_exception();
  }
  {
    const std::lock_guard lock(run.mutex);
    run.done = true;
  }
  run.finished.notify_all();
  return nullptr;
}

// Starts the thread (std::thread cannot be given a stack size); the reason when the system refuses.
std::string start_thread(Run& run, pthread_t& thread) {
  pthread_attr_t attr;
  int error = pthread_attr_init(&attr);
  if (error == 0) error = pthread_attr_setstacksize(&attr, limits::kWorkerStackBytes);
  if (error == 0) error = pthread_create(&thread, &attr, &run_work, &run);
  pthread_attr_destroy(&attr);
  if (error == 0) return {};
  return "cannot start the search thread with a " + std::to_string(limits::kWorkerStackBytes >> 20) +
         " MB stack: " + std::strerror(error);
}

}  // namespace

void run_interruptible(const std::function<void()>& work, const std::function<void()>& stop) {
  Run run;
  run.work = &work;
  constexpr auto kPoll = std::chrono::milliseconds(kSignalPollMs);
  bool interrupted = false;
  std::string start_error;
  {
    const py::gil_scoped_release release;
    pthread_t thread{};
    start_error = start_thread(run, thread);
    if (start_error.empty()) {
      std::unique_lock lock(run.mutex);
      while (!run.finished.wait_for(lock, kPoll, [&] { return run.done; })) {
        if (interrupted) {
          stop();
          continue;
        }
        lock.unlock();
        {
          // The error a handler raises stays set on this thread's state until it is thrown below.
          const py::gil_scoped_acquire gil;
          interrupted = PyErr_CheckSignals() != 0;
        }
        if (interrupted) stop();
        lock.lock();
      }
      lock.unlock();
      pthread_join(thread, nullptr);
    }
  }
  if (!start_error.empty()) throw std::runtime_error(start_error);
  if (interrupted) throw py::error_already_set();
  if (run.error) std::rethrow_exception(run.error);
}

}  // namespace tsumi::python
