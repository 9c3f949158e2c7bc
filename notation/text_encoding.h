#pragma once
// The bytes of a notation file as UTF-8. Old KIF and KI2 files are Shift_JIS (CP932, the Windows code
// page that Kakinoki's and other Japanese GUIs write); new ones, .kifu files and CSA files are UTF-8 or
// plain ASCII.

#include <string>
#include <string_view>

#include "core/parse_error.h"

namespace tsumi::notation {

// UTF-8 input is returned as it is, less a byte-order mark. Anything else is read as CP932 and converted
// with the system's converter (notation/cp932.h: iconv, or Windows' code page 932); bytes that are
// neither give an error with the line and column (in bytes) of the first one. CSA's
// `'encoding=Shift_JIS` header line is honoured the same way.
ParseResult<std::string> to_utf8(std::string_view bytes);

}  // namespace tsumi::notation
