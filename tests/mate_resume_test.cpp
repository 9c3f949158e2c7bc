// `tsumi mate --save / --save-every / --resume` (cli/mate/mate_command.h, cli/mate/table_file.h): a
// solve cut by a limit or a signal saves its table, a resumed solve gives the fresh verdict and length,
// and every file that cannot be continued (another problem or --hash, cut, garbage, missing) or must not
// be overwritten is refused with exit 2 before anything is solved.

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/mate/mate_command.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

using test::CommandResult;
using test::ProcessResult;

// tanuki1-1 of positions/tsume-public.txt: mate in 1.
constexpr const char* kResumeMateIn1 = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";

CommandResult mate(const MateOptions& o) { return test::run_command(run_mate, o); }

using test::public_sfen;

MateOptions options(const std::string& sfen, std::size_t hash_mb = 16) {
  MateOptions o;
  o.sfen = sfen;
  o.hash_mb = hash_mb;
  o.time_s = 120;
  return o;
}

std::string fresh_path(const std::string& name) {
  const std::string path = test::removed_at_exit(test::temp_path(name));
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".tmp");
  return path;
}

using test::contains;

nlohmann::json json_of(const CommandResult& r) { return nlohmann::json::parse(r.out); }

// kongou-25 (mate in 25, about 200,000 nodes): cut by a node limit and saved, then resumed to the end,
// gives what a fresh solve gives; the resumed run reports the nodes before it.
TEST(MateResume, ACutSolveSavedAndResumedGivesTheFreshAnswer) {
  const std::string sfen = public_sfen("kongou-25");
  ASSERT_FALSE(sfen.empty());
  MateOptions o = options(sfen);
  o.json = true;
  const CommandResult fresh = mate(o);
  ASSERT_EQ(fresh.code, 0) << fresh.err;
  const auto f = json_of(fresh);
  ASSERT_EQ(f["result"], "mate") << fresh.out;
  ASSERT_EQ(f["shortest_proven"], true) << fresh.out;

  const std::string path = fresh_path("kongou25.tt");
  o.save_path = path;
  o.nodes = 30000;
  const CommandResult cut = mate(o);
  ASSERT_EQ(cut.code, 0) << cut.err;
  const auto c = json_of(cut);
  EXPECT_EQ(c["stop"], "nodes") << cut.out;
  EXPECT_TRUE(contains(cut.err, "the node limit cut the solve; table saved to '" + path + "' (")) << cut.err;
  EXPECT_TRUE(contains(cut.err, "continue it with a higher limit and --resume '" + path + "'")) << cut.err;
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));

  o.save_path.clear();
  o.nodes = 0;
  o.resume_path = path;
  const CommandResult resumed = mate(o);
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  const auto r = json_of(resumed);
  EXPECT_EQ(r["result"], f["result"]);
  EXPECT_EQ(r["length"], f["length"]);
  EXPECT_EQ(r["shortest_proven"], true);
  EXPECT_EQ(r["resumed_nodes"], c["nodes"]);
  EXPECT_GE(r["resumed_ms"].get<std::int64_t>(), 0);
  EXPECT_EQ(r["resumed_from"], path);
  EXPECT_TRUE(contains(resumed.err, "entries loaded from '" + path + "'")) << resumed.err;

  o.json = false;
  const CommandResult text = mate(o);
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "\nresumed from " + path + ": " + c["nodes"].dump() + " nodes and ")) << text.out;
  EXPECT_TRUE(contains(text.out, " ms before\n")) << text.out;
  EXPECT_TRUE(contains(text.out, "length " + f["length"].dump() + " (shortest proven)")) << text.out;
}

// --resume F --save F: the file is updated in place, its counts the sum of the sessions.
TEST(MateResume, ResumingAndSavingOneFileUpdatesItInPlace) {
  const std::string path = fresh_path("in_place.tt");
  MateOptions o = options(public_sfen("kongou-24"));
  o.json = true;
  o.save_path = path;
  o.nodes = 20000;
  const auto first = json_of(mate(o));
  ASSERT_EQ(first["stop"], "nodes");
  o.resume_path = path;
  const CommandResult second = mate(o);
  ASSERT_EQ(second.code, 0) << second.err;
  const auto s = json_of(second);
  EXPECT_EQ(s["resumed_nodes"], first["nodes"]);
  o.save_path.clear();
  o.nodes = 1;
  const auto third = json_of(mate(o));
  EXPECT_EQ(third["resumed_nodes"].get<std::uint64_t>(),
            first["nodes"].get<std::uint64_t>() + s["nodes"].get<std::uint64_t>());
}

TEST(MateResume, SaveNeverOverwritesAnotherFile) {
  const std::string path = test::removed_at_exit(test::temp_file("precious.txt", "not a table\n"));
  MateOptions o = options(kResumeMateIn1);
  o.save_path = path;
  const CommandResult r = mate(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "--save '" + path + "': the file exists, and --save never overwrites a file")) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(test::read_file(path), "not a table\n");

  o.save_path = test::temp_path("no-such-dir") + "/table.tt";
  const CommandResult dir = mate(o);
  EXPECT_EQ(dir.code, 2);
  EXPECT_TRUE(contains(dir.err, "cannot write")) << dir.err;
}

