#include "solver/mate_solver.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <span>
#include <vector>

#include <tbb/task_group.h>

#include "core/movegen.h"
#include "core/stopwatch.h"
#include "core/table_memory.h"
#include "core/task_edges.h"
#include "core/worker_arena.h"
#include "solver/dfpn_search.h"
#include "solver/mate_line.h"
#include "solver/mate_pv.h"
#include "solver/mate_table.h"

namespace tsumi {

namespace {

MateStop to_stop(DfpnSearch::Abort a) {
  switch (a) {
    case DfpnSearch::Abort::kNone: return MateStop::kNone;
    case DfpnSearch::Abort::kTime: return MateStop::kTime;
    case DfpnSearch::Abort::kNodes: return MateStop::kNodes;
    case DfpnSearch::Abort::kStopped: return MateStop::kStopped;
    case DfpnSearch::Abort::kDepth: return MateStop::kDepth;
    case DfpnSearch::Abort::kYielded: return MateStop::kNone;
  }
  return MateStop::kNone;
}

// The edges between this thread and the workers, declared to ThreadSanitizer (core/task_edges.h).
constexpr char kTsanSync = 0;

// A progress report shows at most this much of the line the table suggests.
constexpr int kProgressLinePlies = 64;

}  // namespace

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
  // State of the running solve: the workers (the first also builds the main line) and their crew.
  std::vector<std::unique_ptr<DfpnSearch>> workers;
  std::unique_ptr<DfpnCrew> crew;
  DfpnSearch* search = nullptr;
  const MateProblem* problem = nullptr;
  Clock::time_point start{}, last_report{};

  static void tick(void* self) { static_cast<Impl*>(self)->report(); }
  // A report when the interval has passed since the last, or now (`news`: a mate was just proven).
  void report(bool news = false) {
    if (!progress || progress_ms <= 0) return;
    const auto now = Clock::now();
    if (!news && now - last_report < std::chrono::milliseconds(progress_ms)) return;
    last_report = now;
    MateProgress p;
    p.nodes = crew ? crew->nodes.load(std::memory_order_relaxed) : search->nodes();
    p.time_ms = ms_since(start);
    p.hashfull = table.hashfull();
    p.pv = table_line(table, problem->setup, problem->attacker, kProgressLinePlies);
    p.root_pn = search->root_pn(), p.root_dn = search->root_dn();
    p.searching_below = limit == kUnlimited ? 0 : limit + 2;
    p.book = book_phase;
    p.first_mate_length = first_length;
    p.mate_bound = bound;
    p.collections = table.collections().runs - collections_before.runs;
    p.counters = search->counters();
    progress(p);
  }

  // The limit of the search running now, the first proof's length and the shortest
  // mate proven so far (what progress reports show).
  std::uint16_t limit = kUnlimited;
  int first_length = 0, bound = 0;
  bool book_phase = false;

  bool timed = false;
  std::uint64_t line_budget = 0;  // MateLimits::line_nodes

