#include "cli/usi/usi_server.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <deque>
#include <istream>
#include <new>
#include <ostream>
#include <vector>

#include "core/limits.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/stopwatch.h"
#include "core/text_lines.h"
#include "core/thread_room.h"
#include "core/usi.h"
#include "front/mate_report.h"
#include "front/problem_source.h"
#include "front/version.h"
#include "perft/perft.h"
#include "perft/perft_report.h"

namespace tsumi::cli {

namespace {

using front::make_mate_report;
using front::mate_progress_text;
using front::usi_info_line;
using front::usi_mate_answer;
using front::whole_ms;

// How much of an unknown command or a bad value is echoed back.
constexpr std::size_t kEchoMax = 60;
// The longest command line read: a `position` with some 100,000 moves. A longer one is skipped whole.
constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;
// How often `stop` repeats its request while it waits for the search to answer.
constexpr auto kStopRepeat = std::chrono::milliseconds(2);

struct SpinSpec {
  std::string_view name;
  std::int64_t UsiSettings::*field;
  std::int64_t min, max;
};

// NodeLimit's maximum is the largest 32-bit integer: GUIs keep spin values in an int.
constexpr SpinSpec kSpins[] = {
    {"USI_Hash", &UsiSettings::hash_mb, 1, limits::kMaxHashMb},
    {"Threads", &UsiSettings::threads, 1, limits::kMaxThreads},
    {"PvInterval", &UsiSettings::pv_interval_ms, 0, 3'600'000},
    {"ProgressInterval", &UsiSettings::progress_interval_ms, 0, 3'600'000},
    {"NodeLimit", &UsiSettings::node_limit, 0, 2'147'483'647},
};
constexpr std::string_view kMateShortest = "MateShortest";

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_blank(s[i])) ++i;
    if (i > start) words.push_back(s.substr(start, i - start));
  }
  return words;
}

std::string join(std::span<const std::string_view> words) {
  std::string s;
  for (std::string_view w : words) s += (s.empty() ? "" : " ") + std::string(w);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Reads one line, keeping at most kMaxLineBytes of it (`length` is its whole length; the rest is
// skipped, never stored). False at the end of the input.
bool read_line(std::istream& in, std::string& line, std::size_t& length) {
  line.clear();
  length = 0;
  std::streambuf* buf = in.rdbuf();
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return length > 0;
    }
    if (c == '\n') return true;
    if (++length <= kMaxLineBytes) line += char(c);
  }
}

// The text quoted (core/quoted_text.h), cut to kEchoMax bytes. Not named `quoted`: std::quoted would win by ADL.
std::string echoed(std::string_view s) { return quoted_text(s, kEchoMax); }

std::optional<std::int64_t> parse_int(std::string_view s) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

// The divide and the total as `tsumi perft --divide` prints them (perft/perft_report.h), without the
// last newline (the server ends every answer with one).
std::string perft_answer(const PositionSetup& setup, int depth, int threads, const std::atomic<bool>* stop) {
  StateInfo root;
  Position pos;
  pos.set(setup, &root);
  PerftOptions options;
  options.threads = threads;
  options.stop = stop;
  const PerftResult r = perft_run(pos, depth, options);
  if (r.stopped) return "info string go perft: stopped; no count";
  PerftReport report;
  report.nodes = r.nodes;
  report.divide = &r.divide;
  std::string text = perft_text(report);
  text.pop_back();
  return text;
}

}  // namespace

UsiServer::UsiServer(std::ostream& out, SolverFactory make_solver) : out_(out), make_solver_(std::move(make_solver)) {
  if (!make_solver_) make_solver_ = [](std::size_t mb) { return std::make_unique<MateSolver>(mb); };
  const auto start = parse_sfen(kStartSfen);
  position_ = *start;
}

UsiServer::~UsiServer() { shutdown(); }

void UsiServer::emit(std::string_view line) {
  std::string text(line);
  text += '\n';
  const std::lock_guard lock(out_mutex_);
  out_.write(text.data(), std::streamsize(text.size()));
  out_.flush();
}

