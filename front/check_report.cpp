#include "front/check_report.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/sfen.h"
#include "core/usi.h"
#include "front/mate_report.h"
#include "notation/kif_writer.h"

namespace tsumi::front {

namespace {

using Json = nlohmann::ordered_json;

Json usi_array(std::span<const Move> moves) {
  Json a = Json::array();
  for (Move m : moves) a.push_back(to_usi(m));
  return a;
}

// The position before the 1-based ply of the line.
struct LineWalk {
  LineWalk(const PositionSetup& setup, std::span<const Move> line, int ply) : states(std::size_t(ply)) {
    pos.set(setup, &states[0]);
    for (int i = 0; i + 1 < ply; ++i) {
      previous_to = line[std::size_t(i)].to();
      pos.do_move(line[std::size_t(i)], states[std::size_t(i) + 1]);
    }
  }
  std::vector<StateInfo> states;
  Position pos;
  Square previous_to = SQ_NONE;
};

// "▲２二金打 (G*2b)": the move at the 1-based ply of a line that follows the main line up to it.
std::string move_words(const MateProblem& problem, std::span<const Move> main_line, int ply, Move m) {
  LineWalk walk(problem.setup, main_line, ply);
  const std::string mark = walk.pos.side_to_move() == BLACK ? "▲" : "△";
  return mark + notation::kif_move(walk.pos, m, walk.previous_to) + " (" + to_usi(m) + ")";
}

// Where a finding inside a variation stands: " in the variation from ply K: <its USI moves>" (K the
// first ply where the path leaves the main line); empty on the main line.
std::string variation_words(std::span<const Move> main_line, std::span<const Move> path) {
  if (path.empty()) return "";
  std::size_t k = 0;
  while (k < path.size() && k < main_line.size() && path[k] == main_line[k]) ++k;
  std::vector<Move> rest(path.begin() + std::ptrdiff_t(k), path.end());
  return " in the variation from ply " + std::to_string(k + 1) + ": " + to_usi(rest);
}

// The KIF moves of a whole line from the problem's position: "▲２三銀成 △同　玉 ...".
std::string kif_line(const PositionSetup& setup, std::span<const Move> line) {
  std::string s;
  StateInfo st0;
  std::vector<StateInfo> states(line.size());
  Position pos;
  pos.set(setup, &st0);
  Square previous_to = SQ_NONE;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (i > 0) s += ' ';
    s += pos.side_to_move() == BLACK ? "▲" : "△";
    std::string move = notation::kif_move(pos, line[i], previous_to);
    if (const auto paren = move.find('('); paren != std::string::npos) move.erase(paren);  // KI2 style, no origin
    s += move;
    previous_to = line[i].to();
    pos.do_move(line[i], states[i]);
  }
  return s;
}

// "5", or "23?" for a length whose shortest-mate proof was cut: the plies of the line the table gives
// then, which bound the shortest mate neither way (its defences are not proven the longest).
std::string length_words(int length, bool proven) {
  return std::to_string(length) + (proven ? "" : "? (not proven: the plies of the line found)");
}

// " or a detour (not settled)" where a cook's kind is not settled (Cook::may_be), else "".
std::string may_be_words(const Cook& c) {
  if (c.kind_settled) return "";
  return std::string(" or a ") + (c.may_be == CookKind::kLastMove ? "last-move cook" : to_string(c.may_be)) +
         " (not settled)";
}

// The line a finding's move is played after: the main line, or its variation path.
std::span<const Move> walked(const SoundnessReport& r, const std::vector<Move>& path) {
  return path.empty() ? std::span<const Move>(r.main_line) : std::span<const Move>(path);
}

}  // namespace

std::string cook_words(CookKind kind) {
  switch (kind) {
    case CookKind::kCook: return "cook (余詰)";
    case CookKind::kShort: return "short mate (早詰)";
    case CookKind::kLastMove: return "last-move cook (最終手余詰, minor)";
    case CookKind::kDetour: return "detour (迂回, minor)";
    case CookKind::kTransposition: return "transposition (手順前後, minor)";
  }
  return "?";
}

