#include <windows.h>

#include "notation/cp932.h"

namespace tsumi::notation {

namespace {

constexpr UINT kCp932 = 932;

// `bytes` as UTF-16 and then UTF-8; false where a byte is no CP932 character.
bool convert(std::string_view bytes, std::string* utf8) {
  if (bytes.empty()) return true;
  const int wide_n = MultiByteToWideChar(kCp932, MB_ERR_INVALID_CHARS, bytes.data(), int(bytes.size()), nullptr, 0);
  if (wide_n <= 0) return false;
  if (!utf8) return true;
  std::wstring wide(std::size_t(wide_n), L'\0');
  MultiByteToWideChar(kCp932, MB_ERR_INVALID_CHARS, bytes.data(), int(bytes.size()), wide.data(), wide_n);
  const int n = WideCharToMultiByte(CP_UTF8, 0, wide.data(), wide_n, nullptr, 0, nullptr, nullptr);
  utf8->assign(std::size_t(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, wide.data(), wide_n, utf8->data(), n, nullptr, nullptr);
  return true;
}

}  // namespace

Cp932Conversion cp932_to_utf8(std::string_view bytes) {
  Cp932Conversion c;
  if (convert(bytes, &c.utf8)) return c;
  // Where: one character at a time, only on the way to an error.
  c.failed = true;
  c.utf8.clear();
  for (std::size_t i = 0; i < bytes.size();) {
    const std::size_t n = IsDBCSLeadByteEx(kCp932, BYTE(bytes[i])) ? 2 : 1;
    if (i + n > bytes.size()) {
      c.bad_at = i;
      c.ends_inside = true;
      return c;
    }
    if (!convert(bytes.substr(i, n), nullptr)) {
      c.bad_at = i;
      return c;
    }
    i += n;
  }
  c.bad_at = bytes.size();  // the whole failed and no character did: say the end
  return c;
}

}  // namespace tsumi::notation
