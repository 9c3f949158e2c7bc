// `tsumi usi`: the UsiServer in-process (its output captured line by line, thread-safely), and the real
// executable driven through pipes the way a GUI drives it.

#include "cli/usi/usi_server.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <functional>
#include <mutex>
#include <new>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "cli/usi/usi_client.h"
#include "solver/mate_line.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// A mate in 9 that takes milliseconds (tanuki9-11 of positions/tsume-public.txt).
constexpr const char* kMate9Id = "tanuki9-11";
// No mate (antma-no_tsume3-2).
constexpr const char* kNoMateId = "antma-no_tsume3-2";
// メガロポリス (515 plies, positions/tsume-famous.txt): no solver finds a mate within minutes, so every
// limit below stops it long before an answer.
constexpr const char* kHardId = "megalopolis";
// 寿 (Kotobuki), 611 plies, 伊藤看寿 1755 (positions/tsume-famous.txt). Seconds for any solver: `stop`
// ends it.
constexpr const char* kKotobukiId = "kotobuki";

// The longest a `stop` may take to bring the checkmate line: 100 ms, more in sanitizer and Debug builds
// (tests/CMakeLists.txt).
constexpr auto kStopLatency = std::chrono::milliseconds(TSUMI_STOP_LATENCY_MS);

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }
using test::contains;
bool is_checkmate(const std::string& s) { return s == "checkmate" || starts_with(s, "checkmate "); }

using test::public_sfen;

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The moves of a checkmate line replay as a legal mate of the problem; the error otherwise.
std::optional<std::string> replay_error(const std::string& sfen, const std::string& checkmate_line) {
  const auto problem = test::tsume_problem(sfen);
  if (!problem) return "not a problem: " + sfen;
  std::vector<std::string> words = words_of(checkmate_line);
  std::vector<Move> line;
  StateInfo root;
  std::vector<StateInfo> states(words.size() + 1);
  Position pos;
  pos.set(problem->setup, &root);
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto m = parse_usi_move(pos, words[i]);
    if (!m) return "move " + words[i] + ": " + m.error().message;
    line.push_back(*m);
    pos.do_move(*m, states[i]);
  }
  return check_mate_line(*problem, line);
}

// An output stream's lines, collected under a mutex so that a test can wait for one while the
// search thread writes.
class LineCapture : public std::streambuf {
 public:
  std::size_t size() {
    const std::lock_guard lock(mutex_);
    return lines_.size();
  }
  std::vector<std::string> lines(std::size_t from = 0) {
    const std::lock_guard lock(mutex_);
    return {lines_.begin() + std::ptrdiff_t(std::min(from, lines_.size())), lines_.end()};
  }
  // The index of the first line at or after `from` that satisfies pred, waiting up to timeout.
  std::optional<std::size_t> wait_for(const std::function<bool(const std::string&)>& pred, std::size_t from,
                                      std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    std::optional<std::size_t> found;
    cv_.wait_for(lock, timeout, [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (pred(lines_[i])) return (found = i).has_value();
      return false;
    });
    return found;
  }

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      const char ch = traits_type::to_char_type(c);
      xsputn(&ch, 1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    {
      const std::lock_guard lock(mutex_);
      for (std::streamsize i = 0; i < n; ++i) {
        if (s[i] != '\n') {
          partial_ += s[i];
          continue;
        }
        lines_.push_back(partial_);
        partial_.clear();
      }
    }
    cv_.notify_all();
    return n;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::string> lines_;
  std::string partial_;
};

// A server on a captured stream, with a factory that records the table sizes it is asked for.
struct Session {
  explicit Session(UsiServer::SolverFactory factory = {})
      : server(out, factory ? std::move(factory) : UsiServer::SolverFactory([this](std::size_t mb) {
                 allocations.push_back(mb);
                 return std::make_unique<MateSolver>(mb);
               })) {}

  // The lines a synchronous command wrote.
  std::vector<std::string> send(const std::string& line) {
    const std::size_t mark = capture.size();
    server.handle_line(line);
    return capture.lines(mark);
  }
  // Sends a `go` and returns its lines up to and including the checkmate line (none after 60 s: the
  // last line is then not one).
  std::vector<std::string> go(const std::string& line) {
    const std::size_t mark = capture.size();
    server.handle_line(line);
    const auto at = capture.wait_for(is_checkmate, mark, 60s);
    std::vector<std::string> lines = capture.lines(mark);
    if (at) lines.resize(*at - mark + 1);
    return lines;
  }
  std::vector<std::string> solve(const std::string& sfen, const std::string& go_line = "go mate 30000") {
    send("position sfen " + sfen);
    return go(go_line);
  }