  // The line of the shortest mate proven so far, read off the table the moment its proof ended
  // (record_line, mate_pv.h's proof_line), while every node of the proof is there: the answer's line when none of that
  // length can be built later (the table has forgotten part of the proof since, or the line's own path forbids a
  // repetition the proof's path allowed: 木星の旅 once answered `timeout` after a first mate).
  // The proof is then protected from replacement and collection until the solve ends (protect_proof),
  // so that the lines built after the shortest-mate searches still find it: at most kProtectMost
  // positions and 1/kProtectShare of the table's entries over a solve.
  std::vector<Move> recorded;
  std::vector<MateTable::Raised> raised;
  std::size_t protected_nodes = 0;
  static constexpr std::size_t kProtectShare = 8, kProtectMost = std::size_t(1) << 20;
  void record_line(std::uint16_t length) {
    table.set_concurrent(false);  // the workers are idle between searches
    ProofLineEnd end;
    bool every_defence = true;
    std::vector<Move> moves = proof_line(table, problem->setup, problem->attacker, length, &end);
    if (moves.empty()) {  // the table lost part of the proof: a mate whose defences are the longest it proves
      every_defence = false;
      moves = proof_line(table, problem->setup, problem->attacker, length, nullptr, false);
    }
    last_reading = RecordedLine{length, 0, every_defence, end};
    if (!moves.empty() && !check_mate_line(*problem, moves)) {  // else the longer mate's line stays
      recorded = std::move(moves);
      last_reading.plies = int(recorded.size());
    }
    const std::size_t most = std::min(kProtectMost, table.clusters() * MateTable::kClusterSize / kProtectShare);
    if (protected_nodes < most)
      protected_nodes +=
          protect_proof(table, problem->setup, problem->attacker, length, most - protected_nodes, raised);
  }
  RecordedLine last_reading;
  // The recorded line as a main line: its leftover and its length without the futile cycles
  // (mate_line.h; the drops taken at once are judged only by the lines built with a search).
  std::optional<MateLine> recorded_line() const {
    if (recorded.empty()) return std::nullopt;
    MateLine line{recorded, {}, 0, true, {}};
    std::vector<StateInfo> states(recorded.size() + 1);
    Position pos;
    pos.set(problem->setup, &states[0]);
    for (std::size_t i = 0; i < recorded.size(); ++i) pos.do_move(recorded[i], states[i + 1]);
    line.leftover = pos.hand(problem->attacker);
    line.cycles = futile_cycles(*problem, recorded);
    int cut = 0;
    for (const PlySpan& c : line.cycles) cut += int(c.size());
    line.futile_length = int(recorded.size()) - cut;
    return line;
  }
  Clock::time_point deadline{};
  MateCollections collections_before;

