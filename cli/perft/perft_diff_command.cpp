#include "cli/perft/perft_diff_command.h"

#include <cmath>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>

#include "cli/usi/usi_client.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "perft/perft.h"

namespace tsumi::cli {

namespace {

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string join(const std::vector<std::string>& words) {
  if (words.empty()) return "(none)";
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

std::optional<std::string> parse_engine_options(const std::vector<std::string>& texts, std::vector<UsiOption>& out) {
  for (const std::string& t : texts) {
    const std::size_t eq = t.find('=');
    UsiOption o{t.substr(0, eq), eq == std::string::npos ? "" : t.substr(eq + 1), eq != std::string::npos};
    if (o.name.empty()) return "engine option " + quoted_text(t) + ": expected NAME=VALUE";
    out.push_back(std::move(o));
  }
  return std::nullopt;
}

// The two divides of one position, matched move by move.
struct Comparison {
  std::vector<DivideEntry> ours;                    // tsumi's, in generation order
  EngineDivide reference;                           // the engine's, as it wrote it
  std::map<std::string, std::uint64_t> ref_counts;  // the engine's counts by tsumi's move text
  std::uint64_t ours_total = 0, ref_sum = 0;
  std::vector<std::string> only_reference, only_tsumi, listed_twice;
  std::uint64_t unmatched_nodes = 0;  // below the moves of one side only

  bool sets_differ() const { return !only_reference.empty() || !only_tsumi.empty() || !listed_twice.empty(); }
};

// Matches the engine's moves to tsumi's: a move tsumi finds legal here is keyed by tsumi's own text,
// any other by the engine's text (it may not even parse).
void match_moves(const Position& pos, Comparison& c) {
  std::set<std::string> ours;
  for (const DivideEntry& d : c.ours) {
    c.ours_total += d.nodes;
    ours.insert(to_usi(d.move));
  }
  for (const EngineDivideEntry& e : c.reference.moves) {
    const auto m = parse_usi_move(pos, e.move);
    const std::string key = m ? to_usi(*m) : e.move;
    c.ref_sum += e.nodes;
    if (!c.ref_counts.emplace(key, e.nodes).second) {
      c.listed_twice.push_back(e.move);
    } else if (!ours.contains(key)) {
      c.only_reference.push_back(e.move);
      c.unmatched_nodes += e.nodes;
    }
  }
  for (const DivideEntry& d : c.ours) {
    if (c.ref_counts.contains(to_usi(d.move))) continue;
    c.only_tsumi.push_back(to_usi(d.move));
    c.unmatched_nodes += d.nodes;
  }
}

// The common move whose counts differ with the smallest subtree, or none.
std::optional<std::size_t> move_to_descend(const Comparison& c) {
  std::optional<std::size_t> best;
  std::uint64_t best_size = 0;
  for (std::size_t i = 0; i < c.ours.size(); ++i) {
    const auto it = c.ref_counts.find(to_usi(c.ours[i].move));
    if (it == c.ref_counts.end()) continue;
    const std::uint64_t ref = it->second;
    const std::uint64_t size = std::max(ref, c.ours[i].nodes);
    if (ref != c.ours[i].nodes && (!best || size < best_size)) best = i, best_size = size;
  }
  return best;
}

// One run: the engine, the position being examined and how it was reached.
struct Session {
  UsiClient engine;
  std::string base_sfen;                // the given position, before --moves
  std::vector<std::string> sent_moves;  // --moves and the path, as sent to the engine
  std::vector<std::string> path;        // the moves descended
};

void report_move_sets(const Session& s, const Position& pos, const Comparison& c, std::ostream& out) {
  out << "first disagreement " << (s.path.empty() ? "at the given position" : "after: " + join(s.path)) << "\n";
  out << "position: sfen " << to_sfen(pos) << "\n";
  if (!s.sent_moves.empty())
    out << "sent to the reference as: position sfen " << s.base_sfen << " moves " << join(s.sent_moves) << "\n";
  out << "only the reference generates: " << join(c.only_reference) << "\n";
  out << "only tsumi generates: " << join(c.only_tsumi) << "\n";
  if (!c.listed_twice.empty()) out << "the reference lists more than once: " << join(c.listed_twice) << "\n";
}

// The end when every common move has the same count on both sides and the move sets match:
// agreement at the root, else the reference contradicts itself.
int finish(const Session& s, const Comparison& c, std::optional<std::uint64_t> expected, std::ostream& out) {
  if (!expected && c.ours_total == c.reference.total) {
    out << "agree: " << c.ours_total << " nodes\n";
    return 0;
  }
  if (!expected) {
    out << "the reference agrees with tsumi on every move, but its total " << c.reference.total
        << " is not the sum of its moves, " << c.ref_sum << "\n";
  } else {
    out << "the reference agrees with tsumi on every move after " << join(s.path) << ", so the count " << *expected
        << " it gave this position from its parent contradicts its own divide here (" << c.reference.total
        << "): a perft with a hash table, or move making that depends on the path?\n";
  }
  return 1;
}

// Compares, level after level, until the move sets differ or everything agrees.
int descend(Session& s, Position& pos, int depth, std::ostream& out, std::ostream& err) {
  std::vector<StateInfo> states;
  states.reserve(std::size_t(depth));
  std::optional<std::uint64_t> expected;  // the reference's count of this subtree, from its parent
  for (int d = depth;; --d) {
    Comparison c;
    c.ours = perft_divide(pos, d);
    if (auto e = s.engine.divide(s.base_sfen, s.sent_moves, d, c.reference)) {
      err << "tsumi perft-diff: reference engine: " << *e << "\n";
      return 2;
    }
    match_moves(pos, c);
    const std::string indent(2 * s.path.size(), ' ');
    if (!expected) out << "depth " << d << "  tsumi " << c.ours_total << "  reference " << c.reference.total << "\n";
    if (c.reference.total != c.ref_sum)
      out << indent << "note: the reference's moves add up to " << c.ref_sum << ", its `Nodes searched` says "
          << c.reference.total << "\n";
    if (expected && *expected != c.reference.total)
      out << indent << "note: asked at this position, the reference counts " << c.reference.total << ", not "
          << *expected << "\n";
    const auto next = move_to_descend(c);
    if (c.sets_differ() && (c.unmatched_nodes > 0 || !c.listed_twice.empty() || !next)) {
      report_move_sets(s, pos, c, out);
      return 1;
    }
    if (c.sets_differ())
      out << indent
          << "note: no nodes below the moves only one side generates here (reference: " << join(c.only_reference)
          << "; tsumi: " << join(c.only_tsumi) << "); following the counts\n";
    if (!next) return finish(s, c, expected, out);
    if (d == 1) {
      out << "the reference counts " << c.ref_counts.at(to_usi(c.ours[*next].move)) << " below "
          << to_usi(c.ours[*next].move) << " at depth 1, where every move counts 1\n";
      return 1;
    }
    const DivideEntry& m = c.ours[*next];
    const std::string usi = to_usi(m.move);
    expected = c.ref_counts.at(usi);
    out << indent << "  " << usi << "  tsumi " << m.nodes << "  reference " << *expected << "   -> descending\n";
    states.emplace_back();
    pos.do_move(m.move, states.back());
    s.path.push_back(usi);
    s.sent_moves.push_back(usi);
  }
}

}  // namespace

int run_perft_diff(const PerftDiffOptions& o, std::ostream& out, std::ostream& err) {
  const auto fail = [&err](const std::string& message) {
    err << "tsumi perft-diff: " << message << "\n";
    return 2;
  };
  if (o.depth < 1) return fail("--depth must be at least 1");
  if (o.engine.empty()) return fail("no reference engine (--engine)");
  if (!(o.timeout_s > 0) || !std::isfinite(o.timeout_s)) return fail("--timeout must be a positive number of seconds");
  std::vector<UsiOption> options;
  if (auto e = parse_engine_options(o.engine_options, options)) return fail(*e);
  Session s;
  {
    PositionArgs given = o.position;
    given.moves.clear();
    GamePosition base;
    if (auto e = build_position(given, base)) return fail(*e);
    s.base_sfen = to_sfen(base.pos);
  }
  GamePosition game;
  if (auto e = build_position(o.position, game)) return fail(*e);
  s.sent_moves = split_words(o.position.moves);

  s.engine.set_timeout(o.timeout_s);
  if (auto e = s.engine.start(o.engine)) return fail("reference engine '" + o.engine + "': " + *e);
  if (auto e = s.engine.handshake(options)) return fail("reference engine '" + o.engine + "': " + *e);
  for (const std::string& line : s.engine.handshake_messages()) err << "reference engine: " << line << "\n";
  const int code = descend(s, game.pos, o.depth, out, err);
  s.engine.shutdown();
  return code;
}

}  // namespace tsumi::cli
