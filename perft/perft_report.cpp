#include "perft/perft_report.h"

#include <nlohmann/json.hpp>

#include "core/usi.h"

namespace tsumi {

namespace {

nlohmann::ordered_json stats_json(const PerftStats& s) {
  return {{"captures", s.captures},
          {"promotions", s.promotions},
          {"drops", s.drops},
          {"checks", s.checks},
          {"mates", s.mates}};
}

}  // namespace

std::string perft_text(const PerftReport& r) {
  std::string text;
  if (r.divide) {
    for (const DivideEntry& d : *r.divide) text += to_usi(d.move) + ": " + std::to_string(d.nodes) + "\n";
    text += "\n";
  }
  if (r.stats) {
    text += "Captures: " + std::to_string(r.stats->captures) + "\nPromotions: " + std::to_string(r.stats->promotions) +
            "\nDrops: " + std::to_string(r.stats->drops) + "\nChecks: " + std::to_string(r.stats->checks) +
            "\nMates: " + std::to_string(r.stats->mates) + "\n";
  }
  return text + "Nodes searched: " + std::to_string(r.nodes) + "\n";
}

std::string perft_json(const PerftReport& r) {
  nlohmann::ordered_json j;
  j["sfen"] = r.sfen;
  j["depth"] = r.depth;
  if (r.split) {
    j["split_depth"] = r.split->split_depth;
    j["units"] = r.split->units;
    j["units_resumed"] = r.split->units_resumed;
  }
  j["nodes"] = r.nodes;
  j["time_ms"] = std::int64_t(r.seconds * 1000);
  j["nps"] = std::uint64_t(r.seconds > 0 ? double(r.counted_nodes) / r.seconds : 0.0);
  if (r.split) j["ranks"] = r.split->ranks;
  j["threads"] = r.threads;
  j["hash_mb"] = r.hash_mb;
  if (r.divide) {
    nlohmann::ordered_json divide = nlohmann::ordered_json::array();
    for (const DivideEntry& d : *r.divide) {
      nlohmann::ordered_json e = {{"move", to_usi(d.move)}, {"nodes", d.nodes}};
      if (r.stats) e["stats"] = stats_json(d.stats);
      divide.push_back(std::move(e));
    }
    j["divide"] = std::move(divide);
  }
  if (r.stats) j["stats"] = stats_json(*r.stats);
  return j.dump();
}

}  // namespace tsumi
