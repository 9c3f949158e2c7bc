#include "solver/mate_suite.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "solver/mate_problem.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

const MateSuiteEntry* find_id(const std::vector<MateSuiteEntry>& suite, const std::string& id) {
  for (const MateSuiteEntry& e : suite)
    if (e.id == id) return &e;
  return nullptr;
}

std::string field_text(const MateSuiteEntry& e, const std::string& key) {
  for (const auto& [k, v] : e.fields)
    if (k == key) return v;
  return "<absent>";
}

TEST(MateSuite, ParsesTheWholePublicSuite) {
  const auto suite = parse_mate_suite(test::read_file(test::positions_path("tsume-public.txt")));
  ASSERT_TRUE(suite) << suite.error().message;
  ASSERT_EQ(suite->size(), 258u);
  std::set<std::string> ids;
  int nomates = 0, unproven = 0;
  for (const MateSuiteEntry& e : *suite) {
    EXPECT_FALSE(e.id.empty()) << "line " << e.line;
    EXPECT_TRUE(ids.insert(e.id).second) << "id given twice: " << e.id;
    EXPECT_FALSE(e.category.empty()) << e.id;
    EXPECT_GT(e.line, 1) << e.id;  // line 1 is the header comment
    nomates += !e.expected.has_value();
    unproven += !e.length_proven;
    // Every SFEN is a position and a problem (four have nifu).
    const auto setup = parse_sfen(e.sfen, kTsumeLeniency);
    ASSERT_TRUE(setup) << e.id << ": " << setup.error().describe();
    EXPECT_TRUE(make_mate_problem(*setup)) << e.id;
  }
  EXPECT_GT(nomates, 0);
  EXPECT_EQ(unproven, 1);
  // The SFENs are those the other tests read from the same file.
  const std::vector<std::string> sfens = test::tsume_sfens();
  ASSERT_EQ(sfens.size(), suite->size());
  for (std::size_t i = 0; i < sfens.size(); ++i) EXPECT_EQ((*suite)[i].sfen, sfens[i]);
}

TEST(MateSuite, KnownEntries) {
  const auto suite = parse_mate_suite(test::read_file(test::positions_path("tsume-public.txt")));
  ASSERT_TRUE(suite) << suite.error().message;

  const MateSuiteEntry* first = find_id(*suite, "tanuki1-1");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->sfen, "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
  EXPECT_EQ(first->expected, 1);
  EXPECT_TRUE(first->length_proven);
  EXPECT_EQ(first->category, "graded-1");
  EXPECT_EQ(first->line, 2);
  EXPECT_EQ(field_text(*first, "kh1t"), "mate1/2ms/2n");
  ASSERT_EQ(first->fields.size(), 6u);
  EXPECT_EQ(first->fields[0].first, "expected");

  const MateSuiteEntry* kongou = find_id(*suite, "kongou-16");
  ASSERT_NE(kongou, nullptr);
  EXPECT_EQ(kongou->expected, 17);
  EXPECT_FALSE(kongou->length_proven);
  EXPECT_EQ(kongou->category, "graded-long(kongou)");
  // Values keep their spaces and non-ASCII text.
  EXPECT_EQ(field_text(*kongou, "source"),
            "hkijin/shtsume:test/problem.c@f5175781 g_sfen_tsume (16) 出典:二上詰将棋 金剛篇 他");

  const MateSuiteEntry* uchifu = find_id(*suite, "hm-uchifu-1");
  ASSERT_NE(uchifu, nullptr);
  EXPECT_FALSE(uchifu->expected.has_value());
  EXPECT_TRUE(uchifu->length_proven);

  const MateSuiteEntry* claimed = find_id(*suite, "antma-tsume1-3");
  ASSERT_NE(claimed, nullptr);
  EXPECT_EQ(claimed->expected, 13);
  EXPECT_EQ(field_text(*claimed, "src_claim"), "1");
}

