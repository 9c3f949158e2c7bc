#include "cli/perft/perftree_command.h"

#include <sstream>

#include <gtest/gtest.h>

#include "core/sfen.h"

namespace tsumi::cli {
namespace {

TEST(PerftreeCommand, SpeaksThePerftreeProtocol) {
  std::ostringstream out, err;
  PerftreeArgs args{.depth = 2, .sfen = std::string(kStartSfen), .moves = "7g7f 3c3d", .threads = 0};
  ASSERT_EQ(run_perftree(args, out, err), 0) << err.str();
  std::istringstream lines(out.str());
  std::string line;
  std::uint64_t sum = 0;
  int moves = 0;
  while (std::getline(lines, line) && !line.empty()) {
    const auto space = line.find(' ');
    ASSERT_NE(space, std::string::npos) << line;
    EXPECT_EQ(line.find(':'), std::string::npos) << "perftree wants '<move> <count>'";
    sum += std::stoull(line.substr(space + 1));
    ++moves;
  }
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(std::to_string(sum), line);
  EXPECT_GT(moves, 30);
  EXPECT_FALSE(std::getline(lines, line)) << "nothing after the total";
}

TEST(PerftreeCommand, EmptyMovesAndBadInput) {
  std::ostringstream out, err;
  ASSERT_EQ(run_perftree({.depth = 1, .sfen = std::string(kStartSfen), .moves = "", .threads = 0}, out, err), 0);
  EXPECT_NE(out.str().find("\n\n30\n"), std::string::npos) << out.str();
  std::ostringstream out2, err2;
  EXPECT_EQ(run_perftree({.depth = 1, .sfen = std::string(kStartSfen), .moves = "7g7e", .threads = 0}, out2, err2), 2);
  EXPECT_NE(err2.str().find("7g7e"), std::string::npos) << err2.str();
}

}  // namespace
}  // namespace tsumi::cli
