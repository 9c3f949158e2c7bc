// The `tsumi mate` command in-process and as a process. Tests marked "needs the solver" expect real
// verdicts; the others hold for any solver (they check parsing, refusals and the shape of the output).

#include "cli/mate/mate_command.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "core/platform.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kifu_file.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

// tanuki1-1 of positions/tsume-public.txt: mate in 1, only by 8c1c.
constexpr const char* kMateIn1 = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";
// The attacker has nothing at all.
constexpr const char* kNoMate = "4k4/9/9/9/9/9/9/9/9 b - 1";

using test::CommandResult;
using test::temp_file;

CommandResult run(const MateOptions& o) { return test::run_command(run_mate, o); }

MateOptions mate_sfen_options(const char* sfen) {
  MateOptions o;
  o.sfen = sfen;
  o.hash_mb = 16;
  o.time_s = 20;
  return o;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool has_line_starting(const std::string& text, const std::string& prefix) {
  for (const std::string& line : lines_of(text))
    if (line.rfind(prefix, 0) == 0) return true;
  return false;
}

// ---- refusals and output shape: hold for any solver ----

TEST(MateCommand, RefusesBadInput) {
  struct Case {
    const char* sfen;
    const char* message;
  };
  const Case cases[] = {
      {"4k4/9/9/9/9/9/9/9 b - 1", "bad SFEN"},
      {"4k4/9/9/9/9/9/9/9/9 x - 1", "bad SFEN"},
      {"garbage", "bad SFEN"},
      {"4K4/9/9/9/9/9/9/9/9 b G 1", "no king"},
      {"9/9/9/9/9/9/9/9/9 b G 1", "not a tsume problem"},
  };
  for (const Case& c : cases) {
    const CommandResult r = run(mate_sfen_options(c.sfen));
    EXPECT_EQ(r.code, 2) << c.sfen;
    EXPECT_EQ(r.out, "") << c.sfen;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.sfen << " -> " << r.err;
  }
}

TEST(MateCommand, NeedsSfenOrSuiteButNotBoth) {
  MateOptions o;
  EXPECT_EQ(run(o).code, 2);
  o.sfen = kNoMate;
  o.suite = "x.txt";
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("give one of --sfen, --suite and problem files"), std::string::npos) << r.err;
}

TEST(MateCommand, AcceptsNifuAndAUsiSfenPrefix) {
  // Two black pawns on file 5: refused by plain SFEN parsing, accepted for tsume problems.
  MateOptions o = mate_sfen_options("sfen 4k4/9/9/4P4/9/4P4/9/9/9 b G 1");
  o.nodes = 1000;
  EXPECT_NE(run(o).code, 2);
}

// --svg: the problem and the position its mate line ends in, side by side; one problem only.
TEST(MateCommand, DrawsTheProblemAndItsMate) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.svg_out = test::temp_path("mate.svg");
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string svg = test::read_file(o.svg_out);
  EXPECT_TRUE(svg.starts_with("<?xml")) << svg;
  EXPECT_EQ(svg.find("<g transform=\"translate(0 0)\">"), svg.find("<g transform"));
  EXPECT_NE(svg.find("<g transform=\"translate(", svg.find("<g transform") + 1), std::string::npos);  // 2 boards
  MateOptions suite;
  suite.suite = test::positions_path("tsume-public.txt");
  suite.svg_out = test::temp_path("suite.svg");
  EXPECT_EQ(run(suite).code, 2);
}

TEST(MateCommand, TextHasEveryStatisticsLine) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.threads = 4;
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].rfind("checkmate ", 0), 0u) << r.out;
  for (const char* prefix : {"nodes ", "time ", "nps ", "hashfull "})
    EXPECT_TRUE(has_line_starting(r.out, prefix)) << prefix << " missing:\n" << r.out;
  o.threads = 1;
  EXPECT_EQ(lines_of(run(o).out)[0], lines[0]) << "4 workers answer what 1 does";
}

