#include "solver/mate_solver.h"

#include <algorithm>
#include <optional>
#include <span>

#include "core/stopwatch.h"
#include "solver/book_count.h"
#include "solver/main_lines.h"
#include "solver/mate_line.h"
#include "solver/path_table.h"
#include "solver/progress_reporter.h"
#include "solver/proof_record.h"
#include "solver/root_search.h"
#include "solver/shortest_proof.h"

namespace tsumi {

// What outlives a solve: the tables, the stop flag and the progress callback.
struct MateSolver::Impl {
  explicit Impl(std::size_t mb)
      : hash_mb(checked(mb)),
        paths((mb << 20) / kPathShare / PathTable::kSlotBytes, kPathFilterBits),
        table((mb << 20) - std::min(paths.bytes(), (mb << 20) / 2)) {}

  // The path table takes about 1/kPathShare of the hash (its slots are a power of two), and the main
  // table the rest, so that the two together are the `--hash` the user gave.
  static constexpr std::size_t kPathShare = 128;
  // A hash the machine cannot give is refused, with its size, before either table is allocated.
  static std::size_t checked(std::size_t mb) {
    TableMemory::check(mb << 20);
    return mb;
  }
  static constexpr std::size_t kPathFilterBits = std::size_t(1) << 19;  // 64 KiB, as the searchers' own path tables
  std::size_t hash_mb;
  // The path-dependent disproofs of the running solve, shared by the workers and the line builder
  // (path_table.h); cleared when a solve begins (its keys start from the root).
  PathTable paths;
  MateTable table;
  std::atomic<bool> stop{false};
  std::function<void(const MateProgress&)> progress;
  int progress_ms = 0;
};

namespace {

// The answer: a mate of `length` with `line`, and the book length that needs no search (the line
// without its futile cycles, mate_line.h, which books do not count; or, without a book search, the
// main-line rules' length). Without a book search nothing proves that no shorter book mate exists off
// the main line (新桃花源: 1215 with no drop on its line, 1213 as books count); only a mate in one is
// shortest in every count. Returns the line's length without its futile cycles.
std::uint16_t take_line(const MateLine& line, std::uint16_t length, bool book_search, MateResult& result) {
  result.verdict = MateVerdict::kMate;
  result.mate_bound = length;
  result.pv = line.moves;
  result.length = length;
  result.line_of_length = line.moves.size() == length;
  result.futile_length = result.length;
  result.futile_proven = result.shortest_proven && result.length <= 1;
  const std::span<const PlySpan> cycles =
      result.line_of_length ? std::span<const PlySpan>(line.cycles) : std::span<const PlySpan>{};
  std::size_t cycle_plies = 0;
  for (const PlySpan& c : cycles) cycle_plies += c.size();
  if (!book_search && result.line_of_length) {
    result.futile_length = line.futile_length;  // the main-line rules' length
  } else if (cycle_plies > 0) {
    result.futile_length = int(length - cycle_plies);
    result.futile_pv = cut_spans(line.moves, cycles);
  }
  return std::uint16_t(length - cycle_plies);
}

// One solve, phase by phase (solver/README.md, "A solve in phases"): the first proof, its line, the
// shortest-mate proof, the answer's line, the book count. It owns the phases' state for the length of
// the solve: the workers (RootSearch), the mates proven (ProofRecord) and the progress reports; the
// solver's tables and stop flag outlive it.
class Solve {
 public:
  Solve(MateTable& table, PathTable& paths, const std::atomic<bool>& stop,
        const std::function<void(const MateProgress&)>& progress, int progress_ms, const MateProblem& problem,
        const MateLimits& limits, const SolveClock& clock)
      : table_(table),
        paths_(paths),
        stop_(stop),
        problem_(problem),
        limits_(limits),
        clock_(clock),
        collections_before_(table.collections()),
        root_(table, paths, problem, limits.threads),
        record_(table, problem),
        progress_(progress, progress_ms, clock.start, collections_before_, table, problem, root_, record_) {
    root_.set_limits(clock.deadline, clock.timed, limits.nodes, &stop);
    root_.set_tick(&ProgressReporter::tick, &progress_);
  }

