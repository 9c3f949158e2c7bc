#pragma once
// A one-line progress display on a terminal: per finished part of a long job, how far it is, how
// fast it goes and when it should end. Silent when disabled (stderr not a terminal) and during the
// first `quiet_s` seconds, so short runs and logs stay clean.

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace tsumi::cli {

class ProgressMeter {
 public:
  ProgressMeter(std::ostream& out, bool enabled, double quiet_s = 1.0);
  ~ProgressMeter();
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  // done of total parts finished, `nodes` counted so far; `what` names the last part.
  void update(std::size_t done, std::size_t total, std::uint64_t nodes, const std::string& what);
  // The same without a node count, for jobs whose parts count different things.
  void update(std::size_t done, std::size_t total, const std::string& what);
  // Erases the line if one was drawn.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream& out_;
  bool enabled_;
  double quiet_s_;
  Clock::time_point start_;
  void draw(std::size_t done, std::size_t total, const std::uint64_t* nodes, const std::string& what);
  bool drawn_ = false;
};

}  // namespace tsumi::cli
