#pragma once
// Whether the process has room for a number of threads before a parallel run starts them.
//
// oneTBB starts its workers from inside its own threads, and when the system refuses one (an address
// space limit, a thread limit) it throws there, where nothing can catch it: the process aborts with
// "pthread_create has failed". The fronts ask first: the threads are started here for a moment, each
// with the stack its run gives its workers, and a refusal becomes a message.

#include <cstddef>
#include <optional>
#include <string>

namespace tsumi {

// Starts threads - 1 threads (the caller is the last worker of a run) with stacks of `stack_bytes`,
// waits until all of them run at once, and lets them end. Nothing when that worked (always for one
// thread); else why not, e.g. "cannot start 63 more threads of 64 MB stack (started 29): Resource
// temporarily unavailable".
std::optional<std::string> check_thread_room(int threads, std::size_t stack_bytes);

// The cores this process may run on: its CPU affinity mask (what taskset, cgroups' cpusets and
// container limits leave it), else the machine's hardware threads; at least 1. "Every core" means
// this, for perft's default thread count as for `tsumi bench`.
int usable_cores();

// The worker count that a front's thread option stands for: the option itself, or usable_cores() for
// 0 ("every core"), as `tsumi perft`, perftree, tsumi-mpi and the Python module read it.
int resolve_threads(int threads);

}  // namespace tsumi
