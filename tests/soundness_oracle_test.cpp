// check_soundness (compose/soundness.h) against an independent oracle (tests/support/minimax_oracle.h, a
// full-width minimax over core/ alone) on random problems of up to 9 plies, half of them changed on
// purpose (tests/support/random_tsume.h). For each problem the soundness check runs first; the oracle
// then judges the same main line, and every finding must agree: the verdict, every cook and defence
// (ply, move, mate length, kind), the leftover, the length, no unknown branch. A problem whose own
// main line the solver's limits left unproven must be `unknown`, and is counted, not compared.
//
// The oracle searches every branch to a mate of 9 plies (its bound). A finding of the solver's with a
// longer mate, or a branch the solver's node limit cut (unknown), must be a branch the oracle found no
// mate within the bound for: those are counted, not compared. A length the solver did not prove
// (length_proven false: the plies of a line whose defences are not proven the longest) is not compared
// either; the finding itself is (a problem whose only doubt is such a cut
// branch may be unknown where the oracle says sound). Where the attacker's choice among equally short
// mates decides whether a defence of equal length ends with pieces in hand (the rules leave that choice
// open), either kind is accepted.
//
// TSUMI_ORACLE_PROBLEMS problems (150 by default, 2,000 under the label `slow`), drawn from the seed
// TSUMI_ORACLE_SEED.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "compose/soundness.h"
#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "solver/mate_solver.h"
#include "tests/support/minimax_oracle.h"
#include "tests/support/random_tsume.h"
#include "tests/support/test_data.h"

