#pragma once
// Reading a whole input file (a suite, a problem) with a bound: a directory, a device that never ends
// (/dev/zero) or a file of gigabytes is refused with a message instead of filling the memory.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace tsumi {

// The most bytes an input file may have: far more than any suite (the largest in positions/ is 60 KB).
inline constexpr std::size_t kMaxInputBytes = std::size_t(64) << 20;

// Reads the file at `path` into `text`. Returns the reason when it cannot: it does not exist or cannot
// be read, it is a directory, or it holds more than `max_bytes` bytes (then only that many are read).
std::optional<std::string> read_text_file(const std::string& path, std::string& text,
                                          std::size_t max_bytes = kMaxInputBytes);

// A file name as tsumi holds it (UTF-8, as arguments and suites give it) and as std::filesystem takes
// it. Through char8_t on every system: on Windows a std::filesystem::path made from a plain char
// string reads it in the C library's locale, not UTF-8, and 詰将棋.kif would not be found.
std::filesystem::path file_path(std::string_view utf8);
std::string utf8_name(const std::filesystem::path& path);

}  // namespace tsumi
