#pragma once
// Happens-before edges of oneTBB tasks, declared to ThreadSanitizer.
//
// oneTBB's scheduler runs inside libtbb, which Debian does not build with ThreadSanitizer, so TSan
// cannot see the edges that spawning, stealing and joining tasks create, and would report the data a
// parallel loop hands to its tasks, and the results they hand back, as races. The TSan build declares
// those edges itself on a sync object of the caller's: a thread releases it before it starts the
// tasks and acquires it after the join; each task body acquires it first thing and releases it last.
// (Reports whose racing access is inside oneTBB's own code are suppressed by tests/tsan.supp.)
// A task body that only reads the captures oneTBB copied between threads is left uninstrumented
// (TSUMI_TSAN_UNCHECKED); everything it calls is checked. Outside the TSan build all of this compiles
// to nothing. No TBB here: the callers include it.

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define TSUMI_TSAN_UNCHECKED __attribute__((no_sanitize_thread))
#else
#define TSUMI_TSAN_UNCHECKED
#endif

namespace tsumi {

inline void tsan_release([[maybe_unused]] const void* sync) {
#if defined(__SANITIZE_THREAD__)
  __tsan_release(const_cast<void*>(sync));
#endif
}

inline void tsan_acquire([[maybe_unused]] const void* sync) {
#if defined(__SANITIZE_THREAD__)
  __tsan_acquire(const_cast<void*>(sync));
#endif
}

}  // namespace tsumi
