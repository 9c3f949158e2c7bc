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
void run_interruptible(const std::function<void()>& work, const std::function<void()>& stop);

}  // namespace tsumi::python
