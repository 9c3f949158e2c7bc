#include "bench/bench_workload.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/limits.h"
#include "core/sfen.h"
#include "perft/perft_suite.h"
#include "solver/mate_suite.h"

namespace tsumi::bench {

namespace {

struct PerftPick {
  std::string_view id;
  int depth;
};

// Every position of the perft suite at its deepest listed count: quiet openings, handicaps (white to
// move), full hands, a pawn-drop mate, forced promotions, checks answered by drops, random middle games.
constexpr std::array<PerftPick, 19> kDefaultPerft = {{
    {"startpos", 6},       {"max593", 3},         {"matsuri", 4},
    {"kings_hands", 3},    {"peeper_mid124", 4},  {"peeper_mid91", 4},
    {"uchifuzume_tc", 7},  {"knightpromo_tc", 5}, {"handicap2", 6},
    {"handicap4", 6},      {"handicap_lance", 6}, {"check_interpose_rank", 4},
    {"promo_zone", 4},     {"rand_mid87", 4},     {"rand_check107", 4},
    {"rand_check110w", 5}, {"rand_mid107", 4},    {"rand_whitehand105", 4},
    {"rand_w88", 4},
}};

// The 9-25-ply problems of 金剛篇 that take 1-6 s each on the development VM, and a no-mate problem
// whose endless checks exercise the repetition rule.
constexpr std::array<std::string_view, 10> kDefaultMate = {
    "hm-perp-2", "kongou-6",  "kongou-14", "kongou-17", "kongou-21",
    "kongou-25", "kongou-33", "kongou-42", "kongou-44", "kongou-47",
};

constexpr std::array<std::string_view, 6> kQuickMate = {
    "hm-perp-2", "kongou-2", "kongou-3", "kongou-5", "kongou-7", "kongou-12",
};

// Every 金剛篇 problem of the suite (kongou-16 alone takes 1-2 minutes) and the no-mate problem.
constexpr std::array<std::string_view, 48> kFullMate = {
    "hm-perp-2", "kongou-classic3", "kongou-1",  "kongou-2",  "kongou-3",  "kongou-4",  "kongou-5",  "kongou-6",
    "kongou-7",  "kongou-8",        "kongou-9",  "kongou-11", "kongou-12", "kongou-13", "kongou-14", "kongou-15",
    "kongou-16", "kongou-17",       "kongou-18", "kongou-19", "kongou-20", "kongou-21", "kongou-22", "kongou-23",
    "kongou-24", "kongou-25",       "kongou-27", "kongou-28", "kongou-29", "kongou-30", "kongou-31", "kongou-32",
    "kongou-33", "kongou-34",       "kongou-35", "kongou-36", "kongou-37", "kongou-39", "kongou-40", "kongou-41",
    "kongou-42", "kongou-43",       "kongou-44", "kongou-45", "kongou-46", "kongou-47", "kongou-48", "kongou-49",
};

BenchPerftItem perft_item(const std::vector<PerftSuiteEntry>& suite, std::string_view id, int depth) {
  const auto entry = std::find_if(suite.begin(), suite.end(), [&](const PerftSuiteEntry& e) { return e.id == id; });
  if (entry == suite.end())
    throw std::logic_error("bench: perft position '" + std::string(id) + "' is not in the suite");
  const auto count = std::find_if(entry->expected.begin(), entry->expected.end(),
                                  [&](const PerftExpectation& x) { return x.depth == depth; });
  if (count == entry->expected.end())
    throw std::logic_error("bench: the suite has no depth " + std::to_string(depth) + " count for '" + std::string(id) +
                           "'");
  auto setup = parse_sfen(entry->sfen);
  if (!setup) throw std::logic_error("bench: bad SFEN of '" + entry->id + "' " + setup.error().describe());
  return {entry->id, entry->sfen, setup.value(), depth, count->nodes};
}

BenchMateItem mate_item(const std::vector<MateSuiteEntry>& suite, std::string_view id) {
  const auto entry = std::find_if(suite.begin(), suite.end(), [&](const MateSuiteEntry& e) { return e.id == id; });
  if (entry == suite.end())
    throw std::logic_error("bench: tsume problem '" + std::string(id) + "' is not in the suite");
  const auto setup = parse_sfen(entry->sfen);
  if (!setup) throw std::logic_error("bench: bad SFEN of '" + entry->id + "' " + setup.error().describe());
  auto problem = make_mate_problem(*setup);
  if (!problem) throw std::logic_error("bench: '" + entry->id + "' is not a tsume problem: " + problem.error().message);
  return {entry->id, entry->sfen, problem.value(), entry->expected};
}

template <typename T>
T parsed(ParseResult<T> result, const char* what) {
  if (!result)
    throw std::logic_error(std::string("bench: the embedded ") + what + " does not parse: " + result.error().message);
  return std::move(result.value());
}

}  // namespace

BenchWorkload bench_workload(BenchSize size) {
  const auto perft_suite = parsed(parse_perft_suite(embedded_perft_suite()), "perft suite");
  const auto mate_suite = parsed(parse_mate_suite(embedded_tsume_suite()), "tsume suite");
  BenchWorkload w;
  w.size = size;
  for (const PerftPick& pick : kDefaultPerft) {
    int depth = pick.depth;
    if (size == BenchSize::kQuick) depth -= 1;
    if (size == BenchSize::kFull && pick.id == "startpos") depth += 1;
    w.perft.push_back(perft_item(perft_suite, pick.id, depth));
  }
  const auto add_mates = [&](const auto& ids) {
    for (std::string_view id : ids) w.mate.push_back(mate_item(mate_suite, id));
  };
  switch (size) {
    case BenchSize::kQuick:
      add_mates(kQuickMate);
      w.hash_mb = 64;
      break;
    case BenchSize::kDefault:
      add_mates(kDefaultMate);
      w.hash_mb = limits::kDefaultMateHashMb;
      break;
    case BenchSize::kFull:
      add_mates(kFullMate);
      w.hash_mb = 512;
      break;
  }
  return w;
}

const char* to_string(BenchSize size) {
  switch (size) {
    case BenchSize::kQuick: return "quick";
    case BenchSize::kDefault: return "default";
    case BenchSize::kFull: return "full";
  }
  return "?";
}

}  // namespace tsumi::bench