namespace tsumi::test {
namespace {

constexpr int kMaxPlies = 9;
constexpr std::uint64_t kSeed = 20250601;
// Nodes a branch's solve may spend. A branch it cuts is unknown, which passes only where the oracle
// finds no mate within its bound either: the drawn problems' long alternative mates and hard no-mates
// (a 3-ply problem's last-ply checks with two rooks in hand) would otherwise take a minute a problem.
constexpr std::uint64_t kBranchNodes = 300'000;
// Nodes the oracle may spend on a branch (TSUMI_ORACLE_BRANCH_NODES). A branch past it is undetermined
// and not compared, as a problem whose own shortest mate is past it is skipped: both are counted. Its
// full-width searches of long alternative mates otherwise take hours (one 3-ply problem with R, B, N
// and L in the attacker's hand grew its tables to 9 GB).
constexpr std::uint64_t kOracleBranchNodes = 5'000'000;
// And over all the branches of a problem (TSUMI_ORACLE_PROBLEM_NODES): a 1-ply problem with a big hand
// has a hundred other checks, each of which could spend the branch budget.
constexpr std::uint64_t kOracleProblemNodes = 40'000'000;

// What a run found, for the summary.
struct Tally {
  int problems = 0;
  int changed = 0;
  std::map<int, int> lengths;
  std::map<std::string, int> verdicts;
  std::map<std::string, int> findings;  // the solver's, by kind
  int beyond = 0;                       // the solver's findings beyond the oracle's bound
  int undetermined = 0;                 // branches past the oracle's node budget (not compared)
  int skipped = 0;                      // problems whose own shortest mate was past it
  int unjudged = 0;                     // one-move lines whose futile mate was past it
  int unknown_beyond = 0;               // branches the solver's limits cut, beyond the oracle's bound
  int unproven = 0;                     // problems whose own main line the solver's limits left unproven
  int unsettled = 0;                    // cooks whose return the solver's budget left unsettled
  int futile = 0;                       // evasions the oracle left out as futile drops
  int ambiguous = 0;                    // defences whose kind the attacker's choice decides
  int disagreeing = 0;                  // problems with a disagreement
  double solver_ms = 0, oracle_ms = 0;
};

std::string usi_or_none(Move m) { return m.is_none() ? "-" : to_usi(m); }

std::string describe(const SoundnessReport& r) {
  std::ostringstream o;
  o << "  check_soundness: verdict " << to_string(r.verdict) << ", length " << r.length << ", leftover "
    << (r.leftover.empty() ? "none" : hand_to_sfen(r.leftover, BLACK)) << ", line " << to_usi(r.main_line) << "\n";
  for (const Cook& c : r.cooks)
    o << "    cook ply " << c.ply << " " << to_usi(c.move) << " mate " << c.mate_length << " " << to_string(c.kind)
      << ": " << to_usi(c.line) << "\n";
  for (const Defence& d : r.defences)
    o << "    defence ply " << d.ply << " " << to_usi(d.move) << " mate " << d.mate_length << " " << to_string(d.kind)
      << " leftover " << (d.leftover.empty() ? "none" : hand_to_sfen(d.leftover, BLACK)) << ": " << to_usi(d.line)
      << "\n";
  for (const UnknownBranch& u : r.unknown)
    o << "    unknown ply " << u.ply << " " << usi_or_none(u.move) << " (" << u.reason << ")\n";
  if (r.bad_line)
    o << "    bad line ply " << r.bad_line->ply << " " << usi_or_none(r.bad_line->move) << ": " << r.bad_line->reason
      << "\n";
  return o.str();
}

std::string describe(const OracleFindings& f) {
  std::ostringstream o;
  o << "  oracle: verdict " << to_string(f.verdict_min);
  if (f.verdict_max != f.verdict_min) o << " or " << to_string(f.verdict_max);
  o << ", shortest " << f.shortest << ", leftover " << (f.leftover.empty() ? "none" : hand_to_sfen(f.leftover, BLACK))
    << "\n";
  for (const std::string& fault : f.line_faults) o << "    line: " << fault << "\n";
  for (const OracleCook& c : f.cooks)
    o << "    cook ply " << c.ply << " " << to_usi(c.move) << " mate " << c.mate_length << " " << to_string(c.kind)
      << "\n";
  for (const OracleDefence& d : f.defences) {
    o << "    defence ply " << d.ply << " " << to_usi(d.move) << " mate " << d.mate_length << " "
      << to_string(d.kind_min);
    if (d.kind_max != d.kind_min) o << " or " << to_string(d.kind_max);
    o << "\n";
  }
  for (const OracleBranch& b : f.futile) o << "    futile drop ply " << b.ply << " " << to_usi(b.move) << "\n";
  return o.str();
}

bool contains(const std::vector<OracleBranch>& branches, int ply, Move m) {
  return std::any_of(branches.begin(), branches.end(),
                     [&](const OracleBranch& b) { return b.ply == ply && b.move == m; });
}

// What is wrong with a finding's line, played from the main line's position before `ply`: it must start
// with the finding's move, be legal with every attacker move a check, end in mate after mate_length
// plies and leave `leftover` (when given) in the attacker's hand. A one-move line that ends where the
// defender has nothing but futile drops is judged by an oracle with oracle_nodes nodes: past them the
// line is not faulted (counted in `unjudged`).
std::optional<std::string> line_fault(const MateProblem& problem, std::span<const Move> main_line, int ply,
                                      const std::vector<Move>& line, Move move, int mate_length,
                                      std::optional<Hand> leftover, std::uint64_t oracle_nodes, int& unjudged) {
  std::vector<StateInfo> states(main_line.size() + line.size() + 1);
  Position pos;
  pos.set(problem.setup, &states[0]);
  std::size_t k = 0;
  for (int i = 0; i + 1 < ply; ++i) pos.do_move(main_line[i], states[++k]);
  if (line.empty() || line[0] != move) return "the line does not start with the move";
  if (int(line.size()) != mate_length) return "the line has " + std::to_string(line.size()) + " plies";
  for (Move m : line) {
    MoveList moves;
    if (pos.side_to_move() == problem.attacker)
      generate<CHECKS>(pos, moves);
    else
      generate<LEGAL>(pos, moves);
    if (!moves.contains(m)) return "the line's " + to_usi(m) + " is no legal move (or no check)";
    pos.do_move(m, states[++k]);
  }
  if (pos.side_to_move() == problem.attacker || !pos.in_check()) return "the line does not end in mate";
  if (has_legal_move(pos)) {
    // A one-move line may end where the defender has nothing but futile drops: mate, as books count it.
    if (line.size() != 1) return "the line does not end in mate";
    MinimaxOracle oracle(problem.attacker);
    oracle.set_budget(oracle_nodes);
    const bool futile_mate = oracle.book_mated_at_once(pos);
    if (oracle.spent())
      ++unjudged;
    else if (!futile_mate)
      return "the line does not end in mate";
  }
  if (leftover && pos.hand(problem.attacker) != *leftover) return "the line ends with another hand than its leftover";
  return std::nullopt;
}

bool major(CookKind k) { return k == CookKind::kCook || k == CookKind::kShort; }
bool major(DefenceKind k) { return k == DefenceKind::kLonger || k == DefenceKind::kEqual; }

// Every disagreement between the report and the oracle's findings on its main line.
std::vector<std::string> compare(const MateProblem& problem, const SoundnessReport& r, const OracleFindings& f,
                                 std::uint64_t oracle_nodes, Tally& tally) {
  std::vector<std::string> diffs;
  const auto diff = [&](const std::string& s) { diffs.push_back(s); };
  // A branch the solver's limits cut: only where the oracle finds no mate within its bound either.
  bool unknown_beyond = false;
  const auto oracle_cook = [&](int ply, Move m) {
    return std::find_if(f.cooks.begin(), f.cooks.end(),
                        [&](const OracleCook& c) { return c.ply == ply && c.move == m; });
  };
  // A cook whose return the solver's budget left unsettled: the oracle's cook, detour or transposition.
  const auto settles = [&](int ply, Move m) {
    const auto it = oracle_cook(ply, m);
    return it != f.cooks.end() && (it->kind == OracleCookKind::kCook || it->kind == OracleCookKind::kDetour ||
                                   it->kind == OracleCookKind::kTransposition);
  };
  bool unsettled = false;
  for (const UnknownBranch& u : r.unknown) {
    if (u.reason == "return not settled" && (settles(u.ply, u.move) || contains(f.undetermined, u.ply, u.move))) {
      ++tally.unsettled;
      unsettled = true;
    } else if (!u.move.is_none() && (contains(f.beyond, u.ply, u.move) || contains(f.undetermined, u.ply, u.move))) {
      ++tally.unknown_beyond;
      unknown_beyond = true;
    } else {
      diff("unknown branch at ply " + std::to_string(u.ply) + " " + usi_or_none(u.move) + " (" + u.reason +
           "), oracle: " + (contains(f.futile, u.ply, u.move) ? "a futile drop" : "mate within its bound"));
    }
  }
  if (r.bad_line) diff("bad line at ply " + std::to_string(r.bad_line->ply) + ": " + r.bad_line->reason);
  for (const std::string& fault : f.line_faults) diff("main line: " + fault);
  if (r.length != int(r.main_line.size())) diff("length " + std::to_string(r.length) + " is not the line's size");
  if (r.length != f.shortest) diff("length " + std::to_string(r.length) + ", oracle " + std::to_string(f.shortest));
  if (r.leftover != f.leftover) diff("leftover differs");

  bool beyond_major = false;
  // Cooks: each of the oracle's found once with its length and kind; each of the solver's either the
  // oracle's or beyond its bound.
  for (const OracleCook& c : f.cooks) {
    const auto n = std::count_if(r.cooks.begin(), r.cooks.end(),
                                 [&](const Cook& x) { return x.ply == c.ply && x.move == c.move; });
    const auto it =
        std::find_if(r.cooks.begin(), r.cooks.end(), [&](const Cook& x) { return x.ply == c.ply && x.move == c.move; });
    const std::string what = "cook ply " + std::to_string(c.ply) + " " + to_usi(c.move);
    if (n == 0) {
      diff(what + ": missing (oracle: mate " + std::to_string(c.mate_length) + " " + to_string(c.kind) + ")");
      continue;
    }
    if (n > 1) diff(what + ": reported " + std::to_string(n) + " times");
    if (it->length_proven && it->mate_length != c.mate_length)
      diff(what + ": mate " + std::to_string(it->mate_length) + ", oracle " + std::to_string(c.mate_length));
    if (std::string(to_string(it->kind)) != to_string(c.kind) && !(!it->kind_settled && settles(c.ply, c.move)))
      diff(what + ": " + to_string(it->kind) + ", oracle " + to_string(c.kind));
  }
  for (const Cook& c : r.cooks) {
    ++tally.findings[std::string("cook/") + to_string(c.kind)];
    const std::string what = "cook ply " + std::to_string(c.ply) + " " + to_usi(c.move);
    if (auto fault = line_fault(problem, r.main_line, c.ply, c.line, c.move, c.mate_length, std::nullopt, oracle_nodes,
                                tally.unjudged))
      diff(what + ": " + *fault);
    const bool known = std::any_of(f.cooks.begin(), f.cooks.end(),
                                   [&](const OracleCook& x) { return x.ply == c.ply && x.move == c.move; });
    if (known) continue;
    if (((c.mate_length > f.bound || !c.length_proven) && contains(f.beyond, c.ply, c.move)) ||
        contains(f.undetermined, c.ply, c.move)) {
      ++tally.beyond;
      beyond_major = beyond_major || major(c.kind);
    } else {
      diff(what + ": mate " + std::to_string(c.mate_length) + " " + to_string(c.kind) +
           (contains(f.beyond, c.ply, c.move) ? ", oracle: no mate within its bound" : ", oracle: no such cook"));
    }
  }

  // Defences, the same way; the kind of an equal one as the attacker's choice allows.
  for (const OracleDefence& d : f.defences) {
    const auto it = std::find_if(r.defences.begin(), r.defences.end(),
                                 [&](const Defence& x) { return x.ply == d.ply && x.move == d.move; });
    const std::string what = "defence ply " + std::to_string(d.ply) + " " + to_usi(d.move);
    if (d.kind_min != d.kind_max) ++tally.ambiguous;
    if (it == r.defences.end()) {
      diff(what + ": missing (oracle: mate " + std::to_string(d.mate_length) + " " + to_string(d.kind_min) + ")");
      continue;
    }
    if (it->length_proven && it->mate_length != d.mate_length)
      diff(what + ": mate " + std::to_string(it->mate_length) + ", oracle " + std::to_string(d.mate_length));
    const std::string kind = to_string(it->kind);
    if (kind != to_string(d.kind_min) && kind != to_string(d.kind_max))
      diff(what + ": " + kind + ", oracle " + to_string(d.kind_min) +
           (d.kind_max != d.kind_min ? std::string(" or ") + to_string(d.kind_max) : ""));
  }
  for (const Defence& d : r.defences) {
    ++tally.findings[std::string("defence/") + to_string(d.kind)];
    const std::string what = "defence ply " + std::to_string(d.ply) + " " + to_usi(d.move);
    const auto n = std::count_if(r.defences.begin(), r.defences.end(),
                                 [&](const Defence& x) { return x.ply == d.ply && x.move == d.move; });
    if (n > 1) diff(what + ": reported " + std::to_string(n) + " times");
    if (auto fault = line_fault(problem, r.main_line, d.ply, d.line, d.move, d.mate_length, d.leftover, oracle_nodes,
                                tally.unjudged))
      diff(what + ": " + *fault);
    if (d.kind != DefenceKind::kLonger && d.leftover.empty() != (d.kind == DefenceKind::kEqual))
      diff(what + ": " + to_string(d.kind) + " with the leftover " + hand_to_sfen(d.leftover, BLACK));
    const bool known = std::any_of(f.defences.begin(), f.defences.end(),
                                   [&](const OracleDefence& x) { return x.ply == d.ply && x.move == d.move; });
    if (known) continue;
    if (((d.mate_length > f.bound || !d.length_proven) && contains(f.beyond, d.ply, d.move)) ||
        contains(f.undetermined, d.ply, d.move)) {
      ++tally.beyond;
      beyond_major = beyond_major || major(d.kind);
    } else {
      diff(what + ": mate " + std::to_string(d.mate_length) + " " + to_string(d.kind) +
           (contains(f.futile, d.ply, d.move) ? ", oracle: a futile drop" : ", oracle: no such defence"));
    }
  }

  // The verdict: the oracle's, made flawed by a major finding beyond its bound.
  const auto expected = [&](OracleVerdict v) {
    return std::string(beyond_major && v == OracleVerdict::kSound ? "flawed" : to_string(v));
  };
  const std::string verdict = to_string(r.verdict);
  // Unknown: where the only doubts are branches beyond the oracle's bound and the oracle says sound, or
  // where a cook's return or a futility verdict is unsettled (the oracle's detour or last-move cook
  // leaves it sound, its cook flawed: the findings themselves are compared above).
  const bool unknown_for_sound =
      verdict == "unknown" &&
      ((unknown_beyond && !beyond_major && f.verdict_min == OracleVerdict::kSound) ||
       (unsettled && (f.verdict_min == OracleVerdict::kSound || f.verdict_min == OracleVerdict::kFlawed)));
  if (verdict != expected(f.verdict_min) && verdict != expected(f.verdict_max) && !unknown_for_sound)
    diff("verdict " + verdict + ", oracle " + expected(f.verdict_min) +
         (f.verdict_max != f.verdict_min ? " or " + expected(f.verdict_max) : ""));
  return diffs;
}

TEST(SoundnessOracle, TheSoundnessCheckAgreesWithTheMinimaxOracle) {
  const int count = int(env_or("TSUMI_ORACLE_PROBLEMS", 150));
  const std::uint64_t seed = env_or("TSUMI_ORACLE_SEED", kSeed);
  const bool verbose = env_or("TSUMI_ORACLE_VERBOSE", 0) != 0;  // a line per problem: its SFEN and times
  const std::uint64_t oracle_nodes = env_or("TSUMI_ORACLE_BRANCH_NODES", kOracleBranchNodes);
  const std::uint64_t oracle_problem_nodes = env_or("TSUMI_ORACLE_PROBLEM_NODES", kOracleProblemNodes);
  using Clock = std::chrono::steady_clock;
  const auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };

