// Tests of cli/common/console.h (the POSIX half here; under Wine, scripts/check-windows.sh runs
// tsumi.exe with its output in pipes, where no progress line may appear): stderr is a terminal exactly
// when isatty says so, and preparing the console changes nothing a pipe receives.

#include "cli/common/console.h"

#include <gtest/gtest.h>
#include <unistd.h>

namespace tsumi::cli {
namespace {

TEST(Console, StderrIsATerminalWhenIsattySaysSo) {
  prepare_console();
  EXPECT_EQ(stderr_is_terminal(), isatty(STDERR_FILENO) != 0);
}

TEST(Console, AnotherStderrIsSeen) {
  const int saved = dup(STDERR_FILENO);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  dup2(fds[1], STDERR_FILENO);
  EXPECT_FALSE(stderr_is_terminal());
  dup2(saved, STDERR_FILENO);
  close(saved);
  close(fds[0]);
  close(fds[1]);
}

}  // namespace
}  // namespace tsumi::cli
