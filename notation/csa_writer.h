#pragma once
// Writer of the CSA standard format V2.2 (csa_reader.h has the format): `V2.2`, names and `$` lines from
// the headers, `PI` (with the removed pieces of a handicap) or rows P1..P9 and `P+`/`P-` hands, the side
// to move, one move a line, and the end (`%TSUMI` for a mate, as the format defines). The keys and end
// words it writes for a kifu read from KIF are notation_words.h's.

#include <string>

#include "notation/kifu.h"

namespace tsumi::notation {

std::string write_csa(const Kifu& kifu);

}  // namespace tsumi::notation