TEST(MateCommand, JsonHasEveryField) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.json = true;
  o.hash_mb = 8;
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"result",
                          "length",
                          "shortest_proven",
                          "futile_length",
                          "pv",
                          "leftover",
                          "nodes",
                          "time_ms",
                          "nps",
                          "hashfull",
                          "stop",
                          "sfen",
                          "threads",
                          "hash_mb",
                          "peak_rss_mb",
                          "first_mate_ms",
                          "first_mate_length",
                          "first_mate_nodes",
                          "shortest_nodes",
                          "shortest_passes",
                          "line_nodes",
                          "book_nodes",
                          "workers",
                          "recorded_line"})
    EXPECT_TRUE(j.contains(key)) << key << " missing: " << r.out;
  // The line read off the table at the proof: the mate's, whole, every evasion refuted.
  EXPECT_EQ(j["recorded_line"]["length"], j["length"]) << r.out;
  EXPECT_EQ(j["recorded_line"]["plies"], j["length"]) << r.out;
  EXPECT_EQ(j["recorded_line"]["every_defence"], true) << r.out;
  EXPECT_EQ(j["recorded_line"]["reading"], "mate in 1") << r.out;
  EXPECT_EQ(j["first_mate_nodes"].get<std::uint64_t>() + j["shortest_nodes"].get<std::uint64_t>() +
                j["line_nodes"].get<std::uint64_t>() + j["book_nodes"].get<std::uint64_t>(),
            j["nodes"].get<std::uint64_t>())
      << "the phases sum to the nodes: " << r.out;
  EXPECT_TRUE(j["shortest_passes"].is_array());
  std::uint64_t pass_nodes = 0;
  for (const auto& pass : j["shortest_passes"]) pass_nodes += pass["nodes"].get<std::uint64_t>();
  EXPECT_EQ(pass_nodes, j["shortest_nodes"].get<std::uint64_t>()) << r.out;
  EXPECT_TRUE(j["pv"].is_array());
  EXPECT_EQ(j["threads"], 1);
  ASSERT_EQ(j["workers"].size(), 1u) << r.out;
  EXPECT_EQ(j["workers"][0]["nodes"].get<std::uint64_t>(),
            j["nodes"].get<std::uint64_t>() - j["line_nodes"].get<std::uint64_t>())
      << "one worker's nodes: every node but the line builder's: " << r.out;
  EXPECT_EQ(j["hash_mb"], 8);
  EXPECT_EQ(j["sfen"], "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
}

TEST(MateCommand, ShowPrintsTheDiagramFirst) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.show = true;
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("後手の持駒：飛　角二　金四　銀三　桂四　香四　歩十八　\n", 0), 0u) << r.out;
  const std::size_t diagram_end = r.out.find("先手番\n\n");
  ASSERT_NE(diagram_end, std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("checkmate "), diagram_end + std::string("先手番\n\n").size()) << r.out;
}

TEST(MateSuiteCommand, RefusesBadFiles) {
  MateOptions o;
  o.hash_mb = 8;
  o.suite = "/nonexistent/suite.txt";
  CommandResult r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("suite file: cannot read"), std::string::npos) << r.err;

  o.suite = temp_file("bad_line.txt", std::string("# c\n") + kMateIn1 + "\texpected=1\n" + kNoMate + "\tid=x\n");
  r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("line 3: missing expected"), std::string::npos) << r.err;

  o.suite = temp_file("bad_sfen.txt", std::string(kMateIn1) + "\texpected=1\n9/9 b - 1\texpected=1\tid=y\n");
  r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("line 2: bad SFEN"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(MateSuiteCommand, AWrongExpectationFails) {
  MateOptions o;
  o.hash_mb = 8;
  o.time_s = 20;
  o.suite = temp_file("wrong.txt", std::string(kMateIn1) + "\texpected=3\tid=claims-3\n");
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind("FAIL  claims-3  ", 0), 0u) << r.out;
  EXPECT_NE(lines[0].find("(expected 3"), std::string::npos) << r.out;
  EXPECT_EQ(lines[1].rfind("total ", 0), 0u) << r.out;
  EXPECT_EQ(lines[2], "0 passed, 1 failed");
}

