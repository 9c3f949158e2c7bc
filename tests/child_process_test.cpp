#include "cli/usi/child_process.h"

#include <chrono>
#include <string>

#include <gtest/gtest.h>

// The POSIX half (`/bin/sh -c`); the USI client's tests (usi_client_test.cpp) run it through UsiClient.
namespace tsumi::cli {
namespace {

using Io = ChildProcess::Io;

ChildProcess::Clock::time_point child_process_deadline(double seconds) {
  return ChildProcess::Clock::now() +
         std::chrono::duration_cast<ChildProcess::Clock::duration>(std::chrono::duration<double>(seconds));
}

// Everything the child writes up to the end of its output (or the deadline).
std::string child_process_read_all(ChildProcess& child, double seconds) {
  const auto until = child_process_deadline(seconds);
  std::string out;
  while (child.read(out, until) == Io::kOk) {
  }
  return out;
}

TEST(ChildProcess, EchoesThroughCat) {
  ChildProcess child;
  ASSERT_FALSE(child.start("cat"));
  EXPECT_TRUE(child.running());
  EXPECT_TRUE(child.input_open());
  std::string error;
  ASSERT_EQ(child.write("hello\nworld\n", child_process_deadline(5), error), Io::kOk) << error;
  child.close_input();
  EXPECT_FALSE(child.input_open());
  EXPECT_EQ(child_process_read_all(child, 5), "hello\nworld\n");  // read to the end: cat saw its input end
  std::string more;
  EXPECT_EQ(child.read(more, child_process_deadline(5)), Io::kClosed);  // the end stays the end
  ASSERT_TRUE(child.wait(std::chrono::seconds(5)));
  EXPECT_FALSE(child.running());
  EXPECT_EQ(child.exit_description(), "exited with status 0");
  child.close();
}

TEST(ChildProcess, ExitStatusAndOutputLeftAfterTheExit) {
  ChildProcess child;
  ASSERT_FALSE(child.start("echo bye; exit 3"));
  EXPECT_FALSE(child.exit_description());  // not reaped yet
  EXPECT_EQ(child_process_read_all(child, 5), "bye\n");
  ASSERT_TRUE(child.wait(std::chrono::seconds(5)));
  EXPECT_EQ(child.exit_description(), "exited with status 3");
  // A write to a child that has exited is kClosed: no SIGPIPE ends the test.
  std::string error;
  EXPECT_EQ(child.write("usi\n", child_process_deadline(5), error), Io::kClosed);
  EXPECT_TRUE(child.wait(std::chrono::seconds(0)));  // reaped: nothing left to wait for
}

TEST(ChildProcess, ACommandThatDoesNotExist) {
  ChildProcess child;
  ASSERT_FALSE(child.start("/nonexistent/engine 2>/dev/null"));
  ASSERT_TRUE(child.wait(std::chrono::seconds(5)));
  EXPECT_EQ(child.exit_description(), "exited with status 127 (the shell could not find the command)");
}

TEST(ChildProcess, ReadsEndAtTheDeadline) {
  ChildProcess child;
  ASSERT_FALSE(child.start("sleep 5"));
  const auto start = ChildProcess::Clock::now();
  std::string out;
  EXPECT_EQ(child.read(out, child_process_deadline(0.2)), Io::kTimeout);
  const double took = std::chrono::duration<double>(ChildProcess::Clock::now() - start).count();
  EXPECT_GE(took, 0.15);
  EXPECT_LT(took, 2.0);
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(child.wait(std::chrono::milliseconds(50)));
  EXPECT_TRUE(child.running());
}

TEST(ChildProcess, AWriteToAChildThatDoesNotReadTimesOut) {
  ChildProcess child;
  ASSERT_FALSE(child.start("sleep 5"));
  const std::string data(1 << 20, 'x');  // more than a pipe holds
  std::string error;
  const auto start = ChildProcess::Clock::now();
  EXPECT_EQ(child.write(data, child_process_deadline(0.2), error), Io::kTimeout);
  EXPECT_LT(std::chrono::duration<double>(ChildProcess::Clock::now() - start).count(), 2.0);
}

TEST(ChildProcess, KillEndsTheShellAndWhatItStarted) {
  ChildProcess child;
  ASSERT_FALSE(child.start("sleep 60; echo never"));
  const auto start = ChildProcess::Clock::now();
  child.kill();
  EXPECT_FALSE(child.running());
  EXPECT_EQ(child.exit_description(), "was killed by signal 9 (Killed)");
  // The sleep held the write end of stdout too: it is dead, so the output ends at once.
  std::string out;
  EXPECT_EQ(child.read(out, child_process_deadline(5)), Io::kClosed);
  EXPECT_LT(std::chrono::duration<double>(ChildProcess::Clock::now() - start).count(), 2.0);
  child.close();
  EXPECT_FALSE(child.input_open());
  child.kill();  // nothing to kill
}

TEST(ChildProcess, StartsAgainAfterAnExit) {
  ChildProcess child;
  ASSERT_FALSE(child.start("echo one"));
  EXPECT_EQ(child.start("echo two"), "a process is already running");
  EXPECT_EQ(child_process_read_all(child, 5), "one\n");
  ASSERT_TRUE(child.wait(std::chrono::seconds(5)));
  ASSERT_FALSE(child.start("echo two"));  // closes the pipes of the first
  EXPECT_FALSE(child.exit_description());
  EXPECT_EQ(child_process_read_all(child, 5), "two\n");
}

}  // namespace
}  // namespace tsumi::cli