  // Sets up the workers, their crew and the limits for one problem.
  void begin(const MateProblem& p, const MateLimits& l) {
    stop.store(false, std::memory_order_relaxed);
    start = last_report = Clock::now();
    problem = &p;
    collections_before = table.collections();
    const std::size_t n = std::size_t(std::max(1, l.threads));
    workers.clear();
    crew = n > 1 ? std::make_unique<DfpnCrew>() : nullptr;
    timed = l.time_s > 0 && l.time_s < MateLimits::kNoTimeLimitS;  // false for NaN too
    line_budget = l.line_nodes;
    deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timed ? l.time_s : 0));
    paths.clear();
    for (std::size_t w = 0; w < n; ++w) {
      workers.push_back(std::make_unique<DfpnSearch>(table, p.attacker));
      DfpnSearch& s = *workers.back();
      s.share_paths(paths);
      s.set_root(p.setup);
      s.set_limits(deadline, timed, l.nodes, &stop);
      s.join(crew.get(), int(w));
    }
    search = workers[0].get();
    search->set_tick(&Impl::tick, this);
    limit = kUnlimited;
    first_length = bound = 0;
    book_phase = false;
    recorded.clear();
    last_reading = {};
    protected_nodes = 0;
  }

  // Completes the result with the counts of the solve (the line builder's nodes included) and frees
  // the workers.
  MateResult finish(MateResult result, std::uint64_t line_nodes = 0) {
    const MateCollections gc = table.collections();
    result.collections = gc.runs - collections_before.runs;
    result.collected = gc.removed - collections_before.removed;
    result.collection_ms = gc.ms - collections_before.ms;
    result.line_nodes = line_nodes;
    result.recorded = last_reading;
    result.nodes = line_nodes + search_nodes();
    for (const auto& w : workers) result.counters += w->counters();
    result.time_ms = ms_since(start);
    result.hashfull = table.hashfull();
    table.set_concurrent(false);
    table.unprotect(raised);  // the answer's lines are built
    raised.clear();
    search = nullptr;
    problem = nullptr;
    workers.clear();
    crew.reset();
    return result;
  }

  // Every worker's nodes so far (their futility judges' included, the line builder's not).
  std::uint64_t search_nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : workers) n += w->nodes();
    return n;
  }

  // With a time limit, building a line may run past it by a grace period that grows with the line: a
  // fiftieth of the time spent (at least 1 s), plus kGracePerPlyMs a ply. Over a table that has
  // forgotten much of the proof a long line needs searches of its own, and the exact line of a proven
  // length checks every defence on it; a length proven should be answered with its line.
  static constexpr double kGracePerPlyMs = 40;
  Clock::time_point line_deadline(std::uint16_t length) const {
    const double grace_ms = std::max(1000.0, ms_since(start) / 50) + kGracePerPlyMs * length;
    return std::max(deadline, Clock::now()) +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(grace_ms));
  }
  // After a stop request the answer's line is still built, within kStopLineGraceMs at most: the stop
  // asks for the answer now, and the line of the shortest mate proven is part of it (else the line of
  // a longer one found earlier would stand, or none when the stop came as the first proof did).
  // `cap`: a time the build may not run past either (first_line's share).
  static constexpr int kStopLineGraceMs = 200;
  std::optional<MateLine> build_line(LineBuilder& lines, std::uint16_t len, bool exact, bool bounded,
                                     Clock::time_point cap = Clock::time_point::max()) {
    table.set_concurrent(false);  // the workers are idle while a line is built
    if (!stop.load(std::memory_order_relaxed))
      return lines.build(len, exact, std::min(line_deadline(len), cap), bounded, false, line_budget);
    lines.set_stop(nullptr);
    const auto until = std::min(line_deadline(len), Clock::now() + std::chrono::milliseconds(kStopLineGraceMs));
    auto line = lines.build(len, exact, until, true, false, line_budget);
    lines.set_stop(&stop);
    return line;
  }

  // The first proof's line is insurance: the answer only when the shortest-mate proof is cut and no
  // line of a shorter mate can be built after it. With a time limit it may take 1/kFirstLineShare of
  // the time left before the deadline; past that it is dropped (`dropped`) and the shortest-mate proof
  // goes on, the line recorded at the proof standing in for it. 木星の旅 (2 workers, 16 GB, --time
  // 900) once proved its first mate after 537.7 s and then spent the rest, 390 s and 153.5 M nodes, on
  // this line, so no shorter mate was looked for (where such a line's nodes go, traced: its futile-pair
  // searches, mate_pv.cpp; solver/README.md). Without a time limit it is built whole, as before (the
  // gate's counts are those).
  static constexpr int kFirstLineShare = 4;
  std::optional<MateLine> first_line(LineBuilder& lines, std::uint16_t len, bool& dropped) {
    const auto now = Clock::now();
    const bool shared = timed && now < deadline && !stop.load(std::memory_order_relaxed);
    auto line = build_line(lines, len, false, timed,
                           shared ? now + (deadline - now) / kFirstLineShare : Clock::time_point::max());
    dropped = shared && !line && lines.aborted() == DfpnSearch::Abort::kTime;
    return line;
  }

  // Cold probes. Each pass starts from the numbers of the passes before it (MateTable::probe, "Warm
  // estimates"), the first pass's too (the one without a limit that found the first mate). Mostly that
  // pays: the gate's shortest phases summed 14.02 M nodes with them, 18.50 M without. But where the
  // first pass's pn grew in lines far longer than any limit now searched, the nodes that look cheap are
  // those of the last proof's tree, proven under a longer limit and so without numbers; the passes keep
  // to that tree and shorten it two plies at a time, each at great cost. 乱 at one worker: the passes
  // from 493 down to 451 took 5.84 M nodes this way; a cold search finds each in a few thousand.
  // So once a pass has shortened the mate by two plies only, at a cost of more than kDearPass nodes, the
  // next pass begins with a cold probe (DfpnSearch::probe_cold, worker 0 alone) of kColdProbeNodes; the
  // passes go on probing first while the probes prove. A probe that gives up leaves the table as it was
  // but for final results, and the pass goes on warm; it also ends the probes of this proof, as it says
  // that a cold search does not find this problem's shorter mates cheaply (メガロポリス from a table saved
  // at its first mate, 551, one worker: 11 of 12 probes gave up, and the shortest phase took 12.08 M
  // nodes with them, 10.50 M with this rule; 乱 and the gate are node for node the same, and of the
  // random set only rand-144 changed, 1.074 M to 1.068 M). The dear pass is the trigger because a probe is
  // then at most a quarter of what the pass before cost; a small problem's passes are cheap warm and a
  // probe there would only add nodes. Measured at one worker against probing never (shortest-phase
  // nodes; the sets over the problems no limit cut, old and new alternating): 乱 15.67 M to 13.23 M
  // (the start, with no warm numbers: 13.29 M); the gate 14.02 M to 13.82 M (rand-652 -4%, the
  // other rows node for node the same); the public set unchanged (257 problems, no pass dear enough);
  // the random set 8.09 M to 8.12 M (5 problems of 315 touched: 3 up, 2 down). Tried and dropped:
  // probing every pass (the gate +2%: 寿 +5%, ACTの夢 +6%), or after two passes of two plies whatever
  // their cost (the random set +4.1%; with no warm numbers in the probe, the gate +2%); the landed
  // trigger with a probe that keeps the limited passes' numbers (乱 15.84 M: they carry the first
  // pass's); and leaving the first pass's numbers out of each pass's first 2^14 expansions with nothing
  // kept apart (the gate's Astral over its held count). solver/README.md, "Cold probes".
  static constexpr std::uint64_t kColdProbeNodes = std::uint64_t(1) << 14;
  static constexpr std::uint64_t kDearPass = 4 * kColdProbeNodes;

  // The shortest-mate proof: the root searched again under limits two plies shorter than the last
  // mate until one disproves (result.shortest_proven) or a limit cuts it (result.stop). The length of
  // the shortest mate proven.
  std::uint16_t shorten(std::uint16_t length, bool prove, MateResult& result) {
    result.shortest_proven = length < 2;
    bool probe = false;    // the next pass begins with a cold probe ("Cold probes" above)
    bool gave_up = false;  // a probe of this proof gave up: no more probes in it
    while (prove && length >= 2) {
      DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
      const std::uint64_t nodes_before = search_nodes();
      const auto pass_start = Clock::now();
      const auto within = std::uint16_t(length - 2);
      NodeResult shorter{};
      bool probed = false;  // the probe settled the pass (or a limit cut it)
      if (probe) {
        limit = within;  // what the progress reports say is being searched
        shorter = workers[0]->probe_cold(within, kColdProbeNodes);
        abort = workers[0]->aborted();
        probed = abort != DfpnSearch::Abort::kNone || shorter.proven() || shorter.disproven();
        gave_up = !probed;
      }
      const std::uint64_t cold_nodes = search_nodes() - nodes_before;
      if (!probed) shorter = solve_all(within, abort);
      const std::uint64_t nodes = search_nodes() - nodes_before;
      result.shortest_passes.push_back(
          MateResult::ShortestPass{within, abort == DfpnSearch::Abort::kNone && shorter.proven() ? int(shorter.len) : 0,
                                   abort != DfpnSearch::Abort::kNone, nodes, ms_since(pass_start), cold_nodes});
      probe = !gave_up && shorter.proven() && (probed || (length - shorter.len == 2 && nodes - cold_nodes > kDearPass));
      if (abort != DfpnSearch::Abort::kNone) {
        result.stop = to_stop(abort);
        break;
      }
      if (!shorter.proven()) {
        result.shortest_proven = true;
        break;
      }
      length = shorter.len;
      bound = length;
      record_line(length);
      report(true);
    }
    return length;
  }

  // The line to answer, of the shortest mate proven (`length`), never of a longer one found earlier:
  // by the exact tsume rules when the length is proven shortest; else, or when the exact line does not
  // fit its grace, with the defences the longest the table knows (a line within `length` plies that
  // ends in mate); where that falls short of `length` (the table forgot the longer defences), the line
  // recorded at the proof, which has them. Only when there is none of these does the first proof's
  // line stand.
  void choose_line(LineBuilder& lines, std::uint16_t length, std::optional<MateLine>& line, MateResult& result) {
    if (result.shortest_proven) {
      if (auto exact = build_line(lines, length, true, timed)) {
        line = std::move(exact);
        result.line_exact = true;
        return;
      }
    }
    if (line && line->moves.size() == length) return;  // the first line is of this length
    std::optional<MateLine> known = build_line(lines, length, false, true);
    if (!known || known->moves.size() < recorded.size()) {
      if (auto at_proof = recorded_line(); at_proof && at_proof->moves.size() <= length) known = std::move(at_proof);
    }
    if (known) line = std::move(known);
  }

  // The book count's shortest mate (futility_judge.h), below the count of every defence's `length`
  // (a mate there is one in the book's count too, no longer) and below `cycle_free`, the main line's
  // length without its futile cycles (mate_line.h; `length` where it has none): the root searched by
  // every worker in the book count, from two plies below the shorter of the two down (`estimate`: the
  // main line's length without the futile drops the line rules find, tried once a first book mate is
  // proven), until a search disproves. A limit cuts it like the shortest-mate proof; the answer is then
  // the shortest book mate known. Its nodes may be capped at a share of those of the solve before it
  // (book_cap): a cut search leaves the shortest book mate known, not proven shortest (the drops
  // the line rules call futile are no fallback: the estimate can be shorter than the book's shortest
  // mate, as on tanuki9-5, 5 against the 7 this search proves). Returns whether the answer is
  // `cycle_free`, the line's and no search's: then never proven shortest, as nothing proves that the
  // attacker mates with the smaller hand against every defence after a cut.
  //
  // Why the cycles count here: the search's rule judges one drop at a time, where drops are all the
  // defender has. A cycle's drops are made where the defender has other evasions (木星の旅's P*3e: 9
  // legal moves, at most 6 of them drops on the two squares between), so the search counts them as
  // defences and proves no book mate without them: 木星の旅's 435-ply main line has four cycles, 411 as
  // books count, and its search from 433 down ran 436 s (427 M nodes) to the deadline proving nothing.
  bool book_length(std::uint16_t length, std::uint16_t cycle_free, std::uint16_t estimate, const MateLimits& l,
                   MateResult& result) {
    const std::uint64_t spent = search_nodes();
    const std::optional<std::uint64_t> share_cap = book_cap(l, spent);
    const std::uint64_t cap = share_cap ? (l.nodes ? std::min(l.nodes, *share_cap) : *share_cap) : l.nodes;
    for (const auto& w : workers) {
      w->set_limits(deadline, timed, cap, &stop);
      w->set_book(true);
    }
    book_phase = true;
    std::uint16_t best = std::min(length, cycle_free), floor = 0;  // a book mate in `best`; none in `floor` or fewer
    bool lined = best < length;  // `best` is the main line's without its cycles, not a search's proof
    bool proven = false;
    // Two plies below that first, then two below each mate found (a proof, cheap where a mate exists,
    // returns its own length, which may jump down several steps); the estimate only where that first
    // try proves a mate and the estimate is still shorter (a disproof under a too short estimate would
    // spend the cap proving nothing).
    std::uint16_t tried = std::uint16_t(best >= 2 ? best - 2 : 0);
    bool first = true;
    while (tried >= 1 && tried > floor && tried < best) {
      DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
      const NodeResult r = solve_all(tried, abort);
      if (abort != DfpnSearch::Abort::kNone) {
        result.futile_cut = true;
        result.book_capped = abort == DfpnSearch::Abort::kNodes && share_cap && (!l.nodes || *share_cap < l.nodes);
        break;
      }
      if (r.proven()) {
        best = r.len;
        lined = false;
        tried = std::uint16_t(best >= 2 ? best - 2 : 0);
        if (first && estimate >= 1 && estimate < tried) tried = estimate;
        first = false;
        continue;
      }
      first = false;
      floor = tried;  // no book mate within `tried`
      tried = tried + 2 >= best ? tried : std::uint16_t(best - 2);
    }
    if (best < 2 || floor + 2 >= best) proven = true;
    for (const auto& w : workers) {
      if (const FutilityJudge* j = w->judge()) {
        const FutilityCounters& c = j->counters();
        result.futility.judged += c.judged, result.futility.futile += c.futile;
      }
      w->set_book(false);
      w->set_limits(deadline, timed, l.nodes, &stop);
    }
    book_phase = false;
    result.futile_length = best;
    result.futile_proven = proven && !lined;
    return lined;
  }
  // The node count the book search may reach (MateLimits::book_search): none with a time limit unless
  // book_share is given; else book_share (kUntimedBookShare untimed) times `spent`, at least
  // kBookMinNodes, past `spent`.
  std::optional<std::uint64_t> book_cap(const MateLimits& l, std::uint64_t spent) const {
    const bool given = l.book_share >= 0;
    if ((timed && !given) || !(l.book_share < MateLimits::kBookShareNone)) return std::nullopt;
    const double share = (given ? l.book_share : MateLimits::kUntimedBookShare) * double(spent);
    return spent + std::max(MateLimits::kBookMinNodes, share >= 1e18 ? std::uint64_t(1e18) : std::uint64_t(share));
  }
  // Whether the book count is searched after a mate whose line is `moves` (MateLimits::book_search_after).
  bool book_searched(const MateLimits& l, const std::vector<Move>& moves) {
    using After = MateLimits::BookSearchAfter;
    return l.book_search_after == After::kEveryMate || line_has_interposition(moves);
  }
  // Whether the line has a defender's drop (in tsume every one is an interposition): where the book count
  // is searched only after a drop, the line decides. Where the line has
  // none, its length is given as the book's too, not proven shortest; that can miss a shorter book mate
  // in the variations (新桃花源: none on its 1215-ply line, and the search run anyway finds 1213).
  // Asking for a drop where drops are all the defender has (where the futility judge decides) missed
  // more: rand-652's 25-ply line with a table that spills has drops only beside a king move, and its
  // book mate of 23 lies off that line.
  bool line_has_interposition(const std::vector<Move>& moves) {
    const bool attacker_first = workers[0]->is_attacker_to_move();  // at the root
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const bool defender_moves = (i % 2 == 0) != attacker_first;
      if (defender_moves && moves[i].is_drop()) return true;
    }
    return false;
  }

  // Searches the root within `remaining` plies with every worker; the result of the one that finished,
  // or (all aborted) worker 0's numbers with its abort reason in `abort`.
  NodeResult solve_all(std::uint16_t remaining, DfpnSearch::Abort& abort) {
    limit = remaining;
    table.set_concurrent(workers.size() > 1);
    if (workers.size() == 1) {
      const NodeResult r = workers[0]->solve(remaining);
      abort = workers[0]->aborted();
      return r;
    }
    crew->done.store(false, std::memory_order_relaxed);
    std::vector<NodeResult> results(workers.size());
    const auto run = [&](std::size_t w) {
      tsan_acquire(&kTsanSync);
      DfpnSearch& s = *workers[w];
      s.clear_abort();
      results[w] = s.solve(remaining);
      if (s.aborted() == DfpnSearch::Abort::kNone) crew->done.store(true, std::memory_order_relaxed);
      tsan_release(&kTsanSync);
    };
    run_in_worker_arena(int(workers.size()), &kTsanSync, [&] {
      tbb::task_group group;
      for (std::size_t w = 1; w < workers.size(); ++w) group.run([&run, w]() TSUMI_TSAN_UNCHECKED { run(w); });
      run(0);
      group.wait();
    });
    for (std::size_t w = 0; w < workers.size(); ++w)
      if (workers[w]->aborted() == DfpnSearch::Abort::kNone) {
        abort = DfpnSearch::Abort::kNone;
        return results[w];
      }
    abort = workers[0]->aborted();
    for (const auto& w : workers)  // a limit or a stop rather than a yield
      if (w->aborted() != DfpnSearch::Abort::kYielded) abort = w->aborted();
    return results[0];
  }
};

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
  im.begin(problem, limits);
  MateResult result;
  DfpnSearch::Abort abort = DfpnSearch::Abort::kNone;
  const std::uint16_t within =
      limits.max_length > 0 && limits.max_length < int(kUnlimited) ? std::uint16_t(limits.max_length) : kUnlimited;
  const NodeResult first = im.solve_all(within, abort);
  result.first_mate_nodes = im.search_nodes();
  if (abort != DfpnSearch::Abort::kNone) {
    result.stop = to_stop(abort);
    return im.finish(result);
  }
  if (first.disproven() || (within != kUnlimited && !first.proven())) {
    result.verdict = MateVerdict::kNoMate;
    return im.finish(result);
  }
  result.first_mate_ms = ms_since(im.start);
  result.first_mate_length = first.len;
  im.first_length = im.bound = first.len;
  LineBuilder lines(im.table, problem.setup, problem.attacker, &im.stop);
  lines.share_paths(im.paths);
  lines.set_tick(&Impl::tick, &im);  // progress reports go on while a long line is built
  // The line of the first proof, built while its proof tree is fresh in the table: the answer when the
  // shortest-mate proof is cut and the table has since forgotten too much to build a shorter one.
  // A line that does not end in mate (the table's proof came by a path whose repetitions the line's
  // own path forbids) is no reason to stop: the shortest-mate searches go on and the line is built
  // again after them (Astral Traveler, 2 workers, --time 300: 2 runs in 8 answered "timeout" after
  // 2.2 s and 13.5 s, a first mate proven within 2.2 s). Nor is one that outgrew its share of the time
  // (Impl::first_line). Only a line cut by the deadline or a stop ends the solve here, with the line
  // recorded at the proof.
  im.record_line(first.len);
  im.report(true);
  bool first_line_dropped = false;
  std::optional<MateLine> line = im.first_line(lines, first.len, first_line_dropped);
  // What cut a line's build: a stop, MateLimits::line_nodes, or the deadline.
  const auto line_stop = [&] {
    return im.stop.load(std::memory_order_relaxed)        ? MateStop::kStopped
           : lines.aborted() == DfpnSearch::Abort::kNodes ? MateStop::kNodes
                                                          : MateStop::kTime;
  };
  // A mate exists (first_mate_length says how long), but there is no line to show for it.
  const auto no_line = [&] {
    if (result.stop == MateStop::kNone) result.stop = line_stop();
    result.mate_bound = im.bound;  // the shortest mate proven, though no line shows it
    result.shortest_proven = false;
    return im.finish(result, lines.nodes());
  };
  std::uint16_t length = first.len;
  const bool first_line_cut = !line && lines.cut() && !first_line_dropped;
  if (first_line_cut) {
    // The deadline, a stop or MateLimits::line_nodes cut the first line: the search is over, and the
    // line recorded at the proof (if the table held all of it) is the answer's.
    line = im.recorded_line();
    if (!line) return no_line();
    result.stop = line_stop();
  } else {
    length = im.shorten(first.len, limits.prove_shortest, result);
    result.shortest_nodes = im.search_nodes() - result.first_mate_nodes;
    im.choose_line(lines, length, line, result);
    if (!line) line = im.recorded_line();
    if (!line) return no_line();
  }
  result.verdict = MateVerdict::kMate;
  result.mate_bound = length;
  result.pv = line->moves;
  result.length = length;
  result.line_of_length = line->moves.size() == length;
  result.futile_length = result.length;
  // Without a book search (below: none with --book-search-after-drops where the main line has no drop)
  // nothing proves that no shorter book mate exists off the main line (新桃花源: 1215 with none on its
  // line, 1213 as books count); only a mate in one is shortest in every count.
  result.futile_proven = result.shortest_proven && result.length <= 1;
  // The line without its futile cycles (mate_line.h), which books do not count: the book length where
  // nothing shorter is known (Impl::book_length says why the search does not find it).
  const std::span<const PlySpan> cycles =
      result.line_of_length ? std::span<const PlySpan>(line->cycles) : std::span<const PlySpan>{};
  std::size_t cycle_plies = 0;
  for (const PlySpan& c : cycles) cycle_plies += c.size();
  const auto cycle_free = std::uint16_t(result.length - int(cycle_plies));
  if (!limits.book_search && result.line_of_length) {
    result.futile_length = line->futile_length;  // the main-line rules' length
  } else if (cycle_plies > 0) {
    result.futile_length = cycle_free;
    result.futile_pv = cut_spans(line->moves, cycles);
  }
  if (limits.prove_shortest && limits.book_search && !first_line_cut && im.book_searched(limits, line->moves)) {
    const auto book_start = Clock::now();
    const std::uint64_t before_book = im.search_nodes();
    const bool lined =
        im.book_length(std::uint16_t(result.length), cycle_free, std::uint16_t(line->futile_length), limits, result);
    result.book_nodes = im.search_nodes() - before_book;
    if (!lined && result.futile_length < result.length) {  // else futile_pv is the line without its cycles
      result.futile_pv.clear();
      im.table.set_concurrent(false);
      if (auto book = lines.build(std::uint16_t(result.futile_length), result.futile_proven,
                                  im.line_deadline(std::uint16_t(result.futile_length)), im.timed, true);
          book && int(book->moves.size()) == result.futile_length)
        result.futile_pv = book->moves;
    }
    result.futile_ms = ms_since(book_start);
  }
  result.leftover = line->leftover;
  return im.finish(result, lines.nodes());
}

const char* to_string(MateVerdict v) {
  switch (v) {
    case MateVerdict::kMate: return "mate";
    case MateVerdict::kNoMate: return "nomate";
    case MateVerdict::kTimeout: return "timeout";
  }
  return "?";
}
const char* to_string(MateStop s) {
  switch (s) {
    case MateStop::kNone: return "none";
    case MateStop::kTime: return "time";
    case MateStop::kNodes: return "nodes";
    case MateStop::kStopped: return "stopped";
    case MateStop::kDepth: return "depth";
  }
  return "?";
}

}  // namespace tsumi
