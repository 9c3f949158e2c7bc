#include <cerrno>

#include <iconv.h>

#include "notation/cp932.h"

namespace tsumi::notation {

// One iconv call: a CP932 character of one or two bytes is at most three bytes of UTF-8, so an output
// of three times the input always suffices and the work is linear.
Cp932Conversion cp932_to_utf8(std::string_view bytes) {
  Cp932Conversion c;
  const iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == iconv_t(-1)) {
    c.failed = true;
    c.unavailable = "iconv cannot convert from CP932 here";
    return c;
  }
  c.utf8.assign(bytes.size() * 3 + 4, '\0');
  char* in_ptr = const_cast<char*>(bytes.data());  // iconv's signature; it does not write the input
  std::size_t in_left = bytes.size();
  char* out_ptr = c.utf8.data();
  std::size_t out_left = c.utf8.size();
  const std::size_t rc = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
  const int err = errno;
  iconv_close(cd);
  if (rc == std::size_t(-1)) {
    c.failed = true;
    c.bad_at = bytes.size() - in_left;
    c.ends_inside = err == EINVAL;
    c.utf8.clear();
    return c;
  }
  c.utf8.resize(c.utf8.size() - out_left);
  return c;
}

}  // namespace tsumi::notation
