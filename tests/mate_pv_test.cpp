// Tests of solver/mate_pv.h: the main line after an exact shortest proof has the expected length,
// replays as a correct mate, agrees with MateSolver, leaves the search where it was, and counts the
// futile interpositions of the futile-drop problems as their sources do.

#include "solver/mate_pv.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "solver/dfpn_search.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"
#include "solver/mate_suite.h"
#include "solver/mate_table.h"
#include "solver/path_table.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

using test::hand_after;

const std::vector<MateSuiteEntry>& suite() { return test::tsume_suite(); }

std::optional<std::string> field(const MateSuiteEntry& e, std::string_view key) {
  for (const auto& [k, v] : e.fields)
    if (k == key) return v;
  return std::nullopt;
}

std::optional<MateProblem> problem_of(const MateSuiteEntry& e) { return test::tsume_problem(e.sfen); }

std::string line_text(const std::vector<Move>& moves) {
  std::string s;
  for (Move m : moves) s += " " + to_usi(m);
  return s;
}

// The last two moves are a drop between the king and the checker, when the defender could only drop
// there, and the capture of the dropped piece, which mates.
bool ends_with_futile_drop(const MateProblem& problem, const std::vector<Move>& line) {
  const std::size_t n = line.size();
  if (n < 3 || !line[n - 2].is_drop() || line[n - 1].to() != line[n - 2].to()) return false;
  std::vector<StateInfo> states(n + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  for (std::size_t i = 0; i + 2 < n; ++i) pos.do_move(line[i], states[i + 1]);
  MoveList evasions;
  generate<EVASIONS>(pos, evasions);
  for (Move m : evasions)
    if (!m.is_drop()) return false;
  return true;
}

// Builds the line the way MateSolver does: a first proof, the limit lowered by two plies until a search
// disproves, then build_mate_line with the proven shortest length.
struct Built {
  MateLine line;
  int length = 0;
};

Built build(const MateProblem& problem) {
  MateTable table(std::size_t(16) << 20);
  DfpnSearch s(table, problem.attacker);
  s.set_root(problem.setup);
  const std::string root_sfen = to_sfen(s.position());
  const NodeResult first = s.solve(kUnlimited);
  EXPECT_TRUE(first.proven());
  if (!first.proven()) return {};
  std::uint16_t length = first.len;
  bool exact = length < 2;
  while (length >= 2) {
    const NodeResult shorter = s.solve(std::uint16_t(length - 2));
    if (!shorter.proven()) {
      exact = true;
      break;
    }
    length = shorter.len;
  }
  EXPECT_TRUE(exact);
  Built b;
  b.length = length;
  b.line = build_mate_line(s, length, exact);
  // The search is left at the node it started from.
  EXPECT_EQ(s.ply(), 0);
  EXPECT_EQ(to_sfen(s.position()), root_sfen);
  EXPECT_EQ(s.aborted(), DfpnSearch::Abort::kNone);
  return b;
}

void check_line(std::string_view id) {
  const MateSuiteEntry* e = test::tsume_entry(id);
  ASSERT_NE(e, nullptr);
  ASSERT_TRUE(e->expected.has_value()) << id;
  const auto problem = problem_of(*e);
  ASSERT_TRUE(problem) << id;
  const Built b = build(*problem);
  const std::vector<Move>& moves = b.line.moves;
  EXPECT_EQ(b.length, *e->expected) << id;
  EXPECT_EQ(int(moves.size()), *e->expected) << id << ":" << line_text(moves);
  EXPECT_EQ(check_mate_line(*problem, moves), std::nullopt) << id << ":" << line_text(moves);
  EXPECT_EQ(b.line.leftover, hand_after(*problem, moves)) << id;

  // Futile interpositions: the book length where the file records one for a futile-drop problem.
  // Where it records none, the classic case is checked: a line that ends with an interposing drop, made
  // when drops were the defender's only evasions, and a capture on that square that mates, is two plies
  // shorter by book count (mudaai-1 and shtsume-mudaai end so); any other line keeps its length.
  const std::optional<std::string> claim = field(*e, "src_claim");
  if (e->category == "futile-drop" && claim) {
    EXPECT_EQ(b.line.futile_length, std::stoi(*claim)) << id << ":" << line_text(moves);
  } else if (e->category == "futile-drop") {
    const int expected = ends_with_futile_drop(*problem, moves) ? int(moves.size()) - 2 : int(moves.size());
    EXPECT_EQ(b.line.futile_length, expected) << id << ":" << line_text(moves);
  }
  EXPECT_LE(b.line.futile_length, int(moves.size())) << id;
  EXPECT_GE(b.line.futile_length, 1) << id;
  EXPECT_EQ((int(moves.size()) - b.line.futile_length) % 2, 0) << id;

  // MateSolver builds the same line.
  MateSolver solver(16);
  MateLimits limits;
  const MateResult r = solver.solve(*problem, limits);
  EXPECT_EQ(r.verdict, MateVerdict::kMate) << id;
  EXPECT_EQ(r.pv, moves) << id << ": solver" << line_text(r.pv) << ", here" << line_text(moves);
  EXPECT_EQ(r.futile_length, b.line.futile_length) << id;
  EXPECT_EQ(r.leftover, b.line.leftover) << id;
}

TEST(MatePv, GradedProblems) {
  for (const char* id : {"tanuki1-1", "tanuki1-61", "tanuki3-1", "tanuki3-400", "tanuki3-514", "tanuki5-1",
                         "tanuki5-63", "tanuki7-1", "tanuki9-1"}) {
    SCOPED_TRACE(id);
    check_line(id);
  }
}

TEST(MatePv, FutileDropProblems) {
  int n = 0;
  for (const MateSuiteEntry& e : suite()) {
    if (e.category != "futile-drop") continue;
    SCOPED_TRACE(e.id);
    check_line(e.id);
    ++n;
  }
  EXPECT_EQ(n, 6);
}

TEST(MatePv, FutileDropCountedAsTheBookDoes) {
  // antma-tsume1_futile_drops-1: mate in 3 counting the futile interposition, 1 as the book counts.
  const MateSuiteEntry* e = test::tsume_entry("antma-tsume1_futile_drops-1");
  ASSERT_NE(e, nullptr);
  const auto problem = problem_of(*e);
  ASSERT_TRUE(problem);
  const Built b = build(*problem);
  ASSERT_EQ(b.line.moves.size(), 3u) << line_text(b.line.moves);
  EXPECT_EQ(b.line.futile_length, 1);
  // The line is check, interposing drop, capture on the drop square.
  EXPECT_TRUE(b.line.moves[1].is_drop()) << line_text(b.line.moves);
  EXPECT_EQ(b.line.moves[2].to(), b.line.moves[1].to()) << line_text(b.line.moves);
}

TEST(MatePv, RootDefenceLine) {
  // tanuki3-1 after its first move: the defender to move, a mate in two more plies.
  const MateSuiteEntry* e = test::tsume_entry("tanuki3-1");
  ASSERT_NE(e, nullptr);
  const auto root = problem_of(*e);
  ASSERT_TRUE(root);
  MateTable table(std::size_t(16) << 20);
  DfpnSearch s(table, root->attacker);
  s.set_root(root->setup);
  const NodeResult r = s.solve(3);
  ASSERT_TRUE(r.proven());
  s.do_move(r.best);
  ASSERT_TRUE(s.solve(2).proven());
  ASSERT_TRUE(s.solve(0).disproven());
  const MateLine line = build_mate_line(s, 2, true);
  EXPECT_EQ(s.ply(), 1);
  ASSERT_EQ(line.moves.size(), 2u);
  std::vector<Move> full = {r.best};
  full.insert(full.end(), line.moves.begin(), line.moves.end());
  EXPECT_EQ(check_mate_line(*root, full), std::nullopt) << line_text(full);
  EXPECT_EQ(line.futile_length, 2);
}

// A table that claims a proof the position does not have (as a proof found along another path can look
// from a path whose repetitions forbid it): the line cannot reach a mate, and LineBuilder gives none
// rather than a partial line.
// A knight-drop variation of a random 9-ply problem (the minimax oracle's test, seed 20261124), mate in
// 5: after B*1c the defender has two longest defences, 3a4a (the attacker then keeps N) and P*2b, which
// leaves the attacker's hand empty; tsume rules choose P*2b. The tie is two plies into the line, where
// the line once took the first longest defence.
TEST(MatePv, TheTieBreakAgainstSparePiecesHoldsAtEveryDefence) {
  const auto setup = parse_sfen("6k2/2B3n2/2+n+S2+R2/9/5S3/9/9/9/9 b B2Nr4g2s4l18p 5");
  ASSERT_TRUE(setup.ok());
  const auto problem = make_mate_problem(*setup);
  ASSERT_TRUE(problem.ok());
  MateSolver solver(16);
  const MateResult r = solver.solve(*problem, MateLimits{});
  ASSERT_EQ(r.verdict, MateVerdict::kMate);
  EXPECT_EQ(r.length, 5);
  EXPECT_TRUE(r.leftover.empty()) << line_text(r.pv);
  EXPECT_EQ(check_mate_line(*problem, r.pv), std::nullopt) << line_text(r.pv);
}

TEST(MatePv, LineBuilderRefusesALineThatDoesNotEndInMate) {
  const auto problem = test::tsume_problem("4k4/9/9/9/9/9/9/9/9 b G 1");  // a gold drop checks; no mate
  ASSERT_TRUE(problem);
  MateTable table(std::size_t(1) << 20);
  {
    DfpnSearch s(table, problem->attacker);
    s.set_root(problem->setup);
    table.store(s.position().board_key(), s.position().hand(problem->attacker),
                MateRecord{0, kInfPn, 3, Hand(), Move::none(), 100});
  }
  LineBuilder lines(table, problem->setup, problem->attacker, nullptr);
  EXPECT_FALSE(lines.build(3, false, {}, false).has_value());
  EXPECT_FALSE(lines.build(3, true, {}, false).has_value());

  // A real proof gives a line that ends in mate.
  const MateSuiteEntry* e = test::tsume_entry("kongou-1");
  ASSERT_NE(e, nullptr);
  const auto real = problem_of(*e);
  ASSERT_TRUE(real);
  MateTable proven(std::size_t(16) << 20);
  DfpnSearch s(proven, real->attacker);
  s.set_root(real->setup);
  const NodeResult r = s.solve(kUnlimited);
  ASSERT_TRUE(r.proven());
  LineBuilder real_lines(proven, real->setup, real->attacker, nullptr);
  const auto line = real_lines.build(r.len, false, {}, false);
  ASSERT_TRUE(line.has_value());
  EXPECT_TRUE(line->mated);
  EXPECT_EQ(check_mate_line(*real, line->moves), std::nullopt);
}

// A node budget (MateLimits::line_nodes) cuts a build that must search: over an empty table the line of
// kongou-5 (15 plies) is searched from scratch, past the first look at the limits (every
// kLimitInterval nodes).
TEST(MatePv, LineBuilderStopsAtItsNodeBudget) {
  const MateSuiteEntry* e = test::tsume_entry("kongou-5");
  ASSERT_NE(e, nullptr);
  ASSERT_TRUE(e->expected);
  const auto problem = problem_of(*e);
  ASSERT_TRUE(problem);
  MateTable table(std::size_t(16) << 20);
  LineBuilder lines(table, problem->setup, problem->attacker, nullptr);
  EXPECT_FALSE(lines.build(std::uint16_t(*e->expected), false, {}, false, false, 1).has_value());
  EXPECT_TRUE(lines.cut());
  EXPECT_EQ(lines.aborted(), DfpnSearch::Abort::kNodes);
  EXPECT_LE(lines.nodes(), 2 * DfpnSearch::kLimitInterval);
  // The budget is each build's own: without one the same builder ends the line, with a search.
  const auto line = lines.build(std::uint16_t(*e->expected), false, {}, false);
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(check_mate_line(*problem, line->moves), std::nullopt) << line_text(line->moves);
  EXPECT_GT(lines.nodes(), DfpnSearch::kLimitInterval) << "the line needed no search";
}

// The line builder reads the path table the workers filled (MateSolver shares one): a line over a table
// that has forgotten the proof searches again, and the disproofs that rested on repetitions are then
// read, not found again. Here the main table of the line is empty and only the path table carries
// anything from the solve.
TEST(MatePv, LineBuilderReadsTheWorkersPathTable) {
  for (const char* id : {"kongou-25", "kongou-9"}) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    ASSERT_NE(e, nullptr);
    ASSERT_TRUE(e->expected);
    const auto problem = problem_of(*e);
    ASSERT_TRUE(problem);
    PathTable shared(std::size_t(1) << 16);
    MateTable solved(std::size_t(64) << 20);
    DfpnSearch worker(solved, problem->attacker);
    worker.share_paths(shared, 1);
    worker.set_root(problem->setup);
    ASSERT_TRUE(worker.solve(std::uint16_t(*e->expected)).proven()) << id;
    ASSERT_GT(worker.counters().path_stores, 0u) << id << ": nothing rested on a repetition";
    const auto line_nodes = [&](bool share) {
      MateTable empty(std::size_t(64) << 20);
      LineBuilder lines(empty, problem->setup, problem->attacker, nullptr);
      if (share) lines.share_paths(shared, 1);
      const auto line = lines.build(std::uint16_t(*e->expected), true, {}, false);
      EXPECT_TRUE(line.has_value()) << id;
      if (line) {
        EXPECT_EQ(line->moves.size(), std::size_t(*e->expected)) << id;
        EXPECT_EQ(check_mate_line(*problem, line->moves), std::nullopt) << id << line_text(line->moves);
      }
      return lines.nodes();
    };
    const std::uint64_t alone = line_nodes(false);
    EXPECT_LT(line_nodes(true), alone) << id;
  }
}

