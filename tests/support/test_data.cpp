#include "tests/support/test_data.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "core/text_file.h"
#include "solver/proof_hand.h"

namespace tsumi::test {

std::string positions_path(std::string_view file) { return std::string(TSUMI_POSITIONS_DIR) + "/" + std::string(file); }

std::string read_file(const std::string& path) {
  std::string text;
  if (auto e = read_text_file(path, text)) throw std::runtime_error(*e);
  return text;
}

std::vector<PerftSuiteEntry> perft_suite() {
  auto suite = parse_perft_suite(read_file(positions_path("perft-suite.epd")));
  if (!suite) throw std::runtime_error("perft-suite.epd: " + suite.error().message);
  return suite.value();
}

std::vector<std::string> tsume_sfens() {
  std::istringstream in(read_file(positions_path("tsume-public.txt")));
  std::vector<std::string> sfens;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    sfens.push_back(line.substr(0, line.find('\t')));
  }
  return sfens;
}

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const unsigned long long x = std::strtoull(v, &end, 10);
  return *end == '\0' ? x : fallback;
}

namespace {

std::vector<MateSuiteEntry> read_mate_suite(const char* file) {
  try {
    const auto parsed = parse_mate_suite(read_file(positions_path(file)));
    return parsed.ok() ? parsed.value() : std::vector<MateSuiteEntry>{};
  } catch (const std::exception&) {
    return std::vector<MateSuiteEntry>{};
  }
}

}  // namespace

const std::vector<MateSuiteEntry>& tsume_suite() {
  static const std::vector<MateSuiteEntry> entries = read_mate_suite("tsume-public.txt");
  return entries;
}

const std::vector<MateSuiteEntry>& famous_suite() {
  static const std::vector<MateSuiteEntry> entries = read_mate_suite("tsume-famous.txt");
  return entries;
}

const std::vector<MateSuiteEntry>& random_suite() {
  static const std::vector<MateSuiteEntry> entries = read_mate_suite("tsume-random.txt");
  return entries;
}

const MateSuiteEntry* tsume_entry(std::string_view id) {
  for (const auto* suite : {&tsume_suite(), &famous_suite(), &random_suite()})
    for (const MateSuiteEntry& e : *suite)
      if (e.id == id) return &e;
  return nullptr;
}

std::optional<MateProblem> tsume_problem(std::string_view sfen) {
  const auto setup = parse_sfen(sfen, kTsumeLeniency);
  if (!setup) return std::nullopt;
  const auto problem = make_mate_problem(*setup);
  if (!problem) return std::nullopt;
  return *problem;
}

Hand hand_of(std::initializer_list<std::pair<PieceType, int>> counts) {
  Hand h;
  for (const auto& [pt, n] : counts) h.set(pt, n);
  return h;
}

Hand hand_after(const MateProblem& problem, const std::vector<Move>& line) {
  std::vector<StateInfo> states(line.size() + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  for (std::size_t i = 0; i < line.size(); ++i) pos.do_move(line[i], states[i + 1]);
  return pos.hand(problem.attacker);
}

ProcessResult run_process(const std::string& command_line, int timeout_s) {
  // Per process: ctest runs tests as separate processes, several at once.
  static int serial = 0;
  const std::string out_path = std::filesystem::temp_directory_path().string() + "/" + std::to_string(getpid()) + "_" +
                               std::to_string(serial++) + "_process_out.txt";
  const std::string command = "timeout " + std::to_string(timeout_s) + " " + command_line + " >" + out_path + " 2>&1";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), read_file(out_path)};
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("tsumi_test_" + std::to_string(getpid()) + "_" + name)).string();
}

namespace {
struct FilesToRemove {
  std::vector<std::string> paths;
  ~FilesToRemove() {
    std::error_code ec;
    for (const std::string& p : paths) std::filesystem::remove(p, ec), std::filesystem::remove(p + ".tmp", ec);
  }
};
}  // namespace

std::string removed_at_exit(const std::string& path) {
  static FilesToRemove files;  // destroyed, and the files with it, when the program ends
  files.paths.push_back(path);
  return path;
}

std::string temp_file(const std::string& name, const std::string& contents) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

}  // namespace tsumi::test

namespace tsumi {

void PrintTo(const Hand& h, std::ostream* os) {
  *os << "{";
  for (PieceType pt : proof_hand::kHandTypes)
    if (h.count(pt)) *os << " " << kPieceLetter[pt] << h.count(pt);
  *os << " }";
}

}  // namespace tsumi
