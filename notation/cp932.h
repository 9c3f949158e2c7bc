#pragma once
// CP932 (Shift_JIS as Windows writes it, the encoding of old KIF and KI2 files) to UTF-8: the system's
// converter, one interface with a half for each system (notation/CMakeLists.txt picks one):
// - cp932_posix.cpp: glibc's iconv ("CP932"), in one call;
// - cp932_windows.cpp: MultiByteToWideChar(932) then WideCharToMultiByte(CP_UTF8); Windows has no
//   iconv. On failure it walks the text one character at a time (IsDBCSLeadByteEx) to find the first
//   byte it cannot convert.
// The two tables agree on every character of JIS X 0208 and the NEC and IBM extensions; bytes that are
// no character (0x80, 0xA0, 0xFD-0xFF, a lead byte with a bad trail byte) fail on both. Thread safe.

#include <cstddef>
#include <string>
#include <string_view>

namespace tsumi::notation {

struct Cp932Conversion {
  std::string utf8;          // the converted text (when ok())
  std::size_t bad_at = 0;    // the offset of the first byte that starts no CP932 character
  bool ends_inside = false;  // the text ends inside a two-byte character (at bad_at)
  bool failed = false;
  std::string unavailable;  // the system has no CP932 converter: why (then failed too)
  bool ok() const { return !failed; }
};

Cp932Conversion cp932_to_utf8(std::string_view bytes);

}  // namespace tsumi::notation