// Without an exact length the line takes the defence with the longest known proof, not the one with
// the greatest known floor: a floor is stored only where a shortest-mate search happened to disprove
// through that defence, and a stale one on a feeble defence led kongou-24's line (after a stop with
// 8 workers) into a mate in 23 where the shortest is 25. Here a fresh table knows, after the exact
// line's first move, a feeble defence's proof in 3 with the floor "no mate within 1", and the longest
// defence's proof in 5 with no floor.
TEST(MatePv, KnownDefencesFollowTheLongestProofNotAStaleFloor) {
  const MateSuiteEntry* e = test::tsume_entry("yo-mate7-6");
  ASSERT_NE(e, nullptr);
  const auto problem = problem_of(*e);
  ASSERT_TRUE(problem);
  ASSERT_EQ(e->expected, 7);
  const Built b = build(*problem);
  ASSERT_EQ(b.line.moves.size(), 7u) << line_text(b.line.moves);
  const Move first = b.line.moves[0], longest = b.line.moves[1];
  // A defence after `first` that is mated in 3, not in 1.
  MateTable full(std::size_t(16) << 20);
  DfpnSearch f(full, problem->attacker);
  f.set_root(problem->setup);
  f.do_move(first);
  MoveList evasions;
  generate<EVASIONS>(f.position(), evasions);
  Move feeble = Move::none();
  for (Move m : evasions) {
    if (m == longest) continue;
    f.do_move(m);
    const bool in3 = f.solve(1).disproven() && f.solve(3).proven();
    f.undo_move(m);
    if (in3) {
      feeble = m;
      break;
    }
  }
  ASSERT_FALSE(feeble.is_none()) << "no defence after " << to_usi(first) << " is mated in 3";

  MateTable sparse(std::size_t(16) << 20);
  {
    DfpnSearch s(sparse, problem->attacker);
    s.set_root(problem->setup);
    const Hand h = s.position().hand(problem->attacker);
    sparse.store(s.position().board_key(), h, MateRecord{0, kInfPn, 7, h, first, 100});
    s.do_move(first);
    sparse.store(s.position().board_key(), s.position().hand(problem->attacker),
                 MateRecord{0, kInfPn, 6, s.position().hand(problem->attacker), Move::none(), 100});
    s.do_move(feeble);
    ASSERT_TRUE(s.solve(1).disproven());
    ASSERT_TRUE(s.solve(3).proven());
    s.undo_move(feeble);
    s.do_move(longest);
    ASSERT_TRUE(s.solve(5).proven());
  }
  LineBuilder lines(sparse, problem->setup, problem->attacker, nullptr);
  const auto known = lines.build(7, false, {}, false);
  ASSERT_TRUE(known.has_value());
  EXPECT_EQ(known->moves.size(), 7u) << line_text(known->moves);
  EXPECT_EQ(known->moves[1], longest) << line_text(known->moves);
  EXPECT_EQ(check_mate_line(*problem, known->moves), std::nullopt) << line_text(known->moves);
}

