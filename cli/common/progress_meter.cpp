#include "cli/common/progress_meter.h"

#include <iomanip>
#include <ostream>
#include <sstream>

namespace tsumi::cli {

ProgressMeter::ProgressMeter(std::ostream& out, bool enabled, double quiet_s)
    : out_(out), enabled_(enabled), quiet_s_(quiet_s), start_(Clock::now()) {}

ProgressMeter::~ProgressMeter() { finish(); }

void ProgressMeter::update(std::size_t done, std::size_t total, std::uint64_t nodes, const std::string& what) {
  draw(done, total, &nodes, what);
}

void ProgressMeter::update(std::size_t done, std::size_t total, const std::string& what) {
  draw(done, total, nullptr, what);
}

void ProgressMeter::draw(std::size_t done, std::size_t total, const std::uint64_t* nodes, const std::string& what) {
  if (!enabled_ || done == 0) return;
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  if (elapsed < quiet_s_) return;
  // Parts differ in size, so the estimate assumes the rest go at the average pace so far.
  const double eta = elapsed * double(total - done) / double(done);
  std::ostringstream line;
  line << "\r[" << done << "/" << total << "] " << what << "  " << std::fixed << std::setprecision(1);
  if (nodes) line << *nodes << " nodes  " << (elapsed > 0 ? double(*nodes) / elapsed / 1e6 : 0.0) << " M/s  ";
  line << elapsed << " s  ETA " << eta << " s\x1b[K";
  out_ << line.str() << std::flush;
  drawn_ = true;
}

void ProgressMeter::show(const std::string& words) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (std::chrono::duration<double>(now - start_).count() < quiet_s_ ||
      (last_show_ != Clock::time_point{} && std::chrono::duration<double>(now - last_show_).count() < kShowGapS))
    return;
  last_show_ = now;
  out_ << "\r" << words << "\x1b[K" << std::flush;
  drawn_ = true;
}

void ProgressMeter::finish() {
  if (drawn_) out_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace tsumi::cli
