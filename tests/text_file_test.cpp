#include "core/text_file.h"

#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::temp_path;

TEST(TextFile, ReadsAWholeFile) {
  const std::string path = temp_path("suite.txt");
  std::string content;
  for (int i = 0; i < 10000; ++i) content += "line " + std::to_string(i) + "\n";
  std::ofstream(path, std::ios::binary) << content;
  std::string text = "left over";
  EXPECT_EQ(read_text_file(path, text), std::nullopt);
  EXPECT_EQ(text, content);
  std::remove(path.c_str());
}

TEST(TextFile, AnEmptyFileIsEmptyText) {
  const std::string path = temp_path("empty.txt");
  std::ofstream(path, std::ios::binary).flush();
  std::string text = "x";
  EXPECT_EQ(read_text_file(path, text), std::nullopt);
  EXPECT_EQ(text, "");
  std::remove(path.c_str());
}

TEST(TextFile, MissingFileDirectoryAndEndlessDeviceAreRefused) {
  std::string text;
  const auto missing = read_text_file("/nonexistent/suite.txt", text);
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("cannot read '/nonexistent/suite.txt'"), std::string::npos) << *missing;
  const auto directory = read_text_file(::testing::TempDir(), text);
  ASSERT_TRUE(directory);
  EXPECT_NE(directory->find("is a directory"), std::string::npos) << *directory;
  // /dev/zero never ends: the read stops at the bound.
  const auto endless = read_text_file("/dev/zero", text, std::size_t(1) << 20);
  ASSERT_TRUE(endless);
  EXPECT_NE(endless->find("is larger than 1 MiB"), std::string::npos) << *endless;
  EXPECT_LE(text.size(), std::size_t(1) << 20);
}

TEST(TextFile, AFileJustAtTheBoundIsRead) {
  const std::string path = temp_path("bound.txt");
  std::ofstream(path, std::ios::binary) << std::string(1000, 'a');
  std::string text;
  EXPECT_EQ(read_text_file(path, text, 1000), std::nullopt);
  EXPECT_EQ(text.size(), 1000u);
  EXPECT_TRUE(read_text_file(path, text, 999));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace tsumi