TEST(MatePv, TableLineOfAProvenProblemIsAMate) {
  // After a plain df-pn proof the table holds a proof for every node of some mating line: the line the
  // table suggests replays as a legal mate.
  for (const char* id : {"tanuki5-32", "tanuki9-16", "kongou-1"}) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    ASSERT_NE(e, nullptr) << id;
    const auto problem = problem_of(*e);
    ASSERT_TRUE(problem);
    MateTable table(std::size_t(16) << 20);
    EXPECT_TRUE(table_line(table, problem->setup, problem->attacker, 64).empty()) << "an empty table knows nothing";
    DfpnSearch s(table, problem->attacker);
    s.set_root(problem->setup);
    ASSERT_TRUE(s.solve(kUnlimited).proven()) << id;
    const std::vector<Move> line = table_line(table, problem->setup, problem->attacker, 200);
    EXPECT_EQ(check_mate_line(*problem, line), std::nullopt) << id << ":" << line_text(line);
    EXPECT_LE(table_line(table, problem->setup, problem->attacker, 2).size(), 2u);
  }
}

// The proof's line read off the table right after the proof: a legal mate within the proof's length,
// its defences the longest the proof knows; none from an empty table, or within fewer plies than the
// shortest mate.
TEST(MatePv, ProofLineIsTheProofsMate) {
  for (const char* id : {"tanuki5-32", "tanuki9-16", "kongou-1", "kongou-25"}) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    ASSERT_NE(e, nullptr) << id;
    ASSERT_TRUE(e->expected) << id;
    const auto problem = problem_of(*e);
    ASSERT_TRUE(problem);
    MateTable table(std::size_t(16) << 20);
    EXPECT_TRUE(proof_line(table, problem->setup, problem->attacker, 200).empty()) << "an empty table knows nothing";
    DfpnSearch s(table, problem->attacker);
    s.set_root(problem->setup);
    const NodeResult r = s.solve(kUnlimited);
    ASSERT_TRUE(r.proven()) << id;
    const std::vector<Move> line = proof_line(table, problem->setup, problem->attacker, r.len);
    EXPECT_EQ(check_mate_line(*problem, line), std::nullopt) << id << ":" << line_text(line);
    EXPECT_LE(line.size(), std::size_t(r.len)) << id;
    EXPECT_TRUE(proof_line(table, problem->setup, problem->attacker, *e->expected - 2).empty()) << id;
  }
}

