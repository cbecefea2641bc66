// compact_common.h - input, filter and check shared by compact.cu and
// compact_omp.cpp.
#pragma once
#include "bench_common.h"

static inline __host__ __device__ bool keep(int x) { return (x & 7) < 3; } // ~3/8 kept

static inline void compact_input(std::vector<int> &h) {
  BenchRng rng(21);
  for (int &x : h) x = (int)(rng.next() >> 33);
}

// The output holds the kept elements in any order: compare count, sum and
// sum of squares (mod 2^64) with the input's; returns the checksum.
static inline double compact_check(const std::vector<int> &h, const int *out, int m) {
  long long want = 0;
  unsigned long long ws = 0, ws2 = 0, gs = 0, gs2 = 0;
  for (int x : h)
    if (keep(x)) ++want, ws += (unsigned)x, ws2 += (unsigned long long)x * (unsigned)x;
  for (int k = 0; k < m; ++k) gs += (unsigned)out[k], gs2 += (unsigned long long)out[k] * (unsigned)out[k];
  if (m != want) bench_fail("count %d, want %lld", m, want);
  if (gs != ws || gs2 != ws2) bench_fail("kept elements differ (sum %llu, want %llu)", gs, ws);
  return (double)ws;
}
