#include "core/text_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include <sys/stat.h>

#include "core/quoted_text.h"

namespace tsumi {

std::optional<std::string> read_text_file(const std::string& path, std::string& text, std::size_t max_bytes) {
  text.clear();
  const std::string name = quoted_text(path);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "cannot read " + name + ": " + std::strerror(errno);
  if (S_ISDIR(st.st_mode)) return name + " is a directory, not a file";
  std::ifstream file(path, std::ios::binary);
  if (!file) return "cannot read " + name;
  // In blocks, so that a file without end stops at the bound.
  constexpr std::size_t kBlock = std::size_t(1) << 16;
  char block[kBlock];
  while (file) {
    file.read(block, std::streamsize(kBlock));
    const auto got = std::size_t(file.gcount());
    if (text.size() + got > max_bytes)
      return name + " is larger than " + std::to_string(max_bytes >> 20) + " MiB, more than any input tsumi reads";
    text.append(block, got);
  }
  if (file.bad()) return "cannot read " + name;
  return std::nullopt;
}

std::filesystem::path file_path(std::string_view utf8) {
  return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

std::string utf8_name(const std::filesystem::path& path) {
  const std::u8string name = path.u8string();
  return std::string(name.begin(), name.end());
}

}  // namespace tsumi
