#pragma once
// Reading a whole input file (a suite, a problem) with a bound: a directory, a device that never ends
// (/dev/zero) or a file of gigabytes is refused with a message instead of filling the memory.

#include <cstddef>
#include <optional>
#include <string>

namespace tsumi {

// The most bytes an input file may have: far more than any suite (the largest in positions/ is 60 KB).
inline constexpr std::size_t kMaxInputBytes = std::size_t(64) << 20;

// Reads the file at `path` into `text`. Returns the reason when it cannot: it does not exist or cannot
// be read, it is a directory, or it holds more than `max_bytes` bytes (then only that many are read).
std::optional<std::string> read_text_file(const std::string& path, std::string& text,
                                          std::size_t max_bytes = kMaxInputBytes);

}  // namespace tsumi
