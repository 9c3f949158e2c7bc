#pragma once
// Running a search from Python: off the interpreter's lock, on a thread with the stack the search
// needs, and stoppable by Ctrl-C.
//
// The search runs on a thread of its own with limits::kWorkerStackBytes of stack (the serial df-pn
// recurses one frame per ply on the thread that calls solve(); a oneTBB run has the caller fill one
// slot of its arena). The calling thread releases the GIL and wakes every kSignalPollMs to take it for
// a moment and run Python's signal handlers (PyErr_CheckSignals): other Python threads run meanwhile,
// and a handler that raises (SIGINT: KeyboardInterrupt) stops the search and is raised to the caller.

#include <functional>

namespace tsumi::python {

// How often the waiting thread looks for signals: a Ctrl-C takes effect within this, plus the time the
// search takes to notice its stop.
inline constexpr int kSignalPollMs = 30;

// Runs `work` as described above and returns when it has. When a signal handler raises, `stop` is called
// (again every kSignalPollMs until `work` returns: a stop asked before the search starts may be
// forgotten, as MateSolver::request_stop says), the thread is joined and the Python error is thrown as
// pybind11::error_already_set. An exception `work` throws is rethrown on the calling thread. Needs the
// GIL on entry; `work` and `stop` must not touch Python objects.
// `tick`, where given, runs with the GIL held at every poll and once after `work` returns (a progress
// report); a Python error it raises (pybind11::error_already_set) stops the work like a signal.
void run_interruptible(const std::function<void()>& work, const std::function<void()>& stop,
                       const std::function<void()>& tick = {});

// Runs body(0), ..., body(n - 1) at once, body(0) on the calling thread and each other on a thread of its
// own with limits::kWorkerStackBytes of stack, and returns when all have. For `work` above (a batch on
// several workers); the first exception a body throws is rethrown after all have returned.
void run_on_workers(int n, const std::function<void(int)>& body);

}  // namespace tsumi::python
