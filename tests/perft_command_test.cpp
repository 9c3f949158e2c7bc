#include "cli/perft/perft_command.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

using test::CommandResult;

CommandResult run(const PerftCommandOptions& o) { return test::run_command(run_perft, o); }

TEST(PerftCommand, PrintsTheNodeCountLine) {
  PerftCommandOptions o;
  o.depth = 3;
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "Nodes searched: 25470\n");
  EXPECT_NE(r.err.find("nodes/s"), std::string::npos);
}

// --file: the position a record ends in (tsshogi wrote the files; the moves are replayed here from USI).
TEST(PerftCommand, AFileGivesThePositionAfterItsMoves) {
  PerftCommandOptions o;
  o.depth = 2;
  o.position.sfen = "startpos";
  o.position.moves = "7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e3d 2b3c 3d2c+ 8d8e";  // hirate-10's moves
  const CommandResult expected = run(o);
  ASSERT_EQ(expected.code, 0) << expected.err;
  o.position.sfen.clear();
  o.position.moves.clear();
  for (const char* file : {"hirate-10.kif", "hirate-10.ki2", "hirate-10.csa", "hirate-10-sjis.kif", "hirate-10.bod"}) {
    o.position.file = test::positions_path(std::string("notation/") + file);
    const CommandResult r = run(o);
    EXPECT_EQ(r.code, 0) << file << ": " << r.err;
    EXPECT_EQ(r.out, expected.out) << file;
  }
  std::istringstream in(test::read_file(test::positions_path("notation/hirate-10.csa")));
  o.position.file = "-";
  o.position.in = &in;
  EXPECT_EQ(run(o).out, expected.out);

  o.position.file = test::positions_path("notation/hirate-10.kif");
  o.position.moves = "9g9f";  // --moves go on from the file's last position
  o.depth = 1;
  const CommandResult more = run(o);
  EXPECT_EQ(more.code, 0) << more.err;
  o.position.sfen = "startpos";
  EXPECT_EQ(run(o).code, 2);  // --sfen and --file
}

TEST(PerftCommand, DepthZeroCountsThePositionItself) {
  PerftCommandOptions o;
  o.depth = 0;
  EXPECT_EQ(run(o).out, "Nodes searched: 1\n");
  o.divide = true;
  EXPECT_EQ(run(o).out, "\nNodes searched: 1\n");
}

TEST(PerftCommand, DivideListsEveryRootMove) {
  PerftCommandOptions o;
  o.depth = 2;
  o.divide = true;
  o.position.sfen = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
  const CommandResult r = run(o);
  ASSERT_EQ(r.code, 0);
  std::istringstream lines(r.out);
  std::string line;
  int moves = 0;
  std::uint64_t sum = 0;
  while (std::getline(lines, line) && !line.empty()) {
    const auto colon = line.find(": ");
    ASSERT_NE(colon, std::string::npos) << line;
    sum += std::stoull(line.substr(colon + 2));
    ++moves;
    EXPECT_NE(line.substr(0, colon), "P*1b") << "pawn-drop mate listed";
  }
  std::getline(lines, line);
  EXPECT_EQ(moves, 85);
  EXPECT_EQ(sum, 639u);
  EXPECT_EQ(line, "Nodes searched: 639");
}

