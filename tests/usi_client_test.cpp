#include "cli/usi/usi_client.h"

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>
#include <unistd.h>

#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

using test::contains;

// A file name of this process alone, so that builds testing side by side do not share it.
using test::temp_path;

// A USI engine written in sh: `usi`, `isready`, `quit`, and `go ...` answered by go_answer.
std::string scripted_engine(const std::string& go_answer, const std::string& setoption_answer = "") {
  return "while IFS= read -r cmd; do case \"$cmd\" in "
         "usi) echo 'id name scripted'; echo usiok ;; "
         "isready) echo readyok ;; "
         "setoption*) " +
         (setoption_answer.empty() ? std::string(":") : setoption_answer) +
         " ;; "
         "go*) " +
         go_answer +
         " ;; "
         "quit) exit 0 ;; "
         "esac; done";
}

TEST(UsiClient, ParsesEveryDivideLineFormat) {
  for (const char* line : {"7g7f: 1", "7g7f : 1", "7g7f 1", "7g7f:1", "7g7f :1", "  7g7f: 1 \r"}) {
    const auto e = parse_divide_line(line);
    ASSERT_TRUE(e) << line;
    EXPECT_EQ(e->move, "7g7f") << line;
    EXPECT_EQ(e->nodes, 1u) << line;
  }
  EXPECT_EQ(parse_divide_line("P*1b: 12")->move, "P*1b");
  EXPECT_EQ(parse_divide_line("8h2b+: 18446744073709551615")->nodes, 18446744073709551615u);
  EXPECT_EQ(parse_divide_line("0a1j: 3")->move, "0a1j");  // a wrong move still reaches the comparison
}

TEST(UsiClient, IgnoresLinesThatAreNotMoves) {
  for (const char* line :
       {"", "info depth 1 nodes 30", "Nodes searched: 86", "Time: 12", "Nodes: 5", "7g7f: x", "7g7f: 1 2", "7g7f: -1",
        "7g7f: 99999999999999999999", "bestmove 7g7f", "P*1b+: 1", "7g7f++: 1", "readyok"}) {
    EXPECT_FALSE(parse_divide_line(line)) << line;
  }
}

TEST(UsiClient, ParsesNodesSearched) {
  EXPECT_EQ(parse_nodes_searched("Nodes searched: 86"), 86u);
  EXPECT_EQ(parse_nodes_searched("Nodes searched : 0"), 0u);
  EXPECT_EQ(parse_nodes_searched("nodes searched 7\r"), 7u);
  EXPECT_FALSE(parse_nodes_searched("Nodes searched: "));
  EXPECT_FALSE(parse_nodes_searched("Nodes searched: 12 in 3 s"));
  EXPECT_FALSE(parse_nodes_searched("Total nodes searched: 5"));
}

TEST(UsiClient, HandshakeAndDivideWithAScriptedEngine) {
  UsiClient engine;
  engine.set_timeout(10);
  ASSERT_FALSE(engine.start(
      scripted_engine("printf 'info string counting\\n7g7f : 3\\nP*5e 2\\n2b8h+: 1\\n\\nNodes searched: 6\\n'",
                      "echo \"No such option: $cmd\"")));
  const auto e = engine.handshake({{"USI_Variant", "shogi"}, {"Clear Hash", "", false}});
  ASSERT_FALSE(e) << *e;
  ASSERT_EQ(engine.handshake_messages().size(), 2u);
  EXPECT_EQ(engine.handshake_messages()[0], "No such option: setoption name USI_Variant value shogi");
  EXPECT_EQ(engine.handshake_messages()[1], "No such option: setoption name Clear Hash");
  EngineDivide d;
  const auto de = engine.divide("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", {"7g7f"}, 3, d);
  ASSERT_FALSE(de) << *de;
  ASSERT_EQ(d.moves.size(), 3u);
  EXPECT_EQ(d.moves[0].move, "7g7f");
  EXPECT_EQ(d.moves[0].nodes, 3u);
  EXPECT_EQ(d.moves[1].move, "P*5e");
  EXPECT_EQ(d.moves[2].move, "2b8h+");
  EXPECT_EQ(d.total, 6u);
  // A second divide reads its own answer, not leftovers of the first.
  ASSERT_FALSE(engine.divide("9/9/9/9/9/9/9/9/9 b - 1", {}, 1, d));
  EXPECT_EQ(d.moves.size(), 3u);
  const auto start = Clock::now();
  engine.shutdown();
  EXPECT_FALSE(engine.running());
  EXPECT_LT(seconds_since(start), 1.5) << "the engine should have quit on `quit`";
}