bool UsiServer::handle_line(std::string_view line) {
  const std::vector<std::string_view> words = split(line);
  if (words.empty()) return true;
  const std::string_view command = words[0];
  const std::span<const std::string_view> args = std::span(words).subspan(1);
  if (command == "usi") {
    answer_usi();
  } else if (command == "isready") {
    answer_isready();
  } else if (command == "setoption") {
    set_option(args);
  } else if (command == "usinewgame") {
    if (!busy() && solver_) solver_->clear();
  } else if (command == "position") {
    set_position(args);
  } else if (command == "go") {
    go(args);
  } else if (command == "stop") {
    stop_command();
  } else if (command == "quit") {
    shutdown();
    return false;
  } else if (command != "ponderhit" && command != "gameover") {
    info_string("unknown command " + echoed(command));
  }
  return true;
}

void UsiServer::run(std::istream& in) {
  // The search thread writes to out_ under out_mutex_; a tied stream would flush it from this one.
  in.tie(nullptr);
  std::string line;
  std::size_t length = 0;
  while (read_line(in, line, length)) {
    if (length > kMaxLineBytes) {
      info_string("a command line of " + std::to_string(length) + " bytes, more than " + std::to_string(kMaxLineBytes) +
                  ": ignored");
      continue;
    }
    if (!handle_line(line)) return;
  }
  shutdown();
}

void UsiServer::shutdown() { finish_task(true); }

// ---- usi, isready, setoption ----

void UsiServer::answer_usi() {
  const UsiSettings defaults;
  emit("id name tsumi " + front::version());
  emit("id author the tsumi authors");
  for (const SpinSpec& s : kSpins)
    emit("option name " + std::string(s.name) + " type spin default " + std::to_string(defaults.*s.field) + " min " +
         std::to_string(s.min) + " max " + std::to_string(s.max));
  emit("option name " + std::string(kMateShortest) + " type check default " +
       (defaults.mate_shortest ? "true" : "false"));
  emit("usiok");
}

void UsiServer::answer_isready() {
  if (!busy()) {
    finish_task(false);
    if (auto e = ensure_solver()) info_string(*e);
  }
  emit("readyok");
}

std::optional<std::string> UsiServer::ensure_solver() {
  const auto mb = std::size_t(settings_.hash_mb);
  if (solver_ && solver_mb_ == mb) return std::nullopt;
  const std::string failure =
      "cannot allocate the " + std::to_string(mb) + " MB hash table; go mate answers timeout until USI_Hash is lowered";
  if (failed_mb_ == mb) return failure;
  solver_.reset();  // free the old table before asking for the new one
  solver_mb_ = 0;
  try {
    solver_ = make_solver_(mb);
  } catch (const TableMemoryError& e) {
    failed_mb_ = mb;
    return std::string(e.what()) + "; go mate answers timeout until USI_Hash is lowered";
  } catch (const std::bad_alloc&) {
    failed_mb_ = mb;
    return failure;
  }
  solver_mb_ = mb;
  failed_mb_ = 0;
  return std::nullopt;
}

void UsiServer::set_option(std::span<const std::string_view> args) {
  if (args.empty() || args[0] != "name") {
    info_string("setoption: expected 'setoption name <id> [value <x>]'");
    return;
  }
  const auto value_at = std::find(args.begin() + 1, args.end(), std::string_view("value"));
  const std::string name = join(std::span(args.begin() + 1, value_at));
  const bool has_value = value_at != args.end();
  const std::string value = has_value ? join(std::span(value_at + 1, args.end())) : std::string();
  if (name.empty()) {
    info_string("setoption: no option name");
  } else if (iequals(name, kMateShortest)) {
    if (iequals(value, "true") || iequals(value, "false"))
      settings_.mate_shortest = iequals(value, "true");
    else
      info_string("setoption: " + std::string(kMateShortest) + " takes true or false, not " + echoed(value) +
                  "; ignored");
  } else if (std::any_of(std::begin(kSpins), std::end(kSpins),
                         [&](const SpinSpec& s) { return iequals(name, s.name); })) {
    set_spin(name, value);
  } else if (name.size() < 4 || !iequals(std::string_view(name).substr(0, 4), "USI_")) {
    // Options of the USI standard that tsumi does not have (USI_Ponder, ...) are sent unasked by GUIs.
    info_string("setoption: unknown option " + echoed(name) + "; ignored");
  }
}

