#pragma once
// A speedup-against-threads chart as a self-contained SVG document (no scripts, no external fonts or
// styles), for `tsumi bench --svg`: one line with dots per series, and the ideal speedup (equal to
// the thread count) dashed for comparison. Axes run from 1 thread and from speedup 0.

#include <string>
#include <utility>
#include <vector>

namespace tsumi::bench {

struct SpeedupSeries {
  std::string name;                            // legend text, e.g. "perft"
  std::vector<std::pair<int, double>> points;  // (threads, speedup against 1 thread), by increasing threads
};

// title and subtitle are plain text (escaped here).
std::string speedup_chart_svg(const std::string& title, const std::string& subtitle,
                              const std::vector<SpeedupSeries>& series);

}  // namespace tsumi::bench