TEST(MateSuiteCommand, JsonHasAProblemPerLine) {
  MateOptions o;
  o.hash_mb = 8;
  o.time_s = 20;
  o.json = true;
  o.suite = temp_file("json.txt", std::string(kMateIn1) + "\texpected=1\tid=a\n" + kNoMate + "\texpected=nomate\n");
  const CommandResult r = run(o);
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["problems"].size(), 2u) << r.out;
  EXPECT_EQ(j["problems"][0]["id"], "a");
  EXPECT_EQ(j["problems"][0]["expected"], 1);
  EXPECT_EQ(j["problems"][1]["expected"], "nomate");
  EXPECT_EQ(j["problems"][1]["line"], 2);
  EXPECT_EQ(j["passed"].get<int>() + j["failed"].get<int>(), 2);
  EXPECT_EQ(r.code, j["failed"] == 0 ? 0 : 1);
  for (const char* key : {"nodes", "time_ms", "threads", "hash_mb"}) EXPECT_TRUE(j.contains(key)) << key;
}

// ---- real verdicts: need the solver ----

TEST(MateCommand, MateInOne) {
  const CommandResult r = run(mate_sfen_options(kMateIn1));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], "checkmate 8c1c");
  EXPECT_EQ(lines[1], "length 1 (shortest proven)");
  EXPECT_FALSE(has_line_starting(r.out, "leftover")) << r.out;
  EXPECT_FALSE(has_line_starting(r.out, "futile-interposition")) << r.out;
  EXPECT_FALSE(has_line_starting(r.out, "stop")) << r.out;
}

TEST(MateCommand, LeftoverIsTheAttackersSpareHand) {
  // Mate in 1 by 8c1c with two pawns that the attacker never needs.
  const CommandResult r = run(mate_sfen_options("9/7Sk/1+R7/9/9/9/9/9/9 b 2Pr2b4g3s4n4l16p 1"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out)[0], "checkmate 8c1c") << r.out;
  EXPECT_NE(r.out.find("\nleftover 2P\n"), std::string::npos) << r.out;
}

TEST(MateCommand, NoMate) {
  const CommandResult r = run(mate_sfen_options(kNoMate));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "checkmate nomate");
  EXPECT_EQ(lines[1].rfind("nodes ", 0), 0u) << r.out;
}

TEST(MateCommand, JsonOfAMate) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.json = true;
  const auto j = nlohmann::json::parse(run(o).out);
  EXPECT_EQ(j["result"], "mate");
  EXPECT_EQ(j["length"], 1);
  EXPECT_EQ(j["futile_length"], 1);
  EXPECT_EQ(j["shortest_proven"], true);
  EXPECT_EQ(j["pv"], nlohmann::json::array({"8c1c"}));
  EXPECT_EQ(j["leftover"], "");
  EXPECT_EQ(j["stop"], "none");
}

TEST(MateCommand, ShowPrintsTheSolutionInKif) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.show = true;
  const CommandResult r = run(o);
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "   1 １三龍(83)") << r.out;
}

TEST(MateSuiteCommand, PassesAndFails) {
  MateOptions o;
  o.hash_mb = 16;
  o.time_s = 20;
  o.suite = temp_file("suite.txt", std::string("# tiny\n") + kMateIn1 + "\texpected=1\tid=tanuki1-1\n" + kNoMate +
                                       "\texpected=nomate\tid=bare\n" + kMateIn1 + "\texpected=nomate\tid=wrong\n");
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 1);
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_EQ(lines[0].rfind("ok    tanuki1-1  mate 1, proven (expected 1)  ", 0), 0u) << r.out;
  EXPECT_EQ(lines[1].rfind("ok    bare       nomate (expected nomate)  ", 0), 0u) << r.out;
  EXPECT_EQ(lines[2].rfind("FAIL  wrong      mate 1, proven (expected nomate)  ", 0), 0u) << r.out;
  EXPECT_EQ(lines[4], "2 passed, 1 failed");
}

