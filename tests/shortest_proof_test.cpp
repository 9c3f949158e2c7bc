// The shortest-mate proof (shortest_proof.h): its passes, each shorter mate handed on as it is proven,
// and the cold probes' rule, both over a root search of its own and as a solve runs it.

#include "solver/shortest_proof.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/mate_node.h"
#include "solver/mate_result.h"
#include "solver/mate_solver.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "solver/root_search.h"
#include "tests/support/mate_checks.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::describe;
using test::expect_solution;
using test::mate_limits;
using test::mate_threads;
using test::mate_time_s;
using test::problem_with_id;
using test::shared_solver;

// Over a root search that has proven a first mate: every shorter mate a pass proves is handed to
// `proven` before the next pass, two plies or more below the one before; the passes end with one that
// proves nothing, not cut, so the last mate handed on (or the first) is proven shortest. Without
// `prove` nothing is searched.
TEST(ShortestProof, HandsOnEachShorterMateAndProvesTheLast) {
  bool shortened = false;
  for (const char* id : {"tanuki9-11", "kongou-9"}) {
    SCOPED_TRACE(id);
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem && e->expected);
    test::SearchedRoot searched(*problem, mate_threads());
    RootSearch& root = searched.root;
    const NodeResult first = searched.search();
    ASSERT_TRUE(first.proven());

    MateResult untried;
    const std::uint64_t before = root.nodes();
    EXPECT_EQ(prove_shortest(
                  root, first.len, false, [](std::uint16_t) { ADD_FAILURE(); }, untried),
              first.len);
    EXPECT_EQ(root.nodes(), before);
    EXPECT_TRUE(untried.shortest_passes.empty());
    EXPECT_FALSE(untried.shortest_proven);

    std::vector<std::uint16_t> handed;
    MateResult r;
    const std::uint16_t length = prove_shortest(
        root, first.len, true, [&](std::uint16_t len) { handed.push_back(len); }, r);
    EXPECT_EQ(length, *e->expected);
    EXPECT_TRUE(r.shortest_proven);
    EXPECT_EQ(r.stop, MateStop::kNone);
    ASSERT_EQ(r.shortest_passes.size(), handed.size() + 1);
    std::uint16_t above = first.len;
    for (std::size_t i = 0; i < handed.size(); ++i) {
      EXPECT_LE(handed[i] + 2, above);
      EXPECT_EQ(r.shortest_passes[i].length, handed[i]);
      above = handed[i];
    }
    EXPECT_EQ(above, length);
    EXPECT_EQ(r.shortest_passes.back().length, 0);
    EXPECT_FALSE(r.shortest_passes.back().cut);
    shortened = shortened || !handed.empty();
  }
  if (mate_threads() == 1) {
    EXPECT_TRUE(shortened) << "no first mate was longer than the shortest: nothing handed on";
  }
}

// The shortest-mate proof's passes, as the answer lists them: each searches two plies below the mate
// proven before it, their nodes sum to the phase's, and the last one either proves the answer shortest
// (nothing found, not cut) or was cut.
void expect_passes_add_up(const MateResult& r) {
  SCOPED_TRACE(describe(r));
  std::uint64_t sum = 0;
  int before = r.first_mate_length;
  for (std::size_t i = 0; i < r.shortest_passes.size(); ++i) {
    const MateResult::ShortestPass& p = r.shortest_passes[i];
    SCOPED_TRACE("pass " + std::to_string(i));
    EXPECT_EQ(p.within, before - 2);
    EXPECT_LE(p.length, p.within);
    if (i + 1 < r.shortest_passes.size()) {
      EXPECT_GT(p.length, 0) << "a pass that proves nothing is the last";
      EXPECT_FALSE(p.cut);
    }
    if (p.length > 0) before = p.length;
    EXPECT_LE(p.cold_nodes, p.nodes) << "a pass's cold probe is part of it";
    sum += p.nodes;
  }
  EXPECT_EQ(sum, r.shortest_nodes);
  if (r.verdict != MateVerdict::kMate) return;
  EXPECT_EQ(before, r.length) << "the last mate a pass proved is the answer's length";
  if (r.shortest_proven && r.length >= 2) {
    ASSERT_FALSE(r.shortest_passes.empty());
    EXPECT_EQ(r.shortest_passes.back().length, 0);
    EXPECT_FALSE(r.shortest_passes.back().cut);
  }
}