void UsiServer::set_spin(std::string_view name, std::string_view value) {
  for (const SpinSpec& s : kSpins) {
    if (!iequals(name, s.name)) continue;
    const auto n = parse_int(value);
    if (!n || *n < s.min || *n > s.max) {
      info_string("setoption: " + std::string(s.name) + " takes an integer from " + std::to_string(s.min) + " to " +
                  std::to_string(s.max) + ", not " + echoed(value) + "; ignored");
      return;
    }
    settings_.*s.field = *n;
  }
}

// ---- position ----

void UsiServer::set_position(std::span<const std::string_view> args) {
  position_.reset();  // a failed command leaves no position: go then says so instead of using an old one
  std::size_t i = 1;
  std::string sfen;
  if (!args.empty() && args[0] == "startpos") {
    sfen = kStartSfen;
  } else if (!args.empty() && args[0] == "sfen") {
    while (i < args.size() && args[i] != "moves") ++i;
    sfen = join(args.subspan(1, i - 1));
  } else {
    info_string("position: expected 'position startpos|sfen <sfen> [moves <m1> ...]'");
    return;
  }
  if (i < args.size() && args[i] != "moves") {
    info_string("position: unexpected " + echoed(args[i]) + " after startpos");
    return;
  }
  const auto setup = parse_sfen(sfen, kTsumeLeniency);  // GUIs send tsume problems
  if (!setup) {
    info_string("position: bad SFEN " + echoed(sfen) + " " + setup.error().describe());
    return;
  }
  const std::span<const std::string_view> moves = args.subspan(std::min(i + 1, args.size()));
  // A state a move played, not one a move listed: a long list with a bad second move costs nothing
  // (a deque keeps the earlier states where the position points to them).
  std::deque<StateInfo> states(1);
  Position pos;
  pos.set(*setup, &states.front());
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto m = parse_usi_move(pos, moves[k]);
    if (!m) {
      info_string("position: move " + std::to_string(k + 1) + " " + echoed(moves[k]) + ": " + m.error().message);
      return;
    }
    pos.do_move(*m, states.emplace_back());
  }
  position_ = pos.setup();
}

// ---- go, stop ----

void UsiServer::go(std::span<const std::string_view> args) {
  const auto named = [&](std::string_view word) { return std::find(args.begin(), args.end(), word); };
  if (const auto mate = named("mate"); mate != args.end()) {
    go_mate(std::span(mate + 1, args.end()));
  } else if (const auto perft = named("perft"); perft != args.end()) {
    go_perft(std::span(perft + 1, args.end()));
  } else {
    info_string(
        "tsumi solves tsume ('go mate <ms>|infinite') and counts perft ('go perft <depth>'); it plays no "
        "games: resigning");
    emit("bestmove resign");
  }
}

