#include "bench/speedup_chart.h"

#include <cmath>

#include <gtest/gtest.h>

namespace tsumi::bench {
namespace {

// The value of the first attribute `name="..."` at or after `from` (std::regex trips GCC 12 warnings under ASan).
std::string attribute(const std::string& svg, const std::string& name, std::size_t from = 0) {
  const std::string key = name + "=\"";
  const std::size_t start = svg.find(key, from);
  if (start == std::string::npos) return "";
  const std::size_t begin = start + key.size();
  return svg.substr(begin, svg.find('"', begin) - begin);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(SpeedupChart, OneLinePerSeriesAndTheIdeal) {
  const std::vector<SpeedupSeries> series = {
      {"perft", {{1, 1.0}, {2, 1.9}, {4, 3.7}, {8, 7.1}, {16, 13.2}}},
      {"mate", {{1, 1.0}, {2, 1.6}, {4, 2.9}, {8, 4.8}, {16, 7.5}}},
  };
  const std::string svg = speedup_chart_svg("title", "sub", series);
  EXPECT_TRUE(svg.starts_with("<?xml")) << svg.substr(0, 40);
  EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_EQ(count(svg, "<polyline"), 2u);
  EXPECT_EQ(count(svg, "<circle"), 10u);
  EXPECT_EQ(count(svg, "class=\"ideal\""), 1u);
  EXPECT_NE(svg.find(">perft</text>"), std::string::npos);
  EXPECT_NE(svg.find(">mate</text>"), std::string::npos);
  EXPECT_NE(svg.find("perft: 16 threads, 13.2x"), std::string::npos);
  // Thread ticks at 1 and every second count up to 16.
  EXPECT_NE(svg.find("text-anchor=\"middle\">16</text>"), std::string::npos);
  EXPECT_NE(svg.find("text-anchor=\"middle\">1</text>"), std::string::npos);
  // Each polyline holds all its points.
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1))
    EXPECT_EQ(count(attribute(svg, "points", at), ","), 5u) << attribute(svg, "points", at);
}

TEST(SpeedupChart, TheIdealRunsFromOneToTheMostThreads) {
  const std::string svg = speedup_chart_svg("t", "s", {{"all", {{1, 1.0}, {2, 1.5}}}});
  // The plot is 480 px wide from x = 70: the ideal goes from (1 thread, speedup 1) to (2, 2).
  const std::size_t ideal = svg.find("class=\"ideal\"");
  ASSERT_NE(ideal, std::string::npos) << svg;
  EXPECT_EQ(attribute(svg, "x1", ideal), "70.0");
  EXPECT_EQ(attribute(svg, "x2", ideal), "550.0");
  EXPECT_GT(std::stod(attribute(svg, "y1", ideal)), std::stod(attribute(svg, "y2", ideal))) << "speedup grows upwards";
}

TEST(SpeedupChart, EscapesTextAndSkipsMissingPoints) {
  const std::string svg =
      speedup_chart_svg("a <b> & \"c\"", "cpu\x01", {{"x<y", {{1, 1.0}, {2, std::nan("")}, {4, 3.0}}}});
  EXPECT_NE(svg.find("a &lt;b&gt; &amp; &quot;c&quot;"), std::string::npos);
  EXPECT_EQ(svg.find("a <b>"), std::string::npos);
  EXPECT_EQ(svg.find('\x01'), std::string::npos);
  EXPECT_NE(svg.find(">x&lt;y</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "<circle"), 2u);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

}  // namespace
}  // namespace tsumi::bench
