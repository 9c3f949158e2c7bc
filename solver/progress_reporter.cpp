#include "solver/progress_reporter.h"

#include <chrono>

#include "solver/mate_pv.h"

namespace tsumi {

ProgressReporter::ProgressReporter(const std::function<void(const MateProgress&)>& callback, int interval_ms,
                                   Clock::time_point start, MateCollections before, const MateTable& table,
                                   const MateProblem& problem, const RootSearch& root, const ProofRecord& record)
    : callback_(callback),
      interval_ms_(interval_ms),
      start_(start),
      last_report_(start),
      before_(before),
      table_(table),
      problem_(problem),
      root_(root),
      record_(record) {}

void ProgressReporter::report(bool news) {
  if (!callback_ || interval_ms_ <= 0) return;
  const auto now = Clock::now();
  if (!news && now - last_report_ < std::chrono::milliseconds(interval_ms_)) return;
  last_report_ = now;
  MateProgress p;
  p.nodes = root_.running_nodes();
  p.time_ms = ms_since(start_);
  p.hashfull = table_.hashfull();
  p.pv = table_line(table_, problem_.setup, problem_.attacker, kLinePlies);
  p.root_pn = root_.lead().root_pn(), p.root_dn = root_.lead().root_dn();
  p.searching_below = root_.limit() == kUnlimited ? 0 : root_.limit() + 2;
  p.book = root_.book();
  p.first_mate_length = record_.first_length();
  p.mate_bound = record_.bound();
  p.collections = table_.collections().runs - before_.runs;
  p.counters = root_.lead().counters();
  callback_(p);
}

}  // namespace tsumi
