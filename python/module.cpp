// The Python module `tsumi`: perft, legal moves, the tsume solver and the notation reader, for scripts
// and notebooks. A front like cli/: it parses the arguments, runs the libraries and hands their results
// back as Python values; the mate report is `tsumi mate --json`'s (front/mate_report.h).
//
// Bad input (a SFEN, a depth, a file) raises ValueError with the parser's words; a table the machine
// cannot give raises MemoryError; searches release the GIL and stop on Ctrl-C (python/search_runner.h).

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "compose/soundness.h"
#include "core/limits.h"
#include "core/movegen.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/table_memory.h"
#include "core/thread_room.h"
#include "core/usi.h"
#include "front/check_events.h"
#include "front/check_report.h"
#include "front/game_report.h"
#include "front/mate_report.h"
#include "front/problem_source.h"
#include "front/version.h"
#include "notation/board_svg.h"
#include "perft/perft.h"
#include "perft/perft_tables.h"
#include "python/batch.h"
#include "python/game_position.h"
#include "python/json_object.h"
#include "python/search_runner.h"
#include "solver/mate_problem.h"
#include "solver/mate_solver.h"

namespace py = pybind11;

namespace tsumi::python {

namespace {

// A position given as SFEN (a leading "sfen " allowed) or by name ("startpos", the handicaps).
PositionSetup setup_of(std::string_view text, SfenLeniency leniency = {}) {
  text = strip_sfen_prefix(text);
  if (const auto named = named_sfen(text)) text = *named;
  const auto setup = parse_sfen(text, leniency);
  if (!setup) throw py::value_error("bad SFEN " + quoted_text(text) + " " + setup.error().describe());
  return *setup;
}

void check_range(const char* name, std::int64_t value, std::int64_t low, std::int64_t high) {
  if (value < low || value > high)
    throw py::value_error(std::string(name) + " must be from " + std::to_string(low) + " to " + std::to_string(high) +
                          ", not " + std::to_string(value));
}

// Refuses a thread count the process has no room for (core/thread_room.h) before oneTBB aborts on it.
void check_room(int threads) {
  if (auto e = check_thread_room(threads, limits::kWorkerStackBytes))
    throw std::runtime_error(*e + "; ask for fewer threads");
}

PerftResult counted(const std::string& sfen, int depth, int threads, std::int64_t hash_mb) {
  const PositionSetup setup = setup_of(sfen);
  check_range("depth", depth, 0, limits::kMaxPerftDepth);
  check_range("threads", threads, 0, limits::kMaxThreads);
  check_range("hash_mb", hash_mb, 0, limits::kMaxHashMb);
  const int workers = resolve_threads(threads);
  check_room(workers);
  PerftTables tables;
  {
    const py::gil_scoped_release release;
    tables = make_perft_tables(std::size_t(hash_mb), false);  // TableMemoryError: MemoryError
  }
  StateInfo state;
  Position pos;
  pos.set(setup, &state);
  std::atomic<bool> stop{false};
  PerftOptions options;
  options.threads = workers;
  tables.attach(options);
  options.stop = &stop;
  PerftResult result;
  run_interruptible([&] { result = perft_run(pos, depth, options); },
                    [&] { stop.store(true, std::memory_order_relaxed); });
  return result;
}

std::uint64_t perft(const std::string& sfen, int depth, int threads, std::int64_t hash_mb) {
  return counted(sfen, depth, threads, hash_mb).nodes;
}

py::dict divide(const std::string& sfen, int depth, int threads, std::int64_t hash_mb) {
  py::dict counts;
  for (const DivideEntry& d : counted(sfen, depth, threads, hash_mb).divide) counts[py::str(to_usi(d.move))] = d.nodes;
  return counts;
}

py::list legal_moves(const std::string& sfen) {
  const PositionSetup setup = setup_of(sfen);
  StateInfo state;
  Position pos;
  pos.set(setup, &state);
  MoveList moves;
  generate<LEGAL>(pos, moves);
  py::list out;
  for (Move m : moves) out.append(to_usi(m));
  return out;
}

// Where a Python object says a problem or kifu is: a str that names an existing file (one line), or an
// os.PathLike, is a path; any other str is the text; bytes are a file's contents.
struct Source {
  std::string path;  // empty: the text is in `text`
  std::string text;
};

Source source_of(const py::object& source) {
  if (py::isinstance<py::bytes>(source)) return {"", source.cast<std::string>()};
  if (py::isinstance<py::str>(source)) {
    auto text = source.cast<std::string>();
    std::error_code error;
    if (text.find('\n') == std::string::npos && std::filesystem::exists(text, error)) return {std::move(text), ""};
    return {"", std::move(text)};
  }
  return {py::module_::import("os").attr("fspath")(source).cast<std::string>(), ""};  // TypeError if not a path
}

// The problem an object gives (front/problem_source.h); ValueError with the loader's words.
front::LoadedProblem loaded_of(const py::object& source) {
  front::LoadedProblem loaded;
  const Source from = source_of(source);
  std::optional<std::string> e;
  if (!from.path.empty())
    e = front::load_problem_file(from.path, nullptr, loaded);
  else if (py::isinstance<py::bytes>(source))
    e = front::load_problem_bytes(from.text, "", loaded);
  else
    e = front::load_problem_text(from.text, loaded);
  if (e) throw py::value_error(*e);
  return loaded;
}

// The problem in a str: SFEN, a name, a USI position line or a kifu's text.
MateProblem problem_of_text(std::string_view text) {
  front::LoadedProblem loaded;
  if (auto e = front::load_problem_text(text, loaded)) throw py::value_error(*e);
  return loaded.problem;
}

MateLimits limits_of(std::optional<double> time, std::optional<std::int64_t> nodes, int threads, bool shortest) {
  MateLimits limits;
  if (time) {
    if (!(*time >= 0)) throw py::value_error("time must be a number of seconds, 0 or more (None: no limit)");
    limits.time_s = *time;
  }
  if (nodes) {
    if (*nodes < 0) throw py::value_error("nodes must be 0 or more (None: no limit), not " + std::to_string(*nodes));
    limits.nodes = std::uint64_t(*nodes);
  }
  limits.threads = threads;
  limits.prove_shortest = shortest;
  return limits;
}

// `tsumi mate --sfen ... --json`'s object for one problem (cli/mate/mate_command.cpp).
py::dict mate(const std::string& sfen, std::optional<double> time, std::optional<std::int64_t> nodes,
              std::int64_t hash_mb, int threads, bool shortest) {
  const MateProblem problem = problem_of_text(sfen);
  check_range("hash_mb", hash_mb, 1, limits::kMaxHashMb);
  check_range("threads", threads, 1, limits::kMaxThreads);
  const MateLimits limits = limits_of(time, nodes, threads, shortest);
  check_room(threads);
  std::unique_ptr<MateSolver> solver;
  {
    const py::gil_scoped_release release;
    solver = std::make_unique<MateSolver>(std::size_t(hash_mb));  // TableMemoryError: MemoryError
  }
  front::MateReport report;
  run_interruptible([&] { report = front::make_mate_report(problem, solver->solve(problem, limits)); },
                    [&] { solver->request_stop(); });
  nlohmann::ordered_json j;
  front::add_problem_json(problem, report, *solver, threads, j);
  return to_python(j).cast<py::dict>();
}

// The problem and recorded line that `tsumi.check` is given (front/problem_source.h): a SFEN, a name or a
// USI position line, or a kifu (a file's path, its text or its bytes; its moves are the recorded line);
// `line` (USI moves, a str or a list) replaces those moves.
front::LoadedProblem check_input(const py::object& source, const py::object& line) {
  front::LoadedProblem in = loaded_of(source);
  if (line.is_none()) return in;
  std::string text;
  if (py::isinstance<py::str>(line)) {
    text = line.cast<std::string>();
  } else {
    for (const std::string& word : line.cast<std::vector<std::string>>()) text += word + " ";
  }
  if (auto e = front::replace_line(text, in)) throw py::value_error("line: " + *e);
  return in;
}

// `tsumi check --json`'s object for one problem (cli/check/check_command.cpp). on_event, where given, is
// called with each event of front/check_events.h as a dict while the check goes (from the waiting
// thread's polls, with the GIL: the events wait in a queue the check fills), the last before the return.
py::dict check(const py::object& source, const py::object& line, std::optional<double> time,
               std::optional<std::int64_t> nodes, std::optional<double> total_time,
               std::optional<std::int64_t> total_nodes, std::int64_t hash_mb, int threads, int depth_of_variations,
               bool first_flaw, const py::object& on_event) {
  const front::LoadedProblem in = check_input(source, line);
  check_range("hash_mb", hash_mb, 1, limits::kMaxHashMb);
  check_range("threads", threads, 1, limits::kMaxThreads);
  check_range("depth_of_variations", depth_of_variations, 0, 8);
  if (!on_event.is_none() && !PyCallable_Check(on_event.ptr())) throw py::type_error("on_event must be callable");
  SoundnessLimits limits;
  limits.branch = limits_of(time, nodes, threads, true);
  limits.variation_depth = depth_of_variations;
  limits.first_flaw = first_flaw;
  if (total_time) {
    if (!(*total_time >= 0))
      throw py::value_error("total_time must be a number of seconds, 0 or more (None: no limit)");
    limits.total_time_s = *total_time;
  }
  if (total_nodes) {
    if (*total_nodes < 0) throw py::value_error("total_nodes must be 0 or more, not " + std::to_string(*total_nodes));
    limits.total_nodes = std::uint64_t(*total_nodes);
  }
  if (!total_time && !total_nodes) {  // the budget that scales with the problem, as `tsumi check`'s
    limits.budget_share = kBudgetShare;
    limits.budget_min_nodes = kBudgetMinNodes;
  }
  std::atomic<bool> stop{false};
  limits.stop = &stop;
  check_room(threads);
  std::unique_ptr<MateSolver> solver;
  {
    const py::gil_scoped_release release;
    solver = std::make_unique<MateSolver>(std::size_t(hash_mb));  // TableMemoryError: MemoryError
  }
  // The events, from the check's thread to the waiting one.
  std::mutex queue_mutex;
  std::vector<nlohmann::ordered_json> queue;
  front::CheckEvents events(
      in.problem,
      [&](const nlohmann::ordered_json& event, const std::string&) {
        const std::lock_guard lock(queue_mutex);
        queue.push_back(event);
      },
      false, first_flaw);
  const auto deliver = [&] {
    std::vector<nlohmann::ordered_json> ready;
    {
      const std::lock_guard lock(queue_mutex);
      ready.swap(queue);
    }
    for (const nlohmann::ordered_json& e : ready) on_event(to_python(e));  // an error it raises stops the check
  };
  SoundnessReport report;
  run_interruptible(
      [&] { report = check_soundness(*solver, in.problem, in.line, limits, on_event.is_none() ? nullptr : &events); },
      [&] {
        stop.store(true, std::memory_order_relaxed);
        solver->request_stop();
      },
      on_event.is_none() ? std::function<void()>() : std::function<void()>(deliver));
  nlohmann::ordered_json j;
  j["sfen"] = to_sfen(in.problem.setup);
  front::add_check_json(in.problem, report, j);
  return to_python(j).cast<py::dict>();
}

// A str names a file when one exists there, else it is the text; bytes are a file's contents (KIF in
// Shift_JIS, say); an os.PathLike always names a file.
std::string read_problem(const py::object& source) {
  const Source from = source_of(source);
  notation::Kifu kifu;
  if (!from.path.empty()) {
    if (auto e = front::read_kifu_file(from.path, nullptr, kifu)) throw py::value_error(*e);
  } else if (auto e = front::read_kifu_bytes(from.text, "", kifu)) {
    // One line that is no file: a SFEN, or a file name mistyped.
    const bool one_line = py::isinstance<py::str>(source) && from.text.find('\n') == std::string::npos;
    throw py::value_error(one_line ? "no file " + quoted_text(from.text) + ", and as text: " + *e : *e);
  }
  return to_sfen(kifu.start);
}

// tsumi.Position's start: a str names a file when one exists there; else a one-line str is a position
// name (startpos, the handicaps) or a SFEN (also `sfen ...` or `position sfen ... moves ...`), and any
// other str a kifu's text; bytes are a file's contents; an os.PathLike names a file. A kifu's recorded
// moves are played.
GamePosition position_of(const py::object& source) {
  const Source from = source_of(source);
  const bool one_line =
      py::isinstance<py::str>(source) && from.path.empty() && from.text.find('\n') == std::string::npos;
  if (one_line)
    if (const auto named = named_sfen(from.text)) return GamePosition(setup_of(*named));
  notation::Kifu kifu;
  if (auto e = from.path.empty()
                   ? front::read_kifu_bytes(from.text, one_line ? "bad position " + quoted_text(from.text) : "", kifu)
                   : front::read_kifu_file(from.path, nullptr, kifu))
    throw py::value_error(*e);
  GamePosition g(kifu.start, std::move(kifu.headers));
  for (const Move m : kifu.moves) g.play(m);
  return g;
}

// A batch's progress report, run at every poll of run_interruptible with the GIL: progress None (none),
// True (a line on stderr, rewritten in place, ended when all are done) or a callable(done, total).
std::function<void()> progress_tick(const py::object& progress, const std::function<std::size_t()>& done,
                                    std::size_t total, const char* name) {
  if (progress.is_none() || (py::isinstance<py::bool_>(progress) && !progress.cast<bool>())) return {};
  if (py::isinstance<py::bool_>(progress)) {
    auto last = std::make_shared<std::size_t>(std::size_t(-1));
    return [done, total, name, last] {
      const std::size_t d = done();
      if (d == *last) return;
      *last = d;
      const py::object err = py::module_::import("sys").attr("stderr");
      err.attr("write")("\r" + std::string(name) + ": " + std::to_string(d) + "/" + std::to_string(total) + " (" +
                        std::to_string(total ? 100 * d / total : 100) + "%)" + (d == total ? "\n" : ""));
      err.attr("flush")();
    };
  }
  if (!PyCallable_Check(progress.ptr()))
    throw py::type_error("progress must be None, a bool or a callable(done, total)");
  return [progress, done, total] { progress(done(), total); };
}

// The SFENs of a batch, each parsed as `parse` does, a bad one named by its index.
template <class T, class Parse>
std::vector<T> batch_items(const py::iterable& sfens, Parse parse) {
  std::vector<T> items;
  for (const py::handle item : sfens) {
    try {
      items.push_back(parse(item.cast<std::string>()));
    } catch (const py::value_error& e) {
      throw py::value_error("sfens[" + std::to_string(items.size()) + "]: " + e.what());
    }
  }
  return items;
}

// tsumi.mate_many: `tsumi mate --json`'s object for each problem, in order (python/batch.h).
py::list mate_many(const py::iterable& sfens, std::optional<double> time, std::optional<std::int64_t> nodes,
                   int threads, std::int64_t hash_mb, bool shortest, const py::object& progress) {
  std::vector<MateProblem> problems =
      batch_items<MateProblem>(sfens, [](const std::string& sfen) { return problem_of_text(sfen); });
  check_range("threads", threads, 0, limits::kMaxThreads);
  check_range("hash_mb", hash_mb, 2, limits::kMaxHashMb);
  const int workers = resolve_threads(threads);
  check_room(workers);
  // Untimed, a batch keeps the paced book search (after a line with a drop, a tenth of each solve's
  // nodes), as its pace against cshogi was measured (docs/python.md); tsumi.mate follows `tsumi mate`'s
  // default (after every mate, twice the solve's nodes), and a time limit is a budget either way.
  MateLimits limits = limits_of(time, nodes, 1, shortest);
  if (!(limits.time_s > 0)) {
    limits.book_search_after = MateLimits::BookSearchAfter::kDrops;
    limits.book_share = MateLimits::kPacedBookShare;
  }
  MateBatch batch(std::move(problems), limits, std::size_t(hash_mb), workers);
  run_interruptible([&] { batch.run(); }, [&] { batch.request_stop(); },
                    progress_tick(
                        progress, [&] { return batch.done(); }, batch.size(), "mate_many"));
  py::list out;
  for (std::size_t i = 0; i < batch.size(); ++i) out.append(to_python(batch.result(i)));
  return out;
}

// tsumi.perft_many: the leaf count of each position, in order.
py::list perft_many(const py::iterable& sfens, int depth, int threads, std::int64_t hash_mb,
                    const py::object& progress) {
  std::vector<PositionSetup> positions =
      batch_items<PositionSetup>(sfens, [](const std::string& sfen) { return setup_of(sfen); });
  check_range("depth", depth, 0, limits::kMaxPerftDepth);
  check_range("threads", threads, 0, limits::kMaxThreads);
  check_range("hash_mb", hash_mb, 0, limits::kMaxHashMb);
  const int workers = resolve_threads(threads);
  check_room(workers);
  PerftBatch batch(std::move(positions), depth, std::size_t(hash_mb), workers);
  run_interruptible([&] { batch.run(); }, [&] { batch.request_stop(); },
                    progress_tick(
                        progress, [&] { return batch.done(); }, batch.size(), "perft_many"));
  py::list out;
  for (std::size_t i = 0; i < batch.size(); ++i) out.append(batch.result(i));
  return out;
}

py::list usi_list(std::span<const Move> moves) {
  py::list out;
  for (const Move m : moves) out.append(to_usi(m));
  return out;
}

}  // namespace

}  // namespace tsumi::python