// The futile-interposition problem mudaai-1 (7 plies, 5 as books count), a problem that needs more than a
// second (kongou-16), and a mate in one.
constexpr const char* kMudaai = "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1";
constexpr const char* kKongou16 = "7nl/5PRg1/7k1/6s2/7P1/8N/9/9/9 b RB2Gbg3s2n3l16p 1";

TEST(MateSuiteCommand, BookCountingOwnTimeLimitsAndIds) {
  MateOptions o;
  o.hash_mb = 16;
  o.time_s = 60;
  o.suite = temp_file("famous_like.txt", std::string(kMudaai) + "\texpected=5\tcounting=book\tid=book\n" + kMudaai +
                                             "\texpected=5\tid=all\n" + kKongou16 + "\texpected=17\ttime=1\tid=slow\n" +
                                             kMateIn1 + "\texpected=1\tid=one\n");
  const auto start = std::chrono::steady_clock::now();
  CommandResult r = run(o);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));  // time=1 held, not --time 60
  EXPECT_EQ(r.code, 1);
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  EXPECT_EQ(lines[0].rfind("ok    book  mate 7 (5 as books count), proven (expected 5)  ", 0), 0u) << r.out;
  EXPECT_EQ(lines[1].rfind("FAIL  all   mate 7, proven (expected 5)  ", 0), 0u) << r.out;
  // Cut at 1 s: the shortest-mate proof of its first mate (or, in a slow build, the first proof).
  EXPECT_TRUE(lines[2].rfind("ok    slow  mate 17, unproven (expected 17)  ", 0) == 0 ||
              lines[2].rfind("FAIL  slow  timeout, stop time (expected 17)  ", 0) == 0)
      << r.out;
  EXPECT_NE(lines[0].find("  hashfull "), std::string::npos) << r.out;
  EXPECT_NE(lines[0].find(" MB"), std::string::npos) << r.out;

  o.ids = "one,book";
  r = run(o);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_EQ(lines[0].rfind("ok    book  ", 0), 0u) << r.out;
  EXPECT_EQ(lines[1].rfind("ok    one   ", 0), 0u) << r.out;

  o.ids = "nobody";
  r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no problem has an id in 'nobody'"), std::string::npos) << r.err;
}

// A line whose expected length is a book count asks for the book length: its book search runs after
// every mate whatever the command asks (kongou-1, 9 plies, no drop on its main line: with
// --book-search-after-drops the same line counting every defence is not searched), to its end.
TEST(MateSuiteCommand, ABookCountedLineHasItsBookSearchToTheEnd) {
  MateOptions o;
  o.hash_mb = 16;
  o.json = true;
  o.book_search_after = MateLimits::BookSearchAfter::kDrops;
  const std::string kongou1 = "6Snl/8k/9/8s/8s/9/9/9/9 b RGSr2b3g3n3l18p 1";
  o.suite = temp_file("book_counted.txt",
                      kongou1 + "\texpected=9\tcounting=book\tid=book\n" + kongou1 + "\texpected=9\tid=all\n");
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["problems"].size(), 2u) << r.out;
  const auto& book = j["problems"][0];
  const auto& all = j["problems"][1];
  EXPECT_EQ(book["futile_length"], 9);
  EXPECT_EQ(book["futile_cut"], false);
  EXPECT_EQ(book["futile_proven"], true);
  EXPECT_GT(book["futility_judged"], 0);
  EXPECT_EQ(all["futile_length"], 9);
  EXPECT_EQ(all["futile_proven"], false);
  EXPECT_EQ(all["futility_judged"], 0);
}

// ---- notation files (positions/notation/ was written by tsshogi) ----

std::string notation_path(const std::string& file) { return test::positions_path("notation/" + file); }

MateOptions file_options(std::vector<std::string> files) {
  MateOptions o;
  o.files = std::move(files);
  o.hash_mb = 16;
  o.time_s = 20;
  return o;
}

