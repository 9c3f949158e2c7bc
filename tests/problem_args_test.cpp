// Tests of cli/common/problem_args.h: the problem arguments `tsumi mate` and `tsumi check` share.

#include "cli/common/problem_args.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

TEST(ProblemArgs, ExactlyOneWayToGiveTheProblem) {
  ProblemArgs none;
  ASSERT_TRUE(check_problem_args(none, 1));
  EXPECT_EQ(*check_problem_args(none, 1), "give one of --sfen, --suite and problem files");
  ProblemArgs both;
  both.sfen = "8k/9/9/9/9/9/9/9/9 b G 1";
  both.files = {"a.kif"};
  EXPECT_TRUE(check_problem_args(both, 1));
  ProblemArgs one;
  one.sfen = both.sfen;
  EXPECT_FALSE(check_problem_args(one, 1));
}

// No room for the workers: in a child whose address space is capped at 1 GB (so that nothing else on
// the machine runs short of threads), 64 workers' stacks do not fit, and the message says what to do.
TEST(ProblemArgs, NoRoomForTheThreadsIsAMessage) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the sanitizers' shadow memory alone is far above any address-space cap";
#endif
  ProblemArgs one;
  one.sfen = "8k/9/9/9/9/9/9/9/9 b G 1";
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const rlimit cap{rlim_t(1) << 30, rlim_t(1) << 30};
    if (setrlimit(RLIMIT_AS, &cap) != 0) _exit(3);
    const auto refused = check_problem_args(one, 64);
    _exit(!refused ? 1 : refused->ends_with("; ask for fewer --threads") ? 0 : 2);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "the child did not exit normally: " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: no refusal, 2: wrong message, 3: no rlimit";
}

TEST(ProblemArgs, OneProblemOrASuite) {
  ProblemArgs sfen;
  sfen.sfen = "x";
  EXPECT_TRUE(sfen.single());
  ProblemArgs file;
  file.files = {test::positions_path("notation/tsume-rest.kif")};
  EXPECT_TRUE(file.single());
  ProblemArgs folder;
  folder.files = {test::positions_path("notation")};
  EXPECT_FALSE(folder.single());
  ProblemArgs suite;
  suite.suite = test::positions_path("tsume-public.txt");
  EXPECT_FALSE(suite.single());
}

TEST(ProblemArgs, TheProblemsWithTheirNames) {
  ProblemArgs sfen;
  sfen.sfen = "sfen 8k/6S2/9/6N2/8N/9/9/9/9 b L 1";
  std::vector<front::SuiteProblem> out;
  ASSERT_FALSE(load_problem_args(sfen, out));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].loaded.name, "sfen");
  ProblemArgs files;
  files.files = {test::positions_path("notation/tsume-rest.kif"), test::positions_path("notation/tsume-rest.csa")};
  out.clear();
  ASSERT_FALSE(load_problem_args(files, out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].loaded.name, files.files[1]);
  EXPECT_EQ(out[1].entry.id, files.files[1]);
  EXPECT_EQ(out[0].entry.sfen, out[1].entry.sfen);  // one problem, two notations
  ProblemArgs suite;
  suite.suite = test::positions_path("tsume-public.txt");
  suite.ids = "kongou-2";
  out.clear();
  ASSERT_FALSE(load_problem_args(suite, out));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].loaded.name, "kongou-2");
}

TEST(ProblemArgs, ATableTheMachineCannotGiveIsRefusedWithItsSize) {
  std::string error;
  EXPECT_EQ(make_solver(std::size_t(1) << 40, error), nullptr);  // a TiB
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_NE(make_solver(2, error), nullptr);
  EXPECT_TRUE(error.empty());
}

}  // namespace
}  // namespace tsumi::cli
