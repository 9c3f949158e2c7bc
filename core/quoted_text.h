#pragma once
// Input text quoted for an error message. Whatever a user or a file gives (newlines, escape codes,
// invalid UTF-8, megabytes), the message stays one line of valid UTF-8 of bounded length, and shows a
// multi-byte character whole rather than a stray byte of it.

#include <cstddef>
#include <string>
#include <string_view>

namespace tsumi {

// At most this many bytes of the input are shown by default.
inline constexpr std::size_t kQuoteMaxBytes = 80;

// The length in bytes of the well-formed UTF-8 character at the start of `text` (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF); 0 when the text is empty or does not start
// with one.
std::size_t utf8_char_length(std::string_view text);

// The code point of a well-formed UTF-8 character of `n` bytes (n = utf8_char_length(text) > 0).
char32_t utf8_code_point(std::string_view text, std::size_t n);

// Whether a character, well-formed UTF-8, would act on a terminal's line rather than show as a glyph:
// the C1 controls U+0080-U+009F (U+0085 is a line break to some), the line and paragraph separators
// U+2028 and U+2029, and the bidirectional formatting characters (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069), which reorder the text around them (Unicode UAX #9; the "Trojan
// Source" attack, CVE-2021-42574).
bool shows_as_control(char32_t c);

// The column, counted in characters from 0, of byte `offset` of a line of UTF-8: the characters that
// start before it (a stray byte counts as one). Error columns of the notation readers.
std::size_t utf8_column(std::string_view line, std::size_t offset);

// The character of `text` starting at byte `offset`: the whole UTF-8 sequence, or the one byte there
// when it starts none; empty past the end.
std::string_view utf8_char_at(std::string_view text, std::size_t offset);

// `text` in single quotes: printable ASCII and well-formed UTF-8 characters as they are; a quote and
// a backslash escaped with a backslash; \n, \r and \t; every other byte (control bytes, DEL, bytes of
// invalid UTF-8) as \xNN; and as \u{XXXX} the characters that would move or reorder what a terminal
// shows (shows_as_control). At most `max_bytes` bytes of the input are shown, never half a character;
// a longer text ends in "...' (N bytes)".
std::string quoted_text(std::string_view text, std::size_t max_bytes = kQuoteMaxBytes);

// The same escapes without the quotes (a quote and a backslash stay as they are), for a whole message
// that may echo input: at most `max_bytes` bytes of the text, never half a character, then "...".
std::string escaped_text(std::string_view text, std::size_t max_bytes);

}  // namespace tsumi
