// The `tsumi check` command in-process: one problem (SFEN, a recorded line, a file), a suite of files, the
// JSON, the KIF with variations read back, and the refusals.

#include "cli/check/check_command.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "compose/soundness.h"
#include "core/usi.h"
#include "notation/kifu_file.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

// tanuki3-1 (flawed: 変同 at ply 2, a cook at ply 3) and tanuki5-17 (sound, with last-move cooks).
constexpr const char* kFlawed = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
constexpr const char* kSound = "6G1k/6l2/5S3/7N1/9/9/9/9/9 b 2r2b3g3s3n3l18p 1";

using test::CommandResult;

CommandResult run(const CheckOptions& o) { return test::run_command(run_check, o); }

CheckOptions check_sfen_options(const char* sfen) {
  CheckOptions o;
  o.sfen = sfen;
  o.hash_mb = 16;
  o.time_s = 20;
  return o;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CheckCommand, FlawedProblemInWords) {
  const CommandResult r = run(check_sfen_options(kFlawed));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(has(r.out, "verdict flawed\n")) << r.out;
  EXPECT_TRUE(has(r.out, "main line (tsumi's, 3 plies): ▲２三金 △１一玉 ▲２二金\n")) << r.out;
  EXPECT_TRUE(has(r.out, "ply 2: equal defence (変同): △２一玉(12) (1b2a), mate in 2 from there: 1b2a 2c2b\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "ply 3: cook (余詰): ▲１四飛(24) (2d1d), mate in 5 from there:")) << r.out;
  // Findings come in ply order.
  EXPECT_LT(r.out.find("ply 2:"), r.out.find("ply 3:"));
}

TEST(CheckCommand, SoundProblemExitsZero) {
  const CommandResult r = run(check_sfen_options(kSound));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "verdict sound\n")) << r.out;
  EXPECT_TRUE(has(r.out, "last-move cook (最終手余詰, minor)")) << r.out;
}

TEST(CheckCommand, Json) {
  CheckOptions o = check_sfen_options(kFlawed);
  o.json = true;
  const CommandResult r = run(o);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "flawed");
  EXPECT_EQ(j["length"], 3);
  EXPECT_EQ(j["futile_length"], 3);
  EXPECT_EQ(j["main_line"], nlohmann::json::array({"1d2c", "1b1a", "2c2b"}));
  ASSERT_EQ(j["cooks"].size(), 1u);
  EXPECT_EQ(j["cooks"][0]["ply"], 3);
  EXPECT_EQ(j["cooks"][0]["move"], "2d1d");
  EXPECT_EQ(j["cooks"][0]["mate_length"], 5);
  EXPECT_EQ(j["cooks"][0]["kind"], "cook");
  EXPECT_EQ(j["cooks"][0]["line"].size(), 5u);
  ASSERT_EQ(j["defences"].size(), 1u);
  EXPECT_EQ(j["defences"][0]["kind"], "equal");
  EXPECT_EQ(j["leftover"], "");
  EXPECT_TRUE(j["unknown"].empty());
  EXPECT_TRUE(j["bad_line"].is_null());
  for (const char* key : {"time_ms", "nodes", "branches", "solve_ms", "sfen", "recorded"})
    EXPECT_TRUE(j.contains(key)) << key;
}

TEST(CheckCommand, RecordedLine) {
  CheckOptions o = check_sfen_options(kFlawed);
  o.line = "1d2c 1b1a";  // stops before the mate
  const CommandResult bad = run(o);
  EXPECT_EQ(bad.code, 1);
  EXPECT_TRUE(has(bad.out, "verdict bad-line\n")) << bad.out;
  o.line = "1d2c 9a9b";
  const CommandResult illegal = run(o);
  EXPECT_EQ(illegal.code, 2);
  EXPECT_TRUE(has(illegal.err, "--line: move 2 '9a9b'")) << illegal.err;
}

