#include "notation/text_encoding.h"

#include <random>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "core/quoted_text.h"

namespace tsumi::notation {
namespace {

// Bytes from hex digits ("8256" -> "\x82\x56").
std::string bytes_of(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out += char(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  return out;
}

bool is_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_char_length(s.substr(i));
    if (n == 0) return false;
    i += n;
  }
  return true;
}

TEST(TextEncoding, Utf8IsReturnedAsItIsLessTheBom) {
  EXPECT_EQ(*to_utf8(""), "");
  EXPECT_EQ(*to_utf8("PI\n+\n"), "PI\n+\n");
  EXPECT_EQ(*to_utf8("手合割：平手\n"), "手合割：平手\n");
  EXPECT_EQ(*to_utf8("\xEF\xBB\xBF手合割：平手\n"), "手合割：平手\n");
}

TEST(TextEncoding, Cp932IsConverted) {
  // "手合割：平手\n" and "   1 ７六歩(77)\n" in CP932, as Python's cp932 codec writes them.
  const auto header = to_utf8(bytes_of("8ee88d878a84814695bd8ee80a"));
  ASSERT_TRUE(header) << header.error().describe();
  EXPECT_EQ(*header, "手合割：平手\n");
  const auto move = to_utf8(bytes_of("20202031208256985a95e0283737290a"));
  ASSERT_TRUE(move);
  EXPECT_EQ(*move, "   1 ７六歩(77)\n");
  // Half-width katakana (one byte each in CP932) and CP932's extensions (NEC row 13: ①).
  EXPECT_EQ(*to_utf8(bytes_of("b1b2")), "ｱｲ");
  EXPECT_EQ(*to_utf8(bytes_of("8740")), "①");
}

TEST(TextEncoding, BytesOfNeitherGiveLineAndColumn) {
  const auto bad = to_utf8("ab\ncd\x81\x20");  // a lead byte without its trail byte
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().line, 2u);
  EXPECT_EQ(bad.error().offset, 2u);
  const auto ff = to_utf8("\xFF");
  ASSERT_FALSE(ff);
  EXPECT_EQ(ff.error().line, 1u);
  EXPECT_EQ(ff.error().offset, 0u);
  const auto cut = to_utf8("x\n\x82");  // the text ends inside a character
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().line, 2u);
  EXPECT_EQ(cut.error().offset, 0u);
  EXPECT_NE(cut.error().message.find("ends"), std::string::npos);
}

TEST(TextEncoding, CsaEncodingLineIsHonoured) {
  // 'encoding=Shift_JIS: the bytes are CP932 ("N+羽生" after the line).
  const auto sjis = to_utf8("'encoding=Shift_JIS\r\nN+" + bytes_of("894890b6") + "\r\n");
  ASSERT_TRUE(sjis) << sjis.error().describe();
  EXPECT_EQ(*sjis, "'encoding=Shift_JIS\r\nN+羽生\r\n");
  // 'encoding=UTF-8 with bytes that are not: an error, even though they would read as CP932.
  const auto utf8 = to_utf8("'encoding=UTF-8\nN+" + bytes_of("894890b6") + "\n");
  ASSERT_FALSE(utf8);
  EXPECT_EQ(utf8.error().line, 2u);
  EXPECT_EQ(utf8.error().offset, 2u);
  EXPECT_EQ(*to_utf8("'encoding=UTF-8\nN+羽生\n"), "'encoding=UTF-8\nN+羽生\n");
}

// Random bytes: always UTF-8 out or an error inside the text.
TEST(TextEncoding, AnyBytesGiveUtf8OrAnError) {
  std::mt19937 rng(7);
  int converted = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string s(rng() % 64, '\0');
    for (char& c : s) c = char(rng() % 4 == 0 ? 0x81 + rng() % 0x1F : rng() & 0xFF);
    const auto out = to_utf8(s);
    if (out) {
      EXPECT_TRUE(is_utf8(*out));
      ++converted;
    } else {
      EXPECT_GE(out.error().line, 1u);
      EXPECT_LE(out.error().offset, s.size());
    }
  }
  EXPECT_GT(converted, 0);
}

}  // namespace
}  // namespace tsumi::notation