PYBIND11_MODULE(_tsumi, m) {  // the package tsumi (python/tsumi/__init__.py) re-exports it
  using namespace tsumi::python;
  using namespace pybind11::literals;
  m.doc() = "tsumi: shogi perft, legal moves, the tsume solver and the kifu reader (README.md, section Python)";
  m.attr("__version__") = tsumi::front::version();

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tsumi::TableMemoryError& e) {
      PyErr_SetString(PyExc_MemoryError, e.what());
    }
  });

  m.def("perft", &perft, "sfen"_a, "depth"_a, "threads"_a = 0, "hash_mb"_a = 0,
        "The number of leaf nodes of the legal move tree `depth` plies below the position (a SFEN or a "
        "name such as 'startpos'). threads=0 uses every core; hash_mb > 0 reuses subtree counts from a "
        "table of that many MiB. Releases the GIL; Ctrl-C stops it (KeyboardInterrupt).");
  m.def("divide", &divide, "sfen"_a, "depth"_a, "threads"_a = 0, "hash_mb"_a = 0,
        "perft split by root move: {USI move: leaf count at depth - 1 below it}, in generation order.");
  m.def("legal_moves", &legal_moves, "sfen"_a, "The legal moves of the position (a SFEN or a name), in USI.");
  m.def("mate", &mate, "sfen"_a, "time"_a = py::none(), "nodes"_a = py::none(),
        "hash_mb"_a = tsumi::limits::kDefaultMateHashMb, "threads"_a = 1, "shortest"_a = true,
        "Solves the tsume problem (a SFEN, whose defender's hand may be left out, a position name, a USI "
        "'position sfen ... moves ...' line or a KIF/KI2/CSA/BOD text) and returns the object "
        "`tsumi mate --json` prints: result ('mate', 'nomate', 'timeout'), length, pv (USI), nodes, "
        "time_ms, ... time (seconds) and nodes limit the search (None: no limit); shortest=False stops "
        "at the first mate found. Releases the GIL; Ctrl-C stops it (KeyboardInterrupt).");
  m.def("check", &check, "problem"_a, "line"_a = py::none(), "time"_a = py::none(), "nodes"_a = py::none(),
        "total_time"_a = py::none(), "total_nodes"_a = py::none(), "hash_mb"_a = tsumi::limits::kDefaultMateHashMb,
        "threads"_a = 1, "depth_of_variations"_a = 0, "first_flaw"_a = false, "on_event"_a = py::none(),
        "Checks a tsume problem for soundness and returns the object `tsumi check --json` prints: verdict "
        "('sound', 'flawed', 'nomate', 'bad-line', 'unknown'), length, futile_length, main_line, cooks, "
        "defences, leftover, unknown, bad_line, nodes, time_ms. problem: a SFEN, or a KIF/KI2/CSA/BOD file "
        "(path, text or bytes) whose recorded moves are the main line; line: the main line as USI moves (a "
        "str or a list), replacing the file's; None and no moves: tsumi's own line. time and nodes limit "
        "each solve, total_time and total_nodes the whole check (neither given: a budget of 100 times the "
        "nodes of the problem's own solve, at least 10,000,000; 0: none); depth_of_variations: levels of "
        "variations checked too (their findings carry a 'variation' path and leave the verdict as it is). "
        "first_flaw=True stops at the verdict (settled_by says what settled it). on_event(dict) is called "
        "for each event as the check goes: 'main_line', 'cook', 'defence', 'unknown', 'leftover', "
        "'verdict' (the dicts of `tsumi check --json-lines`); an exception it raises stops the check. "
        "Releases the GIL; Ctrl-C stops it (KeyboardInterrupt).");
  m.def("mate_many", &mate_many, "sfens"_a, "time"_a = py::none(), "nodes"_a = py::none(), "threads"_a = 1,
        "hash_mb"_a = 64, "shortest"_a = true, "progress"_a = py::none(),
        "Solves a list of tsume problems (SFENs, or any text tsumi.mate takes) on `threads` workers at once "
        "(0: every core), each problem "
        "single-threaded, and returns tsumi.mate's object for each, in the list's order. time (seconds) and "
        "nodes limit each problem; hash_mb is each worker's table (kept across its problems: a cache). "
        "progress: None, True (a line on stderr) or a callable(done, total) called as problems finish. "
        "Releases the GIL; Ctrl-C stops it (KeyboardInterrupt).");
  m.def("perft_many", &perft_many, "sfens"_a, "depth"_a, "threads"_a = 0, "hash_mb"_a = 0, "progress"_a = py::none(),
        "tsumi.perft of each position of a list, on `threads` workers at once (0: every core), each position "
        "counted single-threaded; the counts in the list's order. hash_mb > 0 gives each worker a table of "
        "subtree counts. progress as for mate_many. Releases the GIL; Ctrl-C stops it (KeyboardInterrupt).");
  py::class_<GamePosition>(m, "Position",
                           "A game: a start position and the moves played on it (push, pop), with the state of "
                           "its current position. Built from a SFEN, a name ('startpos', a handicap such as "
                           "'rook'), a USI 'position sfen ... moves ...' line, or a KIF, KI2, CSA or BOD file "
                           "(path, text or bytes) whose recorded moves are played. Equal positions (board, "
                           "hands, side to move) compare equal and hash alike, whatever the moves before.")
      .def(py::init(&position_of), "source"_a = "startpos")
      .def(
          "legal_moves", [](const GamePosition& g) { return usi_list(g.legal_moves()); },
          "The legal moves of the current position, in USI.")
      .def(
          "push",
          [](GamePosition& g, const std::string& usi) {
            if (auto e = g.push(usi)) throw py::value_error(*e);
          },
          "usi"_a, "Plays a move given in USI; ValueError when it is malformed, illegal, or the game is over.")
      .def(
          "pop",
          [](GamePosition& g) {
            const auto undone = g.pop();
            if (!undone) throw py::index_error("pop from a Position with no moves played");
            return to_usi(*undone);
          },
          "Takes back the last move and returns it in USI; IndexError when none was played.")
      .def(
          "is_check", [](const GamePosition& g) { return g.position().in_check(); }, "The side to move is in check.")
      .def("is_mate", &GamePosition::is_mate, "The side to move is checkmated (in check, no legal move).")
      .def(
          "status",
          [](const GamePosition& g) {
            nlohmann::ordered_json j;
            tsumi::front::add_game_json(g.game(), j);
            return to_python(j).cast<py::dict>();
          },
          "The game state of `tsumi position --json`: sfen, side, moves_played, check, checkers, legal_moves, "
          "result, reason (checkmate, repetition, perpetual_check...), repetition, impasse_points, "
          "both_kings_entered, impasse_24, may_declare.")
      .def(
          "sfen", [](const GamePosition& g) { return to_sfen(g.position()); }, "The current position as SFEN.")
      .def("kif", &GamePosition::kif, "The game from its start as KIF text (the headers it was read with).")
      .def("csa", &GamePosition::csa, "The game from its start as CSA text.")
      .def_property_readonly(
          "moves", [](const GamePosition& g) { return usi_list(g.moves()); },
          "The moves played from the start, in USI (a kifu's recorded moves first).")
      .def_property_readonly(
          "turn",
          [](const GamePosition& g) -> std::string {
            return g.position().side_to_move() == tsumi::BLACK ? "black" : "white";
          },
          "The side to move: 'black' (sente) or 'white' (gote).")
      .def(
          "perft",
          [](const GamePosition& g, int depth, int threads, std::int64_t hash_mb) {
            return perft(to_sfen(g.position()), depth, threads, hash_mb);
          },
          "depth"_a, "threads"_a = 0, "hash_mb"_a = 0, "tsumi.perft of the current position.")
      .def(
          "mate",
          [](const GamePosition& g, std::optional<double> time, std::optional<std::int64_t> nodes, std::int64_t hash_mb,
             int threads,
             bool shortest) { return mate(to_sfen(g.position()), time, nodes, hash_mb, threads, shortest); },
          "time"_a = py::none(), "nodes"_a = py::none(), "hash_mb"_a = tsumi::limits::kDefaultMateHashMb,
          "threads"_a = 1, "shortest"_a = true,
          "tsumi.mate of the current position, the side to move attacking (its defender's hand: the pieces "
          "the position leaves where it is a tsume diagram).")
      .def(
          "svg",
          [](const GamePosition& g, bool latin, int square) {
            tsumi::notation::BoardSvgOptions o;
            o.latin = latin;
            o.square = square;
            if (!g.moves().empty()) o.last_move = g.moves().back();
            return tsumi::notation::board_svg(g.position().setup(), o);
          },
          "latin"_a = false, "square"_a = 40,
          "The current position as an SVG picture (its last move marked): board, coordinates, both hands; "
          "Latin letters instead of kanji with latin=True; square: a square's side in pixels.")
      .def(
          "_repr_svg_",
          [](const GamePosition& g) {
            tsumi::notation::BoardSvgOptions o;
            if (!g.moves().empty()) o.last_move = g.moves().back();
            return tsumi::notation::board_svg(g.position().setup(), o);
          },
          "The picture Jupyter shows (svg()).")
      .def(
          "copy", [](const GamePosition& g) { return GamePosition(g); }, "A Position with the same game.")
      .def("__copy__", [](const GamePosition& g) { return GamePosition(g); })
      .def(
          "__deepcopy__", [](const GamePosition& g, const py::object&) { return GamePosition(g); }, "memo"_a)
      .def(
          "__eq__", [](const GamePosition& a, const GamePosition& b) { return a.same_position(b); }, py::is_operator())
      .def("__hash__", [](const GamePosition& g) { return py::hash(py::int_(g.position().key())); })
      .def("__repr__", [](const GamePosition& g) { return "tsumi.Position('" + to_sfen(g.position()) + "')"; });
  m.def("read_problem", &read_problem, "path_or_text"_a,
        "The SFEN of the starting diagram of a KIF, KI2, BOD, CSA or SFEN problem or game record "
        "(UTF-8 or Shift_JIS, the notation told by content): a str that names an existing file, or "
        "an os.PathLike, is read; any other str is the text itself, and bytes are a file's contents.");
}
