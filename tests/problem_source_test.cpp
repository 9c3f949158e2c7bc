// Tests of front/problem_source.h: a problem loaded from every form a front is given, and the errors
// that say what is wrong and where.

#include "front/problem_source.h"

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/test_data.h"

namespace tsumi::front {
namespace {

// tanuki3-172 (positions/notation/tsume3-drop-nonpromotion.*): mate in 3, L*1c P*1b 1e2c.
constexpr char kTanuki172[] = "8k/6S2/9/6N2/8N/9/9/9/9 b L 1";
constexpr char kTanuki172Line[] = "L*1c P*1b 1e2c";

TEST(ProblemSource, SfenTextWithOrWithoutItsPrefixAndTwoPawnsOnAFile) {
  for (const std::string& text :
       {std::string(kTanuki172), "sfen " + std::string(kTanuki172), "  sfen " + std::string(kTanuki172)}) {
    LoadedProblem p;
    ASSERT_FALSE(load_problem_text(text, p)) << text;
    EXPECT_EQ(p.problem.attacker, BLACK);
    EXPECT_EQ(p.problem.setup.hands[WHITE].count(PAWN), 18);  // the defender's hand completed
    EXPECT_TRUE(p.line.empty());
    EXPECT_EQ(to_sfen(p.source.start), to_sfen(p.problem.setup));
  }
  LoadedProblem nifu;
  EXPECT_FALSE(load_problem_text("4k4/9/9/4P4/9/4P4/9/9/9 b G 1", nifu));  // published problems have them
}

// A USI position line's moves are played on the SFEN as it stands (a defender's drop needs the
// defender's hand written out).
TEST(ProblemSource, AUsiPositionLineIsTheProblemAndItsRecordedLine) {
  LoadedProblem plain, p;
  ASSERT_FALSE(load_problem_text(kTanuki172, plain));
  const std::string sfen = to_sfen(plain.problem.setup);
  ASSERT_FALSE(load_problem_text("position sfen " + sfen + " moves " + kTanuki172Line, p));
  EXPECT_EQ(to_usi(p.line), kTanuki172Line);
  EXPECT_EQ(to_sfen(p.problem.setup), sfen);
}

TEST(ProblemSource, KifTextFileAndStreamGiveTheSameProblem) {
  const std::string path = test::positions_path("notation/tsume3-drop-nonpromotion.kif");
  LoadedProblem from_file, from_text, from_stream, from_bytes;
  ASSERT_FALSE(load_problem_file(path, nullptr, from_file));
  const std::string bytes = test::read_file(path);
  ASSERT_FALSE(load_problem_text(bytes, from_text));
  std::istringstream in(bytes);
  ASSERT_FALSE(load_problem_file("-", &in, from_stream));
  ASSERT_FALSE(load_problem_bytes(bytes, "", from_bytes));
  for (const LoadedProblem* p : {&from_file, &from_text, &from_stream, &from_bytes}) {
    EXPECT_EQ(to_sfen(p->problem.setup), to_sfen(from_file.problem.setup));
    EXPECT_EQ(to_usi(p->line), kTanuki172Line);
    EXPECT_EQ(p->source.end, "詰み");
  }
  ASSERT_FALSE(from_file.source.headers.empty());
  EXPECT_EQ(from_file.source.headers[0].second, "tanuki3-172");
  LoadedProblem sfen;
  ASSERT_FALSE(load_problem_text(kTanuki172, sfen));
  EXPECT_EQ(to_sfen(from_file.problem.setup), to_sfen(sfen.problem.setup));
}

TEST(ProblemSource, ErrorsSayWhatAndWhere) {
  LoadedProblem p;
  auto e = load_problem_text("4k4/9/9/9/9/9/9/9 b - 1", p);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->starts_with("bad SFEN '4k4/9/9/9/9/9/9/9 b - 1' at column")) << *e;
  e = load_problem_text("9/9/9/9/9/9/9/9/9 b G 1", p);  // no king
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->starts_with("not a tsume problem: ")) << *e;
  e = load_problem_file("no-such-file.kif", nullptr, p);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("no-such-file.kif"), std::string::npos) << *e;
  e = load_problem_file("-", nullptr, p);
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, "standard input is not available here");
  std::istringstream junk("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ９九王(11)\n");
  e = load_problem_file("-", &junk, p);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->starts_with("standard input at line ")) << *e;
  e = load_problem_bytes("9/9/9/9/9/9/9/9/9 b G 1\n", "'empty.sfen'", p);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->starts_with("'empty.sfen': not a tsume problem: ")) << *e;
}