TEST(MateFiles, AKifCsaOrKi2FileIsOneProblem) {
  for (const char* file :
       {"tsume5-promotion.kif", "tsume5-promotion.csa", "tsume5-promotion.ki2", "tsume5-promotion.bod"}) {
    const CommandResult r = run(file_options({notation_path(file)}));
    EXPECT_EQ(r.code, 0) << file << "\n" << r.err;
    EXPECT_TRUE(has_line_starting(r.out, "checkmate S*2a ")) << file << "\n" << r.out;
    EXPECT_TRUE(has_line_starting(r.out, "length 5 (shortest proven)")) << file << "\n" << r.out;
  }
}

TEST(MateFiles, StandardInputIsTheFileDash) {
  std::istringstream in(test::read_file(notation_path("tsume3-drop-nonpromotion.csa")));
  MateOptions o = file_options({"-"});
  o.in = &in;
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has_line_starting(r.out, "length 3 (shortest proven)")) << r.out;
}

TEST(MateFiles, ADirectoryIsASuiteJudgedByTheRecordedLines) {
  const std::string dir = test::temp_path("problems");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* file : {"tsume3-drop-nonpromotion.kif", "tsume5-promotion.csa", "tsume7-nonpromotion.ki2"})
    std::filesystem::copy_file(notation_path(file), dir + "/" + file);
  std::ofstream(dir + "/README.txt") << "not a problem file: left alone\n";
  std::ofstream(dir + "/z-diagram.bod") << test::read_file(notation_path("tsume-rest.bod"));
  CommandResult r = run(file_options({dir}));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  // Its pawn interposition (tanuki3-172's P*1b) is a defence: the lance that takes it does not mate at
  // once, so books count 3 too, as published.
  EXPECT_NE(lines[0].find("tsume3-drop-nonpromotion.kif  mate 3, proven (expected 3)"), std::string::npos) << r.out;
  EXPECT_NE(lines[1].find("tsume5-promotion.csa          mate 5, proven (expected 5)"), std::string::npos) << r.out;
  EXPECT_NE(lines[2].find("tsume7-nonpromotion.ki2       mate 7, proven (expected 7)"), std::string::npos) << r.out;
  EXPECT_NE(lines[3].find("z-diagram.bod                 mate 3, proven (expected none recorded)"), std::string::npos)
      << r.out;
  EXPECT_EQ(lines[5], "4 passed, 0 failed");

  // The same problem recorded as 不詰 (no mate) fails; without its moves it has no expectation.
  const std::string kif = test::read_file(notation_path("tsume3-drop-nonpromotion.kif"));
  const std::size_t moves_at = kif.find("   1 ");
  ASSERT_NE(moves_at, std::string::npos) << kif;
  std::ofstream(dir + "/nomate.kif") << kif.substr(0, moves_at) << "   1 不詰\n";
  std::ofstream(dir + "/bare.kif") << kif.substr(0, moves_at);
  r = run(file_options({dir + "/nomate.kif", dir + "/bare.kif"}));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_EQ(lines[0].rfind("FAIL  " + dir + "/nomate.kif  mate 3, proven (expected nomate)", 0), 0u) << r.out;
  EXPECT_EQ(lines[1].rfind("ok    " + dir + "/bare.kif    mate 3, proven (expected none recorded)", 0), 0u) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(MateFiles, KifAndCsaOutputReadBackToTheProblemAndItsSolution) {
  MateOptions o = file_options({notation_path("tsume7-nonpromotion.kif")});
  o.kif_out = test::temp_path("solution.kif");
  o.csa_out = test::temp_path("solution.csa");
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto source = notation::read_kifu(test::read_file(notation_path("tsume7-nonpromotion.kif")));
  ASSERT_TRUE(source) << source.error().describe();
  for (const std::string& path : {o.kif_out, o.csa_out}) {
    SCOPED_TRACE(path);
    const auto written = notation::read_kifu(test::read_file(path));
    ASSERT_TRUE(written) << written.error().describe();
    EXPECT_EQ(to_sfen(written->start), to_sfen(source->start));  // the defender's hand was already complete
    EXPECT_EQ("checkmate " + to_usi(written->moves), lines_of(r.out).at(0));
    EXPECT_EQ(written->moves.size(), 7u);
  }
  EXPECT_EQ(notation::read_kifu(test::read_file(o.kif_out))->format, notation::KifuFormat::kif);
  EXPECT_EQ(notation::read_kifu(test::read_file(o.csa_out))->format, notation::KifuFormat::csa);
}

