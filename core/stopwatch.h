#pragma once
// Wall-clock timing for the commands, the solver and the benchmark: elapsed time since a start point, and node rates.
// One clock (steady: immune to clock changes) for every command, so their figures compare.

#include <chrono>
#include <cstdint>

namespace tsumi {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

inline double seconds_since(Clock::time_point start) { return ms_since(start) / 1000.0; }

// Nodes per second over `ms` milliseconds; 0 for no time.
inline std::uint64_t nodes_per_second(std::uint64_t nodes, double ms) {
  return ms > 0 ? std::uint64_t(double(nodes) * 1000.0 / ms) : 0;
}

}  // namespace tsumi