  LineCapture capture;
  std::ostream out{&capture};
  std::vector<std::size_t> allocations;  // by the input thread only (isready, go)
  UsiServer server;
};

// A session with a small table, as the tests run under the sanitizers too.
struct SmallSession : Session {
  SmallSession() { send("setoption name USI_Hash value 16"); }
};

int count_if(const std::vector<std::string>& lines, const std::function<bool(const std::string&)>& pred) {
  return int(std::count_if(lines.begin(), lines.end(), pred));
}

// `quit` ends the session (handle_line says false) within the stop latency, whatever runs.
void expect_prompt_quit(Session& s) {
  const auto start = Clock::now();
  EXPECT_FALSE(s.server.handle_line("quit"));
  EXPECT_LT(ms_since(start), double(kStopLatency.count()));
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

// Every line a GUI reads after `go mate`: info lines, then the one checkmate line, last.
void expect_mate_answer_shape(const std::vector<std::string>& lines) {
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(is_checkmate(lines.back())) << joined(lines);
  EXPECT_EQ(count_if(lines, is_checkmate), 1) << joined(lines);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_TRUE(starts_with(lines[i], "info ")) << lines[i];
}

// The value after `key` in an info line, or nullopt.
std::optional<std::uint64_t> info_field(const std::string& line, const std::string& key) {
  const std::vector<std::string> w = words_of(line);
  for (std::size_t i = 1; i + 1 < w.size(); ++i)
    if (w[i] == key) return std::stoull(w[i + 1]);
  return std::nullopt;
}

bool is_stats_line(const std::string& line) {
  return starts_with(line, "info time ") && info_field(line, "nodes") && info_field(line, "nps") &&
         info_field(line, "hashfull");
}

// ---- usi, isready, setoption ----

TEST(UsiServer, UsiAnswersIdOptionsAndUsiokWithoutAllocating) {
  Session s;
  const std::vector<std::string> lines = s.send("usi");
  ASSERT_GE(lines.size(), 3u);
  EXPECT_TRUE(starts_with(lines[0], "id name tsumi ")) << lines[0];
  EXPECT_TRUE(starts_with(lines[1], "id author ")) << lines[1];
  EXPECT_EQ(lines.back(), "usiok");
  const std::string text = joined(lines);
  for (const char* option :
       {"option name USI_Hash type spin default 256 min 1 ", "option name Threads type spin default 1 min 1 max 1024",
        "option name PvInterval type spin default 1000 min 0 ", "option name NodeLimit type spin default 0 min 0 ",
        "option name ProgressInterval type spin default 5000 min 0 ",
        "option name MateShortest type check default true"})
    EXPECT_TRUE(contains(text, option)) << option << "\n" << text;
  EXPECT_TRUE(s.allocations.empty());
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(s.allocations, std::vector<std::size_t>{256});
}

TEST(UsiServer, IsreadyAllocatesOnlyWhenTheHashChanges) {
  Session s;
  s.send("setoption name USI_Hash value 8");
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
  s.send("usinewgame");
  s.solve(public_sfen(kMate9Id));
  EXPECT_EQ(s.allocations, std::vector<std::size_t>{8});
  s.send("setoption name usi_hash value 4");  // names ignore case
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(s.allocations, (std::vector<std::size_t>{8, 4}));
  s.send("setoption name USI_Hash value 4");
  s.send("isready");
  EXPECT_EQ(s.allocations.size(), 2u);
  // An isready sent as soon as the checkmate line is read finds the search over, and allocates.
  for (std::size_t mb : {2, 4, 2, 4, 2, 4}) {
    s.go("go mate 20000");
    s.send("setoption name USI_Hash value " + std::to_string(mb));
    s.send("isready");
    EXPECT_EQ(s.allocations.back(), mb);
  }
  EXPECT_EQ(s.allocations.size(), 8u);
}

TEST(UsiServer, GoMateWithoutIsreadyAllocatesThen) {
  SmallSession s;
  const std::vector<std::string> lines = s.solve(public_sfen(kMate9Id));
  expect_mate_answer_shape(lines);
  EXPECT_EQ(s.allocations, std::vector<std::size_t>{16});
}

TEST(UsiServer, FailedAllocationStillAnswersReadyokAndGoMateTimesOut) {
  int calls = 0;
  Session s([&](std::size_t) -> std::unique_ptr<MateSolver> {
    ++calls;
    throw std::bad_alloc();
  });
  const std::vector<std::string> ready = s.send("isready");
  ASSERT_EQ(ready.size(), 2u) << joined(ready);
  EXPECT_TRUE(starts_with(ready[0], "info string ") && contains(ready[0], "cannot allocate")) << ready[0];
  EXPECT_EQ(ready[1], "readyok");
  const std::vector<std::string> lines = s.solve(public_sfen(kMate9Id));
  ASSERT_EQ(lines.size(), 2u) << joined(lines);
  EXPECT_TRUE(starts_with(lines[0], "info string ") && contains(lines[0], "cannot allocate")) << lines[0];
  EXPECT_EQ(lines[1], "checkmate timeout");
  EXPECT_EQ(calls, 1);  // the same USI_Hash is not tried again
}

TEST(UsiServer, AHashTheMachineCannotGiveIsRefusedWithItsSizes) {
  Session s;  // the real solver factory
  EXPECT_TRUE(s.send("setoption name USI_Hash value 1048576").empty());
  const std::vector<std::string> ready = s.send("isready");
  ASSERT_EQ(ready.size(), 2u) << joined(ready);
  EXPECT_TRUE(starts_with(ready[0], "info string a 1048576 MB hash table does not fit")) << ready[0];
  EXPECT_TRUE(contains(ready[0], "go mate answers timeout until USI_Hash is lowered")) << ready[0];
  EXPECT_EQ(ready[1], "readyok");
  EXPECT_TRUE(s.send("setoption name USI_Hash value 16").empty());
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
}

TEST(UsiServer, SetoptionTakesGoodValuesAndRefusesBadOnes) {
  Session s;
  for (const char* ok :
       {"setoption name threads value 4", "setoption name PVINTERVAL value 0", "setoption name NodeLimit value 123456",
        "setoption name mateshortest value FALSE", "setoption name USI_Hash value 32  \r",
        "setoption name USI_Ponder value false", "setoption name USI_OwnBook value true"})
    EXPECT_TRUE(s.send(ok).empty()) << ok;
  EXPECT_EQ(s.server.settings().threads, 4);
  EXPECT_EQ(s.server.settings().pv_interval_ms, 0);
  EXPECT_EQ(s.server.settings().node_limit, 123456);
  EXPECT_FALSE(s.server.settings().mate_shortest);
  EXPECT_EQ(s.server.settings().hash_mb, 32);
  for (const char* bad :
       {"setoption name Threads value 0", "setoption name Threads value 1025", "setoption name Threads value two",
        "setoption name Threads", "setoption name USI_Hash value", "setoption name USI_Hash value 0",
        "setoption name NodeLimit value -1", "setoption name MateShortest value yes",
        "setoption name NoSuchOption value 1", "setoption", "setoption value 3", "setoption name"}) {
    const std::vector<std::string> lines = s.send(bad);
    ASSERT_EQ(lines.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(lines[0], "info string ")) << lines[0];
  }
  EXPECT_EQ(s.server.settings().threads, 4);  // unchanged by the refused values
  EXPECT_EQ(s.server.settings().hash_mb, 32);
  EXPECT_EQ(s.server.settings().node_limit, 123456);
}

TEST(UsiServer, GoMatePassesTheOptionsToTheSolver) {
  SmallSession s;
  s.send("setoption name Threads value 3");
  s.send("setoption name NodeLimit value 5000000");
  s.send("setoption name MateShortest value false");
  const std::vector<std::string> lines = s.solve(public_sfen(kMate9Id), "go mate 20000");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(
      lines[0].rfind(
          "info string go mate: time 20000 ms, nodes 5000000, threads 3, shortest proof off, hash 16 MB (allocated in ",
          0),
      0u)
      << lines[0];
  EXPECT_EQ(count_if(lines,
                     [](const std::string& l) {
                       return contains(l, "not proven shortest (bound ") && contains(l, "): MateShortest is off");
                     }),
            1)
      << joined(lines);
  expect_mate_answer_shape(lines);
}

// ---- go mate ----

TEST(UsiServer, SolvesAMateIn9) {
  SmallSession s;
  const std::string sfen = public_sfen(kMate9Id);
  const std::vector<std::string> lines = s.solve(sfen);
  expect_mate_answer_shape(lines);
  EXPECT_EQ(words_of(lines.back()).size(), 10u) << lines.back();
  EXPECT_EQ(replay_error(sfen, lines.back()), std::nullopt) << lines.back();
  // The last interposition, P*1g, is a defence: the lance that takes it does not mate at once, so
  // books count 9 too, as published (a judge that took V(1g) mated at any length said 7).
  EXPECT_EQ(count_if(lines, [](const std::string& l) { return l == "info string mate in 9 (shortest proven)"; }), 1)
      << joined(lines);
  // The last info line before the answer: the statistics and the line.
  const std::string& stats = lines[lines.size() - 2];
  EXPECT_TRUE(is_stats_line(stats)) << stats;
  EXPECT_TRUE(contains(stats, " pv " + lines.back().substr(std::string("checkmate ").size()))) << stats;
  // The same problem again, from a table that knows it, with every way of saying "no time limit".
  for (const char* go : {"go mate infinite", "go mate", "go mate 0", "go btime 0 wtime 0 mate infinite"}) {
    const std::vector<std::string> again = s.go(go);
    expect_mate_answer_shape(again);
    EXPECT_EQ(again[0].rfind(
                  "info string go mate: time infinite, nodes unlimited, threads 1, shortest proof on, hash 16 MB (", 0),
              0u)
        << again[0];
    EXPECT_EQ(words_of(again.back()).size(), 10u) << go << ": " << again.back();
    EXPECT_EQ(replay_error(sfen, again.back()), std::nullopt) << go << ": " << again.back();
  }
}

TEST(UsiServer, AnswersNomate) {
  SmallSession s;
  const std::vector<std::string> lines = s.solve(public_sfen(kNoMateId));
  expect_mate_answer_shape(lines);
  EXPECT_EQ(lines.back(), "checkmate nomate");
}

TEST(UsiServer, TimeLimitAnswersTimeout) {
  SmallSession s;
  const auto start = Clock::now();
  const std::vector<std::string> lines = s.solve(public_sfen(kHardId), "go mate 200");
  const double ms = ms_since(start);
  expect_mate_answer_shape(lines);
  EXPECT_EQ(lines.back(), "checkmate timeout");
  EXPECT_EQ(count_if(lines, [](const std::string& l) { return contains(l, "time limit of 200 ms"); }), 1)
      << joined(lines);
  EXPECT_LT(ms, 2000) << joined(lines);
}

TEST(UsiServer, NodeLimitAnswersTimeout) {
  SmallSession s;
  s.send("setoption name NodeLimit value 1000");
  const std::vector<std::string> lines = s.solve(public_sfen(kHardId), "go mate infinite");
  expect_mate_answer_shape(lines);
  EXPECT_EQ(lines.back(), "checkmate timeout");
  EXPECT_EQ(count_if(lines, [](const std::string& l) { return contains(l, "node limit of 1000 (NodeLimit)"); }), 1)
      << joined(lines);
}

TEST(UsiServer, ReportsProgressEveryPvInterval) {
  SmallSession s;
  s.send("setoption name PvInterval value 50");
  const std::vector<std::string> lines = s.solve(public_sfen(kHardId), "go mate 500");
  expect_mate_answer_shape(lines);
  std::vector<std::uint64_t> times;
  for (const std::string& l : lines)
    if (starts_with(l, "info time ")) {
      EXPECT_TRUE(is_stats_line(l)) << l;
      times.push_back(*info_field(l, "time"));
    }
  // About ten while it runs, and the last one with the answer.
  EXPECT_GE(times.size(), 4u) << joined(lines);
  EXPECT_TRUE(std::is_sorted(times.begin(), times.end())) << joined(lines);
}

// A long solve's progress line comes as an `info string` every ProgressInterval, with the root's
// numbers; 0 sends none.
TEST(UsiServer, ReportsTheProgressLineEveryProgressInterval) {
  SmallSession s;
  s.send("setoption name PvInterval value 0");
  s.send("setoption name ProgressInterval value 100");
  std::vector<std::string> lines = s.solve(public_sfen(kHardId), "go mate 500");
  expect_mate_answer_shape(lines);
  const auto progress = [](const std::string& l) {
    return starts_with(l, "info string mate ") && contains(l, " s, nodes ") && contains(l, ", root ");
  };
  EXPECT_GE(count_if(lines, progress), 2) << joined(lines);
  s.send("setoption name ProgressInterval value 0");
  lines = s.solve(public_sfen(kHardId), "go mate 300");
  EXPECT_EQ(count_if(lines, progress), 0) << joined(lines);
}

TEST(UsiServer, PvIntervalZeroReportsOnlyAtTheEnd) {
  SmallSession s;
  s.send("setoption name PvInterval value 0");
  const std::vector<std::string> lines = s.solve(public_sfen(kHardId), "go mate 300");
  expect_mate_answer_shape(lines);
  EXPECT_EQ(count_if(lines, [](const std::string& l) { return starts_with(l, "info time "); }), 1) << joined(lines);
}

TEST(UsiServer, StopAnswersWithin100Ms) {
  SmallSession s;
  s.send(std::string("position sfen ") + public_sfen(kKotobukiId));
  const std::size_t mark = s.capture.size();
  s.send("go mate infinite");
  std::this_thread::sleep_for(300ms);
  // isready during the search is answered at once, and does not end it.
  const std::vector<std::string> ready = s.send("isready");
  EXPECT_EQ(count_if(ready, [](const std::string& l) { return l == "readyok"; }), 1);
  EXPECT_FALSE(s.capture.wait_for(is_checkmate, mark, 0ms)) << "the search ended before stop";
  const auto start = Clock::now();
  s.send("stop");
  const auto at = s.capture.wait_for(is_checkmate, mark, 10s);
  const double latency = ms_since(start);
  ASSERT_TRUE(at);
  EXPECT_LT(latency, double(kStopLatency.count())) << "stop took " << latency << " ms";
  const std::vector<std::string> lines = s.capture.lines(mark);
  EXPECT_EQ(lines.back(), "checkmate timeout");
  EXPECT_EQ(count_if(lines, is_checkmate), 1);
  EXPECT_EQ(count_if(lines, [](const std::string& l) { return l == "info string timeout: stopped"; }), 1);
  // A stop with nothing running says nothing.
  EXPECT_TRUE(s.send("stop").empty());
}

TEST(UsiServer, StopRightAfterGoIsNotLost) {
  // solve() forgets a stop that comes before it starts: the server repeats it until the answer.
  SmallSession s;
  s.send(std::string("position sfen ") + public_sfen(kKotobukiId));
  s.send("isready");
  for (int i = 0; i < 20; ++i) {
    const std::size_t mark = s.capture.size();
    const auto start = Clock::now();
    s.send("go mate infinite");
    s.send("stop");
    const auto at = s.capture.wait_for(is_checkmate, mark, 10s);
    const double latency = ms_since(start);
    ASSERT_TRUE(at) << i;
    EXPECT_LT(latency, double(kStopLatency.count())) << i;
    EXPECT_EQ(count_if(s.capture.lines(mark), is_checkmate), 1);
  }
}

TEST(UsiServer, QuitStopsTheSearchAndAnswersIt) {
  SmallSession s;
  s.send(std::string("position sfen ") + public_sfen(kKotobukiId));
  const std::size_t mark = s.capture.size();
  s.send("go mate infinite");
  std::this_thread::sleep_for(50ms);
  expect_prompt_quit(s);
  EXPECT_EQ(count_if(s.capture.lines(mark), is_checkmate), 1);
}

// The reproducer fixed in 88645d6: `go mate infinite`, `go mate 1000`, `stop`, `isready`, `quit` once
// waited forever behind the first search. A second go is refused at once (a go mate with its own checkmate
// line), and stop, isready and quit are read and answered while the first search runs.
TEST(UsiServer, SecondGoIsRefusedWhileASearchRuns) {
  SmallSession s;
  s.send("position sfen " + public_sfen(kHardId));
  const std::size_t mark = s.capture.size();
  s.send("go mate infinite");
  const std::vector<std::string> refused = s.send("go mate 1000");
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_EQ(refused[0], "info string go mate: refused, a search is running (send stop first)");
  EXPECT_EQ(refused[1], "checkmate timeout");
  const std::vector<std::string> perft = s.send("go perft 3");
  ASSERT_EQ(perft.size(), 1u);
  EXPECT_EQ(perft[0], "info string go perft: refused, a search is running (send stop first)");
  const std::vector<std::string> other = s.send("go btime 0 wtime 0");
  ASSERT_FALSE(other.empty());
  EXPECT_EQ(other.back(), "bestmove resign");
  const std::size_t before_stop = s.capture.size();
  s.send("stop");
  EXPECT_TRUE(s.capture.wait_for(is_checkmate, before_stop, 0ms)) << "stop returns after the answer";
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
  expect_prompt_quit(s);
  // Two checkmate lines: the refusal's and the stopped search's.
  EXPECT_EQ(count_if(s.capture.lines(mark), is_checkmate), 2);
}

// A command line longer than 1 MiB is skipped whole, with an info string, and is never stored; the
// next line is read as usual. A long move list whose second move is bad is refused at that move.
TEST(UsiServer, OverlongLinesAndLongMoveListsAreRefusedCheaply) {
  SmallSession s;
  std::istringstream in("position startpos moves " + std::string(std::size_t(3) << 20, 'x') +
                        "\nisready\nposition startpos moves 7g7f zz" + std::string(200000, ' ') + "7g7f\nquit\n");
  s.server.run(in);
  const std::vector<std::string> lines = s.capture.lines();
  ASSERT_EQ(lines.size(), 3u) << joined(lines);
  EXPECT_EQ(lines[0], "info string a command line of 3145752 bytes, more than 1048576: ignored");
  EXPECT_EQ(lines[1], "readyok");
  EXPECT_TRUE(starts_with(lines[2], "info string position: move 2 'zz'")) << lines[2];
}

// A time too large for the clock is no limit (it once overflowed into the past and stopped at once).
TEST(UsiServer, HugeGoMateTimeIsNoLimit) {
  SmallSession s;
  const std::vector<std::string> lines = s.solve(public_sfen(kMate9Id), "go mate 10000000000000");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(replay_error(public_sfen(kMate9Id), lines.back()), std::nullopt) << joined(lines);
}

// A finished search does not block the next go: the answers come one after another.
TEST(UsiServer, GoAfterAnAnswerSearchesTheNewPosition) {
  SmallSession s;
  s.send("position sfen " + public_sfen(kHardId));
  const std::vector<std::string> first = s.go("go mate 200");
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first.back(), "checkmate timeout");
  s.send("position sfen " + public_sfen(kMate9Id));
  const std::vector<std::string> second = s.go("go mate 20000");
  ASSERT_FALSE(second.empty());
  EXPECT_EQ(replay_error(public_sfen(kMate9Id), second.back()), std::nullopt) << second.back();
}

TEST(UsiServer, InputThatCannotBeSearchedAnswersTimeout) {
  SmallSession s;
  const struct {
    const char* position;  // null: keep the last one
    const char* go;
    const char* why;
  } cases[] = {
      {"position sfen 4K4/9/9/9/9/9/9/9/9 b G 1", "go mate 1000", "not a tsume problem"},
      {"position sfen xyz", "go mate 1000", "no position"},
      {nullptr, "go mate", "no position"},
      {"position startpos", "go mate abc", "expected a time"},
      {nullptr, "go mate -5", "expected a time"},
  };
  for (const auto& c : cases) {
    if (c.position) s.send(c.position);
    const std::vector<std::string> lines = s.go(c.go);
    ASSERT_EQ(lines.size(), 2u) << c.go << "\n" << joined(lines);
    EXPECT_TRUE(starts_with(lines[0], "info string ") && contains(lines[0], c.why)) << lines[0];
    EXPECT_EQ(lines[1], "checkmate timeout");
  }
}

// ---- position, go perft, other go ----

TEST(UsiServer, PerftFromTheStartPosition) {
  for (const char* threads : {"1", "2"}) {
    Session s;
    s.send(std::string("setoption name Threads value ") + threads);
    s.send("position startpos");
    const std::size_t mark = s.capture.size();
    s.send("go perft 3");
    ASSERT_TRUE(s.capture.wait_for([](const std::string& l) { return starts_with(l, "Nodes searched"); }, mark, 60s));
    const std::vector<std::string> lines = s.capture.lines(mark);
    ASSERT_EQ(lines.size(), 32u) << joined(lines);
    EXPECT_EQ(lines[30], "");
    EXPECT_EQ(lines[31], "Nodes searched: 25470");
    test::SfenPosition start(kStartSfen);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < 30; ++i) {
      const auto colon = lines[i].find(": ");
      ASSERT_NE(colon, std::string::npos) << lines[i];
      EXPECT_TRUE(parse_usi_move(start.pos, lines[i].substr(0, colon))) << lines[i];
      sum += std::stoull(lines[i].substr(colon + 2));
    }
    EXPECT_EQ(sum, 25470u);
  }
}