TEST(MateFiles, RefusesWhatIsNoProblem) {
  CommandResult r = run(file_options({test::temp_path("no-such-file.kif")}));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no-such-file.kif"), std::string::npos) << r.err;

  r = run(file_options({test::temp_file("broken.kif", "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n")}));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("line 3"), std::string::npos) << r.err;  // the second move is not legal

  MateOptions o = file_options({notation_path("tsume3-drop-nonpromotion.kif"), notation_path("tsume5-promotion.kif")});
  o.kif_out = test::temp_path("never.kif");
  r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("not a suite's"), std::string::npos) << r.err;

  o = file_options({"-", "-"});
  std::istringstream in("");
  o.in = &in;
  r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("given twice"), std::string::npos) << r.err;

  o = file_options({notation_path("tsume3-drop-nonpromotion.kif")});
  o.sfen = kMateIn1;
  EXPECT_EQ(run(o).code, 2);
}

TEST(MateCommand, RefusesATableTheMachineCannotGive) {
  MateOptions o = mate_sfen_options(kMateIn1);
  o.hash_mb = std::size_t(1) << 20;  // 1 TiB
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("tsumi mate: a 1048576 MB hash table does not fit"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(MateSuiteCommand, GradedOneOfThePublicSuite) {
  // The mates in one of positions/tsume-public.txt.
  std::istringstream in(test::read_file(test::positions_path("tsume-public.txt")));
  std::string text;
  for (std::string line; std::getline(in, line);)
    if (line.find("\tcat=graded-1\t") != std::string::npos) text += line + "\n";
  MateOptions o;
  o.hash_mb = 16;
  o.time_s = 20;
  o.suite = temp_file("graded1.txt", text);
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(lines_of(r.out).back(), "20 passed, 0 failed") << r.out;
}

// ---- the executable ----

using test::ProcessResult;

using test::run_tsumi;

// A long problem that no limit here lets finish (乱, 451 plies, which KomoringHeights does not solve in
// 120 s) with the smallest table (1 MiB, full within the time even in sanitizer builds) and two
// workers: a timeout, not a crash, in the memory of the table plus a fixed overhead (the README's
// figure: about 10 MB and a few MB a worker; 40 MB in all is the bound checked).
TEST(MateProcess, LongProblemStaysWithinTheHash) {
  const MateSuiteEntry* e = test::tsume_entry("ran");
  ASSERT_NE(e, nullptr);
  const ProcessResult r = run_tsumi("mate --hash 1 --threads 2 --time 3 --json --sfen '" + e->sfen + "'");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  EXPECT_EQ(j["result"], "timeout") << r.output;
  EXPECT_EQ(j["stop"], "time") << r.output;
  // The table filled: it collected garbage (which starts only at MateTable::kCollectAt permille), or
  // is more than half full at the end. Hashfull alone is no proof: a collection empties about half
  // the table, so at the stop it can be anywhere between about 450 and 1000.
  EXPECT_TRUE(j["collections"].get<int>() > 0 || j["hashfull"].get<int>() > 500)
      << "the table did not fill: the memory bound says little\n"
      << r.output;
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  EXPECT_LE(j["peak_rss_mb"].get<long>(), 1 + 40) << r.output;
#endif
}

// The progress log (progress_s, not on a terminal): a line every interval, each ending with the
// profile of the expansions since the line before. Needs the solver (rand-652 runs past the interval).
TEST(MateCommand, ProgressLogProfilesEachInterval) {
  MateOptions o = mate_sfen_options("8+S/4nk3/9/2G1+Bg3/2S2+L3/9/9/9/9 b G3L2rbg2s3n18p 1");
  o.nodes = 400000;
  o.progress_s = 0.02;
  const CommandResult r = run(o);
  int progress = 0;
  for (const std::string& line : lines_of(r.err)) {
    if (line.rfind("mate ", 0) != 0) continue;
    ++progress;
    EXPECT_NE(line.find("; since the line before: expansions by ply (%) "), std::string::npos) << line;
    EXPECT_NE(line.find("; a child other than the last one searched (%) "), std::string::npos) << line;
  }
  EXPECT_GT(progress, 0) << r.err;
}

TEST(MateProcess, HelpNamesEveryOption) {
  const ProcessResult r = run_tsumi("mate --help");
  EXPECT_EQ(r.code, 0) << r.output;
  for (const char* text :
       {"--sfen", "--suite", "--time", "--nodes", "--hash", "--threads", "--json", "--show", "--no-shortest",
        "sharing one table", "--kif", "--csa", "files", "--save", "--save-every", "--resume"})
    EXPECT_NE(r.output.find(text), std::string::npos) << text << "\n" << r.output;
}

TEST(MateProcess, BadInputIsRefusedClearly) {
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"mate --sfen '4k4/9/9/9/9/9/9/9 b - 1'", "bad SFEN"},
      {"mate --sfen '4K4/9/9/9/9/9/9/9/9 b G 1'", "no king"},
      {"mate --suite /nonexistent/suite.txt", "cannot read"},
      {"mate --suite /dev/zero", "is larger than 64 MiB"},  // once grew to 2 GB and died of bad_alloc
      {"mate --suite /", "is a directory"},                 // once an empty suite that passed
      {"mate", "--sfen, --suite or a problem file"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --suite x.txt", "excludes"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --time -1", "--time"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --hash 0", "--hash"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --threads 0", "--threads"},
      // Before 88645d6 these exited 106, ran the start position, took NaN as no limit, or wrapped.
      {"mate --sfen ''", "empty"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --time nan", "expected seconds"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --time inf", "expected seconds"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --nodes -3", "cannot be negative"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --frobnicate", "frobnicate"},
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --hash", "--hash"},
      // An escape code in an argument is shown escaped, not sent to the terminal.
      {"mate --sfen '4k4/9/9/9/9/9/9/9/9 b G 1' --\"$(printf '\\033')\"[31m", "--\\x1b[31m"},
      // A multi-byte character in a bad SFEN is quoted whole: the message is valid UTF-8.
      {"mate --sfen '4k4/9/9/9/9/9/9/9/3王4 b G 1'", "unknown piece letter '王'"},
  };
  for (const Case& c : cases) {
    const ProcessResult r = run_tsumi(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
    // One line on stderr (the process output here is stdout and stderr together; nothing on stdout).
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << c.args << "\n" << r.output;
  }
}

// A 120 KB argument is not echoed whole: the message stays one short line.
TEST(MateProcess, HugeArgumentsAreNotEchoedWhole) {
  const ProcessResult r = run_tsumi("mate --" + std::string(120000, 'a'));
  EXPECT_EQ(r.code, 2) << r.output.substr(0, 300);
  EXPECT_LT(r.output.size(), 400u) << r.output.substr(0, 300);
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1);
}

// A time limit too large for the clock means no limit (it once overflowed the deadline into the past
// and stopped at once), in `tsumi mate` as in `go mate`.
TEST(MateProcess, HugeTimeLimitIsNoLimit) {
  const MateSuiteEntry* e = test::tsume_entry("tanuki9-11");
  ASSERT_NE(e, nullptr);
  for (const char* time : {"1e10", "1e300"}) {
    const ProcessResult r = run_tsumi(std::string("mate --time ") + time + " --json --sfen '" + e->sfen + "'");
    ASSERT_EQ(r.code, 0) << r.output;
    const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
    EXPECT_EQ(j["result"], "mate") << time << "\n" << r.output;
    EXPECT_EQ(j["length"], 9) << time;
  }
}

TEST(MateProcess, VersionNamesTheBuild) {
  const ProcessResult r = run_tsumi("--version");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("tsumi ", 0), 0u) << r.output;
  EXPECT_NE(r.output.find(kSimdName), std::string::npos) << r.output;
  EXPECT_TRUE(r.output.find("GCC") != std::string::npos || r.output.find("Clang") != std::string::npos) << r.output;
}

}  // namespace
}  // namespace tsumi::cli
