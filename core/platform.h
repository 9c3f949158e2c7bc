#pragma once
// Compiler and instruction-set detection: the one place that decides which SIMD path is compiled.
//
// The build chooses the level (CMake option TSUMI_SIMD): the compiler's target flags define
// __AVX2__ / __SSE4_1__ / __SSSE3__, and TSUMI_FORCE_SCALAR switches every intrinsic path off so the
// scalar twins are what runs. Tests run under both builds and must give identical results.

#include <cassert>
#include <cstdint>

#if defined(TSUMI_FORCE_SCALAR)
#define TSUMI_HAS_SSE 0
#define TSUMI_HAS_AVX2 0
#elif defined(__SSE4_1__) && defined(__SSSE3__)
#define TSUMI_HAS_SSE 1
#if defined(__AVX2__)
#define TSUMI_HAS_AVX2 1
#else
#define TSUMI_HAS_AVX2 0
#endif
#else
#define TSUMI_HAS_SSE 0
#define TSUMI_HAS_AVX2 0
#endif

#if TSUMI_HAS_SSE
#include <immintrin.h>
#endif

#if defined(__GNUC__)
#define TSUMI_FORCE_INLINE inline __attribute__((always_inline))
#define TSUMI_LIKELY(x) __builtin_expect(!!(x), 1)
#define TSUMI_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TSUMI_FORCE_INLINE inline
#define TSUMI_LIKELY(x) (x)
#define TSUMI_UNLIKELY(x) (x)
#endif

// Internal invariants; on in Debug and sanitizer builds, off in Release.
#define TSUMI_ASSERT(cond) assert(cond)

namespace tsumi {

// The SIMD path compiled into this build, for banners and benchmarks.
inline constexpr const char* kSimdName = TSUMI_HAS_AVX2 ? "avx2" : TSUMI_HAS_SSE ? "sse4.1" : "scalar";

}  // namespace tsumi