// `to` (of the same size) becomes `from` without the entries of one board (every hand of it), as if
// replacement had taken them.
void copy_without_board(const MateTable& from, MateTable& to, Key board_key) {
  to.clear();
  constexpr std::uint64_t kTagBits = (std::uint64_t(1) << (64 - MateEntry::kKeyShift)) - 1;
  from.for_each_entry([&](std::size_t cluster, int slot, const MateEntry& e) {
    if ((e.tag() >> MateEntry::kKeyShift) != (board_key & kTagBits)) to.put_entry(cluster, slot, e);
  });
}

// Where the table lost a position of the proof's line, the reading goes back and takes the next proven
// child: the line it gives is still a mate within the proof's length, and the dead ends it passed are
// counted. Without a line, the first dead end is the reason. Taking away each position of the line in
// turn, some readings go around the hole with every evasion refuted on the way; where none can, the
// reading that passes over the evasions the table lost (every_defence false) still finds a mate.
TEST(MatePv, ProofLineGoesAroundWhatTheTableLost) {
  int around = 0, passed_over = 0;
  for (const char* id : {"tanuki9-16", "kongou-1", "kongou-25"}) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    ASSERT_NE(e, nullptr) << id;
    const auto problem = problem_of(*e);
    ASSERT_TRUE(problem);
    constexpr std::size_t kBytes = std::size_t(4) << 20;
    MateTable table(kBytes);
    DfpnSearch s(table, problem->attacker);
    s.set_root(problem->setup);
    const NodeResult r = s.solve(kUnlimited);
    ASSERT_TRUE(r.proven()) << id;
    ProofLineEnd whole;
    const std::vector<Move> line = proof_line(table, problem->setup, problem->attacker, r.len, &whole);
    ASSERT_FALSE(line.empty()) << id;
    EXPECT_EQ(whole.kind, ProofLineEnd::kMated) << id;
    EXPECT_EQ(whole.ply, int(line.size())) << id;
    EXPECT_EQ(whole.dead_ends, 0u) << id;
    std::vector<StateInfo> states(line.size() + 1);
    Position pos;
    pos.set(problem->setup, &states[0]);
    MateTable lost(kBytes);
    for (std::size_t k = 0; k + 1 < line.size(); ++k) {
      pos.do_move(line[k], states[k + 1]);
      copy_without_board(table, lost, pos.board_key());
      const std::string where = std::string(id) + " without ply " + std::to_string(k + 1);
      ProofLineEnd end;
      const std::vector<Move> strict = proof_line(lost, problem->setup, problem->attacker, r.len, &end);
      if (strict.empty()) {
        EXPECT_NE(end.kind, ProofLineEnd::kMated) << where;
        EXPECT_GT(end.dead_ends, 0u) << where;
      } else {
        EXPECT_EQ(check_mate_line(*problem, strict), std::nullopt) << where << ": " << line_text(strict);
        EXPECT_LE(strict.size(), std::size_t(r.len)) << where;
        EXPECT_EQ(end.kind, ProofLineEnd::kMated) << where;
        around += end.dead_ends > 0;
      }
      const std::vector<Move> loose = proof_line(lost, problem->setup, problem->attacker, r.len, nullptr, false);
      if (!loose.empty()) {
        EXPECT_EQ(check_mate_line(*problem, loose), std::nullopt) << where << ": " << line_text(loose);
        EXPECT_LE(loose.size(), std::size_t(r.len)) << where;
        passed_over += strict.empty();
      }
    }
  }
  EXPECT_GT(around, 0) << "no reading went back from a dead end";
  EXPECT_GT(passed_over, 0) << "no reading passed over a lost evasion where the strict one failed";
}