// The divide of a position as go perft writes it, from perft_divide.
std::vector<std::string> expected_divide(const std::string& sfen, int depth) {
  test::SfenPosition p(sfen);
  std::vector<std::string> lines;
  std::uint64_t total = 0;
  for (const DivideEntry& d : perft_divide(p.pos, depth)) {
    lines.push_back(to_usi(d.move) + ": " + std::to_string(d.nodes));
    total += d.nodes;
  }
  lines.push_back("");
  lines.push_back("Nodes searched: " + std::to_string(total));
  return lines;
}

std::vector<std::string> perft_lines(Session& s, int depth) {
  const std::size_t mark = s.capture.size();
  s.send("go perft " + std::to_string(depth));
  s.capture.wait_for([](const std::string& l) { return starts_with(l, "Nodes searched"); }, mark, 60s);
  return s.capture.lines(mark);
}

// `stop` ends a perft that would take hours (depth 9 from the start position), with one worker and
// with two (the serial count and the oneTBB split both look at the flag); nothing is counted then.
TEST(UsiServer, StopEndsAPerft) {
  for (const char* threads : {"1", "2"}) {
    Session s;
    s.send(std::string("setoption name Threads value ") + threads);
    s.send("position startpos");
    const std::size_t mark = s.capture.size();
    s.send("go perft 9");
    std::this_thread::sleep_for(50ms);
    const auto start = Clock::now();
    s.send("stop");
    EXPECT_LT(ms_since(start), double(kStopLatency.count())) << threads << " threads";
    const std::vector<std::string> lines = s.capture.lines(mark);
    EXPECT_EQ(lines, std::vector<std::string>{"info string go perft: stopped; no count"}) << joined(lines);
    // The server takes the next count at once, and it is whole.
    EXPECT_EQ(perft_lines(s, 1).back(), "Nodes searched: 30");
  }
}

