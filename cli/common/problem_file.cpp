#include "cli/common/problem_file.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <istream>
#include <system_error>

#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/text_file.h"
#include "notation/kifu_file.h"

namespace tsumi::cli {

namespace {

namespace fs = std::filesystem;

// Not .txt: a folder's README.txt or a tsume suite (read with --suite) is no problem file.
constexpr std::array<std::string_view, 8> kProblemEndings = {".kif", ".kifu", ".ki2",  ".ki2u",
                                                             ".csa", ".bod",  ".sfen", ".usi"};

// What `in` holds, up to kMaxInputBytes.
std::optional<std::string> read_stream(std::istream& in, std::string& text) {
  text.clear();
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, std::size_t(in.gcount()));
    if (text.size() > kMaxInputBytes)
      return "standard input holds more than " + std::to_string(kMaxInputBytes >> 20) + " MB";
  }
  return std::nullopt;
}

}  // namespace

bool is_problem_file_name(const std::string& name) {
  if (name.empty() || name.front() == '.') return false;  // hidden files, editors' backups
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return std::any_of(kProblemEndings.begin(), kProblemEndings.end(),
                     [&](std::string_view e) { return lower.size() > e.size() && lower.ends_with(e); });
}

std::optional<std::string> expand_problem_paths(const std::vector<std::string>& args, std::vector<std::string>& out) {
  out.clear();
  bool stdin_named = false;
  for (const std::string& arg : args) {
    if (arg == "-") {
      if (stdin_named) return std::string("'-' (standard input) is given twice");
      stdin_named = true;
      out.push_back(arg);
      continue;
    }
    std::error_code ec;
    const fs::file_status status = fs::status(arg, ec);
    if (ec || !fs::exists(status)) return quoted_text(arg) + ": no such file or directory";
    if (!fs::is_directory(status)) {
      out.push_back(arg);
      continue;
    }
    std::vector<std::string> found;
    for (fs::directory_iterator it(arg, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code file_ec;
      if (it->is_regular_file(file_ec) && is_problem_file_name(it->path().filename().string()))
        found.push_back(it->path().string());
    }
    if (ec) return quoted_text(arg) + ": cannot list the directory: " + ec.message();
    if (found.empty())
      return quoted_text(arg) + ": a directory without problem files (.kif .kifu .ki2 .ki2u .csa .bod .sfen .usi)";
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return std::nullopt;
}

std::optional<std::string> read_problem_file(const std::string& path, std::istream* in, notation::Kifu& out) {
  std::string bytes;
  if (path == "-") {
    if (in == nullptr) return std::string("standard input is not available here");
    if (auto e = read_stream(*in, bytes)) return e;
  } else if (auto e = read_text_file(path, bytes)) {
    return e;
  }
  const std::string name = path == "-" ? std::string("standard input") : quoted_text(path);
  auto kifu = notation::read_kifu(bytes);
  if (!kifu) return name + " " + kifu.error().describe();
  out = std::move(kifu.value());
  return std::nullopt;
}

std::optional<std::string> load_problem(std::string_view text, MateProblem& out) {
  text = strip_sfen_prefix(text);
  const auto setup = parse_sfen(text, kTsumeLeniency);
  if (!setup) return "bad SFEN " + quoted_text(text) + " " + setup.error().describe();
  auto problem = make_mate_problem(*setup);
  if (!problem) return "not a tsume problem: " + problem.error().message;
  out = std::move(problem.value());
  return std::nullopt;
}

std::optional<std::string> load_problem_file(const std::string& path, std::istream* in, MateProblem& out,
                                             notation::Kifu& kifu) {
  if (auto e = read_problem_file(path, in, kifu)) return e;
  auto problem = make_mate_problem(kifu.start);
  if (!problem)
    return (path == "-" ? std::string("standard input") : quoted_text(path)) +
           ": not a tsume problem: " + problem.error().message;
  out = std::move(problem.value());
  return std::nullopt;
}

bool one_problem_file(const std::vector<std::string>& files) {
  std::error_code ec;
  return files.size() == 1 && (files[0] == "-" || !fs::is_directory(files[0], ec));
}

bool id_selected(const std::string& ids, const std::string& id) {
  if (ids.empty()) return true;
  std::string_view rest = ids;
  while (true) {
    const std::size_t comma = rest.find(',');
    if (rest.substr(0, comma) == id) return true;
    if (comma == std::string_view::npos) return false;
    rest.remove_prefix(comma + 1);
  }
}

}  // namespace tsumi::cli
