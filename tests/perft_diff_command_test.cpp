#include "cli/perft/perft_diff_command.h"

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "perft/perft.h"
#include "tests/support/test_data.h"

namespace tsumi::cli {
namespace {

constexpr const char* kFairyStockfish = "/usr/games/fairy-stockfish";
constexpr const char* kPawnDropMate = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";

using Result = test::CommandResult;

Result run(const PerftDiffOptions& o) { return test::run_command(run_perft_diff, o); }

using test::contains;

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The line of the report that starts with prefix, without the prefix.
std::string line_after(const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(prefix)) return line.substr(prefix.size());
  return "<no line '" + prefix + "'>";
}

PerftDiffOptions fairy(const std::string& sfen, int depth) {
  PerftDiffOptions o;
  o.engine = kFairyStockfish;
  o.engine_options = {"UCI_Variant=shogi"};  // Debian's 11.1 names it so, even in USI mode
  o.position.sfen = sfen;
  o.depth = depth;
  o.timeout_s = 60;
  return o;
}

class PerftDiffFairyStockfish : public ::testing::Test {
 protected:
  void SetUp() override {
    // Not a skip: the comparison with an independent engine is part of what CI must check.
    ASSERT_EQ(access(kFairyStockfish, X_OK), 0) << kFairyStockfish << " is missing: run scripts/install-deps.sh";
  }
};

// Fairy-Stockfish counts a pawn drop that mates at the last ply, which the rules forbid.
TEST_F(PerftDiffFairyStockfish, NamesThePawnDropMateAtDepth1) {
  const Result r = run(fairy(kPawnDropMate, 1));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "depth 1  tsumi 85  reference 86\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "first disagreement at the given position\n")) << r.out;
  EXPECT_EQ(line_after(r.out, "position: sfen "), kPawnDropMate);
  EXPECT_EQ(line_after(r.out, "only the reference generates: "), "P*1b");
  EXPECT_EQ(line_after(r.out, "only tsumi generates: "), "(none)");
  EXPECT_EQ(count_of(r.out, "descending"), 0) << r.out;
}

// At depth 3 the drop P*1b is listed at the root with no nodes below it (it mates, so nothing
// follows): a note. The one extra node comes from another pawn-drop mate at the last ply, which the
// descent reaches along the counts.
TEST_F(PerftDiffFairyStockfish, DescendsTwoLevelsToThePawnDropMateAtDepth3) {
  const Result r = run(fairy(kPawnDropMate, 3));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_EQ(r.out,
            "depth 3  tsumi 10786  reference 10787\n"
            "note: no nodes below the moves only one side generates here (reference: P*1b; tsumi: (none)); "
            "following the counts\n"
            "  1c2b  tsumi 164  reference 165   -> descending\n"
            "    1a1b  tsumi 85  reference 86   -> descending\n"
            "first disagreement after: 1c2b 1a1b\n"
            "position: sfen 7l1/7Sk/9/9/9/9/9/7L1/8K b P 3\n"
            "sent to the reference as: position sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves 1c2b 1a1b\n"
            "only the reference generates: P*1c\n"
            "only tsumi generates: (none)\n");
  // The reported position is the given one after the path.
  GamePosition g;
  ASSERT_FALSE(build_position({kPawnDropMate, "", "1c2b 1a1b", "", nullptr}, g));
  EXPECT_EQ(line_after(r.out, "position: sfen "), to_sfen(g.pos));
}

TEST_F(PerftDiffFairyStockfish, AgreesOnTheStartPosition) {
  const Result r = run(fairy("startpos", 3));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "depth 3  tsumi 25470  reference 25470\nagree: 25470 nodes\n");
}

TEST_F(PerftDiffFairyStockfish, AgreesAfterMovesFromAHandicap) {
  PerftDiffOptions o = fairy("", 2);
  o.position.handicap = "bishop";
  o.position.moves = "5a4b 7g7f";
  const Result r = run(o);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "agree: ")) << r.out;
}

// A scripted reference that answers `go perft N` with a fixed text per depth.
std::string scripted_reference(const std::string& name, const std::map<int, std::string>& answers) {
  const std::string prefix = test::temp_path(name);
  for (const auto& [depth, text] : answers) std::ofstream(prefix + ".d" + std::to_string(depth)) << text;
  const std::string script = prefix + ".sh";
  std::ofstream(script) << "while IFS= read -r cmd; do case \"$cmd\" in\n"
                        << "  usi) echo usiok ;;\n  isready) echo readyok ;;\n"
                        << "  'go perft '*) cat \"" << prefix << ".d${cmd#go perft }\" ;;\n"
                        << "  quit) exit 0 ;;\nesac; done\n";
  return "sh " + script;
}

// tsumi's divide in the Stockfish format, with `extra` added to the count of move number `bump`.
std::string divide_text(const std::string& sfen, const std::string& moves, int depth, int bump = -1,
                        std::uint64_t extra = 0) {
  GamePosition g;
  EXPECT_FALSE(build_position({sfen, "", moves, "", nullptr}, g));
  std::string text;
  std::uint64_t total = 0;
  int i = 0;
  for (const DivideEntry& d : perft_divide(g.pos, depth)) {
    const std::uint64_t n = d.nodes + (i++ == bump ? extra : 0);
    text += to_usi(d.move) + ": " + std::to_string(n) + "\n";
    total += n;
  }
  return text + "\nNodes searched: " + std::to_string(total) + "\n";
}