TEST(UsiServer, QuitEndsAPerft) {
  Session s;
  s.send("position startpos");
  s.send("go perft 9");
  std::this_thread::sleep_for(50ms);
  expect_prompt_quit(s);
}

TEST(UsiServer, PositionWithMovesAndWithoutMoveNumber) {
  Session s;
  // The move number left out, and blanks and a '\r' a GUI on Windows may leave.
  EXPECT_TRUE(
      s.send("position   sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -  moves 7g7f 3c3d \r")
          .empty());
  const auto after = expected_divide("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", 2);
  EXPECT_EQ(perft_lines(s, 2), after);
  EXPECT_TRUE(s.send("position startpos moves 7g7f 3c3d").empty());
  EXPECT_EQ(perft_lines(s, 2), after);
  EXPECT_TRUE(s.send("position startpos").empty());
  EXPECT_EQ(perft_lines(s, 0), (std::vector<std::string>{"", "Nodes searched: 1"}));
}

TEST(UsiServer, BadPositionsAreRefusedAndLeaveNone) {
  Session s;
  for (const char* bad : {"position", "position sfen", "position sfen xyz", "position startpos moves 1a1a",
                          "position startpos moves 7g7f 7g7f", "position startpos 7g7f", "position fen 8k/9 b - 1",
                          "position sfen 4k4/9/9/9/9/9/9/9/9 x - 1"}) {
    const std::vector<std::string> lines = s.send(bad);
    ASSERT_EQ(lines.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(lines[0], "info string position: ")) << lines[0];
    const std::vector<std::string> perft = s.send("go perft 1");
    ASSERT_EQ(perft.size(), 1u) << bad;
    EXPECT_TRUE(contains(perft[0], "no position")) << perft[0];
  }
}

