// Tests of notation/cp932.h, the system's CP932 converter (iconv here; Windows' code page 932 under Wine
// in scripts/check-windows.sh, through a Shift_JIS KIF file): characters of one and two bytes convert,
// and the first byte that is no character is found, with a text cut inside a character told apart.

#include "notation/cp932.h"

#include <string>

#include <gtest/gtest.h>

namespace tsumi::notation {
namespace {

TEST(Cp932, ConvertsOneAndTwoByteCharacters) {
  const Cp932Conversion c = cp932_to_utf8("\x8b\x6c\x82\xdd 1\xb1");  // 詰み, a space, 1, half-width ｱ
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c.utf8, "詰み 1ｱ");
  EXPECT_TRUE(cp932_to_utf8("").ok());
}

TEST(Cp932, FindsTheFirstByteThatIsNoCharacter) {
  const Cp932Conversion bad = cp932_to_utf8("ab\x8b\x6c\x80x");
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(bad.unavailable.empty());
  EXPECT_EQ(bad.bad_at, 4u);
  EXPECT_FALSE(bad.ends_inside);
}

TEST(Cp932, TellsATextCutInsideACharacter) {
  const Cp932Conversion cut = cp932_to_utf8("ab\x8b");
  EXPECT_FALSE(cut.ok());
  EXPECT_EQ(cut.bad_at, 2u);
  EXPECT_TRUE(cut.ends_inside);
}

}  // namespace
}  // namespace tsumi::notation