// The text comes as the check goes: the early verdict says what settled it; with --first-flaw the
// check stops there and says how many branches it left out.
TEST(CheckCommand, TheVerdictFirst) {
  CheckOptions o = check_sfen_options(kFlawed);
  const CommandResult all = run(o);
  EXPECT_TRUE(has(all.out, "verdict flawed, known after ")) << all.out;
  EXPECT_TRUE(has(all.out, "(the check goes on)\n")) << all.out;
  EXPECT_TRUE(has(all.out, "phases: ")) << all.out;
  // The equal defence settled it, before the cook is printed; the last verdict line is the end's.
  EXPECT_LT(all.out.find("verdict flawed, known"), all.out.find("ply 3: cook"));
  EXPECT_LT(all.out.find("ply 3: cook"), all.out.rfind("verdict flawed\n"));
  o.first_flaw = true;
  const CommandResult first = run(o);
  EXPECT_EQ(first.code, 1);
  EXPECT_TRUE(has(first.out, "the equal defence (変同) at ply 2")) << first.out;
  EXPECT_TRUE(has(first.out, "stopped at the verdict (--first-flaw): ")) << first.out;
  EXPECT_FALSE(has(first.out, "ply 3: cook")) << first.out;
  o.json = true;
  const auto j = nlohmann::json::parse(run(o).out);
  EXPECT_EQ(j["first_flaw"], true);
  EXPECT_GT(j["unexamined"], 0);
  EXPECT_EQ(j["settled_by"]["finding"], "equal");
  EXPECT_LE(j["verdict_ms"], j["time_ms"]);
}

// --json-lines: one object a line, the events as they come, the report object last.
TEST(CheckCommand, JsonLines) {
  CheckOptions o = check_sfen_options(kFlawed);
  o.json_lines = true;
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 1);
  std::istringstream lines(r.out);
  std::vector<std::string> events;
  nlohmann::json last;
  for (std::string line; std::getline(lines, line);) {
    last = nlohmann::json::parse(line);
    events.push_back(last["event"]);
  }
  const std::vector<std::string> expected = {"main_line", "defence", "verdict", "cook", "report"};
  EXPECT_EQ(events, expected);
  EXPECT_EQ(last["verdict"], "flawed");
  EXPECT_EQ(last["cooks"].size(), 1u);
  EXPECT_TRUE(last.contains("phases"));
}

// The default budget scales with the problem's own solve; a total given replaces it.
TEST(CheckCommand, TheBudgetScalesWithTheProblem) {
  CheckOptions o = check_sfen_options(kFlawed);
  o.json = true;
  EXPECT_EQ(nlohmann::json::parse(run(o).out)["budget_nodes"], kBudgetMinNodes);  // a tiny solve: the least
  o.budget = false;
  o.total_nodes = 0;
  EXPECT_EQ(nlohmann::json::parse(run(o).out)["budget_nodes"], 0);
}

TEST(CheckCommand, KifWithAVariationAFindingReadsBack) {
  CheckOptions o = check_sfen_options(kFlawed);
  o.kif_out = test::removed_at_exit(test::temp_path("checked.kif"));
  std::filesystem::remove(o.kif_out);
  run(o);
  const std::string bytes = test::read_file(o.kif_out);
  const auto kifu = notation::read_kifu(bytes);
  ASSERT_TRUE(kifu.ok()) << kifu.error().describe() << "\n" << bytes;
  EXPECT_EQ(to_usi(kifu->moves), "1d2c 1b1a 2c2b");
  ASSERT_EQ(kifu->variations.size(), 2u) << bytes;
  // KIF writes the branch from the later move first.
  const notation::KifuVariation& cook = kifu->variations[0];
  const notation::KifuVariation& equal = kifu->variations[1];
  EXPECT_EQ(equal.ply, 2);
  EXPECT_EQ(to_usi(equal.moves), "1b2a 2c2b");
  EXPECT_TRUE(has(equal.comment, "変同")) << equal.comment;
  EXPECT_EQ(cook.ply, 3);
  EXPECT_EQ(cook.moves.size(), 5u);
  EXPECT_TRUE(has(cook.comment, "余詰")) << cook.comment;
  // A file's recorded moves are its main line.
  CheckOptions again;
  again.files = {o.kif_out};
  again.hash_mb = 16;
  const CommandResult r = run(again);
  EXPECT_TRUE(has(r.out, "main line (recorded, 3 plies)")) << r.out;
}

