// warp_collectives_common.h - input, per-warp reference and checksum shared
// by warp_collectives.cu and warp_collectives_omp.cpp.
#pragma once
#include "bench_common.h"

#define WC_N (1 << 22)
#define WC_BIG 1000

static inline void wc_fill(int *in, int n) {
  BenchRng rng(11);
  for (int i = 0; i < n; ++i) in[i] = (int)rng.below(2048) - 1010; // some warps all > -1000
}

// r = {popcount of positives, any(x > BIG) + 2 * all(x > -BIG), sum, max}.
static inline void wc_reference(const int *x, int r[4]) {
  int pos = 0, any = 0, all = 1, sum = 0, mx = x[0];
  for (int l = 0; l < 32; ++l) {
    pos += x[l] > 0;
    any |= x[l] > WC_BIG;
    all &= x[l] > -WC_BIG;
    sum += x[l];
    mx = x[l] > mx ? x[l] : mx;
  }
  r[0] = pos, r[1] = any + 2 * all, r[2] = sum, r[3] = mx;
}

static inline double wc_checksum(const int r[4]) {
  return r[0] + 3.0 * r[1] + 1e-3 * r[2] + 1e-4 * r[3];
}
