#include "python/search_runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

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

// Runs the tick; true when it raised (the Python error is set again on this thread, to be thrown).
bool ticked(const std::function<void()>& tick) {
  try {
    tick();
    return false;
  } catch (py::error_already_set& e) {
    e.restore();
    return true;
  }
}

// One worker of run_on_workers.
struct Worker {
  const std::function<void(int)>* body = nullptr;
  int index = 0;
  std::exception_ptr error;
};

void* run_worker(void* arg) {
  Worker& w = *static_cast<Worker*>(arg);
  try {
    (*w.body)(w.index);
  } catch (...) {
    w.error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_on_workers(int n, const std::function<void(int)>& body) {
  std::vector<Worker> workers(std::size_t(std::max(0, n - 1)));
  std::vector<pthread_t> threads;
  std::string start_error;
  for (std::size_t i = 0; i < workers.size() && start_error.empty(); ++i) {
    workers[i] = Worker{&body, int(i) + 1, nullptr};
    pthread_attr_t attr;
    int error = pthread_attr_init(&attr);
    if (error == 0) error = pthread_attr_setstacksize(&attr, limits::kWorkerStackBytes);
    pthread_t thread{};
    if (error == 0) error = pthread_create(&thread, &attr, &run_worker, &workers[i]);
    pthread_attr_destroy(&attr);
    if (error == 0)
      threads.push_back(thread);
    else
      start_error = std::string("cannot start a worker thread: ") + std::strerror(error);
  }
  std::exception_ptr first;
  if (start_error.empty()) {
    try {
      body(0);
    } catch (...) {
      first = std::current_exception();
    }
  }
  for (const pthread_t thread : threads) pthread_join(thread, nullptr);
  if (!start_error.empty()) throw std::runtime_error(start_error);
  if (first) std::rethrow_exception(first);
  for (const Worker& w : workers)
    if (w.error) std::rethrow_exception(w.error);
}

void run_interruptible(const std::function<void()>& work, const std::function<void()>& stop,
                       const std::function<void()>& tick) {
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
          if (!interrupted && tick) interrupted = ticked(tick);
        }
        if (interrupted) stop();
        lock.lock();
      }
      lock.unlock();
      pthread_join(thread, nullptr);
    }
  }
  if (!start_error.empty()) throw std::runtime_error(start_error);
  if (!interrupted && tick && !run.error) interrupted = ticked(tick);
  if (interrupted) throw py::error_already_set();
  if (run.error) std::rethrow_exception(run.error);
}

}  // namespace tsumi::python
