#pragma once
// A one-line progress display on a terminal: per finished part of a long job, how far it is, how
// fast it goes and when it should end; or a line of the caller's own words (show). Silent when
// disabled (stderr not a terminal) and during the first `quiet_s` seconds, so short runs and logs stay
// clean.

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
  // The caller's own words as the line, redrawn at most every kShowGapS seconds: its events can come
  // far faster than a terminal should redraw.
  void show(const std::string& words);
  // Erases the line if one was drawn; also before a line is written to a stream that shares the
  // terminal, which the meter draws again on its next update or show.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr double kShowGapS = 0.2;
  std::ostream& out_;
  bool enabled_;
  double quiet_s_;
  Clock::time_point start_;
  void draw(std::size_t done, std::size_t total, const std::uint64_t* nodes, const std::string& what);
  bool drawn_ = false;
  Clock::time_point last_show_{};
};

}  // namespace tsumi::cli
