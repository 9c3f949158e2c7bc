#include "core/thread_room.h"

#include <string>

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tsumi {
namespace {

TEST(ThreadRoom, OneThreadNeedsNoRoom) {
  EXPECT_EQ(check_thread_room(1, std::size_t(1) << 40), std::nullopt);  // nothing is started
  EXPECT_EQ(check_thread_room(0, 0), std::nullopt);
}

TEST(ThreadRoom, AFewSmallThreadsFit) { EXPECT_EQ(check_thread_room(8, std::size_t(1) << 20), std::nullopt); }

// The affinity mask is what counts: pinned to one core, the process has one.
TEST(ThreadRoom, UsableCoresFollowTheAffinityMask) {
  EXPECT_GE(usable_cores(), 1);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) _exit(3);
    _exit(usable_cores() == 1 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// 0 stands for every usable core; any other count is taken as given.
TEST(ThreadRoom, ZeroThreadsMeansEveryUsableCore) {
  EXPECT_EQ(resolve_threads(0), usable_cores());
  EXPECT_EQ(resolve_threads(3), 3);
  EXPECT_EQ(resolve_threads(1), 1);
}

// In a child whose address space is capped at 1 GB, 64 threads of 64 MB stacks do not fit: the answer
// is a message, not an abort (the child reports by its exit code).
TEST(ThreadRoom, ACappedAddressSpaceIsReported) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the sanitizers' shadow memory alone is far above any address-space cap";
#endif
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const rlimit cap{rlim_t(1) << 30, rlim_t(1) << 30};
    if (setrlimit(RLIMIT_AS, &cap) != 0) _exit(3);
    const auto refused = check_thread_room(64, std::size_t(64) << 20);
    if (!refused) _exit(1);
    if (refused->find("cannot start 63 more threads of 64 MB stack") == std::string::npos) _exit(2);
    _exit(check_thread_room(2, std::size_t(1) << 20) ? 4 : 0);  // and afterwards, room again
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "the child did not exit normally: " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: no refusal, 2: wrong message, 3: no rlimit, 4: no room after";
}

}  // namespace
}  // namespace tsumi
