#pragma once
// The bounds that every front applies (tsumi's commands, the USI server, the suite readers), named
// once: a new front or a changed bound cannot disagree with the others.

#include <cstddef>
#include <cstdint>

namespace tsumi::limits {

// Perft depths from 0 (1 for the tools that need a root move) up to this.
inline constexpr int kMaxPerftDepth = 64;
// Worker threads of perft, the solver and `tsumi bench`, from 1 up to this.
inline constexpr int kMaxThreads = 1024;
// Table sizes in MiB (perft's from 0, the solver's from 1) up to this: 1 TiB.
inline constexpr std::int64_t kMaxHashMb = std::int64_t(1) << 20;
// The solver's table when none is asked for (`tsumi mate`, USI_Hash, the bench workload), in MiB.
inline constexpr std::int64_t kDefaultMateHashMb = 256;
// The stack of every oneTBB worker the process starts (core/worker_arena.h), perft's and the solver's
// alike: oneTBB keeps its workers between runs, whatever stack a later run asks for, so the workers a
// perft started may run a solve next (a USI session's `go perft` then `go mate`, `tsumi bench`). The
// solver needs the most: its search recurses one C++ frame per ply, up to DfpnSearch::kMaxPly. Only the
// pages a thread touches are committed; fronts check the address space first (core/thread_room.h).
inline constexpr std::size_t kWorkerStackBytes = std::size_t(64) << 20;

}  // namespace tsumi::limits