TEST(UsiClient, TheEngineSeesWhatWasSent) {
  const std::string log = temp_path("tsumi_usi_client_sent.txt");
  UsiClient engine;
  engine.set_timeout(10);
  ASSERT_FALSE(engine.start("tee " + log + " | (" + scripted_engine("echo 'Nodes searched: 0'") + ")"));
  ASSERT_FALSE(engine.handshake({{"Threads", "1"}}));
  EngineDivide d;
  ASSERT_FALSE(engine.divide("8k/9/9/9/9/9/9/9/K8 b - 1", {"9i9h", "1a1b"}, 2, d));
  engine.shutdown();
  std::ifstream f(log);
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_EQ(text.str(),
            "usi\nsetoption name Threads value 1\nisready\nposition sfen 8k/9/9/9/9/9/9/9/K8 b - 1 moves 9i9h 1a1b\n"
            "go perft 2\nquit\n");
}

TEST(UsiClient, ACommandThatDoesNotExist) {
  UsiClient engine;
  engine.set_timeout(10);
  ASSERT_FALSE(engine.start("/nonexistent/engine"));  // the shell starts; the command fails inside it
  const auto e = engine.handshake({});
  ASSERT_TRUE(e);
  EXPECT_TRUE(contains(*e, "exited with status 127 (the shell could not find the command)")) << *e;
  EXPECT_FALSE(engine.running());
}

TEST(UsiClient, AnEngineThatExitsAtOnceDoesNotRaiseSigpipe) {
  UsiClient engine;
  engine.set_timeout(10);
  ASSERT_FALSE(engine.start("true"));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // Its input has no reader any more: without the SIGPIPE guard this write ends the test process.
  const auto e = engine.send("usi");
  ASSERT_TRUE(e);
  EXPECT_TRUE(contains(*e, "exited with status 0")) << *e;
  EXPECT_TRUE(engine.send("usi"));
  EXPECT_TRUE(engine.handshake({}));
}

TEST(UsiClient, AnEngineThatNeverAnswersTimesOut) {
  UsiClient engine;
  engine.set_timeout(0.3);
  ASSERT_FALSE(engine.start("cat"));
  const auto start = Clock::now();
  const auto e = engine.handshake({});
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, "no `usiok` within 0.3 s after `usi`");
  EXPECT_LT(seconds_since(start), 2.0);
}

TEST(UsiClient, ReadLineReportsTimeoutAndExit) {
  UsiClient engine;
  engine.set_timeout(0.2);
  ASSERT_FALSE(engine.start("echo hello; sleep 1; exit 5"));
  std::string line;
  ASSERT_FALSE(engine.read_line(line));
  EXPECT_EQ(line, "hello");
  auto e = engine.read_line(line);
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, "the engine wrote no line within 0.2 s");
  engine.set_timeout(5);
  e = engine.read_line(line);
  ASSERT_TRUE(e);
  EXPECT_TRUE(contains(*e, "exited with status 5")) << *e;
}

TEST(UsiClient, DivideErrors) {
  struct Case {
    const char* go_answer;
    const char* error;
  };
  for (const Case& c : {Case{"exit 3", "the engine exited with status 3 while answering `go perft 2`"},
                        Case{"kill -SEGV $$", "the engine was killed by signal 11"},
                        Case{"echo 'bestmove 7g7f'", "searched instead of counting"},
                        Case{"echo '7g7f: 1'", "no `Nodes searched` line within 0.5 s after `go perft 2` (1 move"}}) {
    UsiClient engine;
    engine.set_timeout(0.5);
    ASSERT_FALSE(engine.start(scripted_engine(c.go_answer)));
    ASSERT_FALSE(engine.handshake({}));
    EngineDivide d;
    const auto e = engine.divide("8k/9/9/9/9/9/9/9/K8 b - 1", {}, 2, d);
    ASSERT_TRUE(e) << c.go_answer;
    EXPECT_TRUE(contains(*e, c.error)) << *e;
  }
}

// An engine that reads nothing and ignores the end of its input is killed, with what it started.
TEST(UsiClient, ShutdownKillsAnEngineThatDoesNotQuit) {
  const std::string pid_file = temp_path("tsumi_usi_client_sleep.pid");
  std::remove(pid_file.c_str());
  UsiClient engine;
  engine.set_timeout(10);
  ASSERT_FALSE(engine.start("sleep 60 & echo $! > " + pid_file + "; wait"));
  std::string pid;
  for (int i = 0; i < 200 && pid.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ifstream(pid_file) >> pid;
  }
  ASSERT_FALSE(pid.empty());
  const auto start = Clock::now();
  engine.shutdown();
  const double took = seconds_since(start);
  EXPECT_GT(took, 1.5);
  EXPECT_LT(took, 4.0);
  EXPECT_FALSE(engine.running());
  // The sleep, a grandchild, is gone too (or a zombie waiting for init to reap it).
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string word, state;
    gone = !(stat >> word >> word >> state) || state == "Z";
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(gone) << "sleep " << pid << " survived";
}

}  // namespace
}  // namespace tsumi::cli
