#include "core/text_lines.h"

#include <string>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(TextLines, TrimTakesEveryBlankOfTheCLocale) {
  EXPECT_EQ(trim("  a b \t\r\n"), "a b");
  EXPECT_EQ(trim("\v\fx\v\f"), "x");
  EXPECT_EQ(trim(" \t\r\n"), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("王"), "王");  // bytes of UTF-8 are never blanks
  for (int c = 0; c < 256; ++c) EXPECT_EQ(is_blank(char(c)), c == ' ' || (c >= 9 && c <= 13)) << c;
}

struct Item {
  std::string text;
  int line = 0;
};

ParseResult<Item> parse_item(std::string_view line) {
  if (line.find('!') != std::string_view::npos) return ParseError{"no '!' here", line.find('!')};
  return Item{std::string(line), 0};
}

TEST(TextLines, SuiteLinesSkipBlanksAndCommentsAndNumberTheRest) {
  const auto r = parse_suite_lines<Item>("a\n\n  # comment\n b \r\n#\nc", parse_item);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->size(), 3u);
  EXPECT_EQ((*r)[0].text, "a");
  EXPECT_EQ((*r)[0].line, 1);
  EXPECT_EQ((*r)[1].text, " b \r");  // the line whole: columns stay columns of the line
  EXPECT_EQ((*r)[1].line, 4);
  EXPECT_EQ((*r)[2].text, "c");
  EXPECT_EQ((*r)[2].line, 6);
  EXPECT_TRUE(parse_suite_lines<Item>("", parse_item)->empty());
  EXPECT_TRUE(parse_suite_lines<Item>("\n\n", parse_item)->empty());
}

TEST(TextLines, TheFirstBadLineIsReportedWithItsNumberAndColumn) {
  const auto r = parse_suite_lines<Item>("ok\n# x!\nfine\nbad ! line\nalso!\n", parse_item);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "line 4: no '!' here");
  EXPECT_EQ(r.error().offset, 4u);
}

}  // namespace
}  // namespace tsumi
