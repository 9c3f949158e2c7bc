// Legal, check and evasion generation, and last-ply counting, over the reference perft positions.

#include <memory>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/movegen.h"
#include "core/sfen.h"

namespace tsumi {
namespace {

// The positions of the reference suite (copied here so the benchmark needs no file access).
constexpr const char* kPositions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
    "8s/4k4/l1n1g2Rp/7G1/2sn5/5P2g/4+l2PS/4l4/K2+b5 b GNL6Prbsn9p 107",
    "1nss4+N/lrg1k+B3/ppnp5/2p2g3/5p2P/P1P4P1/2KG2P1N/5R3/s4P2L w BS2L6Pgp 110",
};

// The positions set up, each owning its root state.
struct Slot {
  StateInfo si;
  Position pos;
};
std::vector<std::unique_ptr<Slot>> load_positions() {
  std::vector<std::unique_ptr<Slot>> slots;
  for (const char* sfen : kPositions) {
    slots.push_back(std::make_unique<Slot>());
    slots.back()->pos.set(*parse_sfen(sfen), &slots.back()->si);
  }
  return slots;
}

template <GenType T>
void BM_Generate(benchmark::State& state) {
  const auto slots = load_positions();
  std::int64_t moves = 0;
  for (auto _ : state) {
    for (const auto& s : slots) {
      if (T == EVASIONS && !s->pos.in_check()) continue;
      if (T == NON_EVASIONS && s->pos.in_check()) continue;
      MoveList list;
      generate<T>(s->pos, list);
      benchmark::DoNotOptimize(list.data());
      moves += std::int64_t(list.size());
    }
  }
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}

// The last ply of perft: legal moves counted without being written.
void BM_Count(benchmark::State& state) {
  const auto slots = load_positions();
  std::int64_t moves = 0;
  for (auto _ : state)
    for (const auto& s : slots) {
      const std::uint64_t n = legal_move_count(s->pos);
      benchmark::DoNotOptimize(n);
      moves += std::int64_t(n);
    }
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_Count)->Name("count/legal");
BENCHMARK(BM_Generate<LEGAL>)->Name("generate/legal");
BENCHMARK(BM_Generate<CHECKS>)->Name("generate/checks");
BENCHMARK(BM_Generate<EVASIONS>)->Name("generate/evasions");

}  // namespace
}  // namespace tsumi
