#include "front/check_events.h"

#include <cstdio>
#include <utility>

#include "core/sfen.h"
#include "core/usi.h"
#include "front/check_report.h"
#include "front/mate_report.h"

namespace tsumi::front {

using Json = nlohmann::ordered_json;

namespace {

Json with_event(const char* name, Json fields) {
  Json j{{"event", name}};
  for (auto& [key, value] : fields.items()) j[key] = std::move(value);
  return j;
}

}  // namespace

void CheckEvents::main_line(const SoundnessReport& r, int branches) {
  Json moves = Json::array();
  for (Move m : r.main_line) moves.push_back(to_usi(m));
  sink_(Json{{"event", "main_line"},
             {"length", r.length},
             {"futile_length", r.futile_length},
             {"main_line", std::move(moves)},
             {"recorded", r.recorded},
             {"branches", branches}},
        main_line_text(problem_, r));
}

void CheckEvents::cook(const SoundnessReport& r, const Cook& c) {
  sink_(with_event("cook", finding_json(problem_, c)), finding_line(problem_, r, c));
}

void CheckEvents::defence(const SoundnessReport& r, const Defence& d) {
  sink_(with_event("defence", finding_json(problem_, d)), finding_line(problem_, r, d));
}

void CheckEvents::unknown(const SoundnessReport& r, const UnknownBranch& u) {
  sink_(with_event("unknown", finding_json(problem_, u)), finding_line(problem_, r, u));
}

void CheckEvents::leftover(const SoundnessReport& r) {
  sink_(Json{{"event", "leftover"}, {"leftover", hand_to_sfen(r.leftover, problem_.attacker)}},
        leftover_line(problem_, r));
}

void CheckEvents::verdict(const SoundnessReport& r) {
  const bool early = r.settled_by.has_value();
  std::string text;
  if (early)
    text = "verdict " + std::string(to_string(r.verdict)) + ", known after " + std::to_string(whole_ms(r.verdict_ms)) +
           " ms: " + settled_words(problem_, r) + (stops_at_verdict_ ? "\n" : " (the check goes on)\n");
  sink_(Json{{"event", "verdict"},
             {"verdict", to_string(r.verdict)},
             {"verdict_ms", whole_ms(r.verdict_ms)},
             {"settled_by", settled_json(r)},
             {"final", !early || stops_at_verdict_}},
        text);
}

void CheckEvents::progress(const CheckProgress& p) {
  if (!progress_) return;
  sink_(Json{{"event", "progress"},
             {"done", p.done},
             {"total", p.total},
             {"verdict_known", p.verdict_known},
             {"verdict", p.verdict_known ? Json(to_string(p.verdict)) : Json()},
             {"elapsed_ms", whole_ms(p.elapsed_ms)}},
        progress_words(p));
}

std::string progress_words(const CheckProgress& p) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", p.elapsed_ms / 1000.0);
  return "branches " + std::to_string(p.done) + "/" + std::to_string(p.total) +
         ", verdict so far: " + (p.verdict_known ? to_string(p.verdict) : "none") + ", " + seconds;
}

}  // namespace tsumi::front