  // The first proof; the answer follows it where it proves a mate.
  MateResult run() {
    MateResult result;
    DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
    const std::uint16_t within = limits_.first_within();
    const NodeResult first = root_.search(within, abort);
    result.first_mate_nodes = root_.nodes();
    if (abort != DfpnSearch::Abort::kNone) {
      result.stop = to_stop(abort);
      return finish(result);
    }
    if (first.disproven() || (within != kUnlimited && !first.proven())) {
      result.verdict = MateVerdict::kNoMate;
      return finish(result);
    }
    result.first_mate_ms = ms_since(clock_.start);
    result.first_mate_length = first.len;
    proven(first.len);
    return answer(first.len, result);
  }

 private:
  // A mate within `length` was just proven: recorded (its line read, its proof protected), reported.
  void proven(std::uint16_t length) {
    record_.record(length);
    progress_.report(true);
  }

  // From the first proof to the answer. The first proof's line is built at once, as insurance; only a
  // build cut by the deadline or a stop ends the solve there, with the line recorded at the proof (a
  // line that does not end in mate, or that outgrew its share of the time, is no reason to stop: the
  // lines are built again after the shortest-mate proof). Then the shortest-mate proof, the answer's
  // line, and the book count.
  MateResult answer(std::uint16_t first_length, MateResult& result) {
    MainLines lines(table_, paths_, problem_, clock_, stop_, limits_.line_nodes, limits_.threads);
    lines.set_tick(&ProgressReporter::tick, &progress_);
    bool dropped = false;
    std::optional<MateLine> line = lines.first(first_length, dropped);
    std::uint16_t length = first_length;
    const bool first_line_cut = !line && lines.cut() && !dropped;
    if (first_line_cut) {
      line = record_.line();
      if (line) result.stop = lines.cut_reason();
    } else {
      length = prove_shortest(
          root_, first_length, limits_.prove_shortest, [this](std::uint16_t len) { proven(len); }, result);
      result.shortest_nodes = root_.nodes() - result.first_mate_nodes;
      lines.answer(length, result.shortest_proven, record_, line, result.line_exact);
      if (!line) line = record_.line();
    }
    if (!line) {  // a mate exists (first_mate_length says how long), but there is no line to show for it
      if (result.stop == MateStop::kNone) result.stop = lines.cut_reason();
      result.mate_bound = record_.bound();
      result.shortest_proven = false;
      return finish(result, &lines);
    }
    const std::uint16_t cycle_free = take_line(*line, length, limits_.book_search, result);
    BookCount book(root_, limits_, clock_, stop_);
    if (limits_.prove_shortest && limits_.book_search && !first_line_cut && book.wanted(line->moves))
      count_book(book, lines, *line, cycle_free, result);
    result.leftover = line->leftover;
    return finish(result, &lines);
  }

  // The book count's search, and its line where the book length is a search's and differs.
  void count_book(BookCount& book, MainLines& lines, const MateLine& line, std::uint16_t cycle_free,
                  MateResult& result) {
    const auto book_start = Clock::now();
    const std::uint64_t before = root_.nodes();
    const bool lined = book.search(std::uint16_t(result.length), cycle_free, std::uint16_t(line.futile_length), result);
    result.book_nodes = root_.nodes() - before;
    result.futile_minimax = result.futile_length;
    if (!lined && (!result.futile_cut || result.futile_length < result.length)) {  // else the line's own
      // The book's line, by the composers' order over the search's proof where the search settled: at
      // most its length, shorter where a defence that leaves the attacker nothing was chosen over a
      // longer one that leaves a piece. Over a proof the search did not settle the walk ranks lines
      // whose lengths are not the book's (Astral Traveler at the gate's paced share: it chose a clean
      // variation of 387 plies over the 579 whose line still ended with a pawn in hand). Where the best
      // line leaves pieces all the same (a real-game mate, a flawed draft: 駒余り), the order does not
      // make a book length, and the line of the longest defences stands, flagged (futile_spare).
      const auto len = std::uint16_t(result.futile_length);
      bool by_order = false;
      std::optional<MateLine> found = lines.book(len, result.futile_proven, !result.futile_cut, &by_order);
      if (found && by_order && !found->leftover.empty()) {
        result.futile_spare = true;
        found = lines.book(len, result.futile_proven, false);
        by_order = false;
      }
      if (found && (by_order ? int(found->moves.size()) <= len : int(found->moves.size()) == len)) {
        result.futile_proven = result.futile_proven && int(found->moves.size()) == len;
        result.futile_length = int(found->moves.size());
        result.futile_leftover = found->leftover;
        result.futile_pv = found->moves;
      } else if (result.futile_length < result.length) {
        result.futile_pv.clear();
      }
      cut_futile_captures(line, result);
      if (result.futile_pv == line.moves) result.futile_pv.clear();  // the main line is the book's
    }
    result.futile_ms = ms_since(book_start);
  }