// --depth-of-variations 1: the variation of 1b2a has a second mate of its own (2c3c at its ply 3), in
// the JSON with its path, in the words with where it leaves the main line, and in the KIF as a variation
// from ply 2 that plays the variation's first move before it; the verdict is depth 0's.
TEST(CheckCommand, FindingsInsideVariations) {
  CheckOptions o = check_sfen_options(kFlawed);
  o.variation_depth = 1;
  const CommandResult words = run(o);
  EXPECT_EQ(words.code, 1);
  EXPECT_TRUE(has(words.out, "ply 3: cook (余詰) in the variation from ply 2: 1b2a: ▲３三金(23) (2c3c), mate in 5"))
      << words.out;
  o.json = true;
  const auto j = nlohmann::json::parse(run(o).out);
  EXPECT_EQ(j["verdict"], "flawed");
  bool found = false;
  for (const auto& c : j["cooks"])
    if (c["move"] == "2c3c") found = c["variation"] == nlohmann::json::array({"1d2c", "1b2a"});
  EXPECT_TRUE(found) << j.dump();
  o.json = false;
  o.kif_out = test::removed_at_exit(test::temp_path("variations.kif"));
  std::filesystem::remove(o.kif_out);
  run(o);
  const auto kifu = notation::read_kifu(test::read_file(o.kif_out));
  ASSERT_TRUE(kifu.ok()) << kifu.error().describe();
  found = false;
  for (const notation::KifuVariation& v : kifu->variations)
    found = found || (v.ply == 2 && to_usi(v.moves) == "1b2a 2c3c 2a3a 2d2b+ 3a4a 3c4b");
  EXPECT_TRUE(found);
}

TEST(CheckCommand, SuiteTable) {
  const std::string dir = test::temp_path("check_suite");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directory(dir);
  {
    std::ofstream(dir + "/a.sfen") << kFlawed << "\n";
    std::ofstream(dir + "/b.sfen") << kSound << "\n";
  }
  CheckOptions o;
  o.files = {dir};
  o.hash_mb = 16;
  const CommandResult r = run(o);
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(has(r.out, "2 problems: 1 sound, 1 flawed, 0 nomate, 0 bad-line, 0 unknown\n")) << r.out;
  EXPECT_TRUE(has(r.out, "    ply 3: cook (余詰)")) << r.out;
  o.json = true;
  const CommandResult j = run(o);
  std::filesystem::remove_all(dir);
  std::istringstream lines(j.out);
  int objects = 0;
  for (std::string line; std::getline(lines, line); ++objects)
    EXPECT_TRUE(nlohmann::json::parse(line).contains("verdict"));
  EXPECT_EQ(objects, 2);
}

TEST(CheckCommand, Refusals) {
  CheckOptions none;
  EXPECT_EQ(run(none).code, 2);
  CheckOptions both = check_sfen_options(kFlawed);
  both.files = {"x.kif"};
  EXPECT_EQ(run(both).code, 2);
  CheckOptions bad = check_sfen_options("9/9/9 b - 1");
  const CommandResult r = run(bad);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.err, "bad SFEN")) << r.err;
  CheckOptions suite_kif;
  suite_kif.suite = test::positions_path("tsume-public.txt");
  suite_kif.kif_out = "-";
  EXPECT_EQ(run(suite_kif).code, 2);
}

}  // namespace
}  // namespace tsumi::cli
