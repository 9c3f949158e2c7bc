#pragma once
// A file a command was asked to write (`--kif FILE`, `--csa FILE`): the whole text at once, or on the
// command's own output when the path is `-`.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "notation/kifu.h"

namespace tsumi::cli {

// Writes text to path, replacing the file, or to out for `-`. Returns why it could not.
std::optional<std::string> write_output_file(const std::string& path, std::string_view text, std::ostream& out);

// --kif and --csa: the kifu as a KIF file at kif_path and a CSA file at csa_path, each only when its path
// is not empty (`-`: on out). Returns why one could not be written.
std::optional<std::string> write_kifu_files(const std::string& kif_path, const std::string& csa_path,
                                            const notation::Kifu& kifu, std::ostream& out);

}  // namespace tsumi::cli
