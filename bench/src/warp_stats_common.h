// Shared by warp_partial (blocks of 100 threads: three full warps and a
// partial one of 4 threads) and warp_flat (16 x 16 blocks: warps of two rows)
// and their OpenMP twins: the per-warp sum and maximum, and the check of a
// program's results against a host reference.
#pragma once
#include "bench_common.h"

#define WP_THREADS 100
#define WP_WARPS ((WP_THREADS + 31) / 32)

// Checks warp k's results (elements first .. first + len - 1 of in) and
// returns the checksum contribution; exits on a wrong result.
static inline double wsCheckWarp(const float *in, int first, int len, int k, float sum,
                                 float max) {
  double want = 0;
  float wantMax = in[first];
  for (int l = 0; l < len; ++l) {
    want += in[first + l];
    wantMax = in[first + l] > wantMax ? in[first + l] : wantMax;
  }
  if (!bench_close(sum, want, 1e-5, 1e-6) || max != wantMax)
    bench_fail("warp %d: sum %g max %g, want %g %g", k, sum, max, want, wantMax);
  return sum + max;
}

// warp_partial: block b's warp w covers elements b * 100 + 32 * w, up to 32.
static inline double wpCheck(const float *in, const float *sums, const float *maxima,
                             int blocks) {
  double checksum = 0;
  for (int b = 0; b < blocks; ++b)
    for (int w = 0; w < WP_WARPS; ++w) {
      const int len = WP_THREADS - w * 32 < 32 ? WP_THREADS - w * 32 : 32;
      const int k = b * WP_WARPS + w;
      checksum += wsCheckWarp(in, b * WP_THREADS + w * 32, len, k, sums[k], maxima[k]);
    }
  return checksum;
}

// warp_flat: warp k covers elements 32 k .. 32 k + 31.
static inline double wfCheck(const float *in, const float *sums, const float *maxima,
                             int warps) {
  double checksum = 0;
  for (int k = 0; k < warps; ++k)
    checksum += wsCheckWarp(in, 32 * k, 32, k, sums[k], maxima[k]);
  return checksum;
}

// One group of Len elements, OpenMP twins: a constant length lets the
// compiler vectorize the reductions completely (two vectors and a
// horizontal reduction for 32).
template <int Len> static inline void wsGroup(const float *p, float &sum, float &max) {
  float s = 0, m = p[0];
#pragma omp simd reduction(+ : s) reduction(max : m)
  for (int l = 0; l < Len; ++l) {
    s += p[l];
    m = p[l] > m ? p[l] : m;
  }
  sum = s;
  max = m;
}