  // The book's line less its futile captures (mate_line.h): drops taken at once that the mate does not
  // need, made where the king could also move, which the search counts and books do not. The length so
  // cut is the line's, not a search's: futile_proven is then false (futile_minimax keeps the search's).
  void cut_futile_captures(const MateLine& line, MateResult& result) {
    const bool main_is_book = result.futile_pv.empty() && result.futile_length == int(line.moves.size());
    if (result.futile_pv.empty() && !main_is_book) return;
    const std::vector<Move>& book = main_is_book ? line.moves : result.futile_pv;
    const std::vector<PlySpan> runs = futile_captures(problem_, book);
    if (runs.empty()) return;
    std::vector<Move> cut = cut_spans(book, runs);
    result.futile_captured = int(book.size() - cut.size());
    result.futile_length = int(cut.size());
    result.futile_leftover = hand_after(problem_, cut);
    result.futile_spare = result.futile_spare && !result.futile_leftover.empty();
    result.futile_proven = false;
    result.futile_pv = std::move(cut);
  }

  // Completes the result with the counts of the solve (the line builder's `lines` included: its nodes,
  // and its helpers' time, which is the workers' own) and gives the protected proofs back to the table.
  MateResult finish(MateResult& result, const MainLines* lines = nullptr) {
    const std::uint64_t line_nodes = lines ? lines->nodes() : 0;
    const MateCollections gc = table_.collections();
    result.collections = gc.runs - collections_before_.runs;
    result.collected = gc.removed - collections_before_.removed;
    result.collection_ms = gc.ms - collections_before_.ms;
    result.line_nodes = line_nodes;
    result.recorded = record_.reading();
    result.nodes = line_nodes + root_.nodes();
    result.counters = root_.counters();
    result.time_ms = ms_since(clock_.start);
    result.workers = root_.tallies(std::uint64_t(result.time_ms * 1000));
    if (lines) {  // helper w of the lines is worker w of the solve: its line searches are no idle time
      const std::vector<std::uint64_t>& busy = lines->helper_busy_us();
      for (std::size_t h = 0; h < busy.size() && h + 1 < result.workers.size(); ++h) {
        WorkerTally& t = result.workers[h + 1];
        t.busy_us += busy[h];
        t.idle_us -= std::min(t.idle_us, busy[h]);
      }
    }
    result.hashfull = table_.hashfull();
    table_.set_concurrent(false);
    record_.release();  // the answer's lines are built
    return std::move(result);
  }

  MateTable& table_;
  PathTable& paths_;
  const std::atomic<bool>& stop_;
  const MateProblem& problem_;
  const MateLimits& limits_;
  const SolveClock& clock_;
  const MateCollections collections_before_;
  RootSearch root_;
  ProofRecord record_;
  ProgressReporter progress_;
};

}  // namespace

MateSolver::MateSolver(std::size_t hash_mb) : impl_(std::make_unique<Impl>(hash_mb)) {}
MateSolver::~MateSolver() = default;

void MateSolver::clear() {
  impl_->table.clear();
  impl_->paths.clear();
}
void MateSolver::request_stop() { impl_->stop.store(true, std::memory_order_relaxed); }
void MateSolver::set_progress(std::function<void(const MateProgress&)> callback, int interval_ms) {
  impl_->progress = std::move(callback);
  impl_->progress_ms = interval_ms;
}
std::size_t MateSolver::hash_mb() const { return impl_->hash_mb; }
MateTable& MateSolver::table() { return impl_->table; }
const MateTable& MateSolver::table() const { return impl_->table; }
const TableMemory& MateSolver::table_memory() const { return impl_->table.memory(); }

MateResult MateSolver::solve(const MateProblem& problem, const MateLimits& limits) {
  Impl& im = *impl_;
  im.stop.store(false, std::memory_order_relaxed);
  const SolveClock clock(limits);
  im.paths.clear();  // its keys start from the root
  Solve solve(im.table, im.paths, im.stop, im.progress, im.progress_ms, problem, limits, clock);
  return solve.run();
}

}  // namespace tsumi
