#include "front/problem_source.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <istream>
#include <system_error>
#include <utility>

#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/text_file.h"
#include "core/usi.h"
#include "notation/kifu_file.h"

namespace tsumi::front {

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

// How messages name the file at path: quoted, or "standard input" for `-`.
std::string file_name(const std::string& path) {
  return path == "-" ? std::string("standard input") : quoted_text(path);
}

// The problem of a kifu: its start, its moves the recorded line; `name` (may be empty) starts a message.
std::optional<std::string> problem_of_kifu(notation::Kifu kifu, const std::string& name, LoadedProblem& out) {
  if (auto e = problem_of(kifu.start, out.problem)) return name.empty() ? *e : name + ": " + *e;
  out.line = kifu.moves;
  out.source = std::move(kifu);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> problem_of(const PositionSetup& setup, MateProblem& out) {
  auto problem = make_mate_problem(setup);
  if (!problem) return "not a tsume problem: " + problem.error().message;
  out = std::move(problem.value());
  return std::nullopt;
}

std::optional<std::string> load_problem_text(std::string_view text, LoadedProblem& out) {
  text = strip_sfen_prefix(text);
  if (text.find('\n') != std::string_view::npos || text.starts_with("position ")) {
    notation::Kifu kifu;
    if (auto e = read_kifu_bytes(text, "", kifu)) return e;
    return problem_of_kifu(std::move(kifu), "", out);
  }
  if (const auto named = named_sfen(text)) text = *named;
  const auto setup = parse_sfen(text, kTsumeLeniency);
  if (!setup) return "bad SFEN " + quoted_text(text) + " " + setup.error().describe();
  if (auto e = problem_of(*setup, out.problem)) return e;
  out.line.clear();
  out.source = notation::Kifu{};
  out.source.start = out.problem.setup;
  return std::nullopt;
}

std::optional<std::string> load_problem_bytes(std::string_view bytes, const std::string& name, LoadedProblem& out) {
  notation::Kifu kifu;
  if (auto e = read_kifu_bytes(bytes, name, kifu)) return e;
  return problem_of_kifu(std::move(kifu), name, out);
}

std::optional<std::string> load_problem_file(const std::string& path, std::istream* in, LoadedProblem& out) {
  notation::Kifu kifu;
  if (auto e = read_kifu_file(path, in, kifu)) return e;
  return problem_of_kifu(std::move(kifu), file_name(path), out);
}

std::optional<std::string> replace_line(std::string_view usi, LoadedProblem& p) {
  auto line = parse_usi_line(p.problem.setup, usi);
  if (!line) return line.error().message;
  p.line = std::move(line.value());
  return std::nullopt;
}

std::optional<std::string> read_kifu_file(const std::string& path, std::istream* in, notation::Kifu& out) {
  std::string bytes;
  if (path == "-") {
    if (in == nullptr) return std::string("standard input is not available here");
    if (auto e = read_stream(*in, bytes)) return e;
  } else if (auto e = read_text_file(path, bytes)) {
    return e;
  }
  return read_kifu_bytes(bytes, file_name(path), out);
}

std::optional<std::string> read_kifu_bytes(std::string_view bytes, const std::string& name, notation::Kifu& out) {
  auto kifu = notation::read_kifu(bytes);
  if (!kifu) return name.empty() ? kifu.error().describe() : name + " " + kifu.error().describe();
  out = std::move(kifu.value());
  return std::nullopt;
}

std::optional<std::string> load_problem_suite(const std::string& path, const std::string& ids,
                                              std::vector<SuiteProblem>& out) {
  std::string text;
  if (auto e = read_text_file(path, text)) return "suite file: " + *e;
  auto suite = parse_mate_suite(text);
  if (!suite) return path + ": " + suite.error().message + " (column " + std::to_string(suite.error().offset + 1) + ")";
  for (MateSuiteEntry& entry : suite.value()) {
    if (!id_selected(ids, entry.id)) continue;
    SuiteProblem p;
    if (auto e = load_problem_text(entry.sfen, p.loaded))
      return path + ": line " + std::to_string(entry.line) + ": " + *e;
    p.loaded.name = entry.id.empty() ? "line " + std::to_string(entry.line) : entry.id;
    p.entry = std::move(entry);
    out.push_back(std::move(p));
  }
  if (out.empty() && !ids.empty()) return path + ": no problem has an id in " + quoted_text(ids);
  return std::nullopt;
}

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
    const fs::file_status status = fs::status(file_path(arg), ec);
    if (ec || !fs::exists(status)) return quoted_text(arg) + ": no such file or directory";
    if (!fs::is_directory(status)) {
      out.push_back(arg);
      continue;
    }
    std::vector<std::string> found;
    for (fs::directory_iterator it(file_path(arg), ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code file_ec;
      if (it->is_regular_file(file_ec) && is_problem_file_name(utf8_name(it->path().filename())))
        found.push_back(utf8_name(it->path()));
    }
    if (ec) return quoted_text(arg) + ": cannot list the directory: " + ec.message();
    if (found.empty())
      return quoted_text(arg) + ": a directory without problem files (.kif .kifu .ki2 .ki2u .csa .bod .sfen .usi)";
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return std::nullopt;
}

bool one_problem_file(const std::vector<std::string>& files) {
  std::error_code ec;
  return files.size() == 1 && (files[0] == "-" || !fs::is_directory(file_path(files[0]), ec));
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

}  // namespace tsumi::front
