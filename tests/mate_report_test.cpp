// The mate report: every form (text, JSON, USI lines) from results made by hand, so that a line the
// solver never gives (one that does not mate) can be checked too.

#include "front/mate_report.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "tests/support/test_data.h"

namespace tsumi::front {
namespace {

// tanuki1-1 of positions/tsume-public.txt: mate in 1, only by 8c1c.
constexpr const char* kMateIn1 = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";
const Move k8c1c = Move::make(SQ_83, SQ_13);  // dragon 8c-1c: mate
const Move k8c8b = Move::make(SQ_83, SQ_82);  // dragon 8c-8b: no check

MateProblem mate_in_1() {
  const auto p = test::tsume_problem(kMateIn1);
  EXPECT_TRUE(p.has_value());
  return p.value_or(MateProblem{});
}

MateResult mate_result(std::vector<Move> pv) {
  MateResult r;
  r.verdict = MateVerdict::kMate;
  r.length = r.futile_length = r.mate_bound = int(pv.size());
  r.pv = std::move(pv);
  r.shortest_proven = r.line_exact = true;
  r.nodes = 1000;
  r.time_ms = 2.4;
  r.hashfull = 3;
  return r;
}

using test::contains;

TEST(MateReport, ACorrectMateIsShownAsOne) {
  const MateReport report = make_mate_report(mate_in_1(), mate_result({k8c1c}));
  EXPECT_EQ(report.line_fault, std::nullopt);
  EXPECT_EQ(report.verdict(), MateVerdict::kMate);
  EXPECT_EQ(mate_text(report),
            "checkmate 8c1c\nlength 1 (shortest proven)\nnodes 1000\ntime 2 ms\nnps 416666\nhashfull 3\n");
  nlohmann::ordered_json j;
  add_mate_json(report, j);
  EXPECT_EQ(j["result"], "mate");
  EXPECT_EQ(j["pv"], nlohmann::json::array({"8c1c"}));
  EXPECT_EQ(j["length"], 1);
  EXPECT_FALSE(j.contains("line_fault"));
  EXPECT_EQ(usi_mate_answer(report, 0, 0),
            "info string mate in 1 (shortest proven)\ninfo time 2 nodes 1000 nps 416666 hashfull 3 pv 8c1c\n"
            "checkmate 8c1c");
}

// A line that does not mate is never shown as a mate: every form answers timeout and names the fault.
TEST(MateReport, ALineThatDoesNotMateIsATimeoutEverywhere) {
  const MateReport report = make_mate_report(mate_in_1(), mate_result({k8c8b}));
  ASSERT_TRUE(report.line_fault.has_value());
  EXPECT_TRUE(contains(*report.line_fault, "ply 1")) << *report.line_fault;
  EXPECT_EQ(report.verdict(), MateVerdict::kTimeout);

  const std::string text = mate_text(report);
  EXPECT_EQ(text.substr(0, text.find('\n')), "checkmate timeout") << text;
  EXPECT_TRUE(contains(text, "\nbad line " + *report.line_fault + "\n")) << text;
  EXPECT_FALSE(contains(text, "checkmate 8c8b")) << text;
  EXPECT_FALSE(contains(text, "length")) << text;

  nlohmann::ordered_json j;
  add_mate_json(report, j);
  EXPECT_EQ(j["result"], "timeout");
  EXPECT_EQ(j["pv"], nlohmann::json::array());
  EXPECT_EQ(j["length"], 0);
  EXPECT_EQ(j["shortest_proven"], false);
  EXPECT_EQ(j["line_fault"], *report.line_fault);

  const std::string usi = usi_mate_answer(report, 0, 0);
  EXPECT_TRUE(contains(usi, "info string the solver's line is not a mate (")) << usi;
  EXPECT_EQ(usi.substr(usi.rfind('\n') + 1), "checkmate timeout") << usi;
}

// An empty line claimed as a mate is at fault too (the problem position is not mate).
TEST(MateReport, AnEmptyMateLineIsAtFault) {
  const MateReport report = make_mate_report(mate_in_1(), mate_result({}));
  EXPECT_TRUE(report.line_fault.has_value());
  EXPECT_EQ(report.verdict(), MateVerdict::kTimeout);
}

TEST(MateReport, NoMateAndTimeoutAreNotReplayed) {
  MateResult nomate;
  nomate.verdict = MateVerdict::kNoMate;
  const MateReport a = make_mate_report(mate_in_1(), nomate);
  EXPECT_EQ(a.line_fault, std::nullopt);
  EXPECT_EQ(mate_text(a).substr(0, 17), "checkmate nomate\n");
  EXPECT_TRUE(contains(usi_mate_answer(a, 0, 0), "info string no mate\n"));

  MateResult timeout;
  timeout.stop = MateStop::kNodes;
  timeout.first_mate_length = 7;
  timeout.first_mate_ms = 12.6;
  const MateReport b = make_mate_report(mate_in_1(), timeout);
  const std::string text = mate_text(b);
  EXPECT_TRUE(contains(text,
                       "checkmate timeout\nfirst mate 7 plies after 13 ms (its line was not built in time)\n"
                       "stop nodes\n"))
      << text;
  EXPECT_TRUE(contains(usi_mate_answer(b, 0, 5000),
                       "info string timeout: the node limit of 5000 (NodeLimit) was reached (a mate of 7 plies"));
}

// What is proven of a mate cut by a limit, in the text and the USI words.
TEST(MateReport, AnUnprovenShortestMateSaysWhatIsProven) {
  MateResult r = mate_result({k8c1c});
  r.shortest_proven = r.line_exact = false;
  r.stop = MateStop::kTime;
  r.futile_length = 0;  // as if a futile cycle were cut (not the case here; only the words are tested)
  const MateReport report = make_mate_report(mate_in_1(), r);
  const std::string text = mate_text(report);
  EXPECT_TRUE(contains(text,
                       "length 1 (not proven shortest (bound 1); the line's defences are the "
                       "longest the table knew, not proven longest)\nfutile-interposition length 0 (not proven "
                       "shortest)\n"))
      << text;
  const std::string usi = usi_mate_answer(report, 1500, 0);
  EXPECT_TRUE(contains(usi,
                       "info string mate in 1 (not proven shortest (bound 1): the time limit of 1500 ms was "
                       "reached); the line's defences are the longest the table knew"))
      << usi;
  EXPECT_TRUE(contains(usi, ", 0 without futile interpositions\n")) << usi;
}

// A book search cut before it found a shorter book mate says so, and whether its share of nodes cut it
// (a time limit lets it go on) or a limit did (text and JSON); a settled one says nothing of it.
TEST(MateReport, ACutBookSearchSaysSo) {
  MateResult r = mate_result({k8c1c});
  r.futile_cut = true;
  r.book_capped = true;
  const std::string share =
      "futile-interposition search cut at its share of nodes before it settled (a time limit, "
      "--time, or a larger --book-share lets it go on)\n";
  const MateReport cut = make_mate_report(mate_in_1(), r);
  EXPECT_TRUE(contains(mate_text(cut), share)) << mate_text(cut);
  nlohmann::ordered_json j;
  add_mate_json(cut, j);
  EXPECT_EQ(j["futile_cut"], true);
  EXPECT_EQ(j["book_capped"], true);
  r.book_capped = false;
  const MateReport by_limit = make_mate_report(mate_in_1(), r);
  EXPECT_TRUE(contains(mate_text(by_limit), "futile-interposition search cut by a limit before it settled\n"))
      << mate_text(by_limit);
  EXPECT_FALSE(contains(mate_text(by_limit), "--book-share")) << mate_text(by_limit);
  r.futile_cut = false;
  const MateReport settled = make_mate_report(mate_in_1(), r);
  EXPECT_FALSE(contains(mate_text(settled), "search cut")) << mate_text(settled);
}

// `tsumi mate --kif/--csa`'s record: the source's headers, the diagram, and for a mate its line and 詰み.
TEST(MateReport, TheRecordOfAMateAndOfNone) {
  const MateProblem p = mate_in_1();
  notation::Kifu source;
  source.headers = {{"表題", "tanuki1-1"}};
  source.moves = {k8c8b};  // a recorded move is not the answer's
  const notation::Kifu mate = mate_kifu(p, make_mate_report(p, mate_result({k8c1c})), source);
  EXPECT_EQ(mate.headers, source.headers);
  EXPECT_EQ(to_sfen(mate.start), to_sfen(p.setup));
  ASSERT_EQ(mate.moves.size(), 1u);
  EXPECT_EQ(mate.moves[0], k8c1c);
  EXPECT_EQ(mate.end, "詰み");
  const notation::Kifu wrong = mate_kifu(p, make_mate_report(p, mate_result({k8c8b})), source);
  EXPECT_TRUE(wrong.moves.empty());  // a line at fault is no mate
  EXPECT_TRUE(wrong.end.empty());
}

// The table's line of `tsumi mate`'s text, and its JSON fields.
TEST(MateReport, TheTablesWords) {
  const MateSolver solver(2);
  const std::string text = table_text(solver);
  EXPECT_TRUE(text.starts_with("table 2 MB allocated in ")) << text;
  EXPECT_TRUE(text.ends_with(std::string("(huge pages: ") + solver.table_memory().huge_pages() + ")")) << text;
  nlohmann::ordered_json j;
  add_table_json(solver, j);
  EXPECT_EQ(j["hash_mb"], 2);
  EXPECT_EQ(j["huge_pages"], solver.table_memory().huge_pages());
}

TEST(MateReport, InfoLineHasThePvOnlyWhenThereIsOne) {
  EXPECT_EQ(usi_info_line(0, 0, 0, {}), "info time 0 nodes 0 nps 0 hashfull 0");
  EXPECT_EQ(usi_info_line(500, 1000.4, 12, {k8c1c}), "info time 1000 nodes 500 nps 499 hashfull 12 pv 8c1c");
}

TEST(MateReport, TheProfileGivesEachSlotsShareOfTheExpansions) {
  SearchCounters c;
  EXPECT_EQ(mate_profile_text(c),
            "expansions by ply (%) -; re-expanded in each (%) -; a child other than the last one searched (%) 0; "
            "by defender drops in a row (%) -");
  for (int i = 0; i < 3; ++i) c.count_expansion(10, 0);
  c.count_expansion(70, 1);
  for (int i = 0; i < 200; ++i) c.count_expansion(2100, 9);  // the last slots, named with a "+"
  c.count_expansion(300, 4);                                 // under 1% of 205: left out
  c.count_reexpansion(11);
  for (int i = 0; i < 50; ++i) c.count_reexpansion(2100);
  c.child_searches = 8, c.switches = 2;
  EXPECT_EQ(
      mate_profile_text(c),
      "expansions by ply (%) 0-63:1 1984+:97; re-expanded in each (%) 0+:33 1984+:25; a child other than the last "
      "one searched (%) 25; by defender drops in a row (%) 0:1 7+:97");
}

TEST(MateReport, TheProfileOfAnIntervalHoldsOnlyWhatCameInIt) {
  SearchCounters c;
  for (int i = 0; i < 10; ++i) c.count_expansion(10, 0);
  c.count_reexpansion(10);
  const SearchCounters earlier = c;
  for (int i = 0; i < 10; ++i) c.count_expansion(100, 2), c.count_reexpansion(100);
  c.child_searches = 4, c.switches = 1;
  EXPECT_EQ(mate_profile_text(c.since(earlier)),
            "expansions by ply (%) 64-127:100; re-expanded in each (%) 64+:100; a child other than the last one "
            "searched (%) 25; by defender drops in a row (%) 2:100");
}

}  // namespace
}  // namespace tsumi::front