// The proof tree protected (protect_proof) outlives a collection that empties every other entry: the
// proof's line is still read off the table, whole; unprotected, the same collection takes it. A bound on
// the positions stops the walk early.
TEST(MatePv, AProtectedProofTreeOutlivesACollection) {
  for (const char* id : {"tanuki9-16", "kongou-1", "kongou-25"}) {
    const MateSuiteEntry* e = test::tsume_entry(id);
    ASSERT_NE(e, nullptr) << id;
    const auto problem = problem_of(*e);
    ASSERT_TRUE(problem);
    MateTable table(std::size_t(16) << 20);
    DfpnSearch s(table, problem->attacker);
    s.set_root(problem->setup);
    const NodeResult r = s.solve(kUnlimited);
    ASSERT_TRUE(r.proven()) << id;
    const std::vector<Move> line = proof_line(table, problem->setup, problem->attacker, r.len);
    ASSERT_FALSE(line.empty()) << id;
    std::vector<MateTable::Raised> bounded;
    EXPECT_EQ(protect_proof(table, problem->setup, problem->attacker, r.len, 3, bounded), 3u) << id;
    table.unprotect(bounded);
    std::vector<MateTable::Raised> raised;
    const std::size_t positions = protect_proof(table, problem->setup, problem->attacker, r.len, 1u << 20, raised);
    // Every position of the line below the root is one of the proof tree's.
    EXPECT_GE(positions, line.size()) << id;
    EXPECT_FALSE(raised.empty()) << id;
    table.collect_below(MateTable::kProtectedCode + MateTable::kFinalBonus - 1);
    EXPECT_EQ(proof_line(table, problem->setup, problem->attacker, r.len), line) << id;
    // A second walk stops at the root's protected child: the first went below it.
    std::vector<MateTable::Raised> again;
    EXPECT_EQ(protect_proof(table, problem->setup, problem->attacker, r.len, 1u << 20, again), 1u) << id;
    EXPECT_TRUE(again.empty()) << id;
    table.unprotect(raised);
    table.collect_below(MateTable::kProtectedCode + MateTable::kFinalBonus - 1);
    EXPECT_TRUE(proof_line(table, problem->setup, problem->attacker, r.len).empty()) << id;
  }
}

