// Shared by warp_partial.cu and warp_partial_omp.cpp: blocks of 100 threads,
// so each block is three full warps and a partial one of 4 threads.
#pragma once
#define WP_THREADS 100
#define WP_WARPS ((WP_THREADS + 31) / 32)

// The host reference of one warp: the sum and the maximum of its elements.
static inline void wpReference(const float *in, int block, int warp, double &sum, float &max) {
  const int lo = block * WP_THREADS + warp * 32;
  const int len = WP_THREADS - warp * 32 < 32 ? WP_THREADS - warp * 32 : 32;
  sum = 0;
  max = in[lo];
  for (int l = 0; l < len; ++l) {
    sum += in[lo + l];
    max = in[lo + l] > max ? in[lo + l] : max;
  }
}
