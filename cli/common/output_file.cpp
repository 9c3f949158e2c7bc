#include "cli/common/output_file.h"

#include <fstream>
#include <ostream>

#include "core/quoted_text.h"

namespace tsumi::cli {

std::optional<std::string> write_output_file(const std::string& path, std::string_view text, std::ostream& out) {
  if (path == "-") {
    out << text;
    return std::nullopt;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) file.write(text.data(), std::streamsize(text.size()));
  if (!file.flush()) return "cannot write " + quoted_text(path);
  return std::nullopt;
}

}  // namespace tsumi::cli
