#pragma once
// Reading a kifu whatever its notation: the bytes are decoded (text_encoding.h) and the format is told
// by content, not by the file name: CSA by its `P1`/`PI`/`+`/`V2` statements, KIF/KI2/BOD by their
// diagram, header or moves, SFEN by its shape (also `sfen ...` and USI's `position ...` lines).

#include <optional>
#include <string_view>

#include "core/parse_error.h"
#include "notation/kifu.h"

namespace tsumi::notation {

// The format the UTF-8 text is in, or nullopt when it looks like none of them.
std::optional<KifuFormat> detect_format(std::string_view utf8);

// Decodes, detects and reads. Errors give the line and column, with the format tried in the message.
ParseResult<Kifu> read_kifu(std::string_view bytes);

}  // namespace tsumi::notation
