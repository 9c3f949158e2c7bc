#include "core/quoted_text.h"

#include <string>

#include <gtest/gtest.h>

namespace tsumi {
namespace {

// Whether the text is well-formed UTF-8 throughout.
bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_char_length(s.substr(i));
    if (n == 0) return false;
    i += n;
  }
  return true;
}

TEST(QuotedText, PlainTextIsQuotedAsItIs) {
  EXPECT_EQ(quoted_text("7g7f"), "'7g7f'");
  EXPECT_EQ(quoted_text(""), "''");
  EXPECT_EQ(quoted_text("a b"), "'a b'");
}

TEST(QuotedText, ControlBytesAndQuotesAreEscaped) {
  EXPECT_EQ(quoted_text("a\nb"), "'a\\nb'");
  EXPECT_EQ(quoted_text("\r\t"), "'\\r\\t'");
  EXPECT_EQ(quoted_text("\x1b[31mred"), "'\\x1b[31mred'");
  EXPECT_EQ(quoted_text(std::string("\0x", 2)), "'\\x00x'");
  EXPECT_EQ(quoted_text("\x7f"), "'\\x7f'");
  EXPECT_EQ(quoted_text("it's"), "'it\\'s'");
  EXPECT_EQ(quoted_text("a\\b"), "'a\\\\b'");
}

TEST(QuotedText, MultiByteCharactersStayWhole) {
  EXPECT_EQ(quoted_text("王"), "'王'");
  EXPECT_EQ(quoted_text("５七桂"), "'５七桂'");
  EXPECT_EQ(quoted_text("\xF0\x9F\x80\x84"), "'\xF0\x9F\x80\x84'");  // U+1F004, four bytes
}

// Characters a terminal acts on instead of showing: C1 controls, line separators, bidi formatting.
TEST(QuotedText, CharactersThatMoveOrReorderTheLineAreEscaped) {
  const std::string nel = "\xC2\x85", csi = "\xC2\x9B", rlo = "\xE2\x80\xAE";
  // NEL, a line break to some terminals; CSI, the 8-bit start of an escape sequence.
  EXPECT_EQ(quoted_text("a" + nel + "b"), "'a\\u{0085}b'");
  EXPECT_EQ(quoted_text(csi + "31m"), "'\\u{009b}31m'");
  // LINE SEPARATOR; RIGHT-TO-LEFT OVERRIDE; the isolates; ARABIC LETTER MARK.
  EXPECT_EQ(quoted_text("\xE2\x80\xA8"), "'\\u{2028}'");
  EXPECT_EQ(quoted_text("x" + rlo + "cod.exe"), "'x\\u{202e}cod.exe'");
  EXPECT_EQ(quoted_text("\xE2\x81\xA6\xE2\x81\xA9"), "'\\u{2066}\\u{2069}'");
  EXPECT_EQ(quoted_text("\xD8\x9C"), "'\\u{061c}'");
  // Their neighbours show as they are.
  EXPECT_EQ(quoted_text("\xC2\xA0\xE2\x80\xA7\xE2\x80\xAF"), "'\xC2\xA0\xE2\x80\xA7\xE2\x80\xAF'");
  // The cap counts input bytes: the escape of a 3-byte character fits where the character does.
  EXPECT_EQ(quoted_text("ab\xE2\x80\xA8", 5), "'ab\\u{2028}'");
  EXPECT_EQ(quoted_text("ab\xE2\x80\xA8", 4), "'ab...' (5 bytes)");
  EXPECT_EQ(escaped_text("a" + rlo + "b", 80), "a\\u{202e}b");
}

TEST(QuotedText, CodePointsAndTheControlSet) {
  EXPECT_EQ(utf8_code_point("A", 1), U'A');
  EXPECT_EQ(utf8_code_point("\xC2\x85", 2), U'\u0085');
  EXPECT_EQ(utf8_code_point("王", 3), U'王');
  EXPECT_EQ(utf8_code_point("\xF0\x9F\x80\x84", 4), U'\U0001F004');
  for (char32_t c : {0x80u, 0x9Fu, 0x2028u, 0x2029u, 0x61Cu, 0x200Eu, 0x200Fu, 0x202Au, 0x202Eu, 0x2066u, 0x2069u})
    EXPECT_TRUE(shows_as_control(c)) << std::hex << unsigned(c);
  for (char32_t c : {0x7Fu, 0xA0u, 0x200Du, 0x2027u, 0x202Fu, 0x2065u, 0x206Au, 0x738Bu, 0x1F004u})
    EXPECT_FALSE(shows_as_control(c)) << std::hex << unsigned(c);
}