std::string defence_words(DefenceKind kind) {
  switch (kind) {
    case DefenceKind::kLonger: return "longer defence (変長)";
    case DefenceKind::kEqual: return "equal defence (変同)";
    case DefenceKind::kEqualLeftover: return "equal defence, pieces left (変同駒余り, minor)";
    case DefenceKind::kLongerLeftover: return "two plies longer, pieces left (2手変長駒余り, minor)";
  }
  return "?";
}

std::string main_line_text(const MateProblem& problem, const SoundnessReport& r) {
  std::string s;
  if (r.bad_line)
    s += "bad line (手順不正) at ply " + std::to_string(r.bad_line->ply) + ": " + r.bad_line->reason + "\n";
  if (!r.main_line.empty()) {
    s += "main line (" + std::string(r.recorded ? "recorded" : "tsumi's") + ", " + std::to_string(r.length) + " plies";
    if (r.futile_length != r.length) s += ", " + std::to_string(r.futile_length) + " as books count";
    s += "): " + kif_line(problem.setup, r.main_line) + "\n";
    s += "  usi: " + to_usi(r.main_line) + "\n";
  } else if (r.verdict == SoundnessVerdict::kNoMate) {
    s += "no mate (不詰)\n";
  }
  return s;
}

std::string finding_line(const MateProblem& problem, const SoundnessReport& r, const Cook& c) {
  return "ply " + std::to_string(c.ply) + ": " + cook_words(c.kind) + may_be_words(c) +
         variation_words(r.main_line, c.variation_path) + ": " +
         move_words(problem, walked(r, c.variation_path), c.ply, c.move) + ", mate in " +
         length_words(c.mate_length, c.length_proven) + " from there: " + to_usi(c.line) + "\n";
}

std::string finding_line(const MateProblem& problem, const SoundnessReport& r, const Defence& d) {
  std::string t = "ply " + std::to_string(d.ply) + ": " + defence_words(d.kind) +
                  variation_words(r.main_line, d.variation_path) + ": " +
                  move_words(problem, walked(r, d.variation_path), d.ply, d.move) + ", mate in " +
                  length_words(d.mate_length, d.length_proven) + " from there";
  if (!d.leftover.empty()) t += ", leaving " + hand_to_sfen(d.leftover, problem.attacker);
  return t + ": " + to_usi(d.line) + "\n";
}

std::string finding_line(const MateProblem& problem, const SoundnessReport& r, const UnknownBranch& u) {
  return "ply " + std::to_string(u.ply) + ": unknown" + variation_words(r.main_line, u.variation_path) +
         (u.move.is_none() ? std::string() : ": " + move_words(problem, walked(r, u.variation_path), u.ply, u.move)) +
         " (" + u.reason + ")\n";
}

std::string leftover_line(const MateProblem& problem, const SoundnessReport& r) {
  if (r.main_line.empty() || r.leftover.empty()) return "";
  return "pieces left (駒余り): " + hand_to_sfen(r.leftover, problem.attacker) + "\n";
}

std::string settled_words(const MateProblem& problem, const SoundnessReport& r) {
  if (!r.settled_by) return "";
  const VerdictCause& c = *r.settled_by;
  std::string what = c.finding;
  if (c.finding == "cook") what = cook_words(CookKind::kCook);
  if (c.finding == "short") what = cook_words(CookKind::kShort);
  if (c.finding == "longer") what = defence_words(DefenceKind::kLonger);
  if (c.finding == "equal") what = defence_words(DefenceKind::kEqual);
  if (c.finding == "leftover") what = "pieces left (駒余り)";
  if (c.finding == "main line not proven")
    return "tsumi's main line, not proven the shortest mate against the longest defences";
  if (c.finding == "bad-line" && r.bad_line)
    return "the bad line (手順不正) at ply " + std::to_string(r.bad_line->ply) + ": " + r.bad_line->reason;
  std::string s = "the " + what;
  if (c.ply > 0) {
    s += " at ply " + std::to_string(c.ply);
    if (!c.move.is_none()) s += ", " + move_words(problem, r.main_line, c.ply, c.move);
  }
  return s;
}

