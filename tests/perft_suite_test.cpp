#include "perft/perft_suite.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(PerftSuite, ParsesALine) {
  const auto e = parse_perft_suite_line(
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 ;D2 900 ;D1 30 ;id startpos");
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_EQ(e->sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  EXPECT_EQ(e->id, "startpos");
  ASSERT_EQ(e->expected.size(), 2u);
  EXPECT_EQ(e->expected[0].depth, 1);
  EXPECT_EQ(e->expected[0].nodes, 30u);
  EXPECT_EQ(e->expected[1].nodes, 900u);
}

TEST(PerftSuite, SkipsCommentsAndBlankLinesAndNumbersLines) {
  const auto s =
      parse_perft_suite("# comment\n\n4k4/9/9/9/9/9/9/9/4K4 b - 1 ;D1 5\r\n4k4/9/9/9/9/9/9/9/4K4 w - 1;D1 5\n");
  ASSERT_TRUE(s) << s.error().message;
  ASSERT_EQ(s->size(), 2u);
  EXPECT_EQ((*s)[0].line, 3);
  EXPECT_EQ((*s)[1].line, 4);
  EXPECT_TRUE((*s)[1].id.empty());
}

TEST(PerftSuite, RefusesBadLinesWithTheLineNumber) {
  const char* bad[] = {
      "4k4/9/9/9/9/9/9/9/4K4 x - 1 ;D1 5",        // bad SFEN
      "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;X1 5",        // unknown field
      "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;D1",          // no count
      "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;D1 5x",       // bad count
      "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;D0 5",        // bad depth
      "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;D1 5 ;D1 6",  // duplicate
  };
  for (const char* line : bad) {
    EXPECT_FALSE(parse_perft_suite_line(line)) << line;
    const auto s = parse_perft_suite(std::string("# header\n") + line + "\n");
    ASSERT_FALSE(s) << line;
    EXPECT_EQ(s.error().message.rfind("line 2: ", 0), 0u) << s.error().message;
  }
}

}  // namespace
}  // namespace tsumi