// Counts that change with the way a position is reached are reported as the reference's own bug.
TEST(PerftDiff, ReportsAReferenceThatContradictsItself) {
  const std::string start(kStartSfen);
  GamePosition g;
  ASSERT_FALSE(build_position({}, g));
  const std::string bumped = to_usi(perft_divide(g.pos, 1)[3].move);
  PerftDiffOptions o;
  o.depth = 2;
  o.timeout_s = 10;
  o.engine = scripted_reference("tsumi_perft_diff_contradiction",
                                {{2, divide_text(start, "", 2, 3, 1)}, {1, divide_text(start, bumped, 1)}});
  const Result r = run(o);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "depth 2  tsumi 900  reference 901\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "  " + bumped + "  tsumi 30  reference 31   -> descending\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "note: asked at this position, the reference counts 30, not 31")) << r.out;
  EXPECT_TRUE(contains(r.out, "the reference agrees with tsumi on every move after " + bumped +
                                  ", so the count 31 it gave this position from its parent contradicts its own "
                                  "divide here (30)"))
      << r.out;
}

TEST(PerftDiff, ReportsAReferenceTotalThatIsNotTheSumOfItsMoves) {
  std::string answer = divide_text(std::string(kStartSfen), "", 1);
  answer.replace(answer.find("Nodes searched: 30"), 18, "Nodes searched: 31");
  PerftDiffOptions o;
  o.depth = 1;
  o.timeout_s = 10;
  o.engine = scripted_reference("tsumi_perft_diff_total", {{1, answer}});
  const Result r = run(o);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_EQ(r.out,
            "depth 1  tsumi 30  reference 31\n"
            "note: the reference's moves add up to 30, its `Nodes searched` says 31\n"
            "the reference agrees with tsumi on every move, but its total 31 is not the sum of its moves, 30\n");
}

TEST(PerftDiff, ReportsACountAboveOneAtDepth1) {
  PerftDiffOptions o;
  o.depth = 1;
  o.timeout_s = 10;
  o.engine = scripted_reference("tsumi_perft_diff_depth1", {{1, divide_text(std::string(kStartSfen), "", 1, 0, 1)}});
  const Result r = run(o);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "at depth 1, where every move counts 1\n")) << r.out;
}

TEST(PerftDiff, ReportsAMoveListedTwice) {
  const std::string start(kStartSfen);
  std::string answer = divide_text(start, "", 1);
  answer.insert(0, answer.substr(0, answer.find('\n') + 1));
  PerftDiffOptions o;
  o.depth = 1;
  o.timeout_s = 10;
  o.engine = scripted_reference("tsumi_perft_diff_twice", {{1, answer}});
  const Result r = run(o);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "the reference lists more than once: ")) << r.out;
  EXPECT_EQ(line_after(r.out, "only the reference generates: "), "(none)");
}

TEST(PerftDiff, ANonexistentEngineIsAnError) {
  PerftDiffOptions o;
  o.engine = "/nonexistent/engine";
  o.depth = 1;
  o.timeout_s = 10;
  const Result r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "tsumi perft-diff: reference engine '/nonexistent/engine': ")) << r.err;
  EXPECT_TRUE(contains(r.err, "could not find the command")) << r.err;
}

TEST(PerftDiff, AnEngineThatNeverAnswersTimesOut) {
  PerftDiffOptions o;
  o.engine = "cat";
  o.depth = 1;
  o.timeout_s = 0.3;
  const auto start = std::chrono::steady_clock::now();
  const Result r = run(o);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 3.0);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "no `usiok` within 0.3 s")) << r.err;
}

TEST(PerftDiff, AnEngineThatExitsAtOnceIsAnError) {
  PerftDiffOptions o;
  o.engine = "true";
  o.depth = 1;
  o.timeout_s = 10;
  const Result r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "exited with status 0")) << r.err;
}

TEST(PerftDiff, BadInputIsAnError) {
  PerftDiffOptions o;
  o.engine = "cat";
  o.timeout_s = 10;
  o.depth = 0;
  EXPECT_TRUE(contains(run(o).err, "--depth must be at least 1"));
  o.depth = 1;
  o.position.sfen = "9/9/9 b - 1";
  Result r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "bad SFEN")) << r.err;
  o.position = {"", "", "7g7f 7g7f", "", nullptr};
  EXPECT_TRUE(contains(run(o).err, "move 2 of --moves")) << r.err;
  o.position = {};
  o.engine_options = {"=shogi"};
  EXPECT_TRUE(contains(run(o).err, "engine option '=shogi': expected NAME=VALUE"));
  o.engine_options = {};
  o.timeout_s = 0;
  EXPECT_TRUE(contains(run(o).err, "--timeout"));
  o.timeout_s = 10;
  o.engine = "";
  r = run(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "no reference engine")) << r.err;
}

}  // namespace
}  // namespace tsumi::cli
