// Tests of cli/common/stop_signal.h: SIGINT and SIGTERM set the flag instead of ending the process
// while a StopSignals lives, every one is counted (copies of one stop, sent together, must not end the
// process), end_now() ends it as the signal would have, and the handlers there were before come back.

#include "cli/common/stop_signal.h"

#include <csignal>

#include <gtest/gtest.h>

namespace tsumi::cli {
namespace {

// The handler installed for a signal now.
void (*handler_of(int signal))(int) {
  struct sigaction now {};
  sigaction(signal, nullptr, &now);
  return now.sa_handler;
}

TEST(StopSignals, ASignalSetsTheFlagOnce) {
  for (const int signal : {SIGINT, SIGTERM}) {
    const StopSignals signals;
    EXPECT_EQ(signals.received(), 0);
    std::raise(signal);  // handled: the process goes on
    EXPECT_EQ(signals.received(), signal);
    EXPECT_EQ(signals.count(), 1);
    std::raise(signal);  // a copy (timeout(1) signals the process and its group): still handled
    EXPECT_EQ(signals.count(), 2);
  }
}

TEST(StopSignalsDeathTest, EndNowEndsTheProcessAsTheSignalWould) {
  const StopSignals signals;
  EXPECT_EXIT(StopSignals::end_now(SIGTERM), ::testing::KilledBySignal(SIGTERM), "");
  EXPECT_EXIT(StopSignals::end_now(SIGINT), ::testing::KilledBySignal(SIGINT), "");
}

TEST(StopSignals, TheHandlersBeforeComeBack) {
  const auto before_int = std::signal(SIGINT, SIG_IGN);
  {
    const StopSignals signals;
    EXPECT_NE(handler_of(SIGINT), SIG_IGN);
    EXPECT_NE(handler_of(SIGTERM), SIG_DFL);
  }
  EXPECT_EQ(handler_of(SIGINT), SIG_IGN);
  EXPECT_EQ(handler_of(SIGTERM), SIG_DFL);
  std::signal(SIGINT, before_int);
}

TEST(StopSignals, AFreshOneForgetsTheLastSignal) {
  {
    const StopSignals signals;
    std::raise(SIGTERM);
    EXPECT_EQ(signals.received(), SIGTERM);
  }
  const StopSignals signals;
  EXPECT_EQ(signals.received(), 0);
}

TEST(StopSignals, Names) {
  EXPECT_STREQ(StopSignals::name(SIGINT), "SIGINT");
  EXPECT_STREQ(StopSignals::name(SIGTERM), "SIGTERM");
  EXPECT_STREQ(StopSignals::name(SIGHUP), "a signal");
}

}  // namespace
}  // namespace tsumi::cli
