// Tests of core/file_sync.h (the POSIX half here; the Windows half saves tsumi.exe's table under Wine):
// what was written is flushed and synced, and a stream the system cannot sync says so.

#include "core/file_sync.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace tsumi {
namespace {

TEST(FileSync, FlushesWhatWasWritten) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("tsumi_file_sync_" + std::to_string(getpid()) + ".txt");
  std::FILE* f = std::fopen(path.string().c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_GE(std::fputs("written\n", f), 0);
  EXPECT_TRUE(flush_to_disk(f));
  {
    std::ifstream in(path, std::ios::binary);  // read while the writer is still open: nothing buffered
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), "written\n");
  }
  std::fclose(f);
  std::filesystem::remove(path);
}

TEST(FileSync, APipeCannotBeSynced) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::FILE* f = fdopen(fds[1], "w");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(flush_to_disk(f));  // fsync: EINVAL on a pipe
  std::fclose(f);
  close(fds[0]);
}

}  // namespace
}  // namespace tsumi