void UsiServer::go_mate(std::span<const std::string_view> args) {
  if (busy()) {  // the running search answers for itself; this go gets its one checkmate line now
    info_string("go mate: refused, a search is running (send stop first)");
    emit("checkmate timeout");
    return;
  }
  finish_task(false);
  std::int64_t time_ms = 0;
  if (!args.empty() && args[0] != "infinite") {
    const auto ms = parse_int(args[0]);
    if (!ms || *ms < 0) {
      info_string("go mate: expected a time in milliseconds or 'infinite', not " + echoed(args[0]));
      emit("checkmate timeout");
      return;
    }
    time_ms = *ms;
  }
  std::optional<std::string> error;
  std::optional<MateProblem> problem;
  MateProblem made;
  if (!position_) {
    error = "no position to solve (the last position command failed)";
  } else if (auto e = front::problem_of(*position_, made)) {
    error = e;
  } else {
    problem = std::move(made);
    error = ensure_solver();
    if (!error) error = check_thread_room(int(settings_.threads), limits::kWorkerStackBytes);
  }
  if (error) {
    info_string("go mate: " + *error);
    emit("checkmate timeout");
    return;
  }
  MateLimits limits;
  limits.time_s = double(time_ms) / 1000.0;
  limits.nodes = std::uint64_t(settings_.node_limit);
  limits.prove_shortest = settings_.mate_shortest;
  // The book length goes out as an `info string` beside the answer, and the GUI waits for `checkmate`:
  // its search keeps the paced share, a tenth of the solve's nodes (with the time limit alone it would
  // run to the deadline, MateLimits::book_search).
  limits.book_share = MateLimits::kPacedBookShare;
  limits.threads = int(settings_.threads);
  info_string("go mate: time " + (time_ms > 0 ? std::to_string(time_ms) + " ms" : std::string("infinite")) +
              ", nodes " + (limits.nodes > 0 ? std::to_string(limits.nodes) : std::string("unlimited")) + ", threads " +
              std::to_string(limits.threads) + ", shortest proof " + (limits.prove_shortest ? "on" : "off") +
              ", hash " + std::to_string(solver_mb_) + " MB (allocated in " +
              std::to_string(whole_ms(solver_->table_memory().allocation_ms())) +
              " ms, huge pages: " + solver_->table_memory().huge_pages() + ")");
  // `info` lines every PvInterval and, for long solves, the progress line as an `info string` every
  // ProgressInterval (0: none of either): a GUI's user sees that an hour-long solve lives and what it does.
  const double info_ms = double(settings_.pv_interval_ms), string_ms = double(settings_.progress_interval_ms);
  const double tick = info_ms > 0 && string_ms > 0 ? std::min(info_ms, string_ms) : std::max(info_ms, string_ms);
  if (tick > 0)
    solver_->set_progress(
        [this, info_ms, string_ms, next_info = 0.0, next_string = string_ms](const MateProgress& p) mutable {
          if (info_ms > 0 && p.time_ms >= next_info) {
            emit(usi_info_line(p.nodes, p.time_ms, p.hashfull, p.pv));
            next_info = p.time_ms + info_ms;
          }
          if (string_ms > 0 && p.time_ms >= next_string) {
            info_string(mate_progress_text(p));
            next_string = p.time_ms + string_ms;
          }
        },
        int(tick));
  else
    solver_->set_progress({}, 0);
  start_task(Task::kMate, [this, problem = std::move(*problem), limits, time_ms] {
    return usi_mate_answer(make_mate_report(problem, solver_->solve(problem, limits)), time_ms, limits.nodes);
  });
}

void UsiServer::go_perft(std::span<const std::string_view> args) {
  if (busy()) {
    info_string("go perft: refused, a search is running (send stop first)");
    return;
  }
  finish_task(false);
  const auto depth = args.empty() ? std::nullopt : parse_int(args[0]);
  if (!depth || *depth < 0 || *depth > limits::kMaxPerftDepth) {
    info_string("go perft: expected a depth from 0 to " + std::to_string(limits::kMaxPerftDepth) + ", not " +
                echoed(args.empty() ? "" : args[0]));
    return;
  }
  if (!position_) {
    info_string("go perft: no position (the last position command failed)");
    return;
  }
  if (auto e = check_thread_room(int(settings_.threads), limits::kWorkerStackBytes)) {
    info_string("go perft: " + *e + "; set fewer Threads");
    return;
  }
  perft_stop_.store(false, std::memory_order_relaxed);
  start_task(Task::kPerft, [this, setup = *position_, d = int(*depth), threads = int(settings_.threads)] {
    return perft_answer(setup, d, threads, &perft_stop_);
  });
}

void UsiServer::stop_command() { finish_task(true); }

// ---- the worker ----

bool UsiServer::busy() {
  const std::lock_guard lock(state_mutex_);
  return !done_;
}

void UsiServer::start_task(Task task, std::function<std::string()> work) {
  {
    const std::lock_guard lock(state_mutex_);
    done_ = false;
  }
  task_ = task;
  worker_ = std::thread([this, work = std::move(work)] {
    const std::string answer = work();
    // Done before the answer is out: a command sent after reading it finds no search running (an
    // isready then allocates a changed USI_Hash); joining waits for the write.
    {
      const std::lock_guard lock(state_mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
    emit(answer);
  });
}

void UsiServer::finish_task(bool stop) {
  if (!worker_.joinable()) return;
  if (stop && task_ == Task::kPerft) perft_stop_.store(true, std::memory_order_relaxed);
  if (stop && task_ == Task::kMate) {
    std::unique_lock lock(state_mutex_);
    while (!done_) {
      solver_->request_stop();
      done_cv_.wait_for(lock, kStopRepeat);
    }
  }
  worker_.join();
  task_ = Task::kNone;
}

int run_usi(std::istream& in, std::ostream& out) {
  UsiServer server(out);
  server.run(in);
  return 0;
}

}  // namespace tsumi::cli
