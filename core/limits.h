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

}  // namespace tsumi::limits