TEST(PerftCommand, SuitePassesAndFails) {
  const std::string path = test::temp_path("tsumi_suite.epd");
  {
    std::ofstream f(path);
    f << "# tiny\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 ;D1 30 ;D2 900 ;D5 19861490 ;id "
         "start\n"
      << "7lk/9/8S/9/9/9/9/7L1/8K b P 1 ;D1 86 ;id fairy-count\n"
      << "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;D7 1000000000 ;id deep\n"
      << "4k4/9/9/9/9/9/9/9/4K4 b - 1 ;id bare\n";
  }
  PerftCommandOptions o;
  o.suite = path;
  o.max_nodes = 1000000;
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("ok   start"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("FAIL fairy-count: depth 1: expected 86, got 85"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 passed, 1 failed\n"), std::string::npos) << r.out;
  // Skipped lines say why: a line without counts is not one whose counts are all too large.
  EXPECT_NE(r.out.find("skip deep: every count is above --max-nodes\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skip bare: the line has no counts\n"), std::string::npos) << r.out;
}

TEST(PerftCommand, ReferenceSuiteSmallCountsPass) {
  PerftCommandOptions o;
  o.suite = test::positions_path("perft-suite.epd");
  o.max_nodes = 100000;
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("19 passed, 0 failed\n"), std::string::npos) << r.out;
}

TEST(PerftCommand, ThreadsAndHashGiveTheSameCounts) {
  PerftCommandOptions o;
  o.depth = 4;
  o.divide = true;
  o.threads = 1;
  const std::string serial = run(o).out;
  EXPECT_NE(serial.find("Nodes searched: 719731\n"), std::string::npos);
  for (int threads : {2, 5}) {
    o.threads = threads;
    o.hash_mb = 0;
    EXPECT_EQ(run(o).out, serial) << threads;
    o.hash_mb = 4;
    const CommandResult r = run(o);
    EXPECT_EQ(r.out, serial) << threads << " hashed";
    EXPECT_NE(r.err.find("hash 4 MB"), std::string::npos) << r.err;
  }
}

TEST(PerftCommand, StatsLinesComeBeforeTheTotal) {
  PerftCommandOptions o;
  o.depth = 3;
  o.stats = true;
  const CommandResult r = run(o);
  EXPECT_EQ(r.out,
            "Captures: 59\nPromotions: 30\nDrops: 0\nChecks: 48\nMates: 0\n"
            "Nodes searched: 25470\n");
  // With --hash the statistics go through the table (perft/perft_stats_table.h): the same lines.
  o.hash_mb = 1;
  const CommandResult hashed = run(o);
  EXPECT_EQ(hashed.out, r.out);
  EXPECT_NE(hashed.err.find("hash 1 MB"), std::string::npos) << hashed.err;
}

TEST(PerftCommand, JsonHasEveryField) {
  PerftCommandOptions o;
  o.depth = 3;
  o.json = true;
  o.threads = 2;
  auto j = nlohmann::json::parse(run(o).out);
  EXPECT_EQ(j["sfen"], kStartSfen);
  EXPECT_EQ(j["depth"], 3);
  EXPECT_EQ(j["nodes"], 25470);
  EXPECT_TRUE(j["time_ms"].is_number_integer());
  EXPECT_TRUE(j["nps"].is_number_integer());
  EXPECT_EQ(j["threads"], 2);
  EXPECT_EQ(j["hash_mb"], 0);
  EXPECT_FALSE(j.contains("divide"));
  EXPECT_FALSE(j.contains("stats"));

  o.divide = true;
  o.stats = true;
  o.position.sfen = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
  o.depth = 1;
  j = nlohmann::json::parse(run(o).out);
  EXPECT_EQ(j["nodes"], 85);
  ASSERT_EQ(j["divide"].size(), 85u);
  EXPECT_EQ(j["divide"][0]["nodes"], 1);
  EXPECT_TRUE(j["divide"][0]["move"].is_string());
  for (const char* key : {"captures", "promotions", "drops", "checks", "mates"})
    EXPECT_TRUE(j["stats"][key].is_number_integer()) << key;
  // 76 empty squares, less the 7 empty ones on the last rank, less P*1b (a pawn-drop mate).
  EXPECT_EQ(j["stats"]["drops"], 68);
}

TEST(PerftCommand, ProgressOnlyWhenAskedAndNotInJsonOut) {
  PerftCommandOptions o;
  o.depth = 5;
  o.progress = true;
  const CommandResult r = run(o);
  EXPECT_EQ(r.out, "Nodes searched: 19861490\n") << "progress must stay on stderr";
}

// The real executable, as a process: bad input gets a message on stderr and a non-zero exit, never a
// crash or a hang (the shell's `timeout` would answer 124).
using test::ProcessResult;

using test::run_tsumi;

TEST(PerftProcess, GoodRun) {
  const ProcessResult r = run_tsumi("perft --depth 2 --handicap 2-pieces");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("Nodes searched: 780"), std::string::npos) << r.output;
}

// More threads than the address space has room for: a message and exit 2 (once an abort from inside
// oneTBB, "pthread_create has failed"), in perft and in mate.
TEST(PerftProcess, ThreadsBeyondTheAddressSpaceAreRefused) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer build cannot start under an address-space cap";
#endif
  const std::string capped = std::string("sh -c 'ulimit -v 1500000; exec ") + TSUMI_EXE;
  for (const char* args :
       {" perft --threads 1024 -d 3'", " mate --threads 64 --hash 16 --sfen \"4k4/9/9/9/9/9/9/9/9 b G 1\"'"}) {
    const std::string command = capped + args;
    const ProcessResult r = test::run_process(command, 60);
    EXPECT_EQ(r.code, 2) << command << "\n" << r.output;
    EXPECT_NE(r.output.find("cannot start"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("fewer --threads"), std::string::npos) << r.output;
  }
}

TEST(PerftProcess, BadInputIsRefusedClearly) {
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"perft --depth 2 --sfen '4k4/9/9/9/9/9/9/9/4K4 b - 1 x'", "unexpected text"},
      {"perft --depth 2 --sfen 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1'", "8 ranks"},
      {"perft --depth 2 --sfen '4k4/9/9/9/9/9/9/9/4R4 b - 1'", "is in check"},
      {"perft --depth 2 --moves '7g7f 7g7f'", "not a legal move"},
      {"perft --depth 2 --handicap queen", "unknown handicap"},
      {"perft --depth -1", "--depth"},
      {"perft --depth x", "--depth"},
      {"perft", "--depth"},
      {"perft --suite /nonexistent/file.epd", "cannot read"},
      {"perft --suite /dev/zero", "is larger than 64 MiB"},
      {"perft --suite /", "is a directory"},
      {"frobnicate", "frobnicate"},
      // Before 88645d6 an empty --sfen counted the start position, and a negative count wrapped.
      {"perft --depth 2 --sfen ''", "empty"},
      {"perft --suite x.epd --max-nodes -3", "cannot be negative"},
      {"perft --depth 2 --threads 0", "--threads"},
      {"perftree 2 ''", "empty"},
  };
  for (const Case& c : cases) {
    const ProcessResult r = run_tsumi(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
  }
}

}  // namespace
}  // namespace tsumi::cli