TEST(UsiServer, OtherGoAnswersBestmoveResign) {
  Session s;
  for (const char* go : {"go btime 0 wtime 0 byoyomi 1000", "go infinite", "go"}) {
    const std::vector<std::string> lines = s.send(go);
    ASSERT_EQ(lines.size(), 2u) << go;
    EXPECT_TRUE(starts_with(lines[0], "info string ")) << lines[0];
    EXPECT_EQ(lines[1], "bestmove resign");
  }
  for (const char* go : {"go perft", "go perft x", "go perft -1", "go perft 65"}) {
    const std::vector<std::string> lines = s.send(go);
    ASSERT_EQ(lines.size(), 1u) << go;
    EXPECT_TRUE(starts_with(lines[0], "info string go perft: ")) << lines[0];
  }
}

TEST(UsiServer, MalformedInputNeverCrashes) {
  Session s;
  for (const std::string& bad :
       {std::string("garbage"), std::string("GO mate 100"), std::string("isready now please x"),
        std::string(100000, 'x'), std::string("\x01\x02\xff"), std::string("usinewgame extra")}) {
    const std::vector<std::string> lines = s.send(bad);
    for (const std::string& l : lines) EXPECT_TRUE(starts_with(l, "info string ") || l == "readyok") << l;
    for (const std::string& l : lines) EXPECT_LT(l.size(), 200u);
  }
  for (const char* quiet : {"", "   ", "\r", " \t \r", "ponderhit", "gameover win", "usinewgame", "stop"})
    EXPECT_TRUE(s.send(quiet).empty()) << quiet;
  EXPECT_EQ(s.send("isready").back(), "readyok");
}

