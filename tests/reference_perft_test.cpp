// Every count of positions/perft-suite.epd whose leaf count lies in [TSUMI_PERFT_MIN_NODES,
// TSUMI_PERFT_MAX_NODES]; ctest runs this twice: up to 2e7 in CI, the rest under the `slow` label.

#include <gtest/gtest.h>

#include "perft/perft.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

struct Case {
  std::string id;
  std::string sfen;
  int depth;
  std::uint64_t nodes;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const PerftSuiteEntry& e : test::perft_suite())
    for (const PerftExpectation& x : e.expected) out.push_back({e.id, e.sfen, x.depth, x.nodes});
  return out;
}

class ReferencePerft : public ::testing::TestWithParam<Case> {};

TEST_P(ReferencePerft, CountMatches) {
  const Case& c = GetParam();
  const std::uint64_t lo = test::env_or("TSUMI_PERFT_MIN_NODES", 0);
  const std::uint64_t hi = test::env_or("TSUMI_PERFT_MAX_NODES", 20000000);
  if (c.nodes < lo || c.nodes > hi) GTEST_SKIP() << c.nodes << " leaves, outside [" << lo << ", " << hi << "]";
  test::SfenPosition p(c.sfen);
  EXPECT_EQ(perft(p.pos, c.depth), c.nodes);
}

INSTANTIATE_TEST_SUITE_P(Suite, ReferencePerft, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& param) {
                           return param.param.id + "_d" + std::to_string(param.param.depth);
                         });

}  // namespace
}  // namespace tsumi
