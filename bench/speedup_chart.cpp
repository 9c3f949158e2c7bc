#include "bench/speedup_chart.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace tsumi::bench {

namespace {

constexpr double kWidth = 720, kHeight = 480;
constexpr double kLeft = 70, kRight = 170, kTop = 70, kBottom = 60;  // margins around the plot
constexpr std::array<const char*, 4> kColors = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;  // control characters are not XML
    }
  }
  return out;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// A step of 1, 2 or 5 times a power of ten that cuts [0, span] into at most about 8 pieces.
double tick_step(double span) {
  const double raw = span / 8;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

}  // namespace

std::string speedup_chart_svg(const std::string& title, const std::string& subtitle,
                              const std::vector<SpeedupSeries>& series) {
  int max_threads = 2;
  double max_speedup = 2;
  for (const SpeedupSeries& s : series)
    for (const auto& [threads, speedup] : s.points) {
      max_threads = std::max(max_threads, threads);
      if (std::isfinite(speedup)) max_speedup = std::max(max_speedup, speedup);
    }
  const double y_max = std::max(double(max_threads), max_speedup) * 1.05;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  const auto x_of = [&](double threads) { return kLeft + (threads - 1) / double(max_threads - 1) * plot_w; };
  const auto y_of = [&](double speedup) { return kTop + plot_h - speedup / y_max * plot_h; };

  std::ostringstream svg;
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" viewBox=\"0 0 " << kWidth << " " << kHeight << "\" font-family=\"sans-serif\" font-size=\"13\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kLeft << "\" y=\"28\" font-size=\"17\" font-weight=\"bold\">" << escaped(title) << "</text>\n"
      << "<text x=\"" << kLeft << "\" y=\"48\" fill=\"#555\">" << escaped(subtitle) << "</text>\n";

  // Grid and axis labels.
  const double x_step = std::max(1.0, tick_step(max_threads - 1));
  std::vector<double> x_ticks{1};
  for (double t = x_step; t <= max_threads + 1e-9; t += x_step)
    if (t > 1) x_ticks.push_back(t);
  for (double t : x_ticks) {
    svg << "<line x1=\"" << number(x_of(t)) << "\" y1=\"" << kTop << "\" x2=\"" << number(x_of(t)) << "\" y2=\""
        << kTop + plot_h << "\" stroke=\"#e5e5e5\"/>\n"
        << "<text x=\"" << number(x_of(t)) << "\" y=\"" << kTop + plot_h + 18 << "\" text-anchor=\"middle\">" << t
        << "</text>\n";
  }
  const double y_step = tick_step(y_max);
  for (double s = 0; s <= y_max + 1e-9; s += y_step) {
    svg << "<line x1=\"" << kLeft << "\" y1=\"" << number(y_of(s)) << "\" x2=\"" << kLeft + plot_w << "\" y2=\""
        << number(y_of(s)) << "\" stroke=\"#e5e5e5\"/>\n"
        << "<text x=\"" << kLeft - 8 << "\" y=\"" << number(y_of(s) + 4) << "\" text-anchor=\"end\">" << s
        << "</text>\n";
  }
  svg << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << plot_w << "\" height=\"" << plot_h
      << "\" fill=\"none\" stroke=\"#888\"/>\n"
      << "<text x=\"" << kLeft + plot_w / 2 << "\" y=\"" << kHeight - 18 << "\" text-anchor=\"middle\">threads</text>\n"
      << "<text transform=\"translate(22 " << kTop + plot_h / 2
      << ") rotate(-90)\" text-anchor=\"middle\">speedup over 1 thread</text>\n";

  // The ideal: speedup equal to the thread count.
  svg << "<line class=\"ideal\" x1=\"" << number(x_of(1)) << "\" y1=\"" << number(y_of(1)) << "\" x2=\""
      << number(x_of(max_threads)) << "\" y2=\"" << number(y_of(max_threads))
      << "\" stroke=\"#999\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n";
  const double legend_x = kLeft + plot_w + 20;
  svg << "<line x1=\"" << legend_x << "\" y1=\"" << kTop + 6 << "\" x2=\"" << legend_x + 24 << "\" y2=\"" << kTop + 6
      << "\" stroke=\"#999\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n"
      << "<text x=\"" << legend_x + 32 << "\" y=\"" << kTop + 10 << "\">ideal</text>\n";

  for (std::size_t i = 0; i < series.size(); ++i) {
    const SpeedupSeries& s = series[i];
    const char* color = kColors[i % kColors.size()];
    svg << "<g class=\"series\" stroke=\"" << color << "\" fill=\"" << color << "\">\n<title>" << escaped(s.name)
        << "</title>\n<polyline fill=\"none\" stroke-width=\"2.5\" points=\"";
    for (const auto& [threads, speedup] : s.points)
      if (std::isfinite(speedup)) svg << number(x_of(threads)) << "," << number(y_of(speedup)) << " ";
    svg << "\"/>\n";
    for (const auto& [threads, speedup] : s.points)
      if (std::isfinite(speedup))
        svg << "<circle cx=\"" << number(x_of(threads)) << "\" cy=\"" << number(y_of(speedup)) << "\" r=\"4\"><title>"
            << escaped(s.name) << ": " << threads << " threads, " << number(speedup) << "x</title></circle>\n";
    svg << "</g>\n";
    const double y = kTop + 6 + 22 * double(i + 1);
    svg << "<line x1=\"" << legend_x << "\" y1=\"" << y << "\" x2=\"" << legend_x + 24 << "\" y2=\"" << y
        << "\" stroke=\"" << color << "\" stroke-width=\"2.5\"/>\n"
        << "<text x=\"" << legend_x + 32 << "\" y=\"" << y + 4 << "\">" << escaped(s.name) << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace tsumi::bench