TEST(MateSuite, OneLine) {
  const auto e = parse_mate_suite_line("8k/9/8G/9/9/9/9/9/9 b G 1\texpected=1\tid=x y\tnote=a=b\r");
  ASSERT_TRUE(e) << e.error().describe();
  EXPECT_EQ(e->sfen, "8k/9/8G/9/9/9/9/9/9 b G 1");
  EXPECT_EQ(e->expected, 1);
  EXPECT_EQ(e->id, "x y");
  EXPECT_EQ(e->category, "");
  ASSERT_EQ(e->fields.size(), 3u);
  EXPECT_EQ(e->fields[2].first, "note");
  EXPECT_EQ(e->fields[2].second, "a=b");

  const auto nomate = parse_mate_suite_line("4k4/9/9/9/9/9/9/9/9 b - 1\tid=n\texpected=nomate\t");
  ASSERT_TRUE(nomate) << nomate.error().describe();
  EXPECT_FALSE(nomate->expected.has_value());
}

TEST(MateSuite, TimeAndCounting) {
  const auto e = parse_mate_suite_line("8k/9/8G/9/9/9/9/9/9 b G 1\texpected=1\ttime=300\tcounting=book");
  ASSERT_TRUE(e) << e.error().describe();
  EXPECT_EQ(e->time_s, 300);
  EXPECT_TRUE(e->book_length);
  const auto all = parse_mate_suite_line("8k/9/8G/9/9/9/9/9/9 b G 1\texpected=1\tcounting=all");
  ASSERT_TRUE(all) << all.error().describe();
  EXPECT_FALSE(all->time_s.has_value());
  EXPECT_FALSE(all->book_length);
}

TEST(MateSuite, SkipsBlankAndCommentLines) {
  const auto suite =
      parse_mate_suite("# header\n\n   \n  # indented comment\n4k4/9/9/9/9/9/9/9/9 b - 1\texpected=nomate\n");
  ASSERT_TRUE(suite) << suite.error().message;
  ASSERT_EQ(suite->size(), 1u);
  EXPECT_EQ((*suite)[0].line, 5);
  EXPECT_TRUE(parse_mate_suite("")->empty());
}

TEST(MateSuite, RefusesMalformedLines) {
  struct Case {
    const char* line;
    const char* message;
    std::size_t offset;
  };
  const Case cases[] = {
      {"4k4/9/9/9/9/9/9/9/9 b - 1\tid=a", "missing expected", 30},
      {"4k4/9/9/9/9/9/9/9/9 b - 1", "missing tab", 25},
      {"\texpected=1", "missing SFEN", 0},
      {"  \texpected=1", "missing SFEN", 0},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=mate", "bad expected value 'mate'", 35},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=0", "bad expected value '0'", 35},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=", "bad expected value ''", 35},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=9x", "bad expected value '9x'", 35},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=-3", "bad expected value", 35},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=99999999999", "bad expected value", 35},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\tsolved", "'solved' is not key=value", 37},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\t=3", "has no key", 37},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\texpected=3", "'expected' given twice", 37},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\ttime=0", "bad time value '0'", 42},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\ttime=1.5", "bad time value '1.5'", 42},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\ttime=86401", "bad time value", 42},
      {"4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\tcounting=books", "bad counting value 'books'", 46},
  };
  for (const Case& c : cases) {
    const auto e = parse_mate_suite_line(c.line);
    ASSERT_FALSE(e) << c.line;
    EXPECT_NE(e.error().message.find(c.message), std::string::npos) << c.line << " -> " << e.error().message;
    EXPECT_EQ(e.error().offset, c.offset) << c.line << " -> " << e.error().message;
  }
}

TEST(MateSuite, SuiteErrorNamesTheLine) {
  const auto suite = parse_mate_suite("# c\n4k4/9/9/9/9/9/9/9/9 b - 1\texpected=1\n4k4/9/9/9/9/9/9/9/9 b - 1\tid=x\n");
  ASSERT_FALSE(suite);
  EXPECT_EQ(suite.error().message.rfind("line 3: missing expected", 0), 0u) << suite.error().message;
}

}  // namespace
}  // namespace tsumi
