#include "cli/common/output_file.h"

#include <fstream>
#include <ostream>

#include "core/quoted_text.h"
#include "notation/csa_writer.h"
#include "notation/kif_writer.h"

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

std::optional<std::string> write_kifu_files(const std::string& kif_path, const std::string& csa_path,
                                            const notation::Kifu& kifu, std::ostream& out) {
  if (!kif_path.empty())
    if (auto e = write_output_file(kif_path, notation::write_kif(kifu), out)) return e;
  if (!csa_path.empty())
    if (auto e = write_output_file(csa_path, notation::write_csa(kifu), out)) return e;
  return std::nullopt;
}

}  // namespace tsumi::cli