TEST(ProblemSource, ALineReplacesTheRecordedOne) {
  LoadedProblem p;
  ASSERT_FALSE(load_problem_text(kTanuki172, p));
  ASSERT_FALSE(replace_line(kTanuki172Line, p));
  EXPECT_EQ(to_usi(p.line), kTanuki172Line);
  const auto e = replace_line("L*1c 1a1b", p);  // the king may not step onto 1b, which the lance attacks
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("move 2"), std::string::npos) << *e;
  EXPECT_EQ(to_usi(p.line), kTanuki172Line);  // left as it was
}

TEST(ProblemSource, ASuiteFileByIds) {
  std::vector<SuiteProblem> all, two;
  ASSERT_FALSE(load_problem_suite(test::positions_path("tsume-public.txt"), "", all));
  EXPECT_EQ(all.size(), 258u);
  ASSERT_FALSE(load_problem_suite(test::positions_path("tsume-public.txt"), "tanuki1-1,kongou-2", two));
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].loaded.name, "tanuki1-1");
  EXPECT_EQ(two[0].entry.expected, 1);
  std::vector<SuiteProblem> none;
  const auto e = load_problem_suite(test::positions_path("tsume-public.txt"), "no-such-id", none);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("no problem has an id in 'no-such-id'"), std::string::npos) << *e;
  const std::string bad = test::temp_file("bad-suite.txt", "4k4/9 b - 1\texpected=1\tid=x\n");
  const auto b = load_problem_suite(bad, "", none);
  ASSERT_TRUE(b);
  EXPECT_NE(b->find(": line 1: bad SFEN"), std::string::npos) << *b;
}

TEST(ProblemSource, FoldersAndFileArguments) {
  EXPECT_TRUE(is_problem_file_name("a.KIF"));
  EXPECT_TRUE(is_problem_file_name("p.usi"));
  EXPECT_FALSE(is_problem_file_name("README.txt"));
  EXPECT_FALSE(is_problem_file_name(".hidden.kif"));
  std::vector<std::string> paths;
  ASSERT_FALSE(expand_problem_paths({test::positions_path("notation")}, paths));
  EXPECT_EQ(paths.size(), 37u);  // every file but manifest.txt
  EXPECT_TRUE(std::is_sorted(paths.begin(), paths.end()));
  EXPECT_TRUE(expand_problem_paths({"-", "-"}, paths));
  EXPECT_TRUE(expand_problem_paths({"no-such-folder"}, paths));
  EXPECT_TRUE(one_problem_file({"-"}));
  EXPECT_FALSE(one_problem_file({test::positions_path("notation")}));
  EXPECT_FALSE(one_problem_file({"a.kif", "b.kif"}));
  EXPECT_TRUE(id_selected("", "x"));
  EXPECT_TRUE(id_selected("a,x,b", "x"));
  EXPECT_FALSE(id_selected("a,xb", "x"));
}

TEST(ProblemSource, TheProblemOfAPosition) {
  MateProblem p;
  EXPECT_FALSE(problem_of(*parse_sfen(kTanuki172), p));
  EXPECT_EQ(p.attacker, BLACK);
  const auto e = problem_of(*parse_sfen("9/9/9/9/9/9/9/9/9 b G 1"), p);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->starts_with("not a tsume problem: ")) << *e;
}

}  // namespace
}  // namespace tsumi::front