TEST(QuotedText, InvalidUtf8IsEscapedByteByByte) {
  EXPECT_EQ(quoted_text("\xe6"), "'\\xe6'");                             // the first byte of 王 alone
  EXPECT_EQ(quoted_text("\xe7\x8e"), "'\\xe7\\x8e'");                    // two of its three bytes
  EXPECT_EQ(quoted_text("\xc0\xaf"), "'\\xc0\\xaf'");                    // an overlong '/'
  EXPECT_EQ(quoted_text("\xed\xa0\x80"), "'\\xed\\xa0\\x80'");           // a surrogate
  EXPECT_EQ(quoted_text("\xf4\x90\x80\x80"), "'\\xf4\\x90\\x80\\x80'");  // above U+10FFFF
  EXPECT_EQ(quoted_text("\x80x"), "'\\x80x'");
}

TEST(QuotedText, LongTextIsCutAtAWholeCharacter) {
  const std::string long_ascii(1000, 'a');
  EXPECT_EQ(quoted_text(long_ascii, 10), "'aaaaaaaaaa...' (1000 bytes)");
  EXPECT_EQ(quoted_text(std::string(80, 'b')), "'" + std::string(80, 'b') + "'");
  EXPECT_EQ(quoted_text(std::string(81, 'b')), "'" + std::string(80, 'b') + "...' (81 bytes)");
  // 王 is three bytes: a cut at four bytes keeps one, never one and a third.
  EXPECT_EQ(quoted_text("王王王", 4), "'王...' (9 bytes)");
}

TEST(QuotedText, TheResultIsOneLineOfValidUtf8WhateverTheInput) {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) every_byte += char(b);
  for (std::size_t max : {std::size_t(3), std::size_t(80), std::size_t(1000)}) {
    const std::string q = quoted_text(every_byte + "王" + every_byte, max);
    EXPECT_TRUE(valid_utf8(q)) << max;
    EXPECT_EQ(q.find('\n'), std::string::npos) << max;
    EXPECT_LE(q.size(), 4 * max + 32) << max;  // \xNN is four bytes a byte, plus quotes and the tail
  }
}

TEST(QuotedText, EscapedTextHasTheSameEscapesWithoutQuotes) {
  EXPECT_EQ(escaped_text("it's a\\b", 80), "it's a\\b");  // quotes and backslashes stay
  EXPECT_EQ(escaped_text("a\nb\x1b王\xe6", 80), "a\\nb\\x1b王\\xe6");
  EXPECT_EQ(escaped_text(std::string(100, 'x'), 10), std::string(10, 'x') + "...");
  EXPECT_EQ(escaped_text("王王", 4), "王...");
  EXPECT_EQ(escaped_text("", 10), "");
}

TEST(QuotedText, Utf8CharacterAt) {
  const std::string s = "a王\xe6z";
  EXPECT_EQ(utf8_char_at(s, 0), "a");
  EXPECT_EQ(utf8_char_at(s, 1), "王");
  EXPECT_EQ(utf8_char_at(s, 4), "\xe6");  // not a character: the byte alone
  EXPECT_EQ(utf8_char_at(s, 5), "z");
  EXPECT_EQ(utf8_char_at(s, 6), "");
  EXPECT_EQ(utf8_char_length("王"), 3u);
  EXPECT_EQ(utf8_char_length(""), 0u);
  EXPECT_EQ(utf8_char_length("\xe6\x97"), 0u);
}

TEST(QuotedText, Utf8ColumnCountsCharactersBeforeTheByte) {
  const std::string_view line = "P1 手合割:x";  // 手, 合 and 割 are three bytes each
  EXPECT_EQ(utf8_column(line, 0), 0u);
  EXPECT_EQ(utf8_column(line, 3), 3u);
  EXPECT_EQ(utf8_column(line, 6), 4u);        // after 手
  EXPECT_EQ(utf8_column(line, 12), 6u);       // after 割: the colon
  EXPECT_EQ(utf8_column(line, 100), 8u);      // past the end: every character
  EXPECT_EQ(utf8_column("\xff\xfe", 2), 2u);  // stray bytes count one each
}

}  // namespace
}  // namespace tsumi