std::string totals_text(const SoundnessReport& r) {
  std::string s = "branches " + std::to_string(r.branches) + " (" + std::to_string(r.solves) + " solves), nodes " +
                  std::to_string(r.nodes) + ", time " + std::to_string(whole_ms(r.time_ms)) + " ms (the solve " +
                  std::to_string(whole_ms(r.solve_ms)) + " ms";
  if (r.settled_by) s += ", the verdict " + std::to_string(whole_ms(r.verdict_ms)) + " ms";
  s += ")\n";
  if (r.first_flaw)
    s += "stopped at the verdict (--first-flaw): " + std::to_string(r.unexamined) + " branches not examined\n";
  s += "phases:";
  for (int k = 0; k < kCheckPhases; ++k) {
    const PhaseCost& p = r.phases[std::size_t(k)];
    if (p.solves == 0 && p.time_ms < 0.5) continue;
    s += std::string(" ") + to_string(CheckPhase(k)) + " " + std::to_string(whole_ms(p.time_ms)) + " ms (" +
         std::to_string(p.solves) + (p.solves == 1 ? " solve, " : " solves, ") + std::to_string(p.nodes) + " nodes)";
    if (k + 1 < kCheckPhases) s += ";";
  }
  if (s.back() == ';') s.pop_back();
  return s + "\n";
}

std::string check_text(const MateProblem& problem, const SoundnessReport& r) {
  std::string s = "verdict " + std::string(to_string(r.verdict)) + "\n";
  s += main_line_text(problem, r);
  // The findings in ply order: cooks, defences and unknown branches of a ply together.
  std::vector<std::pair<int, std::string>> findings;
  for (const Cook& c : r.cooks) findings.emplace_back(c.ply, finding_line(problem, r, c));
  for (const Defence& d : r.defences) findings.emplace_back(d.ply, finding_line(problem, r, d));
  for (const UnknownBranch& u : r.unknown) findings.emplace_back(u.ply, finding_line(problem, r, u));
  std::stable_sort(findings.begin(), findings.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [ply, text] : findings) s += text;
  s += leftover_line(problem, r);
  return s + totals_text(r);
}

Json finding_json(const MateProblem& /*problem*/, const Cook& c) {
  return Json{{"ply", c.ply},
              {"move", to_usi(c.move)},
              {"mate_length", c.mate_length},
              {"line", usi_array(c.line)},
              {"kind", to_string(c.kind)},
              {"length_proven", c.length_proven},
              {"kind_settled", c.kind_settled},
              {"may_be", c.kind_settled ? Json() : Json(to_string(c.may_be))},
              {"variation", usi_array(c.variation_path)}};
}

Json finding_json(const MateProblem& problem, const Defence& d) {
  return Json{{"ply", d.ply},
              {"move", to_usi(d.move)},
              {"mate_length", d.mate_length},
              {"line", usi_array(d.line)},
              {"kind", to_string(d.kind)},
              {"length_proven", d.length_proven},
              {"leftover", d.leftover.empty() ? std::string() : hand_to_sfen(d.leftover, problem.attacker)},
              {"variation", usi_array(d.variation_path)}};
}

Json finding_json(const MateProblem& /*problem*/, const UnknownBranch& u) {
  return Json{{"ply", u.ply},
              {"move", u.move.is_none() ? std::string() : to_usi(u.move)},
              {"reason", u.reason},
              {"variation", usi_array(u.variation_path)}};
}

Json settled_json(const SoundnessReport& r) {
  if (!r.settled_by) return nullptr;
  return Json{{"finding", r.settled_by->finding},
              {"ply", r.settled_by->ply},
              {"move", r.settled_by->move.is_none() ? std::string() : to_usi(r.settled_by->move)}};
}