  auto t0 = Clock::now();
  // TSUMI_ORACLE_SFENS names a file of SFENs, one a line ('#' a comment), to check instead of drawn
  // problems (to replay the problems of a failed run: its "disagreement on" lines;
  // positions/oracle-regressions.txt).
  std::vector<RandomTsume> problems;
  if (const char* file = std::getenv("TSUMI_ORACLE_SFENS")) {
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      const auto setup = parse_sfen(strip_sfen_prefix(line), kTsumeLeniency);
      ASSERT_TRUE(setup) << line;
      const auto problem = make_mate_problem(*setup);
      ASSERT_TRUE(problem) << line;
      problems.push_back({line, *problem, 0, ""});
    }
  } else {
    problems = random_tsume_problems(seed, count, kMaxPlies);
    ASSERT_EQ(int(problems.size()), count);
  }
  const double generate_ms = ms(Clock::now() - t0);

  MateSolver solver(64);
  SoundnessLimits limits;
  limits.branch.nodes = kBranchNodes;
  Tally tally;
  for (const RandomTsume& t : problems) {
    ++tally.problems;
    if (!t.variant.empty()) ++tally.changed;
    ++tally.lengths[t.shortest];

    // The table starts empty for each problem, so that a problem's answers do not depend on the ones
    // before it and a replay (TSUMI_ORACLE_SFENS) repeats the run.
    solver.clear();
    t0 = Clock::now();
    const SoundnessReport report = check_soundness(solver, t.problem, {}, limits);
    auto t1 = Clock::now();
    tally.solver_ms += ms(t1 - t0);
    ++tally.verdicts[to_string(report.verdict)];

    const OracleFindings findings =
        oracle_findings(t.problem, report.main_line, kMaxPlies, oracle_nodes, oracle_problem_nodes);
    tally.oracle_ms += ms(Clock::now() - t1);
    tally.futile += int(findings.futile.size());
    tally.undetermined += int(findings.undetermined.size());

    if (verbose)
      std::cout << t.sfen << " length " << t.shortest << ": check_soundness " << int(ms(t1 - t0)) << " ms, oracle "
                << int(ms(Clock::now() - t1)) << " ms" << (findings.undetermined_root ? ", skipped" : "") << ", "
                << findings.undetermined.size() << " undetermined" << std::endl;
    if (findings.undetermined_root) {
      ++tally.skipped;
      continue;
    }

    // The solver's own main line, not proven a shortest mate against the longest defences within its
    // limits, gives `unknown` (compose/verdict.h) and its branches say nothing about the problem: the verdict
    // is all there is to compare, and it is counted.
    const bool unproven =
        std::any_of(report.unknown.begin(), report.unknown.end(), [](const UnknownBranch& u) { return u.ply == 0; });
    if (unproven) {
      ++tally.unproven;
      EXPECT_EQ(report.verdict, SoundnessVerdict::kUnknown) << t.sfen;
      continue;
    }
    const std::vector<std::string> diffs = compare(t.problem, report, findings, oracle_nodes, tally);
    if (diffs.empty()) continue;
    ++tally.disagreeing;
    std::ostringstream o;
    o << "disagreement on " << t.sfen << (t.variant.empty() ? "" : " (changed: " + t.variant + ")") << "\n";
    for (const std::string& d : diffs) o << "  - " << d << "\n";
    o << describe(report) << describe(findings);
    ADD_FAILURE() << o.str();
  }