TEST(MateSolverProof, ThePassesOfTheShortestMateProofAddUp) {
  MateSolver& solver = shared_solver();
  bool shortened = false;   // some problem's first mate was not its shortest
  bool cut_tested = false;  // some problem's pass was cut
  for (const char* id : {"tanuki9-11", "kongou-4", "kongou-9", "kongou-25"}) {
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem) << id;
    SCOPED_TRACE(id);
    solver.clear();
    const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
    expect_solution(*e, *problem, r);
    expect_passes_add_up(r);
    shortened = shortened || r.first_mate_length > r.length;
    if (mate_threads() != 1) continue;
    // The same solve cut halfway through its dearest pass (the limits are looked at every so many
    // nodes, so a pass of a few nodes cannot be cut halfway): that pass is the last, and says so.
    std::size_t dearest = 0;
    std::uint64_t before = r.first_mate_nodes;
    for (std::size_t i = 0; i < r.shortest_passes.size(); ++i)
      if (r.shortest_passes[i].nodes > r.shortest_passes[dearest].nodes) dearest = i;
    if (r.shortest_passes.empty() || r.shortest_passes[dearest].nodes < 10000) continue;
    for (std::size_t i = 0; i < dearest; ++i) before += r.shortest_passes[i].nodes;
    solver.clear();
    const MateResult cut =
        solver.solve(*problem, mate_limits(mate_time_s(), before + r.shortest_passes[dearest].nodes / 2));
    expect_passes_add_up(cut);
    ASSERT_EQ(cut.verdict, MateVerdict::kMate) << describe(cut);
    EXPECT_FALSE(cut.shortest_proven);
    ASSERT_EQ(cut.shortest_passes.size(), dearest + 1);
    EXPECT_TRUE(cut.shortest_passes.back().cut);
    EXPECT_EQ(cut.shortest_passes.back().length, 0);
    cut_tested = true;
  }
  if (mate_threads() != 1) return;  // which mate a worker proves first varies with several
  EXPECT_TRUE(shortened) << "no problem here had a shorter mate than its first: the passes that find one went untested";
  EXPECT_TRUE(cut_tested) << "no pass was long enough to cut";
}

// Cold probes (shortest_proof.h): a pass begins with one exactly when no probe of the proof has given up
// yet, the pass before proved a mate, and either its own probe settled it, or it shortened the mate by
// two plies only at a cost of more than 4 x 2^14 nodes after its probe. How often the rule's two sides
// met: passes probed, and dear passes of two plies left unprobed because a probe had given up.
struct ProbeRuleSeen {
  int probed = 0, held_back = 0;
};
ProbeRuleSeen expect_probes_follow_the_rule(const MateResult& r) {
  ProbeRuleSeen seen;
  int before = r.first_mate_length;
  bool probe = false, gave_up = false;
  for (std::size_t i = 0; i < r.shortest_passes.size(); ++i) {
    const MateResult::ShortestPass& p = r.shortest_passes[i];
    SCOPED_TRACE("pass within " + std::to_string(p.within));
    EXPECT_EQ(p.cold_nodes > 0, probe);
    if (p.cold_nodes > 0) ++seen.probed;
    const bool settled_cold = p.cold_nodes > 0 && p.cold_nodes == p.nodes;
    gave_up = gave_up || (p.cold_nodes > 0 && !settled_cold);
    const bool dear = p.length > 0 && before - p.length == 2 && p.nodes - p.cold_nodes > kDearPass;
    probe = !gave_up && p.length > 0 && (settled_cold || dear);
    if (gave_up && dear) ++seen.held_back;
    if (p.length > 0) before = p.length;
  }
  return seen;
}

// rand-129 and rand-25 (positions/tsume-random.txt) keep their expected answers. At one worker (since
// bfafd74's threshold control) rand-129 probes five passes, and rand-25's probe gives up and its next dear
// pass of two plies is not probed. (rand-409 and rand-144 showed the two sides before bfafd74; which
// problems do is a matter of search order: `tsumi mate --suite positions/tsume-random.txt --threads 1
// --json` and each problem's shortest_passes find others.)
TEST(MateSolverProof, ADearPassOfTwoPliesIsFollowedByColdProbes) {
  MateSolver& solver = shared_solver();
  ProbeRuleSeen seen;
  // At more workers the rule is checked on rand-129 alone: rand-25's 2.2 M nodes took 160 s under
  // ThreadSanitizer (mate_parallel), and which passes a parallel solve probes is not fixed anyway.
  const std::vector<const char*> ids =
      mate_threads() == 1 ? std::vector<const char*>{"rand-129", "rand-25"} : std::vector<const char*>{"rand-129"};
  for (const char* id : ids) {
    SCOPED_TRACE(id);
    const MateSuiteEntry* e = nullptr;
    const auto problem = problem_with_id(id, e);
    ASSERT_TRUE(problem);
    solver.clear();
    const MateResult r = solver.solve(*problem, mate_limits(mate_time_s()));
    expect_solution(*e, *problem, r);
    expect_passes_add_up(r);
    const ProbeRuleSeen here = expect_probes_follow_the_rule(r);
    seen.probed += here.probed, seen.held_back += here.held_back;
  }
  if (mate_threads() == 1) {
    EXPECT_GT(seen.probed, 0) << "no pass was probed: the cold probes went untested";
    EXPECT_GT(seen.held_back, 0) << "no dear pass came after a probe gave up: that side of the rule went untested";
  }
}

}  // namespace
}  // namespace tsumi