TEST(MateResume, AFinishedSolveLeavesNothingToContinue) {
  const std::string path = fresh_path("finished.tt");
  MateOptions o = options(kResumeMateIn1);
  o.save_path = path;
  const CommandResult r = mate(o);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(MateResume, RefusesAFileThatCannotBeContinued) {
  // A good file of kongou-24 at --hash 16.
  const std::string good = fresh_path("good.tt");
  MateOptions o = options(public_sfen("kongou-24"));
  o.save_path = good;
  o.nodes = 5000;
  ASSERT_EQ(mate(o).code, 0);
  ASSERT_TRUE(std::filesystem::exists(good));
  const std::string bytes = test::read_file(good);

  struct Case {
    std::string path;
    std::string sfen;
    std::size_t hash_mb;
    std::string words;
  };
  const std::string k24 = public_sfen("kongou-24");
  const std::vector<Case> cases = {
      {fresh_path("missing.tt"), k24, 16, "cannot read"},
      {test::removed_at_exit(test::temp_file("garbage.tt", "garbage\n")), k24, 16, "is not a saved tsumi table"},
      {test::removed_at_exit(test::temp_file("empty.tt", "")), k24, 16, "is empty"},
      {test::removed_at_exit(test::temp_file("cut.tt", bytes.substr(0, bytes.size() / 2))), k24, 16, "is cut short"},
      {good, public_sfen("kongou-25"), 16, "belongs to another problem"},
      {good, k24, 32, "resume with --hash 16"},
  };
  for (const Case& c : cases) {
    MateOptions r = options(c.sfen, c.hash_mb);
    r.resume_path = c.path;
    const CommandResult result = mate(r);
    EXPECT_EQ(result.code, 2) << c.path;
    EXPECT_EQ(result.out, "") << c.path;
    EXPECT_TRUE(contains(result.err, "tsumi mate: --resume: ")) << result.err;
    EXPECT_TRUE(contains(result.err, c.words)) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

TEST(MateResume, NotForSuites) {
  MateOptions o;
  o.suite = test::positions_path("tsume-public.txt");
  o.save_path = fresh_path("suite.tt");
  CommandResult r = mate(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "not a suite's")) << r.err;
  o.save_path.clear();
  o.resume_path = fresh_path("suite.tt");
  r = mate(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "not a suite's")) << r.err;
}

// ---- the executable: periodic saves, signals, options ----

using test::run_tsumi;

// kongou-23 (about 4.5 M nodes, several seconds even in a Release build): long enough to be cut.
std::string long_args(const std::string& path) {
  return "mate --hash 16 --sfen '" + public_sfen("kongou-23") + "' --save '" + path + "'";
}

TEST(MateResumeProcess, SavesEveryFewSecondsAndWhenTheTimeLimitCuts) {
  const std::string path = fresh_path("periodic.tt");
  const ProcessResult r = run_tsumi(long_args(path) + " --save-every 0.01 --time 2.5", 120);
  EXPECT_EQ(r.code, 0) << r.output;
  std::size_t saves = 0;
  for (std::size_t at = r.output.find("table saved to"); at != std::string::npos;
       at = r.output.find("table saved to", at + 1))
    ++saves;
  EXPECT_GE(saves, 3u) << "every 0.6 s in 2.5 s, and at the end\n" << r.output;
  EXPECT_TRUE(contains(r.output, "the time limit cut the solve")) << r.output;
  EXPECT_TRUE(std::filesystem::exists(path));
}

TEST(MateResumeProcess, SigintAndSigtermStopSaveAndSayHowToResume) {
  for (const char* signal : {"INT", "TERM"}) {
    const std::string path = fresh_path(std::string("signal_") + signal + ".tt");
    const ProcessResult r = test::run_process(
        "timeout --preserve-status -s " + std::string(signal) + " 1.5 " + TSUMI_EXE + " " + long_args(path) + " --json",
        120);
    EXPECT_EQ(r.code, 0) << signal << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, std::string("SIG") + signal + ": the solve stopped; table saved to '" + path + "'"))
        << r.output;
    EXPECT_TRUE(contains(r.output, "continue it with the same command and --resume '" + path + "'")) << r.output;
    EXPECT_TRUE(contains(r.output, "\"stop\":\"stopped\"")) << r.output;
    // The file resumes.
    const ProcessResult again =
        run_tsumi("mate --hash 16 --nodes 1 --sfen '" + public_sfen("kongou-23") + "' --resume '" + path + "'", 60);
    EXPECT_EQ(again.code, 0) << again.output;
    EXPECT_TRUE(contains(again.output, "resumed from " + path + ": ")) << again.output;
  }
}

TEST(MateResumeProcess, OptionsAndHelp) {
  const ProcessResult help = run_tsumi("mate --help");
  for (const char* text : {"--save", "--save-every", "--resume", "MINUTES", "resumed from FILE"})
    EXPECT_TRUE(contains(help.output, text)) << text << "\n" << help.output;
  struct Case {
    const char* args;
    const char* words;
  };
  const Case cases[] = {
      {"--save-every 1", "--save-every requires --save"},
      {"--save x.tt --save-every 0", "expected minutes above 0"},
      {"--save x.tt --save-every nan", "expected minutes above 0"},
      {"--save ''", "empty"},
      {"--resume ''", "empty"},
  };
  for (const Case& c : cases) {
    const ProcessResult r = run_tsumi(std::string("mate --sfen '") + kResumeMateIn1 + "' " + c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, c.words)) << c.args << "\n" << r.output;
  }
}

}  // namespace
}  // namespace tsumi::cli