void add_check_json(const MateProblem& problem, const SoundnessReport& r, Json& j) {
  j["verdict"] = to_string(r.verdict);
  j["length"] = r.length;
  j["futile_length"] = r.futile_length;
  j["main_line"] = usi_array(r.main_line);
  j["recorded"] = r.recorded;
  Json cooks = Json::array();
  for (const Cook& c : r.cooks) cooks.push_back(finding_json(problem, c));
  j["cooks"] = std::move(cooks);
  Json defences = Json::array();
  for (const Defence& d : r.defences) defences.push_back(finding_json(problem, d));
  j["defences"] = std::move(defences);
  j["leftover"] = r.leftover.empty() ? std::string() : hand_to_sfen(r.leftover, problem.attacker);
  Json unknown = Json::array();
  for (const UnknownBranch& u : r.unknown) unknown.push_back(finding_json(problem, u));
  j["unknown"] = std::move(unknown);
  if (r.bad_line)
    j["bad_line"] = Json{{"ply", r.bad_line->ply},
                         {"move", r.bad_line->move.is_none() ? std::string() : to_usi(r.bad_line->move)},
                         {"reason", r.bad_line->reason}};
  else
    j["bad_line"] = nullptr;
  j["solve_length"] = r.solve.verdict == MateVerdict::kMate ? r.solve.length : 0;
  j["branches"] = r.branches;
  j["solves"] = r.solves;
  j["nodes"] = r.nodes;
  j["time_ms"] = whole_ms(r.time_ms);
  j["solve_ms"] = whole_ms(r.solve_ms);
  j["verdict_ms"] = whole_ms(r.verdict_ms);
  j["settled_by"] = settled_json(r);
  j["first_flaw"] = r.first_flaw;
  j["budget_nodes"] = r.budget_nodes;
  j["unexamined"] = r.unexamined;
  Json phases = Json::object();
  for (int k = 0; k < kCheckPhases; ++k) {
    const PhaseCost& p = r.phases[std::size_t(k)];
    phases[to_string(CheckPhase(k))] = Json{{"nodes", p.nodes}, {"solves", p.solves}, {"time_ms", whole_ms(p.time_ms)}};
  }
  j["phases"] = std::move(phases);
}

notation::Kifu check_kifu(const MateProblem& problem, const SoundnessReport& r, const notation::Kifu& source) {
  notation::Kifu kifu;
  kifu.format = notation::KifuFormat::kif;
  kifu.headers = source.headers;
  kifu.start = problem.setup;
  kifu.moves = r.main_line;
  if (!r.main_line.empty()) kifu.end = "詰み";
  const auto branch = [&](int ply, const std::vector<Move>& line, std::string words) {
    notation::KifuVariation v;
    v.ply = ply;
    v.moves = line;
    v.end = "詰み";
    v.comment = std::move(words);
    kifu.variations.push_back(std::move(v));
  };
  // A finding inside a variation branches off the main line where its path leaves it, with the rest of
  // the path before its own line: one variation of the main line, as KIF readers take it.
  const auto placed = [&](int ply, const std::vector<Move>& path, const std::vector<Move>& line, std::string words) {
    if (path.empty()) return branch(ply, line, std::move(words));
    std::size_t k = 0;
    while (k < path.size() && k < r.main_line.size() && path[k] == r.main_line[k]) ++k;
    std::vector<Move> moves(path.begin() + std::ptrdiff_t(k), path.end());
    moves.insert(moves.end(), line.begin(), line.end());
    branch(int(k) + 1, moves, std::move(words) + variation_words(r.main_line, path));
  };
  for (const Cook& c : r.cooks)
    placed(c.ply, c.variation_path, c.line,
           cook_words(c.kind) + ": mate in " + std::to_string(c.mate_length) + " from ply " + std::to_string(c.ply));
  for (const Defence& d : r.defences)
    placed(d.ply, d.variation_path, d.line,
           defence_words(d.kind) + ": mate in " + std::to_string(d.mate_length) + " from ply " + std::to_string(d.ply));
  // In ply order (the writer puts them in KIF's order).
  std::stable_sort(kifu.variations.begin(), kifu.variations.end(),
                   [](const notation::KifuVariation& a, const notation::KifuVariation& b) { return a.ply < b.ply; });
  return kifu;
}

}  // namespace tsumi::front
