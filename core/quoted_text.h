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

// The character of `text` starting at byte `offset`: the whole UTF-8 sequence, or the one byte there
// when it starts none; empty past the end.
std::string_view utf8_char_at(std::string_view text, std::size_t offset);

// `text` in single quotes: printable ASCII and well-formed UTF-8 characters as they are; a quote and
// a backslash escaped with a backslash; \n, \r and \t; every other byte (control bytes, DEL, bytes of
// invalid UTF-8) as \xNN. At most `max_bytes` bytes of the input are shown, never half a character;
// a longer text ends in "...' (N bytes)".
std::string quoted_text(std::string_view text, std::size_t max_bytes = kQuoteMaxBytes);

// The same escapes without the quotes (a quote and a backslash stay as they are), for a whole message
// that may echo input: at most `max_bytes` bytes of the text, never half a character, then "...".
std::string escaped_text(std::string_view text, std::size_t max_bytes);

}  // namespace tsumi