TEST(MatePv, TableLineWhileUnsolved) {
  // Part way through a search the line is legal, starts with a check, and stays within its bound.
  const MateSuiteEntry* e = test::tsume_entry("kongou-24");
  ASSERT_NE(e, nullptr);
  const auto problem = problem_of(*e);
  ASSERT_TRUE(problem);
  MateTable table(std::size_t(16) << 20);
  DfpnSearch s(table, problem->attacker);
  s.set_root(problem->setup);
  s.set_limits({}, false, 5000, nullptr);
  s.solve(kUnlimited);
  ASSERT_EQ(s.aborted(), DfpnSearch::Abort::kNodes);
  const std::vector<Move> line = table_line(table, problem->setup, problem->attacker, 10);
  ASSERT_FALSE(line.empty());
  EXPECT_LE(line.size(), 10u);
  std::vector<StateInfo> states(line.size() + 1);
  Position pos;
  pos.set(problem->setup, &states[0]);
  for (std::size_t i = 0; i < line.size(); ++i) {
    MoveList legal;
    generate<LEGAL>(pos, legal);
    EXPECT_TRUE(legal.contains(line[i])) << i << ":" << line_text(line);
    pos.do_move(line[i], states[i + 1]);
    if (i % 2 == 0) {
      EXPECT_TRUE(pos.in_check()) << "attacker move " << i << " is not a check";
    }
  }
}

}  // namespace
}  // namespace tsumi