// ---- the executable through pipes ----

std::string exe() { return std::string(TSUMI_EXE) + " usi"; }

// Reads lines until one satisfies pred; every line read is appended to seen. False on a timeout.
bool read_until(UsiClient& engine, const std::function<bool(const std::string&)>& pred,
                std::vector<std::string>& seen) {
  for (std::string line; !engine.read_line(line);) {
    seen.push_back(line);
    if (pred(line)) return true;
  }
  return false;
}

TEST(UsiProcess, ShogiHomeSession) {
  UsiClient engine;
  ASSERT_EQ(engine.start(exe()), std::nullopt);
  engine.set_timeout(2);  // GUIs give `usi` about this long
  std::vector<std::string> seen;
  auto start = Clock::now();
  ASSERT_EQ(engine.send("usi"), std::nullopt);
  ASSERT_TRUE(read_until(
      engine, [](const std::string& l) { return l == "usiok"; }, seen));
  EXPECT_LT(ms_since(start), 1000);
  EXPECT_TRUE(starts_with(seen[0], "id name tsumi ")) << seen[0];
  engine.set_timeout(60);
  for (const char* line : {"setoption name USI_Hash value 64", "setoption name Threads value 1", "isready"})
    ASSERT_EQ(engine.send(line), std::nullopt);
  seen.clear();
  ASSERT_TRUE(read_until(
      engine, [](const std::string& l) { return l == "readyok"; }, seen));
  EXPECT_EQ(seen, std::vector<std::string>{"readyok"});

  // A mate in 9.
  const std::string sfen = public_sfen(kMate9Id);
  for (const std::string& line : {std::string("usinewgame"), "position sfen " + sfen, std::string("go mate 30000")})
    ASSERT_EQ(engine.send(line), std::nullopt);
  seen.clear();
  ASSERT_TRUE(read_until(engine, is_checkmate, seen));
  expect_mate_answer_shape(seen);
  EXPECT_EQ(words_of(seen.back()).size(), 10u) << seen.back();
  EXPECT_EQ(replay_error(sfen, seen.back()), std::nullopt) << seen.back();

  // A long problem, stopped.
  ASSERT_EQ(engine.send(std::string("position sfen ") + public_sfen(kKotobukiId)), std::nullopt);
  ASSERT_EQ(engine.send("go mate infinite"), std::nullopt);
  std::this_thread::sleep_for(300ms);
  seen.clear();
  start = Clock::now();
  ASSERT_EQ(engine.send("stop"), std::nullopt);
  ASSERT_TRUE(read_until(engine, is_checkmate, seen));
  const double latency = ms_since(start);
  EXPECT_LT(latency, double(kStopLatency.count())) << "stop took " << latency << " ms";
  expect_mate_answer_shape(seen);
  EXPECT_EQ(seen.back(), "checkmate timeout");

  // Nothing more comes: the next answer is readyok.
  ASSERT_EQ(engine.send("isready"), std::nullopt);
  seen.clear();
  ASSERT_TRUE(read_until(
      engine, [](const std::string& l) { return l == "readyok"; }, seen));
  EXPECT_EQ(seen, std::vector<std::string>{"readyok"});
  engine.shutdown();
}

