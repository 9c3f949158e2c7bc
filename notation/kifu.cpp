#include "notation/kifu.h"

namespace tsumi::notation {

std::string_view format_name(KifuFormat format) {
  switch (format) {
    case KifuFormat::sfen: return "sfen";
    case KifuFormat::kif: return "kif";
    case KifuFormat::ki2: return "ki2";
    case KifuFormat::csa: return "csa";
    case KifuFormat::bod: return "bod";
  }
  return "unknown";
}

}  // namespace tsumi::notation