  std::ostringstream s;
  s << "soundness oracle: " << tally.problems << " problems (seed " << seed << "), " << tally.changed
    << " changed on purpose; generated in " << int(generate_ms) << " ms\n  lengths:";
  for (const auto& [n, k] : tally.lengths) s << " " << n << "p:" << k;
  s << "\n  verdicts:";
  for (const auto& [v, k] : tally.verdicts) s << " " << v << ":" << k;
  s << "\n  findings:";
  for (const auto& [kind, k] : tally.findings) s << " " << kind << ":" << k;
  s << "\n  past the oracle's budget of " << oracle_nodes << " nodes a branch, " << oracle_problem_nodes
    << " a problem: " << tally.skipped << " problems skipped, " << tally.undetermined << " branches not compared, "
    << tally.unjudged << " one-move lines not judged";
  s << "\n  beyond the oracle's " << kMaxPlies << "-ply bound: " << tally.beyond << " findings, "
    << tally.unknown_beyond << " branches cut by the solver's limits, " << tally.unproven
    << " problems whose own main line they left unproven (unknown), " << tally.unsettled
    << " cooks whose return they left unsettled (cook or detour)"
    << "; futile drops left out: " << tally.futile << "; defences of either kind: " << tally.ambiguous
    << "\n  disagreements: " << tally.disagreeing << " problems\n  time: check_soundness " << int(tally.solver_ms)
    << " ms, oracle " << int(tally.oracle_ms) << " ms\n";
  std::cout << s.str();
  EXPECT_EQ(tally.disagreeing, 0);
}

}  // namespace
}  // namespace tsumi::test