TEST(UsiProcess, MalformedInputThenIsready) {
  UsiClient engine;
  ASSERT_EQ(engine.start(exe()), std::nullopt);
  engine.set_timeout(30);
  const std::string lines[] = {"garbage",
                               "position sfen xyz",
                               "position startpos moves 1a1a",
                               "setoption name Threads",
                               "go mate abc",
                               "",
                               "   \r",
                               std::string(200000, 'q'),
                               "go perft",
                               "setoption"};
  for (const std::string& line : lines) ASSERT_EQ(engine.send(line), std::nullopt);
  ASSERT_EQ(engine.send("isready"), std::nullopt);
  std::vector<std::string> seen;
  ASSERT_TRUE(read_until(
      engine, [](const std::string& l) { return l == "readyok"; }, seen));
  EXPECT_EQ(count_if(seen, [](const std::string& l) { return starts_with(l, "info string "); }), 8) << joined(seen);
  EXPECT_EQ(count_if(seen, [](const std::string& l) { return l == "checkmate timeout"; }), 1) << joined(seen);
  EXPECT_EQ(seen.back(), "readyok");
}

TEST(UsiProcess, PerftDivideAsPerftDiffReadsIt) {
  // The client side of `tsumi perft-diff` against `tsumi usi`.
  UsiClient engine;
  ASSERT_EQ(engine.start(exe()), std::nullopt);
  engine.set_timeout(60);
  ASSERT_EQ(engine.handshake({{"Threads", "2"}, {"USI_Hash", "1"}}), std::nullopt);
  EXPECT_TRUE(engine.handshake_messages().empty());
  EngineDivide divide;
  ASSERT_EQ(engine.divide(std::string(kStartSfen), {"7g7f", "3c3d"}, 2, divide), std::nullopt);
  std::vector<std::string> got;
  for (const EngineDivideEntry& e : divide.moves) got.push_back(e.move + ": " + std::to_string(e.nodes));
  got.push_back("");
  got.push_back("Nodes searched: " + std::to_string(divide.total));
  EXPECT_EQ(got, expected_divide("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", 2));
}

// A file of input lines for the executable.
std::string input_file(const std::string& name, const std::string& text) { return test::temp_file(name, text); }

TEST(UsiProcess, EndOfInputExitsWithZero) {
  const auto idle = test::run_process(exe() + " < " + input_file("usi_eof.txt", "usi\nisready\n"), 20);
  EXPECT_EQ(idle.code, 0) << idle.output;
  EXPECT_TRUE(contains(idle.output, "usiok\n") && contains(idle.output, "readyok\n")) << idle.output;
  // During a search: it is stopped and answered first.
  const auto start = Clock::now();
  const auto searching = test::run_process(
      exe() + " < " +
          input_file("usi_eof_search.txt", std::string("setoption name USI_Hash value 16\nposition sfen ") +
                                               public_sfen(kKotobukiId) + "\ngo mate infinite\n"),
      20);
  EXPECT_EQ(searching.code, 0) << searching.output;
  EXPECT_TRUE(contains(searching.output, "\ncheckmate timeout\n")) << searching.output;
  EXPECT_LT(ms_since(start), 5000);
}

}  // namespace
}  // namespace tsumi::cli
