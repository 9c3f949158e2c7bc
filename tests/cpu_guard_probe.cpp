// A program built like an AVX2 tsumi (cli/common/cpu_guard.cpp compiled for plain x86-64 with the
// x86-64-v3 level, beside code that uses AVX2), for tests/CMakeLists.txt's cpu_guard_* tests, which run
// it under QEMU's user-mode emulator as a processor without AVX2 (Nehalem: refused, exit 1, with the
// message) and with it (Haswell: it runs).

#include <cstdio>

#include <immintrin.h>

__attribute__((target("avx2"))) int doubled(int x) {
  const __m256i v = _mm256_set1_epi32(x);
  return _mm256_extract_epi32(_mm256_add_epi32(v, v), 3);
}

int main() { std::printf("ran: %d\n", doubled(21)); }
