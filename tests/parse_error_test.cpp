#include "core/parse_error.h"

#include <gtest/gtest.h>

namespace tsumi {
namespace {

TEST(ParseError, DescribesTheColumnFromOne) {
  const ParseError e{"bad letter", 4};
  EXPECT_EQ(e.describe(), "at column 5: bad letter");
}

TEST(ParseError, DescribesTheLineWhenThereIsOne) {
  const ParseError e{"unknown piece", 2, 7};
  EXPECT_EQ(e.describe(), "at line 7, column 3: unknown piece");
}

TEST(ParseResult, HoldsAValueOrAnError) {
  ParseResult<int> ok(42);
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, 42);
  ParseResult<int> bad(ParseError{"nope", 0});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "nope");
}

}  // namespace
}  // namespace tsumi
