#pragma once
// A file a command was asked to write (`--kif FILE`, `--csa FILE`): the whole text at once, or on the
// command's own output when the path is `-`.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace tsumi::cli {

// Writes text to path, replacing the file, or to out for `-`. Returns why it could not.
std::optional<std::string> write_output_file(const std::string& path, std::string_view text, std::ostream& out);

}  // namespace tsumi::cli
